import * as v from 'valibot';
import { ZONES } from './shipping/zones';
import { operation } from './operation';
import { numericId } from './params';
import { SellerRateCardBody } from './schemas/pricing';
import { CARD_STANDINGS } from './card-standings';

export { CARD_STANDINGS };

// The operations and answer shapes of customised pricing: staff keep a seller's own rate cards (each with
// its IST validity days) over the couriers' default cards; the seller reads the card in force.
// docs/decisions/custom-pricing.md.

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

const byOrg = v.object({ orgId: numericId('orgId') });
const byCard = v.object({ orgId: numericId('orgId'), cardId: numericId('cardId') });
const cardsPath = '/api/v1/corporate/organisations/:orgId/rate-cards';

export const API_PRICING = {
  staffCards: operation({
    method: 'get',
    path: cardsPath,
    tag: 'corporate',
    params: byOrg,
    summary: "A seller's own rate cards with their validity, and the couriers' default cards to copy",
    errors: { 404: 'no such seller' },
    response: StaffRateCardsSchema,
  }),
  createCard: operation({
    method: 'post',
    path: cardsPath,
    tag: 'corporate',
    params: byOrg,
    body: SellerRateCardBody,
    summary:
      "Give a seller their own rate card (per courier: zone slabs, minimum weight, COD and RTO terms) for IST days that overlap no other card's",
    errors: {
      403: 'the seller’s plan lacks customised pricing',
      404: 'no such seller',
      409: 'validity overlaps a card',
    },
    response: SellerRateCardSchema,
  }),
  updateCard: operation({
    method: 'put',
    path: `${cardsPath}/:cardId`,
    tag: 'corporate',
    params: byCard,
    body: SellerRateCardBody,
    summary: "Change a seller's rate card: quotes and bookings from now use it; booked shipments keep their price",
    errors: { 403: 'the seller’s plan lacks customised pricing', 404: 'no such card', 409: 'validity overlaps a card' },
    response: SellerRateCardSchema,
  }),
  sellerCard: operation({
    method: 'get',
    path: '/api/v1/shipping/rate-card',
    tag: 'shipping',
    summary: 'The seller’s own rate card in force, and each courier’s rate as it prices today',
    errors: { 403: 'the plan lacks customised pricing' },
    response: SellerRateCardViewSchema,
  }),
};
