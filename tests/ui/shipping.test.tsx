// @vitest-environment jsdom
import { API_TRACKING_SETTINGS } from '../../src/domain/tracking-settings-contract';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import {
  API_SHIPPING,
  type CourierQuote,
  type RateAnswer,
  type ShipmentInfo,
} from '../../src/domain/shipping-contract';
import { pathOf } from '../../src/domain/operation';
import { API_ORDERS } from '../../src/domain/orders-contract';
import { STORAGE_KEYS } from '../../src/domain/constants';
import { fetchDelayCounts, forgetDelayCounts } from '../../src/services/delay-counts';
import { EMPTY_BRAND } from '../../src/domain/brand';
import { PendingPickupDocuments } from '../../src/ui/screens/home/pending-pickup-documents';
import { TrackingPageScreen } from '../../src/ui/screens/setup/tracking-page-screen';
import { AutoShipDialog } from '../../src/ui/screens/shipping/auto-ship-dialog';
import { ShipDialog } from '../../src/ui/screens/shipping/ship-dialog';
import { CourierPreferencesScreen } from '../../src/ui/screens/tools/courier-preferences-screen';
import { RateCalculatorScreen } from '../../src/ui/screens/tools/rate-calculator-screen';
import { fakeHttp, fakeSession, renderScreen, screensThatSaveFiles } from './helpers';

screensThatSaveFiles();

const quote = (
  carrierCode: string,
  carrierName: string,
  totalPaise: number,
  days: number,
  tags: CourierQuote['tags'],
): CourierQuote => ({
  carrierCode,
  carrierName,
  mode: 'Surface',
  zone: 'D',
  chargedWeightKg: 2.5,
  freightPaise: totalPaise - 1000,
  codChargePaise: 0,
  gstPaise: 1000,
  totalPaise,
  rtoChargePaise: 9000,
  edd: '2026-11-28',
  days,
  tags,
  steps: ['Zone D: Rest of India', `Total ₹${totalPaise / 100}`],
});
const ANSWER: RateAnswer = {
  zone: 'D',
  zoneName: 'Rest of India',
  from: { pincode: '302003', city: 'Jaipur', state: 'Rajasthan' },
  to: { pincode: '560038', city: 'Bengaluru', state: 'Karnataka' },
  quotes: [
    quote('SF', 'Shadowfax', 30_000, 7, ['CHEAPEST']),
    quote('EK', 'Ekart', 31_000, 5, ['BEST_VALUE']),
    quote('SW-BD', 'Blue Dart', 52_000, 3, ['FASTEST']),
  ],
  unserviceable: [{ carrierCode: 'GT', carrierName: 'Gati (B2B)', reason: 'Gati (B2B) carries business freight only' }],
};

