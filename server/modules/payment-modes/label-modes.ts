import { inArray } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { orderPaymentModes } from '../../db/schema';
import type { LabelPaymentMode } from '../../documents/shipping-label';

/** The payment mode each of these orders was made with, as its label prints it (orders without one are absent). */
export async function labelPaymentModes(db: Db, orderIds: number[]): Promise<Map<number, LabelPaymentMode>> {
  if (!orderIds.length) return new Map();
  const rows = await db.select().from(orderPaymentModes).where(inArray(orderPaymentModes.orderId, orderIds));
  return new Map(
    rows.map((m) => [m.orderId, { code: m.code, name: m.name, note: m.labelNote, advancePaise: m.advancePaise }]),
  );
}
