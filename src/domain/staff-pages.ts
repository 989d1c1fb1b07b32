import type { StaffPermission } from './staff-permissions';

// The staff console's pages (/dakiya/...), each with the staff permission it needs: the guard
// checks it before the console's code loads, and the menu offers only what the role may open.

export interface StaffPage {
  /** the first path segment under /dakiya */
  segment: string;
  needs: StaffPermission;
  /** shown in the staff menu, in this order, when it has a label */
  menu?: string;
  /** a page used less often: under the profile menu rather than the top row */
  more?: boolean;
}

export const STAFF_PAGES: readonly StaffPage[] = [
  { segment: 'dashboard', needs: 'accounts.view', menu: 'Dashboard' },
  { segment: 'accounts', needs: 'accounts.view', menu: 'Accounts' },
  { segment: 'tickets', needs: 'tickets.manage', menu: 'Tickets' },
  { segment: 'disputes', needs: 'disputes.manage', menu: 'Disputes' },
  { segment: 'kyc', needs: 'kyc.review', menu: 'KYC' },
  { segment: 'weight-discrepancies', needs: 'weight.manage', menu: 'Weight' },
  { segment: 'weight-freezes', needs: 'weight.manage' },
  { segment: 'wallets', needs: 'wallets.manage', menu: 'Wallets' },
  { segment: 'cod-remittance', needs: 'cod.manage', menu: 'COD' },
  { segment: 'bank-account-changes', more: true, needs: 'kyc.review', menu: 'Bank changes' },
  { segment: 'coupons', needs: 'coupons.manage', menu: 'Coupons' },
  { segment: 'plans', more: true, needs: 'plans.manage', menu: 'Plans' },
  { segment: 'rate-cards', needs: 'pricing.manage' },
  { segment: 'terms', more: true, needs: 'notices.manage', menu: 'Terms' },
  { segment: 'simulation', more: true, needs: 'orders.simulate', menu: 'Order simulation' },
  { segment: 'banners', more: true, needs: 'notices.manage', menu: 'Banners' },
  { segment: 'release-notes', more: true, needs: 'notices.manage', menu: 'Release notes' },
  { segment: 'audit', needs: 'audit.view', menu: 'Audit log' },
  { segment: 'staff', more: true, needs: 'staff.manage', menu: 'Staff' },
];

/** Pages any staff login may open, whatever its role. */
const OPEN_SEGMENTS = new Set(['', 'change_password']);

/**
 * What a /dakiya address needs: a permission, 'open' for a page every staff login may see, or
 * 'unknown' (no such page: the console's own table sends it to /error).
 */
export function staffPageNeeds(pathname: string): StaffPermission | 'open' | 'unknown' {
  const segment = pathname.replace(/^\/dakiya\/?/, '').split('/')[0] ?? '';
  if (OPEN_SEGMENTS.has(segment)) return 'open';
  return STAFF_PAGES.find((p) => p.segment === segment)?.needs ?? 'unknown';
}

/** Where a staff login lands: the first page its permissions open (the dashboard for most). */
export function staffLanding(permissions: readonly string[]): string {
  const first = STAFF_PAGES.find((p) => p.menu && permissions.includes(p.needs));
  return first ? `/dakiya/${first.segment}` : '/dakiya/change_password';
}
