import { describe, expect, it } from 'vitest';
import { staffMenu } from '../../src/domain/staff-pages';
import { ALL_STAFF_PERMISSIONS, STAFF_ROLES } from '../../src/domain/staff-permissions';

// The staff menu: the simulation, couriers, unknown codes, buyer message templates, banners, release notes and terms pages sit in the top row's
// Platform group, each only where the role may open it; a role with none of them has no group.

const labels = (perms: readonly string[]) =>
  staffMenu(perms).row.map((e) => ('group' in e ? `${e.label}: ${e.links.map((l) => l.label).join(', ')}` : e.label));

describe('the staff menu', () => {
  it('gathers the platform pages in one group of the top row for an admin, the rarer pages under the profile', () => {
    expect(labels(ALL_STAFF_PERMISSIONS)).toEqual([
      'Dashboard',
      'Accounts',
      'Tickets',
      'Disputes',
      'KYC',
      'Weight',
      'Wallets',
      'COD',
      'Coupons',
      'Platform: Order simulation, Couriers, Unknown courier codes, Buyer message templates, Banners, Release notes, Terms',
      'Audit log',
    ]);
    const { row, more } = staffMenu(ALL_STAFF_PERMISSIONS);
    const platform = row.find((e) => 'group' in e);
    expect(platform && 'links' in platform && platform.links.map((l) => l.to)).toEqual([
      '/dakiya/simulation',
      '/dakiya/couriers',
      '/dakiya/courier-codes',
      '/dakiya/message-templates',
      '/dakiya/banners',
      '/dakiya/release-notes',
      '/dakiya/terms',
    ]);
    expect(more.map((l) => l.label)).toEqual(['Bank changes', 'Plans', 'Staff']);
  });

  it('offers each role only what it may open', () => {
    expect(labels(STAFF_ROLES.SUPPORT.permissions)).toEqual([
      'Dashboard',
      'Accounts',
      'Tickets',
      'Disputes',
      'Weight',
      'Platform: Order simulation, Couriers, Unknown courier codes',
    ]);
    expect(labels(STAFF_ROLES.OPERATIONS.permissions)).toContain(
      'Platform: Order simulation, Couriers, Unknown courier codes, Buyer message templates, Banners, Release notes, Terms',
    );
    expect(labels(STAFF_ROLES.FINANCE.permissions).some((l) => l.startsWith('Platform'))).toBe(false);
    expect(labels(STAFF_ROLES.KYC_REVIEWER.permissions)).toEqual(['Dashboard', 'Accounts', 'KYC']);
  });
});
