// @vitest-environment jsdom
import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { routeExists } from '../../src/routes/route-paths';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { type CorporateAccountRow } from '../../src/domain/account-contract';
import { API_CORPORATE } from '../../src/domain/corporate-contract';
import { pathOf } from '../../src/domain/operation';
import { API_DASHBOARD } from '../../src/domain/dashboard-contract';
import { API_ORDERS } from '../../src/domain/orders-contract';
import { MSG } from '../../src/domain/messages';
import { dismissNotice } from '../../src/services/notify';
import { HomeScreen } from '../../src/ui/screens/home/home-screen';
import { DashboardScreen, SELLER_PANEL_POPUP } from '../../src/ui/screens/corporate/dashboard-screen';
import { ACCOUNT, fakeHttp, fakeSession, renderScreen } from './helpers';

afterEach(() => {
  act(() => dismissNotice());
  cleanup();
  vi.restoreAllMocks();
});

describe('HomeScreen', () => {
  it('greets the seller with company, plan and wallet balance in ₹, and says KYC is not verified while it is pending', async () => {
    renderScreen(<HomeScreen />, { path: '/home' });
    expect(screen.getByRole('heading', { level: 1, name: 'Namaste, Ravi Kumar' })).toBeTruthy();
    expect(screen.getByText('Kumar Traders')).toBeTruthy();
    const main = screen.getByRole('main');
    expect(within(main).getAllByText('Lite').length).toBeGreaterThan(0);
    expect(within(main).queryByText('LITE')).toBeNull();
    expect(within(main).getByText('₹1,234.50')).toBeTruthy();
    // while KYC is pending the stat says so; the first-parcel checklist (from the server) leads to it
    expect(screen.getByText('Not verified')).toBeTruthy();
    await waitFor(() => expect(document.querySelector('[data-tour="tour-get-started"]')).not.toBeNull());
    for (const link of screen.getAllByRole('link')) expect(routeExists(link.getAttribute('href')!)).toBe(true);
  });

  it('shows the sections below the account’s figures together, once their reads have answered', async () => {
    let answerChecklist: (v: unknown) => void = () => undefined;
    const { http } = fakeHttp({
      [`GET ${API_DASHBOARD.checklist.path}`]: () => new Promise((resolve) => (answerChecklist = resolve)),
      [`GET ${API_DASHBOARD.home.path}`]: () => ({
        data: { ordersToday: 3, shipmentsToday: 2, readyToShip: 1, openNdr: 0 },
      }),
      [`GET ${pathOf(API_ORDERS.delays)}`]: () => ({ data: { pickup: 1, shipment: 0, discrepancy: 0 } }),
    });
    renderScreen(<HomeScreen />, { http, path: '/home' });
    // today's figures and the delays have answered; the checklist has not: nothing below shows yet
    await waitFor(() => expect(screen.getByRole('status').textContent).toContain('Loading today’s figures'));
    await act(async () => {});
    expect(screen.queryByRole('region', { name: 'Today' })).toBeNull();
    expect(screen.queryByRole('heading', { name: 'Get started' })).toBeNull();
    await act(async () =>
      answerChecklist({
        data: { allDone: false, items: [{ key: 'KYC', done: false, note: null }] },
      }),
    );
    // then all of them at once, in their order
    const sections = await screen.findAllByRole('heading', { level: 2 });
    expect(sections.map((h) => h.textContent)).toEqual([
      'Ship your first parcel',
      'Today',
      'Delayed orders',
      'Waiting for pickup',
      'Get started',
    ]);
    expect(screen.queryByText('Loading today’s figures')).toBeNull();
  });

  it('says KYC is verified when it is', () => {
    renderScreen(<HomeScreen />, { session: fakeSession({ account: { ...ACCOUNT, kycVerified: true } }) });
    expect(screen.queryByRole('link', { name: 'Complete KYC' })).toBeNull();
    expect(screen.queryByText(/KYC to start shipping/)).toBeNull();
    expect(screen.getByText('Verified')).toBeTruthy();
  });

  it('greets at once and waits for the account with a spinner; an owner’s sections ask for their data meanwhile', async () => {
    const { http, calls } = fakeHttp({});
    renderScreen(<HomeScreen />, { http, session: fakeSession({ account: null }) });
    expect(screen.getByRole('heading', { level: 1, name: 'Namaste' })).toBeTruthy();
    expect(screen.getByRole('status').textContent).toContain('Loading your account');
    await waitFor(() => expect(calls.map((c) => c.path)).toContain(API_DASHBOARD.checklist.path));
  });

  it('asks nothing for a role it does not know yet until the account says what it may see', async () => {
    const { http, calls } = fakeHttp({});
    const claims = { ...fakeSession().claims!, role: 'USER', scope: ['SELLER'] };
    renderScreen(<HomeScreen />, { http, session: fakeSession({ account: null, claims }) });
    await act(async () => {});
    expect(calls.map((c) => c.path)).not.toContain(API_DASHBOARD.checklist.path);
    expect(calls.map((c) => c.path)).not.toContain(API_DASHBOARD.home.path);
  });
});

