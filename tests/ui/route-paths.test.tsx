// @vitest-environment jsdom
import { describe, expect, it } from 'vitest';
import { matchPath, type RouteObject } from 'react-router-dom';
import { routes } from '../../src/routes/app';
import { corporateRoutes } from '../../src/routes/corporate-routes';
import { ALL_PATHS, CORPORATE_PATHS, PUBLIC_PATHS, routeExists } from '../../src/routes/route-paths';
import { SELLER_PATHS } from '../../src/routes/seller-paths';

// The path lists links are checked against are the route table itself: nothing added or
// removed on one side only.

function pathsOf(list: RouteObject[], prefix = ''): string[] {
  return list.flatMap((r) => {
    const own = r.index ? [prefix || '/'] : r.path ? [r.path.startsWith('/') ? r.path : `${prefix}/${r.path}`] : [];
    return [...own, ...(r.children ? pathsOf(r.children, prefix) : [])];
  });
}

describe('route paths', () => {
  it('are exactly the paths of the route table (the catch-alls aside)', () => {
    const app = pathsOf(routes).filter((p) => p !== '/*' && p !== '/dakiya/*');
    const corporate = pathsOf(corporateRoutes, '/dakiya').filter((p) => p !== '/dakiya/*');
    expect([...new Set([...app, ...corporate])].filter((p) => !ALL_PATHS.includes(p))).toEqual([]);
    expect(ALL_PATHS.filter((p) => !app.includes(p) && !corporate.includes(p))).toEqual([]);
    expect(new Set(corporate)).toEqual(new Set(CORPORATE_PATHS));
    expect(app).toEqual(expect.arrayContaining([...PUBLIC_PATHS, ...SELLER_PATHS]));
  });

  it('match concrete links, with parameters, queries and hashes, and refuse areas not built', () => {
    for (const ok of [
      '/home',
      '/orders/42',
      '/orders/new',
      '/dakiya/dashboard#accounts',
      '/orders?q=1',
      '/tracking/SF123',
      '/payment/phonepe/redirect',
      '/returns',
      '/returns/7',
      '/returns/requests',
      '/tracking/return/SF123',
      '/kyc',
      '/dakiya/kyc/12',
      '/profile',
      '/settings',
      '/bank-accounts',
      '/weight-discrepancies/3',
      '/wallet/statements',
      '/dakiya/wallets/4',
      '/wallet/cod-remittance',
      '/wallet/cod-remittance/4',
      '/dakiya/cod-remittance/4',
      '/dakiya/accounts/7',
      '/dakiya/audit',
      '/dashboard?period=7d',
      '/help',
      '/help?category=NDR&awb=1400#new-ticket',
      '/help/tickets/12',
      '/dakiya/tickets/12',
    ])
      expect(routeExists(ok), ok).toBe(true);
    for (const missing of [
      '/returns/7/edit',
      '/help/tickets/12/edit',
      '/profile/edit',
      '/kyc/7',
      '/orders/42/edit',
      '/dakiya/accounts/7/edit',
    ])
      expect(routeExists(missing), missing).toBe(false);
  });

  it("answer as the router's own matcher does, for every pattern and links made from them", () => {
    const links = new Set<string>([
      '/',
      '/nope',
      '/HOME',
      '/orders/',
      '/orders//',
      '/tracking',
      '/tracking/A/B',
      '/a.b',
    ]);
    for (const p of ALL_PATHS) {
      const concrete = p.replace(/:[^/]+/g, '42').replace(/\/\*$/, '');
      for (const l of [
        concrete,
        `${concrete}/`,
        `${concrete}/x`,
        `${concrete}/x/y`,
        concrete.toUpperCase(),
        `${concrete}.`,
      ])
        links.add(l);
    }
    for (const l of links) {
      const router = ALL_PATHS.some((pattern) => matchPath({ path: pattern, end: true }, l) !== null);
      expect([l, routeExists(l)]).toEqual([l, router]);
    }
  });
});
