import { useEffect } from 'react';
import { useSearchParams } from 'react-router-dom';
import { formatDate, formatRupees } from '../../../domain/format';
import { PLAN_TABLE, type BillingFrequency, type PaidPlan, type PlanCode } from '../../../domain/plans';
import { API_TEAM, type DowngradeRow, type PlanState, type SubscriptionRow } from '../../../domain/team-contract';
import { spendableText, topUpPayment } from '../../../domain/spendable';
import { useOnInvalidate } from '../../../services/invalidate';
import { useScreenSession } from '../../../services/screen-services';
import { usePaymentPopup } from '../../../services/use-payment-popup';
import { usePlanChange } from '../../../services/use-team';
import { useDocumentDownload } from '../../../services/use-document-download';
import { useOperation } from '../../hooks/use-operation';
import { Alert, Badge, Button, Card, DataTable, Loadable, Stat } from '../../kit';
import { SellerShell } from '../shell/seller-shell';
import { labelOf } from '../../../domain/display-labels';

// /plan: the plan in force, upgrades (monthly or yearly, paid from the wallet, or topped up by
// card or UPI through the payment popup first), a downgrade for the period's end (cancellable),
// the subscriptions history and its GST invoices. Only the owner changes the plan.

const OWNER_ONLY = 'Only the account owner changes the plan.';

function Offers({ state, change }: { state: PlanState; change: ReturnType<typeof usePlanChange> }) {
  const [snap, send] = change;
  const session = useScreenSession();
  const owner = session.account?.role === 'OWNER';
  const current = PLAN_TABLE[state.subscriptionType as PlanCode] ?? PLAN_TABLE.LITE;
  const offers = state.prices.filter(
    (p) =>
      PLAN_TABLE[p.plan as PaidPlan].rank > current.rank ||
      (p.plan === state.subscriptionType &&
        state.subscriptionBillingFrequency === 'MONTHLY' &&
        p.billingFrequency === 'YEARLY'),
  );
  if (!offers.length) return <p className="muted">You are on our highest plan.</p>;
  return (
    <div className="grid-cards">
      {offers.map((p) => (
        <Card key={`${p.plan}-${p.billingFrequency}`} className="stack">
          <h3 className="h3">
            {PLAN_TABLE[p.plan as PaidPlan].name}, {p.billingFrequency === 'YEARLY' ? 'yearly' : 'monthly'}
          </h3>
          <p>
            {formatRupees(p.totalPaise)} <span className="muted">({formatRupees(p.basePaise)} + 18% GST)</span>
          </p>
          <Button
            disabled={!owner || !snap.matches('idle')}
            title={owner ? undefined : OWNER_ONLY}
            aria-label={`Upgrade to ${PLAN_TABLE[p.plan as PaidPlan].name} ${p.billingFrequency === 'YEARLY' ? 'yearly' : 'monthly'}`}
            onClick={() =>
              send({
                type: 'CHOOSE',
                choice: {
                  plan: p.plan as PaidPlan,
                  billingFrequency: p.billingFrequency as BillingFrequency,
                  totalPaise: p.totalPaise,
                  topUpPaise: p.topUpPaise,
                },
              })
            }
          >
            Upgrade
          </Button>
        </Card>
      ))}
    </div>
  );
}

function Confirm({
  state,
  change,
  payment,
}: {
  state: PlanState;
  change: ReturnType<typeof usePlanChange>;
  payment: ReturnType<typeof usePaymentPopup>;
}) {
  const [snap, send] = change;
  const popup = payment.state;
  const choice = snap.context.choice;
  const short = choice?.topUpPaise ?? 0;
  // the plan's answer read again (a top-up landed, a hold changed): the offer is what is short now
  const fresh = state.prices.find((p) => p.plan === choice?.plan && p.billingFrequency === choice?.billingFrequency);
  useEffect(() => {
    if (fresh && fresh.topUpPaise !== short) send({ type: 'WALLET_READ', topUpPaise: fresh.topUpPaise });
  }, [fresh, short, send]);
  useEffect(() => {
    if (snap.matches('toppingUp') && popup.matches('succeeded')) send({ type: 'TOPPED_UP' });
  }, [snap, popup, send]);
  if (!choice || snap.matches('idle') || snap.matches('upgraded')) return null;
  const name = PLAN_TABLE[choice.plan].name;
  return (
    <Card className="stack" aria-label="Confirm the upgrade">
      <h2 className="h3">
        Upgrade to {name} ({choice.billingFrequency === 'YEARLY' ? 'yearly' : 'monthly'}):{' '}
        {formatRupees(choice.totalPaise)}
      </h2>
      <p className="muted">
        In force at once. No refund for the rest of a period. {spendableText(state.wallet, state.wallet.heldFor)}.
      </p>
      {snap.context.error && <Alert>{snap.context.error}</Alert>}
      {popup.context.error && <Alert>{popup.context.error}</Alert>}
      <div className="row">
        <Button
          disabled={short > 0 || snap.matches('upgrading')}
          title={short > 0 ? `Recharge at least ${formatRupees(short)} to pay from the wallet.` : undefined}
          onClick={() => send({ type: 'PAY_FROM_WALLET' })}
        >
          Pay from wallet
        </Button>
        {short > 0 && (
          <Button
            variant="secondary"
            disabled={snap.matches('upgrading') || popup.matches('starting') || popup.matches('popupOpen')}
            onClick={() => {
              send({ type: 'TOP_UP' });
              payment.pay(topUpPayment(short));
            }}
          >
            Pay {formatRupees(short)} by card or UPI
          </Button>
        )}
        <Button variant="secondary" onClick={() => send({ type: 'BACK' })}>
          Back
        </Button>
      </div>
    </Card>
  );
}

