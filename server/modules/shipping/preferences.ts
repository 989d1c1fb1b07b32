import { eq } from 'drizzle-orm';
import type { Db, Executor } from '../../db/client';
import { shippingPreferences as prefsTable } from '../../db/schema';
import type { ShippingPreferences } from '../../../src/domain/shipping-contract';
import { assertPlanAllows } from '../plans/plan-gate';
import { paiseOf, rupeesOf } from '../../../src/domain/money';

// A seller's courier preferences (tools: carrier priority and auto-ship presets).

export async function shippingPreferences(db: Db, orgId: number): Promise<ShippingPreferences> {
  const [row] = await db.select().from(prefsTable).where(eq(prefsTable.orgId, orgId));
  return row
    ? {
        autoShipRule: row.autoShipRule as ShippingPreferences['autoShipRule'],
        carrierPriority: row.carrierPriority,
        ndrAutoAction: row.ndrAutoAction as 'REATTEMPT' | 'RTO',
        insureAboveRupees: row.insureAbovePaise === null ? null : rupeesOf(row.insureAbovePaise),
      }
    : { autoShipRule: 'CHEAPEST', carrierPriority: [], ndrAutoAction: 'REATTEMPT', insureAboveRupees: null };
}

/** The seller's "insure every shipment above" line in paise (null: only when chosen). */
export async function insureAbovePaise(db: Executor, orgId: number): Promise<number | null> {
  const [row] = await db
    .select({ paise: prefsTable.insureAbovePaise })
    .from(prefsTable)
    .where(eq(prefsTable.orgId, orgId));
  return row?.paise ?? null;
}

export async function saveShippingPreferences(
  db: Db,
  orgId: number,
  prefs: ShippingPreferences,
  now: Date,
): Promise<ShippingPreferences> {
  if (prefs.autoShipRule === 'RECOMMENDED') await assertPlanAllows(db, orgId, 'carrierRecommendation');
  const { insureAboveRupees, ...rest } = prefs;
  // absent: the line stays as it was (a form that does not show it); null: insure only when chosen
  const insure =
    insureAboveRupees === undefined
      ? {}
      : { insureAbovePaise: insureAboveRupees === null ? null : paiseOf(insureAboveRupees) };
  await db
    .insert(prefsTable)
    .values({ orgId, ...rest, ...insure, ndrAutoAction: prefs.ndrAutoAction ?? 'REATTEMPT', updatedAt: now })
    .onConflictDoUpdate({ target: prefsTable.orgId, set: { ...rest, ...insure, updatedAt: now } });
  return shippingPreferences(db, orgId);
}
