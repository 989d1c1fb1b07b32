// @vitest-environment jsdom
import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, screen } from '@testing-library/react';
import { ACCOUNT, fakeSession, renderScreen } from './helpers';
import { DeniedScreen } from '../../src/ui/screens/public/denied-screen';
import { SettingsScreen } from '../../src/ui/screens/profile/settings-screen';
import { BUILT_IN_ROLES } from '../../src/domain/permissions';

afterEach(cleanup);

describe('team and plans in the browser', () => {
  it('/denied names the plan that opens the page, with the upgrade link', () => {
    renderScreen(<DeniedScreen />, { path: '/denied?plan=PRO' });
    expect(screen.getByText(/comes with the/)).toBeTruthy();
    const link = screen.getByRole('link', { name: 'Upgrade to Pro' });
    expect(link.getAttribute('href')).toBe('/plan?upgrade=PRO');
  });

  it('/denied for a role says to ask the owner', () => {
    renderScreen(<DeniedScreen />, { path: '/denied?role=1' });
    expect(screen.getByText(/Your role does not allow this page/)).toBeTruthy();
  });

  it('the menu shows a User only what its role allows: no wallet, no setup; the owner sees them', () => {
    const user = fakeSession({
      account: { ...ACCOUNT, role: 'USER', permissions: [...BUILT_IN_ROLES.USER.permissions] },
    });
    renderScreen(<SettingsScreen />, { session: user, path: '/settings' });
    expect(screen.queryByRole('link', { name: /^Wallet/ })).toBeNull();
    expect(screen.queryByRole('link', { name: 'Setup' })).toBeNull();
    expect(screen.getAllByRole('link', { name: 'Orders' }).length).toBeGreaterThan(0);
    cleanup();
    renderScreen(<SettingsScreen />, { path: '/settings' });
    expect(screen.getAllByRole('link', { name: /^Wallet/ }).length).toBeGreaterThan(0);
    expect(screen.getAllByRole('link', { name: 'Setup' }).length).toBeGreaterThan(0);
  });
});
