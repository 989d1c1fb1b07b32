// @vitest-environment jsdom
import { pathOf } from '../../src/domain/operation';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { LIVE_API } from '../../src/domain/live-events-contract';
import { API_TRACKING, type TrackingData } from '../../src/domain/tracking-contract';
import { EMPTY_BRAND } from '../../src/domain/brand';
import { LookupScreen } from '../../src/track/lookup-screen';
import { TRACK_PATH, trackRoute } from '../../src/domain/tracking/track-route';
import { TrackingScreen } from '../../src/track/tracking-screen';
import { ProductCarousel } from '../../src/track/brand-blocks';
import { publicView } from '../../src/domain/tracking/public-view';

// The buyer's pages talk to the public API with fetch; the tests answer it.

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const DATA: TrackingData = {
  view: 'BUYER',
  destination: 'Bengaluru, Karnataka',
  orderId: 7,
  isReturn: false,
  orderStatusCode: 'INT',
  orderStatusDesc: 'Order Shipped',
  deliveredDate: null,
  expectedDeliveryDate: '2099-11-28',
  promisedDeliveryDate: '2099-11-30',
  newExpectedDeliveryDate: null,
  carrierName: 'Shadowfax',
  trackingNumber: 'SF017400792702',
  shortCode: 'abcdefgh',
  trackingDetails: [
    { scanDateTime: '2026-11-23T08:00:00Z', scanStatus: 'In Transit', scanLocation: 'Jaipur hub' },
    { scanDateTime: '2026-11-23T06:00:00Z', scanStatus: 'Picked Up', scanLocation: 'Jaipur' },
  ],
  orderNumber: 'ORD-000007',
  orderPlacedOn: '2026-11-20',
  orderedDate: '2026-11-20',
  buyerName: 'Kavya Reddy',
  buyerPhoneNumber: 'XXXXXX6655',
  buyerPhoneNum: 'XXXXXX6655',
  buyerAddress: '12, 4th Cross, Indiranagar, Bengaluru, Karnataka, 560038',
  buyerAddressLine1: '',
  buyerAddressLine2: '',
  buyerAddressLine3: '',
  buyerAddressLine4: '',
  companyName: 'Meera Crafts',
  companyLogoUrl: null,
  supportEmail: 'care@meeracrafts.in',
  supportPhoneNumber: '9123456780',
  feedbackGiven: false,
  ratingGiven: null,
  isDakiyaFeedbackGiven: true,
  dakiyaRatingGiven: 8,
  accountBrandCustomisationConfig: EMPTY_BRAND,
};

function answer(routes: Record<string, (body?: unknown) => { status: number; data?: unknown; message?: string }>) {
  const calls: { url: string; body?: unknown }[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init?: RequestInit) => {
      const body = init?.body ? JSON.parse(String(init.body)) : undefined;
      calls.push({ url, body });
      const handler = routes[url.split('?')[0]];
      const out = handler ? handler(body) : { status: 404, message: 'No shipment with that tracking number' };
      return new Response(JSON.stringify(out.status < 300 ? { data: out.data } : { errorMessage: out.message }), {
        status: out.status,
        headers: { 'content-type': 'application/json' },
      });
    }),
  );
  return calls;
}

