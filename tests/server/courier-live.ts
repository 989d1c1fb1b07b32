import { answer } from './call';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CourierSettings } from '../../server/carriers/settings';
import { pollCourier } from '../../server/modules/courier-inlet/poll';
import { seedDemo } from '../../server/seeds/demo-accounts';
import { istDay } from '../../src/domain/format';
import { API_NDR } from '../../src/domain/ndr-contract';
import { pathOf } from '../../src/domain/operation';
import { API_ORDERS, type OrderDetail } from '../../src/domain/orders-contract';
import { API_RETURNS } from '../../src/domain/returns-contract';
import { API_SHIPPING, type ShipmentInfo } from '../../src/domain/shipping-contract';
import { API_WALLET } from '../../src/domain/wallet-contract';
import type { CourierStandinControls } from '../carriers/standin/standin-controls';
import { startTestServer, type TestServer } from './harness';
import { creditWallet, demoTokens, login, MEERA, newShippableOrder, verifiedPickup } from './helpers';
import { readPdf } from './pdf-reader';

// A real courier adapter inside the whole product: the courier's code is live against its
// protocol stand-in (its settings point the base URL there), and the demo seller Meera ships,
// prints, tracks, resolves an NDR and cancels through the product's API while the stand-in moves
// the parcels on its own clock. The product's clock and the courier's move together.

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

export interface CourierLiveSetup {
  code: string;
  start(): Promise<CourierStandinControls>;
  /** the courier's settings as configuration gives them, with the stand-in as its host */
  settings(baseUrl: string): CourierSettings;
  /** the instruction the courier receives for a seller's re-attempt, in its own words */
  reattemptAs: string;
  /** the courier picks up returns through this connection */
  reverse?: boolean;
  /** the courier answers a delivered parcel's proof of delivery */
  proofOfDelivery?: boolean;
}