describe('the ship dialog', () => {
  it('starts on the best value, sends a short wallet to recharge, then ships with the same key', async () => {
    let wallet = 0;
    const { http, calls } = fakeHttp({
      [`GET ${pathOf(API_SHIPPING.courierQuotes, { orderId: 7 })}`]: () => ({ data: ANSWER }),
      [`POST ${pathOf(API_SHIPPING.ship, { orderId: 7 })}`]: (body) => {
        if (wallet < 31_000)
          throw {
            status: 422,
            message:
              'Insufficient wallet balance. This shipment costs ₹310.00. You can spend ₹0.00. Recharge at least ₹310.00 to ship it.',
            rechargePaise: 31_000,
          };
        return {
          data: {
            awb: '13000000000042',
            carrierName: 'Ekart',
            carrierCode: (body as { carrierCode: string }).carrierCode,
          } as ShipmentInfo,
        };
      },
    });
    const shipped = vi.fn();
    renderScreen(<ShipDialog orderId={7} orderNumber="ORD-000007" onClose={() => {}} onShipped={shipped} />, { http });
    const ekart = await screen.findByRole('radio', { name: /Ekart/ });
    expect((ekart as HTMLInputElement).checked).toBe(true);
    expect(within(screen.getByRole('list', { name: 'Couriers' })).getAllByText('Cheapest')).toHaveLength(1);
    expect(screen.getByText('1 more courier does not serve this order')).toBeTruthy();
    expect(screen.getByText('Gati (B2B) carries business freight only')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Ship now' }));
    await screen.findByText(/Recharge at least ₹310.00/);
    // the link opens the wallet with the amount offered filled in
    expect(screen.getByRole('link', { name: /Recharge ₹310\.00/ }).getAttribute('href')).toBe('/wallet?amount=310');
    // the courier choices stay open beside the recharge
    expect(screen.getAllByRole('radio').every((r) => !(r as HTMLInputElement).disabled)).toBe(true);
    wallet = 50_000;
    fireEvent.click(screen.getByRole('button', { name: 'Ship now' }));
    await screen.findByText('Shipped with Ekart: AWB 13000000000042');
    const bodies = calls
      .filter((c) => c.method === 'POST')
      .map((c) => c.body as { carrierCode: string; idempotencyKey: string });
    expect(bodies).toHaveLength(2);
    expect(bodies[0]).toEqual(bodies[1]);
    expect(bodies[0].carrierCode).toBe('EK');
    fireEvent.click(screen.getByRole('button', { name: 'Done' }));
    expect(shipped).toHaveBeenCalledWith(expect.objectContaining({ awb: '13000000000042' }));
  });
});

describe('auto-ship of selected orders', () => {
  it('names the courier of each shipped order and reads the wallet balance again at once', async () => {
    const { http } = fakeHttp({
      [`POST ${API_SHIPPING.autoShip.path}`]: () => ({
        data: {
          results: [
            {
              orderId: 1,
              orderNumber: 'ORD-000001',
              shipped: true,
              awb: '13000000000001',
              carrierCode: 'XB',
              carrierName: 'Xpressbees',
              totalPaise: 9_000,
            },
            { orderId: 2, orderNumber: 'ORD-000002', shipped: false, reason: 'No courier delivers this order' },
          ],
        },
      }),
    });
    const session = fakeSession();
    renderScreen(<AutoShipDialog orderIds={[1, 2]} onClose={() => {}} />, { http, session });
    fireEvent.click(screen.getByRole('button', { name: 'Ship 2' }));
    await screen.findByText('Shipped: Xpressbees, AWB 13000000000001, ₹90.00');
    expect(screen.queryByText(/Shipped: XB\b/)).toBeNull();
    expect(session.reloadAccount).toHaveBeenCalledTimes(1);
  });

  it('leaves the wallet alone when nothing shipped', async () => {
    const { http } = fakeHttp({
      [`POST ${API_SHIPPING.autoShip.path}`]: () => ({
        data: {
          results: [
            { orderId: 2, orderNumber: 'ORD-000002', shipped: false, reason: 'No courier delivers this order' },
          ],
        },
      }),
    });
    const session = fakeSession();
    renderScreen(<AutoShipDialog orderIds={[2]} onClose={() => {}} />, { http, session });
    fireEvent.click(screen.getByRole('button', { name: 'Ship 1' }));
    await screen.findByText('0 shipped, 1 not shipped');
    expect(session.reloadAccount).not.toHaveBeenCalled();
  });
});

describe('the rate calculator', () => {
  it('checks the form with the server’s rules, then compares couriers by price or speed', async () => {
    const { http, calls } = fakeHttp({ [`POST ${API_SHIPPING.rates.path}`]: () => ({ data: ANSWER }) });
    renderScreen(<RateCalculatorScreen />, { http });
    const form = screen.getByRole('form', { name: 'Rate calculator' });
    fireEvent.click(within(form).getByRole('button', { name: 'Compare couriers' }));
    expect(await within(form).findByText('Pickup pincode must be 6 digits and not start with 0')).toBeTruthy();
    fireEvent.change(within(form).getByLabelText('Pickup pincode'), { target: { value: '302003' } });
    fireEvent.change(within(form).getByLabelText('Delivery pincode'), { target: { value: '560038' } });
    fireEvent.change(within(form).getByLabelText('Payment'), { target: { value: 'COD' } });
    fireEvent.change(within(form).getByLabelText('COD amount (₹)'), { target: { value: '1450' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Compare couriers' }));
    const results = await screen.findByRole('region', { name: 'Courier rates' });
    expect(calls[0].body).toEqual({
      originPincode: '302003',
      destinationPincode: '560038',
      weightKg: 0.5,
      lengthCm: 10,
      breadthCm: 10,
      heightCm: 10,
      paymentMethod: 'COD',
      codAmount: 1450,
    });
    const names = () =>
      within(results)
        .getAllByText(/^(Shadowfax|Ekart|Blue Dart)$/)
        .map((n) => n.textContent);
    expect(names()).toEqual(['Shadowfax', 'Ekart', 'Blue Dart']);
    fireEvent.change(within(results).getByLabelText('Sort by'), { target: { value: 'speed' } });
    expect(names()).toEqual(['Blue Dart', 'Ekart', 'Shadowfax']);
  });
});

describe('courier preferences', () => {
  it('keeps the rule and an ordered list of couriers', async () => {
    const { http, calls } = fakeHttp({
      [`GET ${API_SHIPPING.preferences.path}`]: () => ({
        data: { autoShipRule: 'CHEAPEST', carrierPriority: ['DE'], insureAboveRupees: null },
      }),
      [`PUT ${API_SHIPPING.preferences.path}`]: (body) => ({ data: body }),
    });
    renderScreen(<CourierPreferencesScreen />, { http });
    fireEvent.change(await screen.findByLabelText('Auto-ship rule'), { target: { value: 'PRIORITY' } });
    fireEvent.click(screen.getByLabelText('Xpressbees (Surface)'));
    fireEvent.click(screen.getByRole('button', { name: 'Move Xpressbees up' }));
    fireEvent.click(screen.getByRole('button', { name: 'Save preferences' }));
    await waitFor(() =>
      expect(calls.find((c) => c.method === 'PUT')?.body).toEqual({
        autoShipRule: 'PRIORITY',
        carrierPriority: ['XB', 'DE'],
        insureAboveRupees: null,
      }),
    );
  });
});

describe('the home page’s waiting-for-pickup documents', () => {
  it('downloads the labels of one booking day, and says when there are none', async () => {
    const { http, calls } = fakeHttp({
      [`DOWNLOAD ${API_SHIPPING.pendingDocuments.path}`]: (body) => {
        if ((body as { document: string }).document === 'INVOICE')
          throw { status: 404, message: 'No shipment booked yesterday waits for pickup' };
        return new Blob(['%PDF']);
      },
    });
    renderScreen(<PendingPickupDocuments />, { http });
    fireEvent.change(screen.getByLabelText('Shipments'), { target: { value: '1' } });
    fireEvent.click(screen.getByRole('button', { name: 'Download labels' }));
    await waitFor(() =>
      expect(calls[0]).toEqual({
        method: 'DOWNLOAD',
        path: API_SHIPPING.pendingDocuments.path,
        body: { pendingDay: 1, document: 'LABEL' },
      }),
    );
    fireEvent.click(screen.getByRole('button', { name: 'Download invoices' }));
    expect(await screen.findByText('No shipment booked yesterday waits for pickup')).toBeTruthy();
  });
});

describe('the tracking page editor', () => {
  it('turns a block on at once, previews the brand as typed, refuses an unsafe link and saves', async () => {
    const { http, calls } = fakeHttp({
      [`GET ${API_TRACKING_SETTINGS.brand.path}`]: () => ({ data: EMPTY_BRAND }),
      [`PUT ${API_TRACKING_SETTINGS.brandFeature.path}`]: () => ({ data: EMPTY_BRAND }),
      [`PUT ${API_TRACKING_SETTINGS.brand.path}`]: (body) => ({ data: body }),
    });
    renderScreen(<TrackingPageScreen />, { http });
    const header = await screen.findByRole('region', { name: 'Header and offer banner' });
    fireEvent.click(within(header).getByLabelText('Show on the tracking page'));
    await waitFor(() =>
      expect(calls.find((c) => c.path === API_TRACKING_SETTINGS.brandFeature.path)?.body).toEqual({
        featureName: 'header',
        enabled: true,
      }),
    );
    fireEvent.change(within(header).getByLabelText('Offer banner text'), { target: { value: '<b>Diwali</b> sale' } });
    const preview = screen.getByRole('region', { name: 'Preview of your tracking page' });
    expect(within(preview).getByText('<b>Diwali</b> sale')).toBeTruthy();
    fireEvent.change(within(header).getByLabelText('Offer banner link'), { target: { value: 'javascript:alert(1)' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save tracking page' }));
    expect(await screen.findByText('Offer banner link must be an http(s) link')).toBeTruthy();
    fireEvent.change(within(header).getByLabelText('Offer banner link'), {
      target: { value: 'https://meeracrafts.in/sale' },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Save tracking page' }));
    await waitFor(() =>
      expect(
        (
          calls.find((c) => c.method === 'PUT' && c.path === API_TRACKING_SETTINGS.brand.path)?.body as {
            headerConfig: unknown;
          }
        ).headerConfig,
      ).toEqual({
        enabled: true,
        headerBannerContent: '<b>Diwali</b> sale',
        headerBannerRedirectionLink: 'https://meeracrafts.in/sale',
        menuItemsMap: {},
      }),
    );
  });
});

describe('delayed order counts', () => {
  it('asks the server at most once in 15 minutes, and again after a sign-out', async () => {
    const { http, calls } = fakeHttp({
      [`GET ${API_ORDERS.delays.path}`]: () => ({ data: { shipment: 2, pickup: 1, discrepancy: 3 } }),
    });
    forgetDelayCounts();
    expect(await fetchDelayCounts(http, 0)).toEqual({ shipment: 2, pickup: 1, discrepancy: 3 });
    await fetchDelayCounts(http, 14 * 60_000);
    expect(calls).toHaveLength(1);
    await fetchDelayCounts(http, 15 * 60_000);
    expect(calls).toHaveLength(2);
    forgetDelayCounts();
    await fetchDelayCounts(http, 15 * 60_000 + 1);
    expect(calls).toHaveLength(3);
  });

  it('keeps each count in local storage under its own key with its time, so a reload does not ask again', async () => {
    const { http, calls } = fakeHttp({
      [`GET ${API_ORDERS.delays.path}`]: () => ({ data: { shipment: 4, pickup: 5, discrepancy: 6 } }),
    });
    forgetDelayCounts();
    await fetchDelayCounts(http, 1_000);
    expect(JSON.parse(localStorage.getItem(STORAGE_KEYS.shipmentDelays)!)).toEqual({ count: 4, at: 1_000 });
    expect(JSON.parse(localStorage.getItem(STORAGE_KEYS.pickupDelays)!)).toEqual({ count: 5, at: 1_000 });
    expect(JSON.parse(localStorage.getItem(STORAGE_KEYS.discrepancies)!)).toEqual({ count: 6, at: 1_000 });
    // what another tab (or the page before a reload) kept is used
    localStorage.setItem(STORAGE_KEYS.pickupDelays, JSON.stringify({ count: 9, at: 2_000 }));
    expect(await fetchDelayCounts(http, 3_000)).toEqual({ shipment: 4, pickup: 9, discrepancy: 6 });
    expect(calls).toHaveLength(1);
    // one entry missing is enough to ask again
    localStorage.removeItem(STORAGE_KEYS.discrepancies);
    await fetchDelayCounts(http, 4_000);
    expect(calls).toHaveLength(2);
    forgetDelayCounts();
    for (const key of [STORAGE_KEYS.shipmentDelays, STORAGE_KEYS.pickupDelays, STORAGE_KEYS.discrepancies])
      expect(localStorage.getItem(key)).toBeNull();
  });
});
