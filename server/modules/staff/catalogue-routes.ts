import type { ApiRouter } from '../../http/router';
import type { AppDeps } from '../../deps';
import { auditActorOf } from '../../http/staff-write';
import { API_STAFF } from '../../../src/domain/staff-contract';
import { createCoupon, listAllCoupons, setCouponActive, updateCoupon } from '../wallet/coupon-admin';
import { listPlanPrices, setPlanPrice } from './plan-prices';

// What staff sell: plan prices and recharge coupons (src/domain/staff-contract.ts).

const STAFF = { kind: 'user', accountTypes: ['DAKIYA'] } as const;

export function registerCatalogueRoutes(router: ApiRouter, deps: AppDeps) {
  router.route(API_STAFF.plans, {
    access: STAFF,
    staffPermission: 'plans.manage',
    handler: () => listPlanPrices(deps.db),
  });
  router.route(API_STAFF.plan, {
    access: STAFF,
    staffPermission: 'plans.manage',
    handler: ({ c, caller, params, body }) =>
      setPlanPrice(deps.db, auditActorOf(c, caller), params.code, body, deps.now()),
  });
  router.route(API_STAFF.coupons, {
    access: STAFF,
    staffPermission: 'coupons.manage',
    handler: () => listAllCoupons(deps.db),
  });
  router.route(API_STAFF.couponCreate, {
    access: STAFF,
    staffPermission: 'coupons.manage',
    handler: ({ c, caller, body }) => createCoupon(deps.db, auditActorOf(c, caller), body, deps.now()),
  });
  router.route(API_STAFF.coupon, {
    access: STAFF,
    staffPermission: 'coupons.manage',
    handler: ({ c, caller, params, body }) =>
      updateCoupon(deps.db, auditActorOf(c, caller), params.code, body, deps.now()),
  });
  router.route(API_STAFF.couponStatus, {
    access: STAFF,
    staffPermission: 'coupons.manage',
    handler: ({ c, caller, params, body }) =>
      setCouponActive(deps.db, auditActorOf(c, caller), params.code, body, deps.now()),
  });
}
