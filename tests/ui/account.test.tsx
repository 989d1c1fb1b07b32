// @vitest-environment jsdom
import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { routeExists } from '../../src/routes/route-paths';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { MSG } from '../../src/domain/messages';
import { dismissNotice } from '../../src/services/notify';
import { ChangePasswordScreen } from '../../src/ui/screens/account/change-password-screen';
import { SellerShell } from '../../src/ui/screens/shell/seller-shell';
import { StaffShell } from '../../src/ui/screens/shell/staff-shell';
import { ACCOUNT, fakeHttp, fakeSession, renderScreen } from './helpers';
import { API_AUTH } from '../../src/domain/auth-contract';

afterEach(() => {
  act(() => dismissNotice());
  cleanup();
});

const type = (label: string, value: string) =>
  fireEvent.change(screen.getByLabelText(label, { selector: 'input' }), { target: { value } });

describe('ChangePasswordScreen', () => {
  it('checks the fields, posts the change, adopts the new token, notifies and goes to the landing page', async () => {
    const { http, calls } = fakeHttp({
      [`POST ${API_AUTH.updatePassword.path}`]: () => ({ data: { accessToken: 'new.token' } }),
    });
    const adoptAccessToken = vi.fn();
    renderScreen(<ChangePasswordScreen />, {
      http,
      session: fakeSession({ adoptAccessToken }),
      path: '/change_password',
    });
    fireEvent.click(screen.getByRole('button', { name: 'Change password' }));
    expect(screen.getAllByText(MSG.required, { selector: '.field-error' })).toHaveLength(2);
    expect(screen.getByText(MSG.enterPassword)).toBeTruthy();
    expect(calls).toEqual([]);

    type('Current password', 'Temp#1234');
    type('New password', 'NewPass12');
    expect(screen.getByText(MSG.passwordNotStrongSignup)).toBeTruthy();
    type('New password', 'New#Pass1');
    type('Confirm new password', 'New#Pass1');
    fireEvent.click(screen.getByRole('button', { name: 'Change password' }));
    await waitFor(() => expect(screen.getByTestId('location').textContent).toBe('/home'));
    expect(calls).toEqual([
      {
        method: 'POST',
        path: API_AUTH.updatePassword.path,
        body: { currentPassword: 'Temp#1234', newPassword: 'New#Pass1' },
      },
    ]);
    expect(adoptAccessToken).toHaveBeenCalledWith('new.token');
    expect(screen.getByRole('status').textContent).toContain(MSG.passwordChanged);
  });

  it('shows the server’s reason and stays', async () => {
    const { http } = fakeHttp({
      [`POST ${API_AUTH.updatePassword.path}`]: () => {
        throw { status: 400, message: MSG.currentPasswordWrong };
      },
    });
    renderScreen(<ChangePasswordScreen staff />, { http, path: '/dakiya/change_password' });
    type('Current password', 'Wrong#123');
    type('New password', 'New#Pass1');
    type('Confirm new password', 'New#Pass1');
    fireEvent.click(screen.getByRole('button', { name: 'Change password' }));
    expect((await screen.findByRole('alert')).textContent).toBe(MSG.currentPasswordWrong);
    expect(screen.getByTestId('location').textContent).toBe('/dakiya/change_password');
  });

  it('asks for a new password first when the account holds a temporary one', () => {
    renderScreen(<ChangePasswordScreen />, {
      session: fakeSession({ account: { ...ACCOUNT, mustChangePassword: true } }),
    });
    expect(screen.getByText(MSG.passwordChangeRequired)).toBeTruthy();
  });
});