const ROW: CorporateAccountRow = {
  accountId: 42,
  firstName: 'Asha',
  lastName: 'Verma',
  email: 'asha@verma.in',
  phone: '9876543210',
  role: 'OWNER',
  enabled: true,
  orgId: 3,
  companyName: 'Verma Exports',
  createdAt: '2026-11-01T00:00:00Z',
};
const COUNTS = { organisations: 12, accounts: 1234, unverifiedAccounts: 3, signupsLast7Days: 5 };

describe('DashboardScreen', () => {
  it("shows the counts and 'No results found' when there are no seller accounts", async () => {
    const { http } = fakeHttp({
      [`GET ${API_CORPORATE.dashboard.path}`]: () => ({ data: COUNTS }),
      [`GET ${API_CORPORATE.accounts.path}`]: () => ({
        data: { items: [], total: 0, pageNumber: 0, recordsPerPage: 10 },
      }),
    });
    renderScreen(<DashboardScreen />, { http, path: '/dakiya/dashboard' });
    expect(await screen.findByText(MSG.noResults)).toBeTruthy();
    expect(screen.getByText('1,234')).toBeTruthy();
    expect(screen.getByText('Sign-ups in the last 7 days')).toBeTruthy();
  });

  it('lists accounts with the spec columns, searches, and opens the seller panel in a 450x600 popup', async () => {
    const { http, calls } = fakeHttp({
      [`GET ${API_CORPORATE.dashboard.path}`]: () => ({ data: COUNTS }),
      [`GET ${API_CORPORATE.accounts.path}`]: () => ({
        data: { items: [ROW], total: 1, pageNumber: 0, recordsPerPage: 10 },
      }),
      [`POST ${pathOf(API_CORPORATE.impersonate, { accountId: 42 })}`]: () => ({ data: { accessToken: 'adm.tok' } }),
    });
    const popup = { closed: false, close: vi.fn(), location: { href: 'about:blank' } };
    const open = vi.spyOn(window, 'open').mockReturnValue(popup as unknown as Window);
    renderScreen(<DashboardScreen />, { http });
    const table = await screen.findByRole('table');
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((h) => h.textContent),
    ).toEqual(['First name', 'Last name', 'Email', 'Phone', 'Role', 'Status', 'Action']);
    expect(within(table).getByText('+91 98765 43210')).toBeTruthy();
    expect(within(table).getByText('Enabled')).toBeTruthy();

    fireEvent.change(screen.getByLabelText('Search by name, email, phone or company'), {
      target: { value: ' verma ' },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Search' }));
    await waitFor(() => expect(calls.filter((c) => c.path === API_CORPORATE.accounts.path)).toHaveLength(2));
    expect(calls.filter((c) => c.path === API_CORPORATE.accounts.path)[1].body).toEqual({
      pageNumber: 0,
      recordsPerPage: 10,
      searchPattern: 'verma',
    });

    fireEvent.click(await screen.findByRole('button', { name: 'Open seller panel for asha@verma.in' }));
    expect(open).toHaveBeenCalledWith(
      'about:blank',
      SELLER_PANEL_POPUP.name,
      expect.stringContaining('width=450,height=600'),
    );
    await waitFor(() => expect(popup.location.href).toBe('/home?at=adm.tok'));
  });

  it('closes the popup and says why when the admin session is refused', async () => {
    const { http } = fakeHttp({
      [`GET ${API_CORPORATE.dashboard.path}`]: () => ({ data: COUNTS }),
      [`GET ${API_CORPORATE.accounts.path}`]: () => ({
        data: { items: [ROW], total: 1, pageNumber: 0, recordsPerPage: 10 },
      }),
      [`POST ${pathOf(API_CORPORATE.impersonate, { accountId: 42 })}`]: () => {
        throw { status: 404, message: 'Account not found' };
      },
    });
    const popup = { closed: false, close: vi.fn(), location: { href: 'about:blank' } };
    vi.spyOn(window, 'open').mockReturnValue(popup as unknown as Window);
    renderScreen(<DashboardScreen />, { http });
    fireEvent.click(await screen.findByRole('button', { name: /Open seller panel/ }));
    expect((await screen.findByRole('alert')).textContent).toContain('Account not found');
    expect(popup.close).toHaveBeenCalled();
  });
});