export function describeCourierLive(name: string, setup: CourierLiveSetup): void {
  describe(`${name} live through the product`, () => {
    let s: TestServer;
    let standin: CourierStandinControls;
    let meera: string;
    let pickupId: number;
    const shipped: Record<'prepaid' | 'cod', { order: OrderDetail; info: ShipmentInfo }> = {} as never;

    beforeAll(async () => {
      standin = await setup.start();
      s = await startTestServer({
        seed: async (deps) => void (await seedDemo(deps)),
        config: { couriers: { [setup.code]: setup.settings(standin.url) } },
      });
      expect(s.deps.carriers.live).toEqual([setup.code]);
      expect(s.clock.now.getTime()).toBe(standin.now().getTime());
      const tokens = await demoTokens(s);
      meera = tokens.meera;
      const pickup = await verifiedPickup(s, meera);
      pickupId = pickup.pickupId;
      await creditWallet(s, tokens.staff, pickup.orgId, 20_000, 'Float for live courier tests');
    }, 60_000);
    afterAll(async () => {
      await s?.close();
      await standin?.close();
    });

    /** both clocks move on; Meera signs in again, as her access token lapses */
    const advance = async (ms: number) => {
      s.clock.advance(ms);
      standin.advance(ms);
      meera = (await login(s, MEERA)).token;
    };
    const balance = async () => (await answer(s, API_WALLET.wallet, { token: meera })).balancePaise;
    const statusOf = async (orderId: number) =>
      (await answer(s, API_ORDERS.order, { params: { orderId }, token: meera })).status;
    /** the order's status after the product polls the courier */
    const polled = async (orderId: number) => {
      await pollCourier(s.deps, setup.code);
      return statusOf(orderId);
    };
    async function ship(paymentMethod: 'PPD' | 'COD') {
      const order = await newShippableOrder(s, meera, pickupId, { paymentMethod });
      const { quotes } = await answer(s, API_SHIPPING.courierQuotes, {
        params: { orderId: order.orderId },
        token: meera,
      });
      const quote = quotes.find((q) => q.carrierCode === setup.code);
      expect(quote, `${setup.code} quotes the lane`).toBeDefined();
      const before = await balance();
      const info = await answer(s, API_SHIPPING.ship, {
        params: { orderId: order.orderId },
        body: { carrierCode: setup.code, idempotencyKey: crypto.randomUUID() },
        token: meera,
      });
      // charged once for the booking, at the quoted price
      expect(await balance()).toBe(before - quote!.totalPaise);
      return { order, info };
    }

    it('ships a prepaid and a COD order with the courier; its AWB is on the label', async () => {
      shipped.prepaid = await ship('PPD');
      shipped.cod = await ship('COD');
      const atCourier = standin.bookings();
      expect(atCourier.find((b) => b.awb === shipped.prepaid.info.awb)).toMatchObject({
        payment: 'PPD',
        cancelled: false,
      });
      expect(atCourier.find((b) => b.awb === shipped.cod.info.awb)).toMatchObject({
        payment: 'COD',
        codAmountPaise: shipped.cod.order.codAmountPaise,
      });
      const label = await s.request(
        `${pathOf(API_SHIPPING.label, { orderId: shipped.prepaid.order.orderId })}?layout=4x6`,
        {
          token: meera,
        },
      );
      expect(label.status).toBe(200);
      expect(label.headers.get('content-type')).toBe('application/pdf');
      const read = readPdf(new Uint8Array(await label.arrayBuffer()));
      expect(read.barcodes).toContain(shipped.prepaid.info.awb);
    });

    it('the parcel moves at the courier and the order follows by polling: In Transit, Out for Delivery, Delivered', async () => {
      const { order, info } = shipped.prepaid;
      standin.pickUp(info.awb);
      await advance(HOUR);
      expect(await polled(order.orderId)).toBe('INT');
      standin.outForDelivery(info.awb);
      await advance(MINUTE);
      expect(await polled(order.orderId)).toBe('OFD');
      standin.deliver(info.awb);
      await advance(MINUTE);
      expect(await polled(order.orderId)).toBe('DLV');
      if (!setup.proofOfDelivery) return;
      const pod = await s.request(pathOf(API_SHIPPING.proofOfDelivery, { orderId: order.orderId }), { token: meera });
      expect(pod.status).toBe(200);
      expect(pod.headers.get('content-type')).toBe('application/pdf');
      expect(readPdf(new Uint8Array(await pod.arrayBuffer())).text).toContain(order.buyerName);
    });

    it('a failed attempt raises an NDR; the seller’s re-attempt reaches the courier, which goes out again', async () => {
      const { order, info } = shipped.cod;
      standin.pickUp(info.awb);
      await advance(HOUR);
      standin.failAttempt(info.awb);
      await advance(MINUTE);
      expect(await polled(order.orderId)).toBe('NDR');
      const list = await answer(s, API_NDR.list, { query: { tab: 'ACTION_REQUIRED' }, token: meera });
      const row = list.items.find((r) => r.orderId === order.orderId)!;
      expect(row).toMatchObject({ carrierCode: setup.code, attempt: 1 });
      const outcome = await answer(s, API_NDR.action, {
        params: { ndrId: row.ndrId },
        body: { action: 'REATTEMPT', reattemptDate: istDay(new Date(s.clock.now.getTime() + DAY)) },
        token: meera,
      });
      expect(outcome).toMatchObject({ status: 'ACTION_TAKEN', action: 'REATTEMPT' });
      expect(outcome.courierRef).toContain(info.awb);
      expect(standin.ndrRequests()).toContainEqual({ awb: info.awb, action: setup.reattemptAs });
      // the next attempt goes out the next morning (IST), within the poll's day of a moving parcel
      await advance(21 * HOUR);
      expect(await polled(order.orderId)).toBe('OFD');
      standin.deliver(info.awb);
      await advance(MINUTE);
      expect(await polled(order.orderId)).toBe('DLV');
    });

    it.runIf(setup.reverse)(
      'a return of the delivered order is a reverse pickup at the courier; the return follows by polling',
      async () => {
        const { order } = shipped.prepaid;
        const able = await answer(s, API_RETURNS.returnable, { params: { orderId: order.orderId }, token: meera });
        const created = await answer(s, API_RETURNS.initiate, {
          body: {
            forwardOrderId: order.orderId,
            items: [{ orderItemId: able.items[0].orderItemId, quantity: 1 }],
            reason: 'DAMAGED',
            subReason: 'BROKEN',
            comment: 'Cracked at the rim',
            returnToKind: 'PICKUP_ADDRESS',
            returnToId: pickupId,
            refundDecision: 'REFUND',
          },
          token: meera,
        });
        const { quotes } = await answer(s, API_RETURNS.courierQuotes, {
          params: { returnId: created.returnId },
          token: meera,
        });
        expect(quotes.map((q) => q.carrierCode)).toContain(setup.code);
        const pickup = await answer(s, API_RETURNS.ship, {
          params: { returnId: created.returnId },
          body: { carrierCode: setup.code, idempotencyKey: crypto.randomUUID() },
          token: meera,
        });
        expect(standin.bookings().find((b) => b.awb === pickup.awb)).toMatchObject({ payment: 'REVERSE' });
        const returnStatus = async () =>
          (await answer(s, API_RETURNS.one, { params: { returnId: created.returnId }, token: meera })).status;
        standin.pickUp(pickup.awb);
        await advance(MINUTE);
        await pollCourier(s.deps, setup.code);
        expect(await returnStatus()).toBe('RINT');
      },
    );

    it('an order cancelled through the product is cancelled at the courier, and refunded', async () => {
      const before = await balance();
      const { order, info } = await ship('PPD');
      const cancelled = await answer(s, API_SHIPPING.cancelShipment, {
        params: { orderId: order.orderId },
        token: meera,
      });
      expect(cancelled).toMatchObject({ awb: info.awb, state: 'CANCELLED' });
      expect(standin.bookings().find((b) => b.awb === info.awb)?.cancelled).toBe(true);
      expect(await balance()).toBe(before);
    });
  });
}
