import {
  API_STAFF,
  type AccountOverview,
  type StaffCouponRow,
  type StaffPlanRow,
  type StaffUserRow,
} from '../domain/staff-contract';
import type { StaffEditRequest } from '../machines/staff-edit-form.machine';
import { dataOf } from './answer';
import { API_ACCOUNT_MANAGER } from '../domain/account-manager-contract';
import { API_AUTH } from '../domain/auth-contract';
import { pathOf } from '../domain/operation';
import type { Http } from './types';

// Staff console calls: a seller's whole picture, staff and roles, coupons, plan prices, and the
// one submit every console form goes through.

export const fetchAccountOverview = (http: Http, accountId: number): Promise<AccountOverview> =>
  dataOf(http.get(API_STAFF.accountOverview(accountId)));

export const fetchStaff = (http: Http): Promise<StaffUserRow[]> => dataOf(http.get(API_STAFF.staff));

export const fetchCoupons = (http: Http): Promise<StaffCouponRow[]> => dataOf(http.get(API_STAFF.coupons));

export const fetchPlanPrices = (http: Http): Promise<StaffPlanRow[]> => dataOf(http.get(API_STAFF.plans));

/** Where each console form goes. */
export function submitStaffForm(http: Http, r: StaffEditRequest): Promise<unknown> {
  switch (r.kind) {
    case 'ACCOUNT_STATUS':
      return dataOf(http.put(pathOf(API_AUTH.accountStatus, { accountId: r.target }), r.body));
    case 'ACCOUNT_MANAGER':
      return dataOf(http.put(pathOf(API_ACCOUNT_MANAGER.set, { accountId: r.target }), r.body));
    case 'BETA_FEATURES':
      return dataOf(http.put(API_STAFF.betaFeatures(r.target), r.body));
    case 'STAFF_ROLE':
      return dataOf(http.put(API_STAFF.staffRole(r.target), r.body));
    case 'STAFF_STATUS':
      return dataOf(http.put(API_STAFF.staffStatus(r.target), r.body));
    case 'PLAN_PRICE':
      return dataOf(http.put(API_STAFF.plan(r.target), r.body));
    case 'COUPON_CREATE':
      return dataOf(http.post(API_STAFF.coupons, r.body));
    case 'COUPON_UPDATE':
      return dataOf(http.put(API_STAFF.coupon(r.target), r.body));
    case 'STAFF_CREATE':
      return dataOf(http.post(API_STAFF.staff, r.body));
    case 'COUPON_STATUS':
      return dataOf(http.put(API_STAFF.couponStatus(r.target), r.body));
  }
}
