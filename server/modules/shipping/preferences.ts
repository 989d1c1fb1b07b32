import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { shippingPreferences as prefsTable } from '../../db/schema';
import type { ShippingPreferences } from '../../../src/domain/shipping-contract';
import { assertPlanAllows } from '../plans/plan-gate';

// A seller's courier preferences (tools: carrier priority and auto-ship presets).

export async function shippingPreferences(db: Db, orgId: number): Promise<ShippingPreferences> {
  const [row] = await db.select().from(prefsTable).where(eq(prefsTable.orgId, orgId));
  return row
    ? {
        autoShipRule: row.autoShipRule as ShippingPreferences['autoShipRule'],
        carrierPriority: row.carrierPriority,
        ndrAutoAction: row.ndrAutoAction as 'REATTEMPT' | 'RTO',
      }
    : { autoShipRule: 'CHEAPEST', carrierPriority: [], ndrAutoAction: 'REATTEMPT' };
}

export async function saveShippingPreferences(
  db: Db,
  orgId: number,
  prefs: ShippingPreferences,
  now: Date,
): Promise<ShippingPreferences> {
  if (prefs.autoShipRule === 'RECOMMENDED') await assertPlanAllows(db, orgId, 'carrierRecommendation');
  await db
    .insert(prefsTable)
    .values({ orgId, ...prefs, ndrAutoAction: prefs.ndrAutoAction ?? 'REATTEMPT', updatedAt: now })
    .onConflictDoUpdate({ target: prefsTable.orgId, set: { ...prefs, updatedAt: now } });
  return shippingPreferences(db, orgId);
}
