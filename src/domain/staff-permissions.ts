// What each Dakiya staff member may do (spec section 6, CORPORATE). Like a seller's team, a staff
// login has a role made of permissions, and the server refuses the rest: a staff route names the
// staffPermission it needs, and one that names none is the ADMIN's alone (deny by default).
// docs/decisions/staff-console.md.

export const STAFF_PERMISSIONS = [
  { code: 'accounts.view', label: 'View seller accounts' },
  { code: 'accounts.manage', label: 'Activate, deactivate and act as sellers' },
  { code: 'kyc.review', label: 'Review KYC and bank changes' },
  { code: 'cod.manage', label: 'Run COD remittance' },
  { code: 'wallets.manage', label: 'Adjust wallets and credit limits' },
  { code: 'plans.manage', label: 'Change plan prices' },
  { code: 'coupons.manage', label: 'Manage coupons' },
  { code: 'disputes.manage', label: 'Decide delivery disputes' },
  { code: 'weight.manage', label: 'Decide weight discrepancies' },
  { code: 'orders.simulate', label: 'Simulate orders and change delivery dates' },
  { code: 'notices.manage', label: 'Publish banners, release notes and terms' },
  { code: 'tickets.manage', label: 'Answer support tickets' },
  { code: 'audit.view', label: 'Search and export the audit log' },
  { code: 'staff.manage', label: 'Manage staff and their roles' },
  { code: 'pricing.manage', label: 'Set sellers’ own rate cards' },
] as const;

export type StaffPermission = (typeof STAFF_PERMISSIONS)[number]['code'];

export const ALL_STAFF_PERMISSIONS: readonly StaffPermission[] = STAFF_PERMISSIONS.map((p) => p.code);

export const STAFF_ROLES = {
  SUPPORT: {
    label: 'Support',
    permissions: ['accounts.view', 'tickets.manage', 'disputes.manage', 'weight.manage', 'orders.simulate'],
  },
  FINANCE: {
    label: 'Finance',
    permissions: [
      'accounts.view',
      'cod.manage',
      'wallets.manage',
      'plans.manage',
      'coupons.manage',
      'audit.view',
      'pricing.manage',
    ],
  },
  KYC_REVIEWER: { label: 'KYC reviewer', permissions: ['accounts.view', 'kyc.review'] },
  OPERATIONS: {
    label: 'Operations',
    permissions: [
      'accounts.view',
      'accounts.manage',
      'tickets.manage',
      'disputes.manage',
      'weight.manage',
      'orders.simulate',
      'notices.manage',
    ],
  },
  ADMIN: { label: 'Admin', permissions: ALL_STAFF_PERMISSIONS },
} as const satisfies Record<string, { label: string; permissions: readonly StaffPermission[] }>;

export type StaffRole = keyof typeof STAFF_ROLES;
export const STAFF_ROLE_CODES = Object.keys(STAFF_ROLES) as StaffRole[];
/** A staff login made without a role may do what support does: the least that is still useful. */
export const DEFAULT_STAFF_ROLE: StaffRole = 'SUPPORT';

export function isStaffRole(code: string): code is StaffRole {
  return code in STAFF_ROLES;
}

export function staffPermissionsOf(role: string | null | undefined): readonly StaffPermission[] {
  return role && isStaffRole(role) ? STAFF_ROLES[role].permissions : [];
}

export function staffPermissionLabel(code: StaffPermission): string {
  return STAFF_PERMISSIONS.find((p) => p.code === code)?.label ?? code;
}

/** The rule the server and the staff menu share. No permission named: the ADMIN's alone. */
export function staffMayUse(role: string | null | undefined, needed: StaffPermission | undefined): boolean {
  if (role === 'ADMIN') return true;
  if (!needed) return false;
  return staffPermissionsOf(role).includes(needed);
}

/** The 403 of a staff login whose role lacks the route's permission. */
export const STAFF_PERMISSION_DENIED = 'Your staff role does not allow this. Ask a Dakiya admin for access.';
