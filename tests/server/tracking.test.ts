import { API_TRACKING_SETTINGS } from '../../src/domain/tracking-settings-contract';
import { pathOf } from '../../src/domain/operation';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API_ORDERS, type OrderDetail } from '../../src/domain/orders-contract';
import { API_SETUP } from '../../src/domain/setup-contract';
import { API_SHIPPING, type ShipmentInfo } from '../../src/domain/shipping-contract';
import { API_TRACKING } from '../../src/domain/tracking-contract';
import { API_WALLET } from '../../src/domain/wallet-contract';
import { EMPTY_BRAND, type BrandConfig } from '../../src/domain/brand';
import { showDelayedBanner } from '../../src/domain/tracking/display';
import { buyerNotifications, outboxMessages, pickupAddresses } from '../../server/db/schema';
import { ingestScans } from '../../server/modules/courier-inlet/ingest';
import { ratingKey } from '../../server/modules/tracking/rating-key';
import { MSG_TRACKING } from '../../src/domain/tracking/messages';
import { errorOf, type TestServer } from './harness';
import { answer, answerOf } from './call';
import { solidPng } from './pdf-reader';
import { demoTokens, startDemoServer } from './helpers';

describe('public tracking, brand and buyer notifications', () => {
  let s: TestServer;
  let seller: string;
  let meera: string;
  let staff: string;
  let order: OrderDetail;
  let shipment: ShipmentInfo;
  let aaravOrder: OrderDetail;

  async function sellerWithOrder(
    token: string,
    entityName: string,
    phoneNumber: string,
    buyerPhone: string,
  ): Promise<OrderDetail> {
    const a = await answer(s, API_SETUP.addAddress, {
      body: { entityName, phoneNumber, email: 'p@m.in', addressLine1: 'Johari Bazaar', pincode: '302003' },
      token,
    });
    await s.deps.db.update(pickupAddresses).set({ verifiedAt: s.clock.now }).where(eq(pickupAddresses.id, a.addressId));
    const [{ orgId }] = await s.deps.db
      .select({ orgId: pickupAddresses.orgId })
      .from(pickupAddresses)
      .where(eq(pickupAddresses.id, a.addressId));
    await s.request(pathOf(API_WALLET.adjust, { orgId }), {
      method: 'POST',
      json: {
        direction: 'CREDIT',
        amount: 5000,
        reason: 'Test float for tracking',
        idempotencyKey: `float-${crypto.randomUUID()}`,
      },
      token: staff,
    });
    return answer(s, API_ORDERS.create, {
      token,
      body: {
        orderDate: '2026-11-20',
        paymentMethod: 'COD',
        buyerName: 'Kavya Reddy',
        buyerPhone,
        buyerEmail: 'kavya@example.in',
        shipping: { line1: '12, 4th Cross, Indiranagar', pincode: '560038' },
        items: [{ name: 'Blue Pottery Vase', sku: 'BPV-12', quantity: 1, unitPrice: 1450, taxRatePercent: 12 }],
        lengthCm: 20,
        breadthCm: 20,
        heightCm: 30,
        deadWeightKg: 1.2,
        pickupAddressId: a.addressId,
      },
    });
  }
  const shipIt = async (o: OrderDetail, token: string) => {
    const { quotes } = await answer(s, API_SHIPPING.courierQuotes, { params: { orderId: o.orderId }, token });
    return answer(s, API_SHIPPING.ship, {
      params: { orderId: o.orderId },
      body: { carrierCode: quotes[0].carrierCode },
      token,
    });
  };
  const outbox = () => s.deps.db.select().from(outboxMessages);

  beforeAll(async () => {
    s = await startDemoServer();
    ({ seller, meera, staff } = await demoTokens(s));
    order = await sellerWithOrder(meera, 'Meera Jaipur', '9123456780', '9988776655');
    shipment = await shipIt(order, meera);
    aaravOrder = await sellerWithOrder(seller, 'Aarav Jaipur', '9123456782', '9811122233');
  });
  afterAll(() => s.close());

  it('shows the buyer their whole shipment by the short code of their link', async () => {
    const data = await answer(s, API_TRACKING.byShortCode, { params: { code: shipment.shortCode } });
    expect(data).toMatchObject({
      view: 'BUYER',
      destination: 'Bengaluru, Karnataka',
      orderId: order.orderId,
      isReturn: false,
      orderStatusCode: 'PKP_SCH',
      orderStatusDesc: 'Pickup Scheduled',
      carrierName: shipment.carrierName,
      trackingNumber: shipment.awb,
      expectedDeliveryDate: shipment.expectedDeliveryDate,
      orderNumber: order.orderNumber,
      buyerName: 'Kavya Reddy',
      buyerPhoneNumber: 'XXXXXX6655',
      buyerPhoneNum: 'XXXXXX6655',
      buyerAddressLine1: '12, 4th Cross, Indiranagar',
      buyerAddressLine3: '560038',
      companyName: 'Meera Crafts',
      feedbackGiven: false,
      ratingGiven: null,
      isDakiyaFeedbackGiven: false,
      accountBrandCustomisationConfig: EMPTY_BRAND,
    });
    expect(JSON.stringify(data)).not.toContain('9988776655');
    await ingestScans(s.deps, [
      {
        awb: shipment.awb,
        at: s.clock.now,
        courierStatus: 'PICKED_UP',
        location: 'Jaipur',
        remark: 'Picked up from the seller',
      },
    ]);
    const later = await answer(s, API_TRACKING.byShortCode, { params: { code: shipment.shortCode } });
    expect(later.orderStatusDesc).toBe('Picked Up');
    expect(later.trackingDetails[0]).toMatchObject({ scanStatus: 'Picked Up', scanLocation: 'Jaipur' });
  });

  it('shows anyone with a tracking number the destination city and the progress only: no name, street, phone or order id', async () => {
    const full = await answer(s, API_TRACKING.byShortCode, { params: { code: shipment.shortCode } });
    for (const [op, path] of [
      [API_TRACKING.byNumber, pathOf(API_TRACKING.byNumber, { trackingRef: shipment.awb })],
      [API_TRACKING.byOrder, pathOf(API_TRACKING.byOrder, { orderRef: order.orderId, trackingRef: shipment.awb })],
    ] as const) {
      const data = await answerOf(op, await s.request(path));
      expect(data).toMatchObject({
        view: 'PUBLIC',
        destination: 'Bengaluru, Karnataka',
        orderId: 0,
        orderNumber: '',
        buyerName: '',
        buyerPhoneNumber: '',
        buyerPhoneNum: '',
        buyerAddress: 'Bengaluru, Karnataka',
        trackingNumber: shipment.awb,
        carrierName: shipment.carrierName,
        orderStatusCode: full.orderStatusCode,
        orderStatusDesc: full.orderStatusDesc,
        expectedDeliveryDate: full.expectedDeliveryDate,
        trackingDetails: full.trackingDetails,
      });
      const text = JSON.stringify(data);
      for (const secret of ['Kavya', 'Indiranagar', '4th Cross', 'XXXXXX6655', '9988776655', order.orderNumber])
        expect(text).not.toContain(secret);
      expect(text).not.toMatch(new RegExp(`"orderId":${order.orderId}\\b`));
    }
  });

  it.each([
    [
      'another seller’s order with a right tracking number',
      () => pathOf(API_TRACKING.byOrder, { orderRef: aaravOrder.orderId, trackingRef: shipment.awb }),
    ],
    [
      'an order with a wrong tracking number',
      () => pathOf(API_TRACKING.byOrder, { orderRef: order.orderId, trackingRef: 'SF000000000000' }),
    ],
    ['an unknown tracking number', () => pathOf(API_TRACKING.byNumber, { trackingRef: 'XB9999999999' })],
    ['a malformed order reference', () => pathOf(API_TRACKING.byOrder, { orderRef: 'abc', trackingRef: shipment.awb })],
    ['a malformed tracking number', () => API_TRACKING.byNumber.path.replace(':trackingRef', 'x<script>')],
    ['an unknown short code', () => pathOf(API_TRACKING.byShortCode, { code: 'zzzzzzzz' })],
    ['a malformed short code', () => API_TRACKING.byShortCode.path.replace(':code', 'a;b')],
  ])('answers %s with the same 404', async (_, path) => {
    expect(await errorOf(await s.request(path()))).toMatchObject({
      status: 404,
      message: 'No shipment with that tracking number',
    });
  });

  it('lets support tell the buyer a new expected delivery date', async () => {
    const put = (awb: string, date: string, token = staff) =>
      s.request(pathOf(API_TRACKING_SETTINGS.newExpectedDelivery, { awb }), { method: 'PUT', json: { date }, token });
    // a date already past on the test's clock
    const past = new Date(s.clock.now.getTime() - 3 * 86_400_000).toISOString().slice(0, 10);
    expect(await answerOf(API_TRACKING_SETTINGS.newExpectedDelivery, await put(shipment.awb, past))).toEqual({
      awb: shipment.awb,
      newExpectedDeliveryDate: past,
    });
    const data = await answer(s, API_TRACKING.byNumber, { params: { trackingRef: shipment.awb } });
    expect(data.newExpectedDeliveryDate).toBe(past);
    expect(showDelayedBanner(data.orderStatusCode, data.newExpectedDeliveryDate, s.clock.now)).toBe(true);
    expect((await errorOf(await put(shipment.awb, '21-11-2026'))).message).toBe('Date must be a date as yyyy-mm-dd');
    expect((await put('SF000000000000', '2026-11-30')).status).toBe(404);
    expect((await put(shipment.awb, '2026-11-30', meera)).status).toBe(403);
  });

  it('says a return number is unknown until returns exist', async () => {
    expect(
      await errorOf(await s.request(pathOf(API_TRACKING.returnByNumber, { trackingRef: shipment.awb }))),
    ).toMatchObject({
      status: 404,
      message: 'No return with that tracking number',
    });
  });

  it('looks a tracking number up: found and its AWB, never the order id', async () => {
    expect(await answer(s, API_TRACKING.lookup, { query: { trackingNumber: shipment.awb } })).toEqual({
      found: true,
      trackingNumber: shipment.awb,
    });
    expect(await answer(s, API_TRACKING.lookup, { query: { trackingNumber: shipment.shortCode } })).toEqual({
      found: true,
      trackingNumber: shipment.awb,
    });
    expect(await answer(s, API_TRACKING.lookup, { query: { trackingNumber: 'NOPE123' } })).toEqual({
      found: false,
      trackingNumber: 'NOPE123',
    });
    expect((await errorOf(await s.request(`${API_TRACKING.lookup.path}?trackingNumber=`))).message).toBe(
      'Tracking number is required',
    );
  });

  it('takes each rating once, only from the buyer’s own link, not from the tracking number alone', async () => {
    // the buyer hears of the pickup: the SMS link carries the rating key
    await ingestScans(s.deps, [
      { awb: shipment.awb, at: s.clock.now, courierStatus: 'PICKED_UP', location: 'Jaipur', remark: '' },
    ]);
    const sms = (await outbox()).find((m) => m.recipient === '+919988776655' && m.channel === 'SMS')!;
    const link = new URL(/https?:\/\/\S+/.exec(sms.body)![0]);
    expect(link.searchParams.get('r')).toBe(shipment.shortCode);
    const ratingKey = link.searchParams.get('k')!;
    expect(ratingKey).toMatch(/^[A-Za-z0-9_-]{16}$/);
    const email = (await outbox()).find(
      (m) => m.recipient === 'kavya@example.in' && m.body.includes(order.orderNumber),
    )!;
    expect(email.body).toContain(`/s?r=${shipment.shortCode}&k=${ratingKey}`);
    // what anyone holding the AWB can see does not carry the key
    expect(
      JSON.stringify(await answer(s, API_TRACKING.byNumber, { params: { trackingRef: shipment.awb } })),
    ).not.toContain(ratingKey);

    const customer = (json: object) => s.request(API_TRACKING.customerFeedback.path, { method: 'POST', json });
    // someone with the AWB (or the short code) but not the link cannot take the one rating
    expect(
      await errorOf(await customer({ entityType: 'ORDER', entityId: shipment.awb, customerRating: 1 })),
    ).toMatchObject({ status: 400, message: 'Tracking link is required' });
    expect(
      await errorOf(
        await customer({ entityType: 'ORDER', entityId: shipment.awb, ratingKey: 'short', customerRating: 1 }),
      ),
    ).toMatchObject({ status: 400, message: MSG_TRACKING.ratingLinkOnly });
    expect(
      await errorOf(
        await customer({
          entityType: 'ORDER',
          entityId: shipment.awb,
          ratingKey: shipment.shortCode.padEnd(16, 'x'),
          customerRating: 1,
        }),
      ),
    ).toMatchObject({ status: 403, message: MSG_TRACKING.ratingLinkOnly });
    // another shipment's key does not fit this one
    const other = await shipIt(aaravOrder, seller);
    expect((await customer({ entityType: 'ORDER', entityId: other.awb, ratingKey, customerRating: 1 })).status).toBe(
      403,
    );
    expect(await answer(s, API_TRACKING.byNumber, { params: { trackingRef: shipment.awb } })).toMatchObject({
      feedbackGiven: false,
      ratingGiven: null,
    });
    // on its way: there is no delivery to rate yet, from the buyer's own link either
    for (const [path, json] of [
      [API_TRACKING.customerFeedback.path, { customerRating: 9 }],
      [API_TRACKING.dakiyaFeedback.path, { dakiyaRating: 9 }],
    ] as const)
      expect(
        await errorOf(
          await s.request(path, {
            method: 'POST',
            json: { entityType: 'ORDER', entityId: shipment.awb, ratingKey, ...json },
          }),
        ),
      ).toMatchObject({ status: 409, message: MSG_TRACKING.ratingAfterDelivery });
    const t0 = s.clock.now.getTime();
    await ingestScans(
      s.deps,
      ['IN_TRANSIT', 'OUT_FOR_DELIVERY', 'DELIVERED'].map((courierStatus, i) => ({
        awb: shipment.awb,
        at: new Date(t0 + (i + 1) * 60_000),
        courierStatus,
        location: 'Bengaluru',
        remark: '',
      })),
    );

    expect(
      await answerOf(
        API_TRACKING.customerFeedback,
        await customer({
          entityType: 'ORDER',
          entityId: shipment.awb,
          ratingKey,
          customerRating: 9,
          customerFeedback: 'Lovely packing',
        }),
      ),
    ).toEqual({ given: true, rating: 9 });
    expect(
      await answerOf(
        API_TRACKING.customerFeedback,
        await customer({
          entityType: 'ORDER',
          entityId: shipment.awb,
          ratingKey,
          customerRating: 2,
          customerFeedback: 'again',
        }),
      ),
    ).toEqual({ given: true, rating: 9 });
    expect(
      (await errorOf(await customer({ entityType: 'ORDER', entityId: shipment.awb, ratingKey, customerRating: 0 })))
        .message,
    ).toBe('Rating must be a whole number from 1 to 10');
    expect(
      (await errorOf(await customer({ entityType: 'SHIPMENT', entityId: shipment.awb, ratingKey, customerRating: 5 })))
        .message,
    ).toBe("Shipment kind must be 'ORDER'");
    expect(
      (await errorOf(await customer({ entityType: 'ORDER', entityId: 'SF000000000000', ratingKey, customerRating: 5 })))
        .status,
    ).toBe(404);
    expect(
      (
        await s.request(API_TRACKING.dakiyaFeedback.path, {
          method: 'POST',
          json: { entityType: 'ORDER', entityId: shipment.awb, ratingKey: 'A'.repeat(16), dakiyaRating: 1 },
        })
      ).status,
    ).toBe(403);
    const dakiya = await answer(s, API_TRACKING.dakiyaFeedback, {
      body: { entityType: 'ORDER', entityId: shipment.awb, ratingKey, dakiyaRating: 7, dakiyaFeedback: '' },
    });
    expect(dakiya).toEqual({ given: true, rating: 7 });
    expect(await answer(s, API_TRACKING.byNumber, { params: { trackingRef: shipment.awb } })).toMatchObject({
      feedbackGiven: true,
      ratingGiven: 9,
      isDakiyaFeedbackGiven: true,
      dakiyaRatingGiven: 7,
    });
  });

  it('keeps the seller’s brand to safe links and known video hosts, and shows it to buyers', async () => {
    const put = (config: object) =>
      s.request(API_TRACKING_SETTINGS.brand.path, { method: 'PUT', json: config, token: meera });
    const brand: BrandConfig = {
      ...EMPTY_BRAND,
      headerConfig: {
        enabled: true,
        headerBannerContent: 'Diwali sale: 20% off',
        headerBannerRedirectionLink: 'https://meeracrafts.in/sale',
        menuItemsMap: { Shop: 'https://meeracrafts.in' },
      },
      promotionalVideoConfig: {
        enabled: true,
        videoUrl: 'https://www.youtube.com/watch?v=abc123',
        videoTitle: 'How we make blue pottery',
      },
      supportEmail: 'care@meeracrafts.in',
      supportPhone: '9123456780',
    };
    expect(await answerOf(API_TRACKING_SETTINGS.saveBrand, await put(brand))).toEqual(brand);
    for (const [bad, message] of [
      [
        { headerConfig: { ...brand.headerConfig, headerBannerRedirectionLink: 'javascript:alert(1)' } },
        'Offer banner link must be an http(s) link',
      ],
      [
        { headerConfig: { ...brand.headerConfig, menuItemsMap: { Shop: 'data:text/html,<script>alert(1)</script>' } } },
        'menu item link must be an http(s) link',
      ],
      [
        { promotionalVideoConfig: { enabled: true, videoUrl: 'https://evil.example/embed', videoTitle: '' } },
        'Video link must be a YouTube or Vimeo link',
      ],
      [
        {
          bannerConfig: {
            enabled: true,
            adBannersList: [{ bannerImageUrl: 'javascript:alert(1)', bannerImageRedirectionLink: '' }],
          },
        },
        'Banner image must be an uploaded image or an http(s) link',
      ],
      [
        {
          bannerConfig: {
            enabled: true,
            adBannersList: Array.from({ length: 5 }, () => ({
              bannerImageUrl: 'https://x.in/a.png',
              bannerImageRedirectionLink: '',
            })),
          },
        },
        'at most 4 ad banners',
      ],
      [{ supportEmail: 'not-an-email' }, 'Support email: This email is invalid'],
    ] as const) {
      const e = await errorOf(await put({ ...brand, ...bad }));
      expect(e.status).toBe(400);
      expect(e.message).toContain(message);
    }
    const toggled = await answer(s, API_TRACKING_SETTINGS.brandFeature, {
      body: { featureName: 'header', enabled: false },
      token: meera,
    });
    expect(toggled.headerConfig).toEqual({ ...brand.headerConfig, enabled: false });
    expect(
      (
        await errorOf(
          await s.request(API_TRACKING_SETTINGS.brandFeature.path, {
            method: 'PUT',
            json: { featureName: 'popup', enabled: true },
            token: meera,
          }),
        )
      ).message,
    ).toContain('Feature must be one of');
    const seen = await answer(s, API_TRACKING.byNumber, { params: { trackingRef: shipment.awb } });
    expect(seen).toMatchObject({
      supportEmail: 'care@meeracrafts.in',
      supportPhoneNumber: '9123456780',
      accountBrandCustomisationConfig: {
        promotionalVideoConfig: brand.promotionalVideoConfig,
        headerConfig: { enabled: false },
      },
    });
    // another seller's brand is their own
    expect(await answer(s, API_TRACKING_SETTINGS.brand, { token: seller })).toEqual(EMPTY_BRAND);
  });

  it('tells the buyer of each status move once, by SMS and email, as the seller chose', async () => {
    const o = await sellerWithOrder(meera, 'Meera Jaipur 2', '9123456784', '9876512345');
    const info = await shipIt(o, meera);
    const mine = async () =>
      (await outbox()).filter(
        (m) =>
          m.recipient === '+919876512345' || (m.recipient === 'kavya@example.in' && m.body.includes(o.orderNumber)),
      );
    expect(await mine()).toHaveLength(0); // pickup scheduled: off by default
    await ingestScans(s.deps, [
      { awb: info.awb, at: s.clock.now, courierStatus: 'PICKED_UP', location: 'Jaipur', remark: '' },
    ]);
    const sms = (await mine()).filter((m) => m.channel === 'SMS');
    expect(sms).toHaveLength(1);
    expect(sms[0].body).toBe(
      `Meera Crafts: your order ${o.orderNumber} is Picked Up. Track it: http://dakiya.test/s?r=${info.shortCode}&k=${ratingKey(s.deps.ratingKey, info.shipmentId)}`,
    );
    expect((await mine()).filter((m) => m.channel === 'EMAIL')).toHaveLength(1);
    // the same scan again, or the move replayed: nothing more
    await ingestScans(s.deps, [
      { awb: info.awb, at: s.clock.now, courierStatus: 'PICKED_UP', location: 'Jaipur', remark: '' },
    ]);
    expect(await mine()).toHaveLength(2);
    const settings = await answer(s, API_TRACKING_SETTINGS.saveNotificationSettings, {
      body: [
        { event: 'OFD', sms: false, email: false },
        { event: 'INT', sms: true, email: false },
      ],
      token: meera,
    });
    expect(settings.find((x) => x.event === 'OFD')).toEqual({
      event: 'OFD',
      sms: false,
      email: false,
      whatsapp: false,
      language: 'en',
    });
    await ingestScans(s.deps, [
      {
        awb: info.awb,
        at: new Date(s.clock.now.getTime() + 1000),
        courierStatus: 'IN_TRANSIT',
        location: 'Jaipur hub',
        remark: '',
      },
      {
        awb: info.awb,
        at: new Date(s.clock.now.getTime() + 2000),
        courierStatus: 'OUT_FOR_DELIVERY',
        location: 'Bengaluru',
        remark: '',
      },
    ]);
    expect((await mine()).map((m) => `${m.channel}:${m.body.match(/is ([A-Za-z ]+)\./)?.[1]}`).sort()).toEqual([
      'EMAIL:Picked Up',
      'SMS:Order Shipped',
      'SMS:Picked Up',
    ]);
    const claims = await s.deps.db
      .select()
      .from(buyerNotifications)
      .where(and(eq(buyerNotifications.shipmentId, info.shipmentId)));
    expect(claims).toHaveLength(3);
    expect(
      (
        await errorOf(
          await s.request(API_TRACKING_SETTINGS.notificationSettings.path, {
            method: 'PUT',
            json: [
              { event: 'DLV', sms: true, email: true },
              { event: 'DLV', sms: false, email: false },
            ],
            token: meera,
          }),
        )
      ).message,
    ).toBe('each event once');
  });

  it('takes brand images checked by their content', async () => {
    const form = (bytes: Uint8Array, name: string) => {
      const f = new FormData();
      f.append('file', new Blob([new Uint8Array(bytes)]), name);
      return f;
    };
    const { url } = await answerOf(
      API_TRACKING_SETTINGS.brandImages,
      await s.request(API_TRACKING_SETTINGS.brandImages.path, {
        method: 'POST',
        body: form(solidPng(40, 20, [255, 122, 26]), 'offer.png'),
        token: meera,
      }),
    );
    expect(url).toMatch(/^\/api\/v1\/files\/[A-Za-z0-9_-]+$/);
    expect((await s.request(url)).headers.get('content-type')).toBe('image/png');
    expect(
      (
        await errorOf(
          await s.request(API_TRACKING_SETTINGS.brandImages.path, {
            method: 'POST',
            body: form(new TextEncoder().encode('<svg onload=alert(1)>'), 'evil.png'),
            token: meera,
          }),
        )
      ).status,
    ).toBe(415);
    expect(
      (
        await s.request(API_TRACKING_SETTINGS.brandImages.path, {
          method: 'POST',
          body: form(solidPng(4, 4, [0, 0, 0]), 'x.png'),
          token: staff,
        })
      ).status,
    ).toBe(403);
    // the uploaded image is accepted in the brand
    const saved = await answer(s, API_TRACKING_SETTINGS.saveBrand, {
      body: {
        ...EMPTY_BRAND,
        bannerConfig: {
          enabled: true,
          adBannersList: [{ bannerImageUrl: url, bannerImageRedirectionLink: 'https://meeracrafts.in' }],
        },
      },
      token: meera,
    });
    expect(saved.bannerConfig.adBannersList[0].bannerImageUrl).toBe(url);
  });

  it('keeps brand and notification settings to sellers; tracking is public', async () => {
    for (const [method, path] of [
      ['GET', API_TRACKING_SETTINGS.brand.path],
      ['PUT', API_TRACKING_SETTINGS.brand.path],
      ['PUT', API_TRACKING_SETTINGS.brandFeature.path],
      ['GET', API_TRACKING_SETTINGS.notificationSettings.path],
      ['PUT', API_TRACKING_SETTINGS.notificationSettings.path],
    ] as const) {
      expect((await s.request(path, { method, json: method === 'PUT' ? {} : undefined, token: staff })).status).toBe(
        403,
      );
      expect((await s.request(path, { method })).status).toBe(401);
    }
  });
});
