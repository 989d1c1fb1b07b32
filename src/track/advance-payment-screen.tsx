import { useMachine } from '@xstate/react';
import { useState } from 'react';
import { fromPromise } from 'xstate';
import type { BuyerAdvancePaymentStart, BuyerAdvanceView } from '../domain/payment-modes-contract';
import { advancePaymentMachine } from '../machines/advance-payment.machine';
import { checkAdvancePayment, fetchAdvanceView, startAdvancePayment } from './advance-buyer-client';
import { trackInspector } from './inspector';
import {
  BuyerBrand,
  Fetching,
  LinkNotValid,
  LoadFailed,
  RedirectingToPayment,
  RUPEES,
  useOpenedFrom,
} from './buyer-page-parts';

// The buyer's advance payment page (the SMS/email link, /advance/{token}): the advance-payment
// machine drives it; this draws its states, phone first.

const rupees = (paise: number) => RUPEES.format(paise / 100);

function Amounts({ view }: { view: BuyerAdvanceView }) {
  return (
    <section className="t-card" aria-labelledby="adv-head">
      <p className="t-status">{view.modeName}</p>
      <h1 id="adv-head">Your order {view.orderNumber}</h1>
      <dl className="t-amounts">
        <dt>Order total</dt>
        <dd>{rupees(view.totalPaise)}</dd>
        <dt>Advance {view.paid ? 'paid' : 'to pay now'}</dt>
        <dd>
          <strong>{rupees(view.advancePaise)}</strong>
        </dd>
        <dt>To pay on delivery</dt>
        <dd>{rupees(view.codAmountPaise)}</dd>
      </dl>
    </section>
  );
}

export function AdvancePaymentScreen({ token, txn }: { token: string; txn?: string }) {
  const [machine] = useState(() =>
    advancePaymentMachine.provide({
      actors: {
        fetchView: fromPromise<BuyerAdvanceView, { token: string }>(({ input }) => fetchAdvanceView(input.token)),
        startPayment: fromPromise<BuyerAdvancePaymentStart, { token: string }>(({ input }) =>
          startAdvancePayment(input.token),
        ),
        checkPayment: fromPromise<BuyerAdvanceView, { token: string; txn: string }>(({ input }) =>
          checkAdvancePayment(input.token, input.txn),
        ),
      },
      actions: {
        openPayment: ({ context }) => {
          if (context.paymentUrl) window.location.assign(context.paymentUrl);
        },
      },
    }),
  );
  const [state, send] = useMachine(machine, { input: { token }, inspect: trackInspector() });
  useOpenedFrom(send, txn);
  const { view, error } = state.context;

  if (state.matches('start') || state.matches('loading') || state.matches('checkingPayment'))
    return <Fetching checkingPayment={state.matches('checkingPayment')} />;
  if (state.matches('loadFailed')) return <LoadFailed error={error} onRetry={() => send({ type: 'RETRY' })} />;
  if (state.matches('notFound')) return <LinkNotValid />;
  if (state.matches('redirecting')) return <RedirectingToPayment />;
  return (
    <>
      <BuyerBrand brand={view && { brandName: view.brandName, logoUrl: null }} />
      <main className="t-main">
        {view && <Amounts view={view} />}
        {state.matches('paid') && view && (
          <section className="t-card" aria-labelledby="adv-done" role="status">
            <h2 id="adv-done">Advance paid: thank you</h2>
            <p>
              {view.brandName} will ship your order now. Please keep {rupees(view.codAmountPaise)} ready for the
              delivery.
            </p>
          </section>
        )}
        {(state.matches('ready') || state.matches('startingPayment')) && view && (
          <section className="t-card" aria-labelledby="adv-ask">
            <h2 id="adv-ask">Pay the advance</h2>
            <p className="t-small">{view.brandName} ships your order once the advance is paid.</p>
            {error && (
              <p className="t-error" role="alert">
                {error}
              </p>
            )}
            {view.mayPay ? (
              <div className="t-actions t-stack">
                <button
                  type="button"
                  className="t-button"
                  disabled={state.matches('startingPayment')}
                  onClick={() => send({ type: 'PAY' })}
                >
                  {state.matches('startingPayment') ? 'Opening payment…' : `Pay ${rupees(view.advancePaise)} now`}
                </button>
              </div>
            ) : (
              <p>Paying online is not available for this order now: please contact {view.brandName}.</p>
            )}
          </section>
        )}
      </main>
    </>
  );
}
