import { and, eq, gte, isNull, lte, or } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { sellerRateCards } from '../../db/schema';
import { istDay } from '../../../src/domain/format';
import type { RateCard } from '../../../src/domain/shipping/rates';
import { planAllows } from '../plans/plan-gate';

// The rate cards that price a seller's parcels at a moment: the seller's own card in force on that
// IST day, while their plan includes customised pricing. A courier the card does not name, a day
// without a card, or a plan without the feature: the map lacks it and the courier's default prices.

export type SellerCards = ReadonlyMap<string, RateCard>;

export const NO_SELLER_CARDS: SellerCards = new Map();

/** The seller's card row in force on an IST day, or undefined. */
export async function cardRowOn(db: Executor, orgId: number, day: string) {
  const [row] = await db
    .select()
    .from(sellerRateCards)
    .where(
      and(
        eq(sellerRateCards.orgId, orgId),
        lte(sellerRateCards.validFrom, day),
        or(isNull(sellerRateCards.validUntil), gte(sellerRateCards.validUntil, day)),
      ),
    )
    .limit(1);
  return row;
}

/** Carrier code → the seller's own card at this moment (empty when the default cards price). */
export async function sellerCardsAt(db: Executor, orgId: number, at: Date): Promise<SellerCards> {
  if (!(await planAllows(db, orgId, 'customPricing'))) return NO_SELLER_CARDS;
  const row = await cardRowOn(db, orgId, istDay(at));
  return row ? new Map(Object.entries(row.couriers)) : NO_SELLER_CARDS;
}
