// @vitest-environment jsdom
import { afterEach, describe, expect, it } from 'vitest';
import { act, cleanup, screen, waitFor } from '@testing-library/react';
import { deferred, fakeHttp, renderScreen } from './helpers';
import { PlanScreen } from '../../src/ui/screens/team/plan-screen';
import { API_TEAM, type PlanState } from '../../src/domain/team-contract';
import { invalidate } from '../../src/services/invalidate';
import { formatRupees } from '../../src/domain/format';

afterEach(cleanup);

const planWith = (spendablePaise: number, subscriptionType = 'PRO'): PlanState => ({
  subscriptionType,
  subscriptionBillingFrequency: 'MONTHLY',
  subscriptionExpiryDate: null,
  hasPendingDowngradeRequest: false,
  previousPaidSubscriptionsBool: true,
  loginsUsed: 1,
  loginsAllowed: 3,
  walletBalancePaise: spendablePaise,
  wallet: { balancePaise: spendablePaise, creditLimitPaise: 0, heldPaise: 0, spendablePaise, heldFor: [] },
  prices: [],
});

describe('the plan page reads its state again', () => {
  it('after a change that lands while an earlier read is under way: the later read is the one shown', async () => {
    // first the page's own load, then a top-up's read that answers slowly, then the upgrade's read
    const answers = [deferred<{ data: PlanState }>(), deferred<{ data: PlanState }>(), deferred<{ data: PlanState }>()];
    let reads = 0;
    const { http } = fakeHttp({
      [`GET ${API_TEAM.plan.path}`]: () => answers[reads++].promise,
      [`GET ${API_TEAM.subscriptions.path}`]: () => ({ data: [] }),
      [`GET ${API_TEAM.downgrades.path}`]: () => ({ data: [] }),
    });
    renderScreen(<PlanScreen />, { http, path: '/plan' });
    await act(async () => answers[0].resolve({ data: planWith(10_000) }));
    expect((await screen.findByTestId('plan-spendable')).textContent).toBe(formatRupees(10_000));

    // the top-up's read starts; the upgrade lands before it answers and asks again
    act(() => invalidate('wallet'));
    act(() => invalidate('plan'));
    await waitFor(() => expect(reads).toBe(3));
    await act(async () => answers[2].resolve({ data: planWith(24, 'PREMIUM') }));
    // the earlier read answers last, with the wallet as it was before the upgrade
    await act(async () => answers[1].resolve({ data: planWith(60_000) }));
    expect(screen.getByTestId('plan-spendable').textContent).toBe(formatRupees(24));
    expect(screen.getByText('Premium')).toBeTruthy();
  });
});
