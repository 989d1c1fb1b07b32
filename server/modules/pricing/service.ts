import { and, asc, eq, ne } from 'drizzle-orm';
import type { AppDeps } from '../../deps';
import type { Tx } from '../../db/client';
import { organisations, sellerRateCards } from '../../db/schema';
import { conflict, forbidden, notFound } from '../../http/errors';
import { formatDate, istDay } from '../../../src/domain/format';
import { planAllowsFeature, planFeatureRefusal } from '../../../src/domain/plans';
import { overlapping, standingOn } from '../../../src/domain/pricing/rate-card-validity';
import type {
  CourierRate,
  SellerRateCard,
  SellerRateCardView,
  StaffRateCards,
} from '../../../src/domain/pricing-contract';
import type { SellerRateCardInput } from '../../../src/domain/schemas/pricing';
import { CARRIER_BY_CODE, carrierName } from '../../../src/domain/shipping/carriers';
import type { RateCard } from '../../../src/domain/shipping/rates';
import { carrierNetwork } from '../../carriers/registry';
import { auditChange, type AuditActor } from '../audit/service';
import { assertPlanAllows } from '../plans/plan-gate';
import { cardRowOn } from './effective-card';
import { paiseOf } from '../../../src/domain/money';

// Staff keep a seller's own rate cards; the seller reads the one in force. Writes lock the
// seller's organisation row first, so two staff saving cards for one seller at once cannot both
// pass the overlap check; each write is audited with its before and after in its transaction.

type CardRow = typeof sellerRateCards.$inferSelect;

const courierRate = (code: string, card: RateCard): CourierRate => ({
  carrierCode: code,
  carrierName: carrierName(code),
  zones: card.zones,
  minChargeableKg: card.minChargeableKg,
  codFixedPaise: card.codFixedPaise,
  codPercent: card.codPercent,
  rtoPercent: card.rtoPercent,
});

const order = [...CARRIER_BY_CODE.keys()] as string[];

function toCard(row: CardRow, today: string): SellerRateCard {
  return {
    cardId: row.id,
    orgId: row.orgId,
    validFrom: row.validFrom,
    validUntil: row.validUntil,
    standing: standingOn(row, today),
    couriers: Object.entries(row.couriers)
      .sort(([a], [b]) => order.indexOf(a) - order.indexOf(b))
      .map(([code, card]) => courierRate(code, card)),
    updatedAt: row.updatedAt.toISOString(),
  };
}

const cardsOf = (input: SellerRateCardInput): Record<string, RateCard> =>
  Object.fromEntries(
    input.couriers.map((c) => [
      c.carrierCode,
      {
        zones: Object.fromEntries(
          Object.entries(c.zones).map(([zone, r]) => [
            zone,
            { firstSlabPaise: paiseOf(r.firstSlab), nextSlabPaise: paiseOf(r.nextSlab) },
          ]),
        ) as RateCard['zones'],
        minChargeableKg: c.minChargeableKg,
        codFixedPaise: paiseOf(c.codMinimum),
        codPercent: c.codPercent,
        rtoPercent: c.rtoPercent,
      },
    ]),
  );

const days = (r: { validFrom: string; validUntil: string | null }) =>
  r.validUntil ? `${formatDate(r.validFrom)} to ${formatDate(r.validUntil)}` : `from ${formatDate(r.validFrom)} on`;

/** The seller's organisation, locked for the write, refused unless its plan includes customised pricing. */
async function lockedSeller(tx: Tx, orgId: number) {
  const [org] = await tx.select().from(organisations).where(eq(organisations.id, orgId)).for('update');
  if (!org) throw notFound('No such seller');
  if (!planAllowsFeature(org.subscriptionType, 'customPricing')) throw forbidden(planFeatureRefusal('customPricing'));
  return org;
}

