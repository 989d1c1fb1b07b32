import { advanceViewOf } from '../domain/buyer-link';
import type { BuyerAdvanceView } from '../domain/payment-modes-contract';
import { failureInWords } from '../domain/buyer-text/language';
import { advanceSentence, ADVANCE_TEXT, type AdvanceText } from '../domain/buyer-text/advance';
import { ADVANCE_LINK_CALLS } from './advance-buyer-client';
import { BuyerBrand, Fetching, LinkNotValid, LoadFailed, RedirectingToPayment, usePageTitle } from './buyer-page-parts';
import { useBuyerText } from './language';
import { useBuyerLinkPayment } from './use-buyer-link-payment';
import { formatRupees } from '../domain/money';

// The buyer's advance payment page (the SMS/email link, /advance/{token}): the buyer-link-payment
// machine drives it; this draws its states, phone first, in English or Hindi (the page's switch).
// The mode's name stays as the seller wrote it.

function Amounts({ view, w }: { view: BuyerAdvanceView; w: AdvanceText }) {
  const { common } = useBuyerText().t;
  return (
    <section className="t-card" aria-labelledby="adv-head">
      <p className="t-status">{view.modeName}</p>
      <h1 id="adv-head">{common.yourOrder(view.orderNumber)}</h1>
      <dl className="t-amounts">
        <dt>{w.orderTotal}</dt>
        <dd>{formatRupees(view.totalPaise)}</dd>
        <dt>{view.paid ? w.advancePaid : w.advanceToPay}</dt>
        <dd>
          <strong>{formatRupees(view.advancePaise)}</strong>
        </dd>
        <dt>{w.onDelivery}</dt>
        <dd>{formatRupees(view.codAmountPaise)}</dd>
      </dl>
    </section>
  );
}

export function AdvancePaymentScreen({ token, txn }: { token: string; txn?: string }) {
  const [state, send] = useBuyerLinkPayment(ADVANCE_LINK_CALLS, token, txn);
  const view = advanceViewOf(state.context.view);
  const { t, lang } = useBuyerText();
  const w = ADVANCE_TEXT[lang];
  usePageTitle(w.title);
  const error = state.context.error && failureInWords(advanceSentence(state.context.error, w), t);

  if (state.matches('start') || state.matches('loading') || state.matches('checkingPayment'))
    return <Fetching checkingPayment={state.matches('checkingPayment')} />;
  if (state.matches('loadFailed'))
    return <LoadFailed error={state.context.error} onRetry={() => send({ type: 'RETRY' })} />;
  if (state.matches('notFound')) return <LinkNotValid />;
  if (state.matches('redirecting')) return <RedirectingToPayment />;
  return (
    <>
      <BuyerBrand brand={view && { brandName: view.brandName, logoUrl: null }} />
      <main className="t-main">
        {view && <Amounts view={view} w={w} />}
        {state.matches('settled') && view && (
          <section className="t-card" aria-labelledby="adv-done" role="status">
            <h2 id="adv-done">{w.paidTitle}</h2>
            <p>{w.paidText(view.brandName, formatRupees(view.codAmountPaise))}</p>
          </section>
        )}
        {(state.matches('choosing') || state.matches('startingPayment')) && view && (
          <section className="t-card" aria-labelledby="adv-ask">
            <h2 id="adv-ask">{w.ask}</h2>
            <p className="t-small">{w.shipsOncePaid(view.brandName)}</p>
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
                  {state.matches('startingPayment')
                    ? t.common.openingPayment
                    : w.payNow(formatRupees(view.advancePaise))}
                </button>
              </div>
            ) : (
              <p>{w.notAvailable(view.brandName)}</p>
            )}
          </section>
        )}
      </main>
    </>
  );
}