describe('the buyer’s tracking page', () => {
  it('updates live: a status event on the public stream (no token) reads the tracking again', async () => {
    let reads = 0;
    const streams: { url: string; headers: Record<string, string> }[] = [];
    const moved = {
      eventId: '42',
      orderId: 7,
      orderNumber: 'ORD-000007',
      trackingNumber: 'SF017400792702',
      status: 'OFD',
      statusText: 'Out For Delivery',
      at: '2026-11-24T04:00:00Z',
      location: 'Bengaluru',
      remark: null,
    };
    vi.stubGlobal(
      'fetch',
      vi.fn(async (url: string, init?: RequestInit) => {
        if (url === pathOf(LIVE_API.tracking, { trackingRef: 'SF017400792702' })) {
          streams.push({ url, headers: init?.headers as Record<string, string> });
          const frame = `id: 42\nevent: status\ndata: ${JSON.stringify(moved)}\n\n`;
          return new Response(frame, { headers: { 'content-type': 'text/event-stream' } });
        }
        const data = reads++
          ? {
              ...DATA,
              orderStatusCode: 'OFD',
              orderStatusDesc: 'Out For Delivery',
              trackingDetails: [
                { scanDateTime: moved.at, scanStatus: 'Out For Delivery', scanLocation: 'Bengaluru' },
                ...DATA.trackingDetails,
              ],
            }
          : DATA;
        return new Response(JSON.stringify({ data }), { headers: { 'content-type': 'application/json' } });
      }),
    );
    render(<TrackingScreen trackingRef={{ shortCode: 'abcdefgh' }} minimumLoadingMs={0} />);
    await screen.findByRole('heading', { name: 'Track Your Order : ORD-000007' });
    await waitFor(() => expect(screen.getAllByText('Out For Delivery').length).toBeGreaterThan(0));
    expect(within(screen.getByRole('list', { name: 'Tracking updates' })).getAllByRole('listitem')).toHaveLength(3);
    // the stream may have reconnected after its one frame ended: no connection carries a token
    expect(streams.length).toBeGreaterThanOrEqual(1);
    for (const st of streams) expect(st.headers).not.toHaveProperty('authorization');
  });

  it('shows the journey, the delivery and promised dates, and one rating still to give from the buyer’s link', async () => {
    const calls = answer({
      [pathOf(API_TRACKING.byShortCode, { code: 'abcdefgh' })]: () => ({ status: 200, data: DATA }),
      [API_TRACKING.customerFeedback.path]: () => ({ status: 200, data: { given: true, rating: 9 } }),
    });
    render(
      <TrackingScreen trackingRef={{ shortCode: 'abcdefgh' }} ratingKey="Kq3x9Yb2Lm7Rt0Vw" minimumLoadingMs={0} />,
    );
    expect(screen.getByText('Fetching your order…')).toBeTruthy();
    await screen.findByRole('heading', { name: 'Track Your Order : ORD-000007' });
    expect(screen.getByText('Order Shipped')).toBeTruthy();
    expect(screen.getByText('28th')).toBeTruthy();
    expect(screen.getByText('Tracking ID - SF017400792702 (Shadowfax)')).toBeTruthy();
    expect(screen.getByText('To be delivered soon')).toBeTruthy();
    expect(screen.getByText('Promised delivery')).toBeTruthy();
    expect(
      within(screen.getByRole('list', { name: 'Tracking updates' }))
        .getAllByRole('listitem')
        .map((li) => li.textContent?.split(/\d/)[0]),
    ).toEqual(['In Transit', 'Picked Up']);
    expect(screen.queryByRole('alert')).toBeNull();
    // on its way: nothing is asked yet, even from the buyer's link (the given rating shows as given)
    expect(screen.queryByRole('radio')).toBeNull();
    expect(screen.getByText('Rated 8 out of 10')).toBeTruthy();
    cleanup();
    const afterDelivery = answer({
      [pathOf(API_TRACKING.byShortCode, { code: 'abcdefgh' })]: () => ({
        status: 200,
        data: {
          ...DATA,
          orderStatusCode: 'DLV',
          orderStatusDesc: 'Delivered',
          deliveredDate: '2026-11-27T10:15:00.000Z',
        },
      }),
      [API_TRACKING.customerFeedback.path]: () => ({ status: 200, data: { given: true, rating: 9 } }),
    });
    render(
      <TrackingScreen trackingRef={{ shortCode: 'abcdefgh' }} ratingKey="Kq3x9Yb2Lm7Rt0Vw" minimumLoadingMs={0} />,
    );
    await screen.findByRole('heading', { name: 'Track Your Order : ORD-000007' });
    // delivered: the delivery was rated already; the seller not yet
    const delivery = screen.getByRole('region', { name: 'Rate your delivery experience' });
    expect(within(delivery).getByText('Thank you for your feedback!')).toBeTruthy();
    const sellerRating = screen.getByRole('region', { name: 'Rate Meera Crafts' });
    fireEvent.click(within(sellerRating).getByRole('radio', { name: '9' }));
    fireEvent.click(within(sellerRating).getByRole('button', { name: 'Submit' }));
    await within(sellerRating).findByText('Thank you for your feedback!');
    expect(calls.find((c) => c.url === API_TRACKING.customerFeedback.path)).toBeUndefined();
    expect(afterDelivery.find((c) => c.url === API_TRACKING.customerFeedback.path)?.body).toEqual({
      entityType: 'ORDER',
      entityId: 'SF017400792702',
      ratingKey: 'Kq3x9Yb2Lm7Rt0Vw',
      customerRating: 9,
      customerFeedback: '',
    });
  });

  it('shows ratings read-only on a page opened without the buyer’s link', async () => {
    const calls = answer({
      [pathOf(API_TRACKING.byNumber, { trackingRef: 'SF017400792702' })]: () => ({ status: 200, data: DATA }),
    });
    render(<TrackingScreen trackingRef={{ trackingRef: 'SF017400792702' }} minimumLoadingMs={0} />);
    await screen.findByRole('heading', { name: 'Track Your Order : ORD-000007' });
    // the given rating is shown as given; the one not given has nothing to press
    expect(
      within(screen.getByRole('region', { name: 'Rate your delivery experience' })).getByText('Rated 8 out of 10'),
    ).toBeTruthy();
    expect(screen.queryByRole('region', { name: 'Rate Meera Crafts' })).toBeNull();
    expect(screen.queryByRole('radio')).toBeNull();
    expect(screen.queryByRole('button', { name: 'Submit' })).toBeNull();
    expect(calls.filter((c) => c.url.includes('/feedback/'))).toEqual([]);
  });

  it('says when the date has passed, and reassures when there is no date yet', async () => {
    answer({
      [pathOf(API_TRACKING.byNumber, { trackingRef: 'SF017400792702' })]: () => ({
        status: 200,
        data: {
          ...DATA,
          expectedDeliveryDate: '2020-01-02',
          promisedDeliveryDate: null,
          newExpectedDeliveryDate: '2020-01-05',
        },
      }),
    });
    render(<TrackingScreen trackingRef={{ trackingRef: 'SF017400792702' }} minimumLoadingMs={0} />);
    await screen.findByRole('heading', { name: 'Track Your Order : ORD-000007' });
    expect(screen.getAllByRole('alert').map((a) => a.textContent)).toEqual([
      expect.stringContaining('Order Delayed'),
      expect.stringContaining('running late'),
    ]);
    cleanup();
    answer({
      [pathOf(API_TRACKING.byNumber, { trackingRef: 'SF017400792702' })]: () => ({
        status: 200,
        data: { ...DATA, expectedDeliveryDate: null },
      }),
    });
    render(<TrackingScreen trackingRef={{ trackingRef: 'SF017400792702' }} minimumLoadingMs={0} />);
    expect(await screen.findByText('Sit back and relax. Your package is arriving in the next 3-5 days')).toBeTruthy();
  });
});

