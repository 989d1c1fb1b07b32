// @vitest-environment jsdom
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import {
  API_SHIPPING,
  type CourierQuote,
  type RateAnswer,
  type ShipmentInfo,
} from '../../src/domain/shipping-contract';
import { pathOf } from '../../src/domain/operation';
import { ReassignCourierAction } from '../../src/ui/screens/shipping/reassign-courier-dialog';
import { ShipmentPanel } from '../../src/ui/screens/shipping/shipment-panel';
import { ACCOUNT, fakeHttp, fakeSession, renderScreen } from './helpers';

// The change-courier dialog on a shipment waiting for pickup, and who is offered it.

const quote = (carrierCode: string, carrierName: string, totalPaise: number, edd: string): CourierQuote => ({
  carrierCode,
  carrierName,
  mode: 'Surface',
  zone: 'D',
  chargedWeightKg: 1,
  freightPaise: totalPaise,
  codChargePaise: 0,
  gstPaise: 0,
  totalPaise,
  rtoChargePaise: 0,
  edd,
  days: 5,
  tags: [],
  steps: [],
});
const ANSWER: RateAnswer = {
  zone: 'D',
  zoneName: 'Rest of India',
  from: { pincode: '302003', city: 'Jaipur', state: 'Rajasthan' },
  to: { pincode: '560038', city: 'Bengaluru', state: 'Karnataka' },
  quotes: [quote('SF', 'Shadowfax', 12_345_600, '2026-12-02'), quote('EK', 'Ekart', 12_400_000, '2026-12-04')],
  unserviceable: [],
};
const CURRENT = {
  orderId: 7,
  orderNumber: 'ORD-000007',
  awb: '13000000000001',
  carrierCode: 'SF',
  carrierName: 'Shadowfax',
  totalPaise: 12_345_600,
};
const BOOKED = {
  ...CURRENT,
  shipmentId: 9,
  state: 'BOOKED',
  zone: 'D',
  chargedWeightKg: 1,
  freightPaise: 12_345_600,
  codChargePaise: 0,
  gstPaise: 0,
  rtoChargePaise: 0,
  routingCode: '',
  shortCode: 'abc',
  expectedDeliveryDate: '2026-12-02',
  bookedAt: '2026-11-27T10:00:00Z',
  pickupAt: null,
  deliveredAt: null,
  insuredValuePaise: 0,
  insurancePaise: 0,
  delayProtectionPaise: 0,
  orderStatus: 'PKP_SCH',
  scans: [],
} as ShipmentInfo;

describe('changing the courier of a shipment', () => {
  afterEach(() => cleanup());

  it('marks the current courier, says what happens to the money, shows the server’s refusal, then the new AWB; focus goes back to the button', async () => {
    let refuse = true;
    const { http, calls } = fakeHttp({
      [`GET ${pathOf(API_SHIPPING.courierQuotes, { orderId: 7 })}`]: () => ({ data: ANSWER }),
      [`POST ${pathOf(API_SHIPPING.reassign, { orderId: 7 })}`]: () => {
        if (refuse) {
          refuse = false;
          throw { status: 409, message: 'This order is being shipped right now. Please try again in a minute' };
        }
        return {
          data: {
            ...BOOKED,
            awb: '13000000000002',
            carrierCode: 'EK',
            carrierName: 'Ekart',
            totalPaise: 12_400_000,
            expectedDeliveryDate: '2026-12-04',
          },
        };
      },
    });
    renderScreen(<ReassignCourierAction shipment={CURRENT} />, { http });
    const opener = screen.getByRole('button', { name: 'Change courier' });
    opener.focus();
    fireEvent.click(opener);
    const dialog = await screen.findByRole('dialog', { name: 'Change the courier of ORD-000007' });
    expect(dialog.getAttribute('aria-describedby')).toBeTruthy();
    const current = await within(dialog).findByRole('radio', { name: /Shadowfax/ });
    expect((current as HTMLInputElement).disabled).toBe(true);
    expect(within(dialog).getByText('Current courier')).toBeTruthy();
    expect(within(dialog).getByText('₹1,23,456.00')).toBeTruthy();
    expect(within(dialog).getByText(/Delivers by 04 Dec 2026/)).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('radio', { name: /Ekart/ }));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Review the change' }));
    expect(within(dialog).getByText('Move to Ekart, delivering by 04 Dec 2026?')).toBeTruthy();
    expect(
      within(dialog).getByText(
        'AWB 13000000000001 with Shadowfax is cancelled and its ₹1,23,456.00 goes back to your wallet.',
      ),
    ).toBeTruthy();
    expect(
      within(dialog).getByText('A new AWB is booked with Ekart and ₹1,24,000.00 is charged to your wallet.'),
    ).toBeTruthy();
    expect(within(dialog).getByText('Your wallet pays ₹544.00 more in all.')).toBeTruthy();
    expect(calls.filter((c) => c.method === 'POST')).toHaveLength(0);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Change to Ekart' }));
    await within(dialog).findByText('This order is being shipped right now. Please try again in a minute');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Try again' }));
    const done = await within(dialog).findByRole('status');
    expect(done.textContent).toMatch(
      /Moved to Ekart: AWB 13000000000002, charged ₹1,24,000.00, delivering by 04 Dec 2026/,
    );
    expect(within(dialog).getByRole('button', { name: 'Download label' })).toBeTruthy();
    const posts = calls.filter((c) => c.method === 'POST').map((c) => c.body as Record<string, string>);
    expect(posts).toHaveLength(2);
    expect(posts[0]).toEqual(posts[1]);
    expect(posts[0].carrierCode).toBe('EK');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Done' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    await waitFor(() => expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Change courier' })));
  });

  it('is offered only to a role that may ship orders, and only while the shipment waits for pickup', async () => {
    const shipment = (orderStatus: string) =>
      fakeHttp({
        [`GET ${pathOf(API_SHIPPING.shipment, { orderId: 7 })}`]: () => ({ data: { ...BOOKED, orderStatus } }),
      }).http;
    const viewer = fakeSession({ account: { ...ACCOUNT, role: 'VIEWER', permissions: ['orders.view'] } });
    const shipper = fakeSession({ account: { ...ACCOUNT, role: 'OPS', permissions: ['orders.view', 'orders.ship'] } });

    const a = renderScreen(<ShipmentPanel orderId={7} orderStatus="PKP_SCH" />, {
      http: shipment('PKP_SCH'),
      session: shipper,
    });
    await screen.findByText('13000000000001');
    expect(screen.getByRole('button', { name: 'Change courier' })).toBeTruthy();
    a.unmount();

    const b = renderScreen(<ShipmentPanel orderId={7} orderStatus="PKP_SCH" />, {
      http: shipment('PKP_SCH'),
      session: viewer,
    });
    await screen.findByText('13000000000001');
    expect(screen.queryByRole('button', { name: 'Change courier' })).toBeNull();
    b.unmount();

    const c = renderScreen(<ShipmentPanel orderId={7} orderStatus="PKD" />, {
      http: shipment('PKD'),
      session: shipper,
    });
    await screen.findByText('13000000000001');
    expect(screen.queryByRole('button', { name: 'Change courier' })).toBeNull();
    c.unmount();

    renderScreen(<ShipmentPanel orderId={7} orderStatus="PKP_SCH" splitMode="BY_BOX" />, {
      http: shipment('PKP_SCH'),
      session: shipper,
    });
    await screen.findByText('13000000000001');
    expect(screen.queryByRole('button', { name: 'Change courier' })).toBeNull();
  });
});