describe('SellerShell', () => {
  it('lists the menu in tour order with tour anchors, the wallet balance, the active page, and logs out', () => {
    const session = fakeSession();
    renderScreen(
      <SellerShell>
        <p>content</p>
      </SellerShell>,
      { session, path: '/orders' },
    );
    const nav = screen.getByRole('navigation', { name: 'Main' });
    // one row: the tour's stops in order, the rest grouped under them (Orders is the menu's 3rd item)
    const row = Array.from(nav.querySelectorAll(':scope > ul > li > a, :scope > ul > li > div > button')).map(
      (e) => e.textContent,
    );
    expect(row).toEqual(['Home', 'Dashboard', 'Orders▾', 'Returns', 'Setup▾', 'Reports▾']);
    const wallet = within(nav).getByTestId('header-spendable');
    expect(wallet.textContent).toBe('₹1,234.50');
    for (const id of ['tour-orders', 'tour-returns', 'tour-setup', 'tour-help', 'tour-wallet', 'tour-profile']) {
      expect(document.querySelectorAll(`[data-tour="${id}"]`)).toHaveLength(1);
    }
    // the group holding the page shows it; its menu marks the page
    const orders = within(nav).getByRole('button', { name: 'Orders' });
    expect(orders.className).toContain('is-active');
    expect(orders.getAttribute('aria-expanded')).toBe('false');
    fireEvent.click(orders);
    expect(within(nav).getByRole('link', { name: 'All orders' }).getAttribute('aria-current')).toBe('page');
    expect(within(nav).getByRole('link', { name: 'NDR' }).getAttribute('href')).toBe('/ndr');
    for (const link of within(nav).getAllByRole('link')) expect(routeExists(link.getAttribute('href')!)).toBe(true);
    // Escape closes it and focus goes back to its button
    fireEvent.keyDown(within(nav).getByRole('link', { name: 'NDR' }), { key: 'Escape' });
    expect(within(nav).queryByRole('link', { name: 'NDR' })).toBeNull();
    expect(document.activeElement).toBe(orders);
    // the down arrow opens it from the keyboard
    fireEvent.keyDown(orders, { key: 'ArrowDown' });
    expect(orders.getAttribute('aria-expanded')).toBe('true');
    fireEvent.keyDown(orders, { key: 'Escape' });
    expect(screen.getByRole('link', { name: 'Skip to content' }).getAttribute('href')).toBe('#main-content');
    // Help is a menu: the help desk when it exists, and the tour again
    fireEvent.click(screen.getByRole('button', { name: 'Help' }));
    expect(screen.getByRole('button', { name: 'Take the tour' })).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Ravi Kumar' }));
    expect(screen.getByRole('link', { name: 'Change password' }).getAttribute('href')).toBe('/change_password');
    expect(screen.getByRole('link', { name: 'Profile' }).getAttribute('href')).toBe('/profile');
    fireEvent.click(screen.getByRole('button', { name: 'Logout' }));
    expect(session.logout).toHaveBeenCalled();
  });

  it('keeps the pages a higher plan opens in the menu, with the badge of that plan', () => {
    renderScreen(<SellerShell />, { path: '/home' });
    fireEvent.click(screen.getByRole('button', { name: 'Ravi Kumar' }));
    expect(screen.getByRole('link', { name: 'API keys Premium' }).getAttribute('href')).toBe('/api-keys');
    expect(screen.getByRole('link', { name: 'Webhooks Premium' }).getAttribute('href')).toBe('/webhooks');
    expect(screen.getByRole('link', { name: 'Team Pro' }).getAttribute('href')).toBe('/team');
    fireEvent.click(screen.getByRole('button', { name: 'Orders' }));
    expect(screen.getByRole('link', { name: 'My rate card Premium' }).getAttribute('href')).toBe('/tools/rate-card');
    fireEvent.click(screen.getByRole('button', { name: 'Setup' }));
    expect(screen.getByRole('link', { name: 'COD verification Pro' })).toBeTruthy();
  });

  it('shows no badge on what the plan includes', () => {
    renderScreen(<SellerShell />, {
      path: '/home',
      session: fakeSession({ account: { ...ACCOUNT, subscriptionType: 'PREMIUM' } }),
    });
    fireEvent.click(screen.getByRole('button', { name: 'Ravi Kumar' }));
    expect(screen.getByRole('link', { name: 'API keys' })).toBeTruthy();
    expect(screen.queryByTestId('plan-badge')).toBeNull();
  });

  it('opens the menu drawer from the menu button', async () => {
    renderScreen(<SellerShell />, { path: '/home' });
    fireEvent.click(screen.getByRole('button', { name: 'Open menu' }));
    const drawer = await screen.findByRole('dialog', { name: 'Menu' });
    expect(within(drawer).getByRole('link', { name: 'Returns' }).getAttribute('href')).toBe('/returns');
    fireEvent.click(within(drawer).getByRole('link', { name: 'Setup overview' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(screen.getByTestId('location').textContent).toBe('/setup');
  });

  it('draws one frame when a shell is nested in another', () => {
    renderScreen(
      <SellerShell>
        <SellerShell>
          <p>inner</p>
        </SellerShell>
      </SellerShell>,
    );
    expect(screen.getAllByRole('banner')).toHaveLength(1);
    expect(screen.getByText('inner')).toBeTruthy();
  });
});

describe('StaffShell', () => {
  it('offers the pages the staff role opens, Change password and Logout', () => {
    renderScreen(<StaffShell />, {
      path: '/dakiya/dashboard',
      session: fakeSession({ account: { ...ACCOUNT, permissions: ['accounts.view', 'cod.manage'] } }),
    });
    const nav = screen.getByRole('navigation', { name: 'Main' });
    expect(within(nav).getByRole('link', { name: 'Dashboard' }).getAttribute('aria-current')).toBe('page');
    expect(within(nav).getByRole('link', { name: 'Accounts' }).getAttribute('href')).toBe('/dakiya/accounts');
    expect(within(nav).getByRole('link', { name: 'COD' })).toBeTruthy();
    // a role without KYC review is not offered KYC
    expect(within(nav).queryByRole('link', { name: 'KYC' })).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: ACCOUNT.email }));
    expect(screen.getByRole('link', { name: 'Change password' }).getAttribute('href')).toBe('/dakiya/change_password');
    expect(screen.getByRole('button', { name: 'Logout' })).toBeTruthy();
  });
});