export function PlanScreen() {
  const session = useScreenSession();
  const owner = session.account?.role === 'OWNER';
  const [params] = useSearchParams();
  const state = useOperation(API_TEAM.plan, {}, { load: true });
  const history = useOperation(API_TEAM.subscriptions, {}, { load: true });
  const downgrades = useOperation(API_TEAM.downgrades, {}, { load: true });
  useOnInvalidate('plan', () => {
    state.run();
    history.run();
    downgrades.run();
  });
  // a recharge (this page's top-up or another tab's) changes what the plan page offers
  useOnInvalidate('wallet', () => state.run());
  const change = usePlanChange();
  // kept above the plan's reloads: a top-up under way survives the page reading the plan again
  const payment = usePaymentPopup();
  const [snap, send] = change;
  const [download, sendDownload] = useDocumentDownload();
  const pending = (downgrades.data ?? []).find((d) => d.status === 'PENDING');
  const wanted = params.get('upgrade');
  return (
    <SellerShell>
      <div className="page stack">
        <div className="page-head">
          <h1>Plan and billing</h1>
          {wanted && <p>The {PLAN_TABLE[wanted as PlanCode]?.name ?? wanted} plan opens the page you wanted.</p>}
        </div>
        <Loadable loading={state.loading && !state.data} error={state.error} onRetry={state.retry}>
          {() => {
            const s = state.data!;
            const lower = (['LITE', 'PRO'] as const).filter(
              (p) => PLAN_TABLE[p].rank < (PLAN_TABLE[s.subscriptionType as PlanCode]?.rank ?? 1),
            );
            return (
              <>
                <div className="grid-cards">
                  <Stat label="Plan" value={PLAN_TABLE[s.subscriptionType as PlanCode]?.name ?? s.subscriptionType} />
                  <Stat
                    label="Renews or ends"
                    value={s.subscriptionExpiryDate ? formatDate(s.subscriptionExpiryDate) : '—'}
                  />
                  <Stat label="Logins" value={`${s.loginsUsed} of ${s.loginsAllowed}`} />
                  <Stat
                    label="Wallet: available to spend"
                    value={<span data-testid="plan-spendable">{formatRupees(s.wallet.spendablePaise)}</span>}
                  />
                </div>
                {snap.matches('upgraded') && (
                  <Alert tone="info">
                    Upgraded: invoice {snap.context.result?.subscription.invoiceNumber}.{' '}
                    <Button variant="secondary" onClick={() => send({ type: 'DONE' })}>
                      OK
                    </Button>
                  </Alert>
                )}
                {snap.context.error && snap.matches('idle') && <Alert>{snap.context.error}</Alert>}
                <Confirm state={s} change={change} payment={payment} />
                <h2 className="h3">Upgrade</h2>
                <Offers state={s} change={change} />
                {pending ? (
                  <Alert tone="warning">
                    Downgrade to {PLAN_TABLE[pending.toPlan as PlanCode]?.name} on {formatDate(pending.effectiveAt)}.{' '}
                    <Button
                      variant="secondary"
                      disabled={!owner}
                      title={owner ? undefined : OWNER_ONLY}
                      onClick={() => send({ type: 'CANCEL_DOWNGRADE', downgradeId: pending.downgradeId })}
                    >
                      Cancel the downgrade
                    </Button>
                  </Alert>
                ) : (
                  lower.length > 0 &&
                  s.subscriptionExpiryDate && (
                    <div className="row">
                      {lower.map((p) => (
                        <Button
                          key={p}
                          variant="secondary"
                          disabled={!owner || !snap.matches('idle')}
                          title={owner ? undefined : OWNER_ONLY}
                          onClick={() => send({ type: 'REQUEST_DOWNGRADE', plan: p })}
                        >
                          Downgrade to {PLAN_TABLE[p].name} at the period’s end
                        </Button>
                      ))}
                    </div>
                  )
                )}
              </>
            );
          }}
        </Loadable>
        <DataTable<SubscriptionRow>
          caption="Subscriptions and invoices"
          rows={history.data ?? []}
          loading={history.loading}
          rowKey={(r) => r.subscriptionId}
          columns={[
            { header: 'Plan', cell: (r) => PLAN_TABLE[r.plan as PlanCode]?.name ?? r.plan },
            { header: 'Period', cell: (r) => `${formatDate(r.periodStart)} – ${formatDate(r.periodEnd)}` },
            { header: 'Amount', cell: (r) => formatRupees(r.amountPaise) },
            { header: 'Status', cell: (r) => <Badge>{labelOf('subscriptionStatus', r.status)}</Badge> },
            {
              header: 'Invoice',
              cell: (r) => (
                <Button
                  variant="secondary"
                  disabled={download.matches('downloading')}
                  onClick={() =>
                    sendDownload({
                      type: 'DOWNLOAD',
                      kind: 'SUBSCRIPTION_INVOICE',
                      params: { subscriptionId: r.subscriptionId },
                    })
                  }
                >
                  {r.invoiceNumber} PDF
                </Button>
              ),
            },
          ]}
        />
        <DataTable<DowngradeRow>
          caption="Downgrade requests"
          rows={downgrades.data ?? []}
          loading={downgrades.loading}
          rowKey={(r) => r.downgradeId}
          columns={[
            { header: 'To', cell: (r) => PLAN_TABLE[r.toPlan as PlanCode]?.name ?? r.toPlan },
            { header: 'Takes effect', cell: (r) => formatDate(r.effectiveAt) },
            { header: 'Status', cell: (r) => <Badge>{labelOf('downgradeStatus', r.status)}</Badge> },
          ]}
        />
      </div>
    </SellerShell>
  );
}
