// @vitest-environment jsdom
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { API_WALLET, type WalletEntryRow, type WalletSummary } from '../../src/domain/wallet-contract';
import { WalletScreen } from '../../src/ui/screens/wallet/wallet-screen';
import { fakeHttp, page, renderScreen } from './helpers';

afterEach(cleanup);

const SUMMARY: WalletSummary = {
  balancePaise: 0,
  creditLimitPaise: 0,
  heldPaise: 0,
  spendablePaise: 0,
  heldFor: [],
  postpaid: false,
  limits: { minRupees: 100, maxRupees: 500_000, quickPicks: [500] },
  gateways: [],
};
const ENTRY: WalletEntryRow = {
  entryId: 7,
  kind: 'RECHARGE',
  label: 'Recharge',
  reference: 'PAY-77',
  description: 'Wallet recharge',
  amountPaise: 50_000,
  balanceAfterPaise: 50_000,
  createdAt: '2026-11-12T05:30:00.000Z',
};

describe('a list date filter', () => {
  it('says a from-date after the to-date at the To field and keeps the table and its rows', async () => {
    const { http, calls } = fakeHttp({
      [`GET ${API_WALLET.wallet.path}`]: () => ({ data: SUMMARY }),
      [`GET ${API_WALLET.history.path}`]: () => page([ENTRY]),
    });
    renderScreen(<WalletScreen />, { http });
    const table = await screen.findByRole('table', { name: 'Wallet statement' });
    await within(table).findByText('PAY-77');
    const from = screen.getByLabelText('From date');
    const to = screen.getByLabelText('To date');
    expect(to.getAttribute('aria-invalid')).toBeNull();

    fireEvent.change(to, { target: { value: '2026-11-10' } });
    await waitFor(() => expect(calls.filter((c) => c.path === API_WALLET.history.path)).toHaveLength(2));
    fireEvent.change(from, { target: { value: '2026-11-20' } });

    const message = 'From date must be on or before To date';
    expect(to.getAttribute('aria-invalid')).toBe('true');
    expect(from.getAttribute('aria-invalid')).toBe('true');
    const said = document.getElementById(to.getAttribute('aria-describedby')!)!;
    expect(said.textContent).toBe(message);
    expect(from.getAttribute('aria-describedby')).toBe(said.id);
    // said once, at the field: no alert in place of the table, and the reversed range is never asked for
    expect(screen.getAllByText(message)).toHaveLength(1);
    expect(screen.getByRole('table', { name: 'Wallet statement' })).toBe(table);
    expect(within(table).getByText('PAY-77')).toBeTruthy();
    const history = calls.filter((c) => c.path === API_WALLET.history.path);
    expect(history).toHaveLength(2);
    expect(history.some((c) => (c.body as Record<string, unknown>).fromDate === '2026-11-20')).toBe(false);

    fireEvent.change(from, { target: { value: '2026-11-01' } });
    expect(to.getAttribute('aria-invalid')).toBeNull();
    expect(screen.queryByText(message)).toBeNull();
    await waitFor(() =>
      expect(calls.filter((c) => c.path === API_WALLET.history.path).at(-1)!.body).toMatchObject({
        fromDate: '2026-11-01',
        toDate: '2026-11-10',
      }),
    );
  });
});
