// @vitest-environment jsdom
import { act, cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { API_WALLET, type WalletSummary } from '../../src/domain/wallet-contract';
import { dismissNotice } from '../../src/services/notify';
import { PAYMENT_MESSAGE } from '../../src/domain/wallet-contract';
import { PaymentResultScreen } from '../../src/ui/screens/payment/payment-result-screen';
import { WalletScreen } from '../../src/ui/screens/wallet/wallet-screen';
import { ACCOUNT, fakeHttp, fakeSession, renderScreen } from './helpers';

afterEach(() => {
  act(() => dismissNotice());
  cleanup();
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});

const SUMMARY: WalletSummary = {
  balancePaise: 12_345,
  creditLimitPaise: 0,
  heldPaise: 0,
  spendablePaise: 12_345,
  heldFor: [],
  postpaid: false,
  limits: { minRupees: 100, maxRupees: 500_000, quickPicks: [500, 1000] },
  gateways: [{ gateway: 'phonepe', label: 'PhonePe', sandbox: true }],
};
const empty = { data: { items: [], total: 0, pageNumber: 0, recordsPerPage: 10 } };

describe('wallet', () => {
  it('shows what can be spent, the balance, what is held and for what, as the API gave them, and the header shows the same', async () => {
    const held = {
      ...SUMMARY,
      balancePaise: 258_902,
      heldPaise: 14_868,
      spendablePaise: 244_034,
      heldFor: [{ purpose: 'WEIGHT_DISPUTE' as const, count: 1, amountPaise: 14_868 }],
    };
    const { http } = fakeHttp({
      [`GET ${API_WALLET.wallet.path}`]: () => ({ data: held }),
      [`GET ${API_WALLET.coupons.path}`]: () => ({ data: [] }),
      [`GET ${API_WALLET.history.path}`]: () => empty,
    });
    const { balancePaise, heldPaise, creditLimitPaise, spendablePaise, heldFor } = held;
    const session = fakeSession({
      account: {
        ...ACCOUNT,
        walletBalancePaise: balancePaise,
        wallet: { balancePaise, heldPaise, creditLimitPaise, spendablePaise, heldFor },
      },
    });
    renderScreen(<WalletScreen />, { http, session, path: '/wallet' });
    await waitFor(() => expect(screen.getByTestId('wallet-spendable').textContent).toBe('₹2,440.34'));
    expect(screen.getByTestId('wallet-balance').textContent).toBe('₹2,589.02');
    expect(screen.getByTestId('wallet-held').textContent).toMatch(/^₹148\.68for a weight dispute · See the disputes$/);
    expect(screen.getByRole('link', { name: 'See the disputes' }).getAttribute('href')).toBe('/weight-discrepancies');
    expect(screen.queryByTestId('wallet-credit-limit')).toBeNull();
    // opened from a refusal's link, the amount it offered is filled in
    cleanup();
    renderScreen(<WalletScreen />, { http, session, path: '/wallet?amount=151' });
    await waitFor(() => expect((screen.getByLabelText('Amount') as HTMLInputElement).value).toBe('151'));
    expect(await screen.findByRole('button', { name: 'Pay ₹151.00' })).toBeTruthy();
    const header = screen.getByRole('navigation', { name: 'Main' });
    expect(within(header).getByTestId('header-spendable').textContent).toBe('₹2,440.34');
    expect(within(header).getByTestId('header-held').textContent).toBe('₹148.68 held for a weight dispute');
    expect(within(header).getByTestId('header-held').getAttribute('title')).toBe('₹148.68 held for a weight dispute');
  });

  it('shows the recharge card and the records below it once the card’s offers are read, not before', async () => {
    let answerOffers: (v: unknown) => void = () => undefined;
    const { http } = fakeHttp({
      [`GET ${API_WALLET.wallet.path}`]: () => ({ data: SUMMARY }),
      [`GET ${API_WALLET.coupons.path}`]: () => new Promise((resolve) => (answerOffers = resolve)),
      [`GET ${API_WALLET.history.path}`]: () => empty,
    });
    renderScreen(<WalletScreen />, { http });
    await waitFor(() => expect(screen.getByTestId('wallet-balance').textContent).toBe('₹123.45'));
    await act(async () => {});
    expect(screen.queryByRole('heading', { name: 'Recharge wallet' })).toBeNull();
    expect(screen.queryByRole('tab', { name: 'Statement' })).toBeNull();
    await act(async () =>
      answerOffers({ data: [{ couponCode: 'WELCOME10', description: '10% extra on a first recharge' }] }),
    );
    expect(await screen.findByRole('heading', { name: 'Recharge wallet' })).toBeTruthy();
    expect(screen.getByText(/Offers: WELCOME10/)).toBeTruthy();
    expect(screen.getByRole('tab', { name: 'Statement' })).toBeTruthy();
  });

  it('shows the balance, checks the amount, applies a coupon and opens the 450×600 payment popup', async () => {
    const popup = { closed: false, location: { href: 'about:blank' }, close: vi.fn() };
    const open = vi.spyOn(window, 'open').mockReturnValue(popup as unknown as Window);
    const { http, calls } = fakeHttp({
      [`GET ${API_WALLET.wallet.path}`]: () => ({ data: SUMMARY }),
      [`GET ${API_WALLET.coupons.path}`]: () => ({ data: [] }),
      [`GET ${API_WALLET.history.path}`]: () => empty,
      [`PUT ${API_WALLET.couponApply.path}`]: () => ({
        data: {
          couponCode: 'WELCOME10',
          bonusPaise: 10_000,
          message: '₹100.00 bonus will be added to your wallet with this recharge',
        },
      }),
      [`POST ${API_WALLET.startPayment.path}`]: () => ({
        data: {
          paymentOrderId: 'T1',
          merchantTransactionId: 'T1',
          url: 'http://localhost/sandbox-gateway/pay/abc',
          gateway: 'phonepe',
          amountPaise: 100_000,
          bonusPaise: 10_000,
        },
      }),
    });
    renderScreen(<WalletScreen />, { http });
    await waitFor(() => expect(screen.getByTestId('wallet-balance').textContent).toBe('₹123.45'));
    const amount = screen.getByLabelText('Amount');
    fireEvent.change(amount, { target: { value: '50' } });
    fireEvent.click(screen.getByRole('button', { name: /^Pay/ }));
    expect(screen.getByText('Enter an amount between ₹100 and ₹5,00,000')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: '₹1,000' }));
    fireEvent.change(screen.getByLabelText('Coupon code (optional)'), { target: { value: 'welcome10' } });
    fireEvent.click(screen.getByRole('button', { name: 'Apply' }));
    await screen.findByText('₹100.00 bonus will be added to your wallet with this recharge');
    fireEvent.click(screen.getByRole('button', { name: 'Pay ₹1,000.00' }));
    await waitFor(() => expect(popup.location.href).toBe('http://localhost/sandbox-gateway/pay/abc'));
    expect(open).toHaveBeenCalledWith('about:blank', 'dakiya-payment', expect.stringContaining('width=450,height=600'));
    expect(calls.find((c) => c.method === 'POST')!.body).toEqual({ rechargeAmount: 1000, couponCode: 'WELCOME10' });
    expect(
      screen.getByText('Complete the payment in the window that opened. Closing it cancels the payment.'),
    ).toBeTruthy();
  });
});

