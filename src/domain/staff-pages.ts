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
  /** a group of the top row it sits in (a disclosure menu), rather than a link of its own */
  group?: StaffMenuGroup;
}

/** The groups of the staff menu's top row, with their labels. */
export const STAFF_MENU_GROUPS = {
  /** what the platform itself does: its test orders, its couriers' health, and what it tells sellers */
  platform: 'Platform',
} as const;
export type StaffMenuGroup = keyof typeof STAFF_MENU_GROUPS;

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
  { segment: 'simulation', group: 'platform', needs: 'orders.simulate', menu: 'Order simulation' },
  { segment: 'couriers', group: 'platform', needs: 'orders.simulate', menu: 'Couriers' },
  { segment: 'courier-codes', group: 'platform', needs: 'orders.simulate', menu: 'Unknown courier codes' },
  { segment: 'message-templates', group: 'platform', needs: 'notices.manage', menu: 'Buyer message templates' },
  { segment: 'banners', group: 'platform', needs: 'notices.manage', menu: 'Banners' },
  { segment: 'release-notes', group: 'platform', needs: 'notices.manage', menu: 'Release notes' },
  { segment: 'terms', group: 'platform', needs: 'notices.manage', menu: 'Terms' },
  { segment: 'audit', needs: 'audit.view', menu: 'Audit log' },
  { segment: 'staff', more: true, needs: 'staff.manage', menu: 'Staff' },
];

export interface StaffMenuLink {
  to: string;
  label: string;
}
export type StaffMenuEntry = StaffMenuLink | { group: StaffMenuGroup; label: string; links: StaffMenuLink[] };

/**
 * The staff menu a login's permissions open: the top row (links, and groups where a group's first
 * page stands, each with only the pages allowed; a group with none is not shown) and the less used
 * pages under the profile menu.
 */
export function staffMenu(permissions: readonly string[]): { row: StaffMenuEntry[]; more: StaffMenuLink[] } {
  const pages = STAFF_PAGES.filter((p) => p.menu && permissions.includes(p.needs));
  const link = (p: StaffPage): StaffMenuLink => ({ to: `/dakiya/${p.segment}`, label: p.menu! });
  const row: StaffMenuEntry[] = [];
  for (const p of pages.filter((x) => !x.more)) {
    if (!p.group) {
      row.push(link(p));
      continue;
    }
    const group = row.find((e) => 'group' in e && e.group === p.group) as Extract<StaffMenuEntry, { group: string }>;
    if (group) group.links.push(link(p));
    else row.push({ group: p.group, label: STAFF_MENU_GROUPS[p.group], links: [link(p)] });
  }
  return { row, more: pages.filter((p) => p.more).map(link) };
}

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
