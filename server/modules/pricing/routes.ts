import type { ApiRouter } from '../../http/router';
import type { AppDeps } from '../../deps';
import { auditActorOf } from '../../http/staff-write';
import { API_PRICING } from '../../../src/domain/pricing-contract';
import { createRateCard, sellerRateCardView, staffRateCards, updateRateCard } from './service';

// Customised pricing's operations (src/domain/pricing-contract.ts): staff keep a Premium seller's
// own rate cards; the seller reads the one in force.

const STAFF = { kind: 'user', accountTypes: ['DAKIYA'] } as const;
const SELLERS = { kind: 'user', accountTypes: ['SELLER'] } as const;

export function registerPricingRoutes(router: ApiRouter, deps: AppDeps) {
  router.route(API_PRICING.staffCards, {
    access: STAFF,
    staffPermission: 'pricing.manage',
    handler: ({ params }) => staffRateCards(deps, params.orgId),
  });
  router.route(API_PRICING.createCard, {
    access: STAFF,
    staffPermission: 'pricing.manage',
    handler: ({ c, caller, params, body }) =>
      createRateCard(deps, auditActorOf(c, caller), params.orgId, body, deps.now()),
  });
  router.route(API_PRICING.updateCard, {
    access: STAFF,
    staffPermission: 'pricing.manage',
    handler: ({ c, caller, params, body }) =>
      updateRateCard(deps, auditActorOf(c, caller), params.orgId, params.cardId, body, deps.now()),
  });
  router.route(API_PRICING.sellerCard, {
    access: SELLERS,
    permission: 'orders.view',
    handler: ({ caller }) => sellerRateCardView(deps, caller.orgId),
  });
}
