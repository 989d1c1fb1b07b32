import { pathOf } from '../../src/domain/operation';
import assert from 'node:assert/strict';
import type { NdrReason } from '../../src/domain/ndr-contract';
import { API_ORDERS, type OrderRow } from '../../src/domain/orders-contract';
import { API_SHIPPING, type RateAnswer, type ShipmentInfo } from '../../src/domain/shipping-contract';
import { COURIER_CODE_TABLES } from '../../src/domain/shipping/courier-codes';
import type { CarrierCode } from '../../src/domain/shipping/carriers';
import { mayShip, type apiCaller } from './support';

// Parcels for the failed-delivery and hyperlocal tests: the demo seller's orders ready to ship,
// shipped through the API, and steered by the sandbox courier's development controls (a delivery
// that fails on cue, a return brought home at once, a hyperlocal rider's next step or handover).

type Api = ReturnType<typeof apiCaller>;

/** The courier's own code for one of our reasons. */
export function reasonCode(carrierCode: string, reason: NdrReason): string {
  const table = COURIER_CODE_TABLES[carrierCode as CarrierCode];
  return Object.entries(table.reasons).find(([, r]) => r.reason === reason)![0];
}

/** One of the sandbox courier's development controls on a parcel (loopback clients only). */
export async function sandboxControl(
  appUrl: string,
  awb: string,
  control: 'fail-delivery' | 'deliver-return' | 'rider-step' | 'deliver-with-otp' | 'advance',
  json: unknown = {},
): Promise<void> {
  const res = await fetch(`${appUrl}/api/dev/sandbox-courier/${awb}/${control}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(json),
  });
  assert.equal(res.status, 200, `${control} ${awb}: ${await res.text()}`);
}

/** `count` orders ready to ship, copying the demo seller's own when there are fewer. */
export async function readyOrders(api: Api, count: number): Promise<OrderRow[]> {
  const ready = async () =>
    (await api<{ items: OrderRow[] }>(`${API_ORDERS.orders.path}?orderStatusCodes=RTS&recordsPerPage=20`)).items.filter(
      mayShip,
    );
  const first = await ready();
  // a copy is weighed against the COD verification rules again: copy orders the rules did not pick
  const plain = first.filter((o) => o.codVerification === null);
  for (let i = first.length; i < count; i++)
    await api(pathOf(API_ORDERS.clone, { orderId: plain[i % plain.length].orderId }), { method: 'POST' });
  const all = (await ready()).slice(0, count);
  assert.equal(all.length, count, `${count} orders ready to ship`);
  return all;
}

/** Ships an order with Delhivery (or the first courier quoted) and makes its delivery fail now for `reason`. */
export async function shipAndFail(appUrl: string, api: Api, order: OrderRow, reason: NdrReason): Promise<ShipmentInfo> {
  const { quotes } = await api<RateAnswer>(pathOf(API_SHIPPING.courierQuotes, { orderId: order.orderId }));
  const quote = quotes.find((q) => q.carrierCode === 'DE') ?? quotes[0];
  const shipment = await api<ShipmentInfo>(pathOf(API_SHIPPING.ship, { orderId: order.orderId }), {
    method: 'POST',
    json: { carrierCode: quote.carrierCode, idempotencyKey: `ndr-e2e-${order.orderId}` },
  });
  await sandboxControl(appUrl, shipment.awb, 'fail-delivery', { reasonCode: reasonCode(quote.carrierCode, reason) });
  return shipment;
}

/** Waits (a minute at most) until `done` answers true. */
export async function waitUntil(what: string, done: () => Promise<boolean>): Promise<void> {
  for (let i = 0; i < 60; i++) {
    if (await done()) return;
    await new Promise((r) => setTimeout(r, 1000));
  }
  assert.fail(`waited a minute for ${what}`);
}
