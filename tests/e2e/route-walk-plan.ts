import { matchPath } from 'react-router-dom';
import { ALL_PATHS, CORPORATE_PATHS, PUBLIC_PATHS } from '../../src/routes/route-paths';
import { SELLER_PATHS } from '../../src/routes/seller-paths';

// The route walk's plan, as data: every path of the route table is opened by one role (a new
// route joins its role's walk by being added to its list), and each path with a parameter names
// the real address the walk opens for it. tests/scripts/route-walk-plan.test.ts keeps the plan
// whole; new-seller.e2e.ts walks it at 1280 px and 375 px with axe.

/** Paths the walk leaves to another browser test, and where that test checks them with axe. */
export const WALKED_ELSEWHERE: Readonly<Record<string, string>> = {
  // the gateway's return needs a payment under way
  '/payment/:gateway/redirect': 'wallet.e2e.ts, after a real wallet recharge',
  // a dispute needs a delivered parcel and its claim; a KYC application the seller's whole KYC
  '/dakiya/disputes/:disputeId': 'disputes.e2e.ts, on the dispute the seller raised',
  '/dakiya/kyc/:applicationId': 'kyc.e2e.ts, on the application the seller submitted',
  // the advance link is sent for an order of a payment mode the seller creates first
  '/advance/:token': 'payment-modes.e2e.ts, on the link of the order it creates',
  // a B2B order needs its warehouses first: b2b.e2e.ts adds them and opens the order it creates
  '/b2b/orders/:orderId': 'b2b.e2e.ts, on the B2B orders the seller creates, booked and delivered',
};

/** Paths that lead to another screen by design; every other walked path must open its own screen. */
export const REDIRECTS: Readonly<Record<string, string>> = {
  '/': '/login',
  '/dakiya': '/dakiya/dashboard',
  // the walk's seller is on Premium, the top plan: the deny-all guard says there is nothing above it
  // (plan-menu.e2e.ts opens /upgrade as a Lite seller)
  '/upgrade': '/denied',
};

/**
 * Pages the server draws itself, outside the app's route table: checked with axe by the test that
 * opens them, and counted as screens under these names.
 */
export const SERVER_PAGES: Readonly<Record<string, RegExp>> = {
  '/api/docs': /^\/api\/docs$/,
  '/sandbox-gateway/pay/:token': /^\/sandbox-gateway\/pay\/[^/]+$/,
};

/**
 * Whether an address a browser test opened is a screen a person reads: not a path that redirects
 * by design, not the development mailbox or a stand-in for another company's site (/dev/), and not
 * an unknown path (the 404 screen it shows is /error, a screen of its own).
 */
export function isScreen(pathname: string): boolean {
  if (pathname in REDIRECTS || pathname.startsWith('/dev/')) return false;
  const screen = screenOf(`http://screen${pathname}`);
  return ALL_PATHS.includes(screen) || screen in SERVER_PAGES;
}

/** Opened last by their role: nothing is changed, but the forced-change screens must not cut the walk short. */
export const WALKED_LAST = ['/change_password', '/dakiya/change_password'] as const;

const walked = (paths: readonly string[]) =>
  paths.filter((p) => !(p in WALKED_ELSEWHERE) && !(WALKED_LAST as readonly string[]).includes(p));

/** Who opens which paths: the Pro demo seller, staff, and a visitor (public and buyer pages). */
export const WALK_BY_ROLE = {
  seller: walked(SELLER_PATHS),
  staff: walked(CORPORATE_PATHS),
  public: walked(PUBLIC_PATHS),
} as const;

/** Paths with a parameter: the walk opens a real address for each (an order, a parcel, a token…). */
export const ADDRESSED_PATHS = [
  '/orders/:orderId',
  '/returns/:returnId',
  '/weight-discrepancies/:discrepancyId',
  '/wallet/cod-remittance/:payoutId',
  '/help/tickets/:ticketId',
  '/dakiya/weight-discrepancies/:discrepancyId',
  '/dakiya/wallets/:orgId',
  '/dakiya/cod-remittance/:payoutId',
  '/dakiya/tickets/:ticketId',
  '/dakiya/simulation/:orderId',
  '/dakiya/accounts/:accountId',
  '/dakiya/rate-cards/:orgId',
  '/tracking/*',
  '/v2/track/*',
  '/s',
  '/ndr/:token',
  '/cod/:token',
  '/invite/:token',
] as const;

export type AddressedPath = (typeof ADDRESSED_PATHS)[number];

/** Whether a route-table path needs a real address to open (a parameter, a wildcard, or /s?r=). */
export const needsAddress = (path: string) => /[:*]/.test(path) || path === '/s';

/** The route-table path a concrete address opens (/orders/42 → /orders/:orderId), or the address's own path. */
export function screenOf(url: string): string {
  const { pathname } = new URL(url);
  // exact paths first: /orders/new is its own screen, not an order
  return (
    ALL_PATHS.find((p) => p === pathname) ??
    Object.keys(SERVER_PAGES).find((p) => SERVER_PAGES[p].test(pathname)) ??
    ALL_PATHS.find((p) => matchPath({ path: p, end: true }, pathname) !== null) ??
    pathname.replace(/\/\d+(?=\/|$)/g, '/:id')
  );
}
