import { matchPath } from 'react-router-dom';
import { SELLER_PATHS } from './seller-paths';

// Every path the app answers (spec section 2), as data: the route table in App.tsx and the
// corporate module are checked against these lists, and links are offered only to paths in them.

/** Public pages and the buyer's tracking addresses (the server answers those with track.html). */
export const PUBLIC_PATHS = [
  '/',
  '/login',
  '/signup',
  '/register',
  '/error',
  '/denied',
  '/pricing',
  '/payment/:gateway/redirect',
  '/terms_conditions',
  '/privacy_policy',
  '/refund_policy',
  '/tracking/*',
  '/v2/track/*',
  '/s',
  '/public/track',
  '/ndr/:token',
  '/cod/:token',
  '/advance/:token',
  '/invite/:token',
] as const;

/** The corporate (/dakiya) module's pages; /dakiya itself leads to the dashboard. */
export const CORPORATE_PATHS = [
  '/dakiya',
  '/dakiya/dashboard',
  '/dakiya/disputes',
  '/dakiya/disputes/:disputeId',
  '/dakiya/kyc',
  '/dakiya/kyc/:applicationId',
  '/dakiya/weight-discrepancies',
  '/dakiya/weight-discrepancies/upload',
  '/dakiya/weight-discrepancies/:discrepancyId',
  '/dakiya/weight-freezes',
  '/dakiya/wallets',
  '/dakiya/wallets/:orgId',
  '/dakiya/cod-remittance',
  '/dakiya/cod-remittance/upload',
  '/dakiya/cod-remittance/:payoutId',
  '/dakiya/tickets',
  '/dakiya/tickets/:ticketId',
  '/dakiya/bank-account-changes',
  '/dakiya/terms',
  '/dakiya/simulation',
  '/dakiya/simulation/:orderId',
  '/dakiya/accounts',
  '/dakiya/accounts/:accountId',
  '/dakiya/audit',
  '/dakiya/staff',
  '/dakiya/coupons',
  '/dakiya/plans',
  '/dakiya/banners',
  '/dakiya/release-notes',
  '/dakiya/rate-cards/:orgId',
  '/dakiya/couriers',
  '/dakiya/courier-codes',
  '/dakiya/message-templates',
  '/dakiya/change_password',
] as const;

export const ALL_PATHS: readonly string[] = [...PUBLIC_PATHS, ...CORPORATE_PATHS, ...SELLER_PATHS];

/** Whether a link target (path, optionally with ?query or #hash) leads to a page of the route table. */
export function routeExists(to: string): boolean {
  const pathname = to.split(/[?#]/)[0] || '/';
  return ALL_PATHS.some((pattern) => matchPath({ path: pattern, end: true }, pathname) !== null);
}

/** The items whose target exists: areas still to be built are not offered. */
export function existingRoutes<T extends { to: string }>(items: readonly T[]): T[] {
  return items.filter((i) => routeExists(i.to));
}