async function refuseOverlap(tx: Tx, orgId: number, input: SellerRateCardInput, exceptId: number | null) {
  const others = await tx
    .select({ validFrom: sellerRateCards.validFrom, validUntil: sellerRateCards.validUntil })
    .from(sellerRateCards)
    .where(
      exceptId === null
        ? eq(sellerRateCards.orgId, orgId)
        : and(eq(sellerRateCards.orgId, orgId), ne(sellerRateCards.id, exceptId)),
    );
  const clash = overlapping(input, others);
  if (clash)
    throw conflict(`Valid from: these days overlap the seller's card valid ${days(clash)}. End that card first`);
}

export async function staffRateCards(deps: AppDeps, orgId: number): Promise<StaffRateCards> {
  const [org] = await deps.db.select().from(organisations).where(eq(organisations.id, orgId));
  if (!org) throw notFound('No such seller');
  const rows = await deps.db
    .select()
    .from(sellerRateCards)
    .where(eq(sellerRateCards.orgId, orgId))
    .orderBy(asc(sellerRateCards.validFrom));
  const network = await carrierNetwork(deps);
  const today = istDay(deps.now());
  return {
    orgId,
    companyName: org.companyName,
    subscriptionType: org.subscriptionType,
    planAllows: planAllowsFeature(org.subscriptionType, 'customPricing'),
    cards: rows.map((r) => toCard(r, today)),
    defaults: network.list.map((a) => courierRate(a.profile.code, a.profile.rateCard)),
  };
}

export async function createRateCard(
  deps: AppDeps,
  actor: AuditActor,
  orgId: number,
  input: SellerRateCardInput,
  now: Date,
): Promise<SellerRateCard> {
  return deps.db.transaction(async (tx) => {
    await lockedSeller(tx, orgId);
    await refuseOverlap(tx, orgId, input, null);
    const [row] = await tx
      .insert(sellerRateCards)
      .values({
        orgId,
        validFrom: input.validFrom,
        validUntil: input.validUntil,
        couriers: cardsOf(input),
        createdBy: actor.staffId,
        createdAt: now,
        updatedAt: now,
      })
      .returning();
    const card = toCard(row!, istDay(now));
    await auditChange(
      tx,
      actor,
      {
        action: 'pricing.card.create',
        entityType: 'seller_rate_card',
        entityId: row!.id,
        before: null,
        after: card,
        reason: input.reason,
      },
      now,
    );
    return card;
  });
}

export async function updateRateCard(
  deps: AppDeps,
  actor: AuditActor,
  orgId: number,
  cardId: number,
  input: SellerRateCardInput,
  now: Date,
): Promise<SellerRateCard> {
  return deps.db.transaction(async (tx) => {
    await lockedSeller(tx, orgId);
    const [before] = await tx
      .select()
      .from(sellerRateCards)
      .where(and(eq(sellerRateCards.id, cardId), eq(sellerRateCards.orgId, orgId)));
    if (!before) throw notFound('No such rate card for this seller');
    await refuseOverlap(tx, orgId, input, cardId);
    const [row] = await tx
      .update(sellerRateCards)
      .set({ validFrom: input.validFrom, validUntil: input.validUntil, couriers: cardsOf(input), updatedAt: now })
      .where(eq(sellerRateCards.id, cardId))
      .returning();
    const today = istDay(now);
    const card = toCard(row!, today);
    await auditChange(
      tx,
      actor,
      {
        action: 'pricing.card.update',
        entityType: 'seller_rate_card',
        entityId: cardId,
        before: toCard(before, today),
        after: card,
        reason: input.reason,
      },
      now,
    );
    return card;
  });
}

/** The seller's page: each active courier's rate as it prices today, their own where their card names it. */
export async function sellerRateCardView(deps: AppDeps, orgId: number): Promise<SellerRateCardView> {
  await assertPlanAllows(deps.db, orgId, 'customPricing');
  const today = istDay(deps.now());
  const row = await cardRowOn(deps.db, orgId, today);
  const network = await carrierNetwork(deps);
  return {
    card: row ? toCard(row, today) : null,
    couriers: network.list.map((a) => {
      const own = row?.couriers[a.profile.code];
      return { ...courierRate(a.profile.code, own ?? a.profile.rateCard), own: own !== undefined };
    }),
  };
}
