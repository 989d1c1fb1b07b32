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
  '/promises',
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

/**
 * A route pattern as one regular expression, as the router matches it (`:name` one segment, a
 * final `*` the rest, case ignored, a trailing slash allowed). Compiled once: asking the router to
 * match every pattern for every link compiled each pattern anew on every render of the menu.
 */
function patternRegex(pattern: string): RegExp {
  const splat = pattern.endsWith('/*');
  const base = splat ? pattern.slice(0, -2) : pattern;
  const body = base
    .split('/')
    .map((part) => (part.startsWith(':') ? '[^/]+' : part.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')))
    .join('/');
  return new RegExp(`^${body}${splat ? '(?:/.*)?' : ''}/*$`, 'i');
}

const ROUTE_REGEXES = ALL_PATHS.map(patternRegex);
const known = new Map<string, boolean>();

/** Whether a link target (path, optionally with ?query or #hash) leads to a page of the route table. */
export function routeExists(to: string): boolean {
  const pathname = to.split(/[?#]/)[0] || '/';
  let exists = known.get(pathname);
  if (exists === undefined) {
    exists = ROUTE_REGEXES.some((re) => re.test(pathname));
    known.set(pathname, exists);
  }
  return exists;
}

/** The items whose target exists: areas still to be built are not offered. */
export function existingRoutes<T extends { to: string }>(items: readonly T[]): T[] {
  return items.filter((i) => routeExists(i.to));
}