describe('the page opened by a tracking number alone', () => {
  it('shows the destination city and the progress, not the buyer’s name, phone or street', async () => {
    const publicData = publicView(DATA);
    answer({
      [pathOf(API_TRACKING.byNumber, { trackingRef: 'SF017400792702' })]: () => ({ status: 200, data: publicData }),
    });
    render(<TrackingScreen trackingRef={{ trackingRef: 'SF017400792702' }} minimumLoadingMs={0} />);
    await screen.findByRole('heading', { name: 'Track Your Order' });
    expect(screen.getByText('Order Shipped')).toBeTruthy();
    expect(screen.getByText('Delivering to')).toBeTruthy();
    expect(screen.getByText('Bengaluru, Karnataka')).toBeTruthy();
    expect(screen.queryByText('Reference number')).toBeNull();
    expect(screen.queryByText('Phone')).toBeNull();
    expect(document.body.textContent).not.toContain('Kavya');
  });
});

describe('the lookup page and the addresses', () => {
  it('refuses an empty or unknown number', async () => {
    answer({ [API_TRACKING.lookup.path]: () => ({ status: 200, data: { found: false, trackingNumber: 'NOPE' } }) });
    render(<LookupScreen />);
    fireEvent.click(screen.getByRole('button', { name: /Track/ }));
    expect(await screen.findByText('Invalid tracking number entered')).toBeTruthy();
    fireEvent.change(screen.getByLabelText('Please enter the tracking number'), { target: { value: 'NOPE' } });
    expect(screen.queryByText('Invalid tracking number entered')).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: /Track/ }));
    await waitFor(() => expect(screen.getByText('Invalid tracking number entered')).toBeTruthy());
  });

  it.each([
    ['/s', '?r=abcdefgh', { page: 'tracking', ref: { shortCode: 'abcdefgh' } }],
    [
      '/s',
      '?r=abcdefgh&k=Kq3x9Yb2Lm7Rt0Vw',
      { page: 'tracking', ref: { shortCode: 'abcdefgh' }, ratingKey: 'Kq3x9Yb2Lm7Rt0Vw' },
    ],
    ['/s', '', { page: 'unknown' }],
    ['/tracking/SF017400792702', '', { page: 'tracking', ref: { trackingRef: 'SF017400792702' } }],
    [
      '/tracking/return/SF017400792702',
      '',
      { page: 'tracking', ref: { trackingRef: 'SF017400792702', isReturn: true } },
    ],
    ['/v2/track/7/SF017400792702', '', { page: 'tracking', ref: { orderRef: '7', trackingRef: 'SF017400792702' } }],
    ['/v2/track/7', '', { page: 'lookup' }],
    ['/public/track', '', { page: 'lookup' }],
    ['/public/elsewhere', '', { page: 'unknown' }],
    ['/ndr/v1.abc-DEF_9', '', { page: 'ndr', token: 'v1.abc-DEF_9' }],
    ['/ndr', '', { page: 'unknown' }],
  ])('reads %s%s', (path, search, route) => {
    expect(trackRoute(path, search)).toEqual(route);
  });

  it("serves the buyer's pages from their own bundle, but not the seller's NDR screen", () => {
    expect(['/ndr/tok', '/s', '/tracking/X'].every((p) => TRACK_PATH.test(p))).toBe(true);
    expect(['/ndr', '/ndr/tok/more', '/rto'].some((p) => TRACK_PATH.test(p))).toBe(false);
  });
});

describe('the recommended-products carousel', () => {
  const products = ['Vase', 'Diya', 'Kurta', 'Lamp', 'Rug'].map((t) => ({
    productImageUrl: `https://shop.in/${t}.jpg`,
    productImageName: t,
    productTitle: t,
    productPrice: '₹499',
    productImageRedirectionLink: `https://shop.in/${t}`,
  }));
  const config = { ...EMPTY_BRAND, productRecommendationConfig: { enabled: true, recommendedProductsList: products } };
  const titles = () => [...document.querySelectorAll('.t-product-title')].map((e) => e.textContent);

  it.each([
    [375, 1],
    [900, 2],
    [1280, 3],
  ])('at %i px shows %i and steps by as many, so every product comes round', (width, perView) => {
    vi.stubGlobal('innerWidth', width);
    render(<ProductCarousel config={config} />);
    const seen = new Set<string | null>();
    for (let i = 0; i < products.length; i++) {
      expect(titles()).toHaveLength(perView);
      titles().forEach((t) => seen.add(t));
      fireEvent.click(screen.getByRole('button', { name: 'Next products' }));
    }
    expect([...seen].sort()).toEqual(products.map((p) => p.productTitle).sort());
  });
});
