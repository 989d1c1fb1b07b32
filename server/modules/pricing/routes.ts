import * as v from 'valibot';
import type { ApiRouter } from '../../http/router';
import type { AppDeps } from '../../deps';
import { numericId } from '../../../src/domain/params';
import { auditActorOf } from '../../http/staff-write';
import {
  API_PRICING,
  SellerRateCardSchema,
  SellerRateCardViewSchema,
  StaffRateCardsSchema,
} from '../../../src/domain/pricing-contract';
import { SellerRateCardBody } from '../../../src/domain/schemas/pricing';
import { createRateCard, sellerRateCardView, staffRateCards, updateRateCard } from './service';

// Customised pricing: staff keep a Premium seller's own rate cards; the seller reads the one in force.

const STAFF = { kind: 'user', accountTypes: ['DAKIYA'] } as const;
const SELLERS = { kind: 'user', accountTypes: ['SELLER'] } as const;
const byOrg = v.object({ orgId: numericId('orgId') });
const byCard = v.object({ orgId: numericId('orgId'), cardId: numericId('cardId') });

export function registerPricingRoutes(router: ApiRouter, deps: AppDeps) {
  router.add({
    method: 'get',
    path: API_PRICING.staffCards(':orgId'),
    tag: 'corporate',
    access: STAFF,
    staffPermission: 'pricing.manage',
    params: byOrg,
    summary: "A seller's own rate cards with their validity, and the couriers' default cards to copy",
    errors: { 404: 'no such seller' },
    response: StaffRateCardsSchema,
    handler: ({ params }) => staffRateCards(deps, params.orgId),
  });
  router.add({
    method: 'post',
    path: API_PRICING.staffCards(':orgId'),
    tag: 'corporate',
    access: STAFF,
    staffPermission: 'pricing.manage',
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
    handler: ({ c, caller, params, body }) =>
      createRateCard(deps, auditActorOf(c, caller), params.orgId, body, deps.now()),
  });
  router.add({
    method: 'put',
    path: API_PRICING.staffCard(':orgId', ':cardId'),
    tag: 'corporate',
    access: STAFF,
    staffPermission: 'pricing.manage',
    params: byCard,
    body: SellerRateCardBody,
    summary: "Change a seller's rate card: quotes and bookings from now use it; booked shipments keep their price",
    errors: { 403: 'the seller’s plan lacks customised pricing', 404: 'no such card', 409: 'validity overlaps a card' },
    response: SellerRateCardSchema,
    handler: ({ c, caller, params, body }) =>
      updateRateCard(deps, auditActorOf(c, caller), params.orgId, params.cardId, body, deps.now()),
  });
  router.add({
    method: 'get',
    path: API_PRICING.sellerCard,
    tag: 'shipping',
    access: SELLERS,
    permission: 'orders.view',
    summary: 'The seller’s own rate card in force, and each courier’s rate as it prices today',
    errors: { 403: 'the plan lacks customised pricing' },
    response: SellerRateCardViewSchema,
    handler: ({ caller }) => sellerRateCardView(deps, caller.orgId),
  });
}