describe('the coupon field', () => {
  it('forgets a refused coupon once the field is cleared or changed', async () => {
    const { http } = fakeHttp({
      [`GET ${API_WALLET.wallet.path}`]: () => ({ data: SUMMARY }),
      [`GET ${API_WALLET.coupons.path}`]: () => ({ data: [] }),
      [`GET ${API_WALLET.history.path}`]: () => empty,
      [`PUT ${API_WALLET.couponApply.path}`]: () => {
        throw { status: 422, message: 'No such coupon' };
      },
    });
    renderScreen(<WalletScreen />, { http });
    await waitFor(() => expect(screen.getByTestId('wallet-balance').textContent).toBe('₹123.45'));
    fireEvent.click(await screen.findByRole('button', { name: '₹1,000' }));
    const field = screen.getByLabelText('Coupon code (optional)');
    fireEvent.change(field, { target: { value: 'nosuch' } });
    fireEvent.click(screen.getByRole('button', { name: 'Apply' }));
    await screen.findByText('No such coupon');
    fireEvent.change(field, { target: { value: '' } });
    await waitFor(() => expect(screen.queryByText('No such coupon')).toBeNull());
  });
});

describe('payment result page', () => {
  it('waits with the countdown, shows the paid amount and posts the result to the opener', async () => {
    const postMessage = vi.fn();
    vi.stubGlobal('opener', { postMessage });
    const fetchMock = vi.fn(
      async () =>
        new Response(
          JSON.stringify({
            data: { success: true, status: 'SUCCESS', amount: 500, source: 'DAKIYA', date: '2026-11-20T06:30:00.000Z' },
          }),
          { headers: { 'content-type': 'application/json' } },
        ),
    );
    vi.stubGlobal('fetch', fetchMock);
    render(
      <MemoryRouter initialEntries={['/payment/phonepe/redirect?merchantTransactionId=DKY1T9']}>
        <Routes>
          <Route path="/payment/:gateway/redirect" element={<PaymentResultScreen />} />
        </Routes>
      </MemoryRouter>,
    );
    expect(screen.getByText('Processing Your Request')).toBeTruthy();
    expect(screen.getByText('Automatically closing in 5 seconds')).toBeTruthy();
    const card = await screen.findByRole('heading', { name: 'Payment successful' });
    expect(within(card.parentElement!).getByText('₹500.00')).toBeTruthy();
    expect(within(card.parentElement!).getByText('20 Nov 2026, 12:00 pm')).toBeTruthy();
    expect(postMessage).toHaveBeenCalledWith(
      {
        type: PAYMENT_MESSAGE,
        merchantTransactionId: 'DKY1T9',
        result: expect.objectContaining({ success: true, amount: 500 }),
      },
      window.location.origin,
    );
  });
});
