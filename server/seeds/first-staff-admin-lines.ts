import { formatDateTime } from '../../src/domain/format';
import type { FirstStaffAdminOutcome } from './first-staff-admin';

/** What the start banner says about the first staff ADMIN (nothing when the demo's logins are seeded or one exists). */
export function firstStaffAdminLines(outcome: FirstStaffAdminOutcome | null): string[] {
  if (!outcome || outcome.kind === 'present') return [];
  if (outcome.kind === 'missing')
    return [
      'No staff ADMIN login exists, so no one can open the corporate area (/dakiya). Set STAFF_ADMIN_EMAIL, STAFF_ADMIN_NAME and STAFF_ADMIN_PHONE and start again: the first ADMIN is made with a temporary password printed here once.',
    ];
  if (outcome.kind === 'taken')
    return [
      `STAFF_ADMIN_EMAIL ${outcome.email} is already a seller's login, so no staff ADMIN was made. Name another email and start again.`,
    ];
  return [
    'First staff ADMIN made (printed at this start only):',
    `  ${outcome.email}  temporary password ${outcome.temporaryPassword}`,
    `  log in at /login before ${formatDateTime(outcome.expiresAt)} IST and choose a new password; after that, ask the ADMIN to add staff from the corporate area.`,
  ];
}
