import { pathOf } from '../../src/domain/operation';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { answer } from './call';
import { errorOf, type TestServer } from './harness';
import { demoTokens, newShippableOrder, startDemoServer, verifiedPickup } from './helpers';
import { orders } from '../../server/db/schema';
import { MIGRATIONS_DIR } from '../../server/db/client';
import { insertDeliveredCod } from '../../server/seeds/cod-delivered';
import { API_ORDERS } from '../../src/domain/orders-contract';
import { API_SHIPPING } from '../../src/domain/shipping-contract';

// Every order carries the pickup copy it ships from: the delivered-COD seed writes the seller's
// pickup address, migration 0052 repairs orders stored with an empty one, and whatever hands a
// parcel over refuses an order without one with a 409 naming the pickup address (never a 500).

let s: TestServer;
let meera: string;
let pickupId: number;
let orgId: number;

beforeAll(async () => {
  s = await startDemoServer();
  ({ meera } = await demoTokens(s));
  ({ pickupId, orgId } = await verifiedPickup(s, meera));
}, 120_000);
afterAll(() => s?.close());

const orderOf = async (id: number) => answer(s, API_ORDERS.order, { params: { orderId: id }, token: meera });
const emptyPickup = (id: number) =>
  s.deps.db
    .update(orders)
    .set({ pickup: sql`'{}'::jsonb` })
    .where(eq(orders.id, id));

describe('pickup copy of seeded orders', () => {
  it('a delivered COD order of the seed ships from the seller’s pickup address', async () => {
    await insertDeliveredCod(s.deps.db, {
      orgIds: [orgId],
      perOrg: 2,
      prefix: 'PKSEED',
      deliveredAt: new Date(s.clock.now.getTime() - 86_400_000),
      carrierCode: 'DE',
    });
    const [row] = await s.deps.db
      .select({ id: orders.id })
      .from(orders)
      .where(eq(orders.orderNumber, `PKSEED-${orgId}-1`));
    const o = await orderOf(row.id);
    expect(o.pickup).toMatchObject({
      addressId: pickupId,
      entityName: 'Meera Jaipur',
      phone: '9123456780',
      pincode: '302003',
      city: 'Jaipur',
    });
  });

  it('migration 0052 gives an order stored with an empty pickup its seller’s pickup address', async () => {
    const o = await newShippableOrder(s, meera, pickupId);
    await emptyPickup(o.orderId);
    const repair = readFileSync(join(MIGRATIONS_DIR, '0052_order_pickup_repair.sql'), 'utf8');
    await s.deps.db.execute(sql.raw(repair));
    expect((await orderOf(o.orderId)).pickup).toMatchObject({
      addressId: pickupId,
      phone: '9123456780',
      city: 'Jaipur',
    });
  });
});

describe('an order without a pickup address', () => {
  it('answers 409 naming the pickup address for quotes, shipping and its invoice, never a 500', async () => {
    const o = await newShippableOrder(s, meera, pickupId);
    await emptyPickup(o.orderId);
    const answers = [
      await s.request(pathOf(API_SHIPPING.courierQuotes, { orderId: o.orderId }), { token: meera }),
      await s.request(pathOf(API_SHIPPING.ship, { orderId: o.orderId }), {
        method: 'POST',
        token: meera,
        json: { carrierCode: 'DE', idempotencyKey: 'no-pickup-1' },
      }),
      await s.request(pathOf(API_SHIPPING.invoice, { orderId: o.orderId }), { token: meera }),
    ];
    for (const res of answers) {
      const e = await errorOf(res);
      expect(e.status).toBe(409);
      expect(e.message).toMatch(/^Pickup address: order .+ has no pickup address/);
    }
  });
});
