import * as v from 'valibot';
import type { ApiRouter } from '../../http/router';
import type { AppDeps } from '../../deps';
import { auditActorOf } from '../../http/staff-write';
import { API_STAFF, StaffCouponRowSchema, StaffPlanRowSchema } from '../../../src/domain/staff-contract';
import { CouponCreateBody, CouponStatusBody, CouponUpdateBody, PlanPriceBody } from '../../../src/domain/schemas/staff';
import { createCoupon, listAllCoupons, setCouponActive, updateCoupon } from '../wallet/coupon-admin';
import { listPlanPrices, setPlanPrice } from './plan-prices';

// What staff sell: plan prices and recharge coupons.

const TAG = 'corporate';
const STAFF = { kind: 'user', accountTypes: ['DAKIYA'] } as const;
const byCode = v.object({
  code: v.pipe(v.string(), v.regex(/^[A-Za-z0-9]{1,20}$/, 'code must be letters and digits')),
});

export function registerCatalogueRoutes(router: ApiRouter, deps: AppDeps) {
  router.add({
    method: 'get',
    path: API_STAFF.plans,
    tag: TAG,
    access: STAFF,
    staffPermission: 'plans.manage',
    summary: 'Every plan with the monthly price charged and shown',
    response: v.array(StaffPlanRowSchema),
    handler: () => listPlanPrices(deps.db),
  });
  router.add({
    method: 'put',
    path: API_STAFF.plan(':code'),
    tag: TAG,
    access: STAFF,
    staffPermission: 'plans.manage',
    params: byCode,
    body: PlanPriceBody,
    summary: "Set a plan's monthly price (whole rupees, with a reason): the next charge and the plans page use it",
    errors: { 404: 'no such plan' },
    response: StaffPlanRowSchema,
    handler: ({ c, caller, params, body }) =>
      setPlanPrice(deps.db, auditActorOf(c, caller), params.code, body, deps.now()),
  });
  router.add({
    method: 'get',
    path: API_STAFF.coupons,
    tag: TAG,
    access: STAFF,
    staffPermission: 'coupons.manage',
    summary: 'Every coupon, on or off, with how many sellers used it',
    response: v.array(StaffCouponRowSchema),
    handler: () => listAllCoupons(deps.db),
  });
  router.add({
    method: 'post',
    path: API_STAFF.coupons,
    tag: TAG,
    access: STAFF,
    staffPermission: 'coupons.manage',
    body: CouponCreateBody,
    summary: 'Create a recharge coupon: plan, billing, least recharge, bonus, validity (IST days) and usage cap',
    errors: { 409: 'the code is taken' },
    response: StaffCouponRowSchema,
    handler: ({ c, caller, body }) => createCoupon(deps.db, auditActorOf(c, caller), body, deps.now()),
  });
  router.add({
    method: 'put',
    path: API_STAFF.coupon(':code'),
    tag: TAG,
    access: STAFF,
    staffPermission: 'coupons.manage',
    params: byCode,
    body: CouponUpdateBody,
    summary: "Change a coupon's terms (its code stays)",
    errors: { 404: 'no such coupon' },
    response: StaffCouponRowSchema,
    handler: ({ c, caller, params, body }) =>
      updateCoupon(deps.db, auditActorOf(c, caller), params.code, body, deps.now()),
  });
  router.add({
    method: 'put',
    path: API_STAFF.couponStatus(':code'),
    tag: TAG,
    access: STAFF,
    staffPermission: 'coupons.manage',
    params: byCode,
    body: CouponStatusBody,
    summary: 'Switch a coupon on or off, with a reason',
    errors: { 404: 'no such coupon' },
    response: StaffCouponRowSchema,
    handler: ({ c, caller, params, body }) =>
      setCouponActive(deps.db, auditActorOf(c, caller), params.code, body, deps.now()),
  });
}
