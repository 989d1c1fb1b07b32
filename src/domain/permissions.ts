// Who in a seller's team may do what (spec section 6). A permission is an area and an action;
// a role is a set of permissions. The OWNER may do everything; every other seller login may do
// only what its role lists, and the server refuses the rest (deny by default: a seller route
// that names no permission is open to the OWNER alone). docs/decisions/team-and-plans.md.

export const PERMISSION_AREAS = [
  {
    area: 'orders',
    label: 'Orders',
    actions: [
      { code: 'orders.view', label: 'View orders' },
      { code: 'orders.create', label: 'Create and edit orders' },
      { code: 'orders.ship', label: 'Ship orders' },
      { code: 'orders.cancel', label: 'Cancel orders' },
    ],
  },
  {
    area: 'returns',
    label: 'Returns',
    actions: [
      { code: 'returns.view', label: 'View returns' },
      { code: 'returns.manage', label: 'Create and ship returns' },
    ],
  },
  {
    area: 'ndr',
    label: 'NDR and RTO',
    actions: [
      { code: 'ndr.view', label: 'View NDR and RTO' },
      { code: 'ndr.act', label: 'Act on NDR' },
    ],
  },
  {
    area: 'wallet',
    label: 'Wallet',
    actions: [
      { code: 'wallet.view', label: 'View the wallet' },
      { code: 'wallet.recharge', label: 'Recharge the wallet' },
    ],
  },
  {
    area: 'billing',
    label: 'Billing',
    actions: [
      { code: 'billing.view', label: 'View invoices, plan and disputes' },
      { code: 'billing.manage', label: 'Change the plan and raise disputes' },
    ],
  },
  {
    area: 'kyc',
    label: 'KYC and bank',
    actions: [
      { code: 'kyc.view', label: 'View KYC and bank details' },
      // bank accounts (where COD is paid) are changed by the OWNER alone
      { code: 'kyc.manage', label: 'Submit KYC documents' },
    ],
  },
  {
    area: 'setup',
    label: 'Setup',
    actions: [
      { code: 'setup.view', label: 'View products, packages and addresses' },
      { code: 'setup.manage', label: 'Change products, packages, addresses and branding' },
    ],
  },
  {
    area: 'reports',
    label: 'Reports',
    actions: [
      { code: 'reports.view', label: 'Download reports and exports' },
      { code: 'reports.schedule', label: 'Schedule reports by email' },
    ],
  },
  {
    area: 'tickets',
    label: 'Help desk',
    actions: [
      { code: 'tickets.view', label: 'View support tickets' },
      { code: 'tickets.manage', label: 'Raise and answer support tickets' },
    ],
  },
  { area: 'users', label: 'Users', actions: [{ code: 'users.manage', label: 'Manage users and roles' }] },
  { area: 'apiKeys', label: 'API keys', actions: [{ code: 'apikeys.manage', label: 'Manage API keys' }] },
  { area: 'buyers', label: 'Buyers', actions: [{ code: 'buyers.contact', label: 'See buyer contact details' }] },
] as const;

export type Permission = (typeof PERMISSION_AREAS)[number]['actions'][number]['code'];

export const ALL_PERMISSIONS: readonly Permission[] = PERMISSION_AREAS.flatMap((a) => a.actions.map((x) => x.code));

/** A route every logged-in account of its type may use (its own profile, password, terms). */
export const SELF = 'self' as const;
/** What a seller route declares: the permission it needs, or SELF. */
export type RoutePermission = Permission | typeof SELF;

export function isPermission(code: string): code is Permission {
  return (ALL_PERMISSIONS as readonly string[]).includes(code);
}

export function permissionLabel(code: Permission): string {
  for (const a of PERMISSION_AREAS) for (const x of a.actions) if (x.code === code) return x.label;
  return code;
}

const VIEWS = ALL_PERMISSIONS.filter((p) => p.endsWith('.view'));

/**
 * The built-in roles. OWNER: everything. LOCKED_OWNER: an owner whose account is frozen while
 * staff review it (a KYC or payment concern): it may look at everything and change nothing.
 * SELLER (SLR, the account form's default): runs the business day to day, but not users, plan,
 * API keys or KYC. USER (USR): orders, returns and NDR only.
 */
export const BUILT_IN_ROLES = {
  OWNER: { label: 'Owner', permissions: ALL_PERMISSIONS },
  LOCKED_OWNER: { label: 'Locked owner', permissions: [...VIEWS, 'buyers.contact'] as Permission[] },
  SELLER: {
    label: 'Seller',
    permissions: ALL_PERMISSIONS.filter(
      (p) => !['users.manage', 'apikeys.manage', 'kyc.manage'].includes(p),
    ) as Permission[],
  },
  USER: {
    label: 'User',
    permissions: [
      'orders.view',
      'orders.create',
      'orders.ship',
      'returns.view',
      'returns.manage',
      'ndr.view',
      'ndr.act',
    ] as Permission[],
  },
} as const satisfies Record<string, { label: string; permissions: readonly Permission[] }>;

export type BuiltInRole = keyof typeof BUILT_IN_ROLES;
/** The roles the OWNER may give a user (not OWNER nor LOCKED_OWNER: those belong to the organisation's owner). */
export const ASSIGNABLE_BUILT_IN_ROLES = ['SELLER', 'USER'] as const;
export const DEFAULT_USER_ROLE = 'SELLER';

export function builtInPermissions(role: string): readonly Permission[] {
  return role in BUILT_IN_ROLES ? BUILT_IN_ROLES[role as BuiltInRole].permissions : [];
}

/** The rule the server and the menus share: may an account of this role with these permissions do this? */
export function mayUse(role: string, permissions: readonly string[], needed: RoutePermission | undefined): boolean {
  if (role === 'OWNER') return true;
  if (needed === SELF) return true;
  if (!needed) return false;
  return permissions.includes(needed);
}

/**
 * The role and permissions to check now: the account once it is read; before that an owner's
 * token, since the owner may use everything (the account read after it is checked again); null
 * while neither says.
 */
export function checkableRole(
  account: { role: string; permissions: readonly string[] } | null,
  claims: { role: string } | null,
): { role: string; permissions: readonly string[] } | null {
  if (account) return account;
  return claims?.role === 'OWNER' ? { role: 'OWNER', permissions: [] } : null;
}

/** Why a menu item or a button is off, for its tooltip. */
export function deniedReason(needed: Permission): string {
  return `Your role does not allow this (${permissionLabel(needed)}). Ask the account owner.`;
}
