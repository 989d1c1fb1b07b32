import * as v from 'valibot';
import { ZONES } from './shipping/zones';

// Paths and answer shapes of customised pricing: staff keep a seller's own rate cards (each with
// its IST validity days) over the couriers' default cards; the seller reads the card in force.
// docs/decisions/custom-pricing.md.

export const API_PRICING = {
  // GET → StaffRateCards (the seller's cards, the default cards to copy, whether the plan allows); POST SellerRateCardBody → SellerRateCard
  staffCards: (orgId: number | string) => `/api/v1/corporate/organisations/${orgId}/rate-cards`,
  // PUT SellerRateCardBody → SellerRateCard
  staffCard: (orgId: number | string, cardId: number | string) =>
    `/api/v1/corporate/organisations/${orgId}/rate-cards/${cardId}`,
  sellerCard: '/api/v1/shipping/rate-card', // GET → SellerRateCardView (read-only)
} as const;

const ZoneRateSchema = v.object({ firstSlabPaise: v.number(), nextSlabPaise: v.number() });

export const CourierRateSchema = v.object({
  carrierCode: v.string(),
  carrierName: v.string(),
  zones: v.object(
    Object.fromEntries(ZONES.map((z) => [z, ZoneRateSchema])) as Record<(typeof ZONES)[number], typeof ZoneRateSchema>,
  ),
  minChargeableKg: v.number(),
  codFixedPaise: v.number(),
  codPercent: v.number(),
  rtoPercent: v.number(),
});
export type CourierRate = v.InferOutput<typeof CourierRateSchema>;

export const CARD_STANDINGS = ['IN_FORCE', 'UPCOMING', 'ENDED'] as const;

export const SellerRateCardSchema = v.object({
  cardId: v.number(),
  orgId: v.number(),
  validFrom: v.string(),
  validUntil: v.nullable(v.string()),
  standing: v.picklist(CARD_STANDINGS),
  couriers: v.array(CourierRateSchema),
  updatedAt: v.string(),
});
export type SellerRateCard = v.InferOutput<typeof SellerRateCardSchema>;

export const StaffRateCardsSchema = v.object({
  orgId: v.number(),
  companyName: v.nullable(v.string()),
  subscriptionType: v.string(),
  /** the seller's plan includes customised pricing: staff may add a card */
  planAllows: v.boolean(),
  cards: v.array(SellerRateCardSchema),
  /** the couriers' default cards today, to copy into a new card */
  defaults: v.array(CourierRateSchema),
});
export type StaffRateCards = v.InferOutput<typeof StaffRateCardsSchema>;

/** What a seller sees: every active courier's rate as it prices today, and whether it is their own. */
export const SellerRateCardViewSchema = v.object({
  card: v.nullable(SellerRateCardSchema),
  couriers: v.array(v.object({ ...CourierRateSchema.entries, own: v.boolean() })),
});
export type SellerRateCardView = v.InferOutput<typeof SellerRateCardViewSchema>;
