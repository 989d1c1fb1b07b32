// @vitest-environment jsdom
import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, screen } from '@testing-library/react';
import { ACCOUNT, fakeSession, renderScreen } from './helpers';
import { DeniedScreen } from '../../src/ui/screens/public/denied-screen';
import { SettingsScreen } from '../../src/ui/screens/profile/settings-screen';
import { BUILT_IN_ROLES } from '../../src/domain/permissions';

afterEach(cleanup);

describe('team and plans in the browser', () => {
  it('/denied naming a plan shows its upgrade path, never "Access denied"', () => {
    renderScreen(<DeniedScreen />, { path: '/denied?plan=PRO' });
    expect(screen.getByRole('heading', { name: 'This page comes with Pro' })).toBeTruthy();
    expect(screen.queryByText('Access denied')).toBeNull();
    const link = screen.getByRole('link', { name: 'Upgrade to Pro' });
    expect(link.getAttribute('href')).toBe('/plan?upgrade=PRO');
  });

  it('/denied from the deny-all guard says why in words', () => {
    renderScreen(<DeniedScreen />, { path: '/denied?reason=top-plan' });
    expect(screen.getByText(/Your account is on Premium, our top plan/)).toBeTruthy();
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
    expect(screen.queryByRole('button', { name: /^Wallet/ })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Setup' })).toBeNull();
    expect(screen.getAllByRole('button', { name: 'Orders' }).length).toBeGreaterThan(0);
    cleanup();
    renderScreen(<SettingsScreen />, { path: '/settings' });
    expect(screen.getAllByRole('button', { name: /^Wallet/ }).length).toBeGreaterThan(0);
    expect(screen.getAllByRole('button', { name: 'Setup' }).length).toBeGreaterThan(0);
  });
});
