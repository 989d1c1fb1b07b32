import { codViewOf } from '../domain/buyer-link';
import { CANCEL_REASONS, type CancelReason } from '../domain/cod-verification';
import { failureInWords } from '../domain/buyer-text/language';
import { codSentence, COD_TEXT, type CodText } from '../domain/buyer-text/cod';
import type { BuyerVerificationView } from '../domain/cod-verification-contract';
import { COD_LINK_CALLS } from './cod-buyer-client';
import {
  BuyerBrand,
  Fetching,
  LinkNotValid,
  LoadFailed,
  RedirectingToPayment,
  SendOrBack,
  usePageTitle,
} from './buyer-page-parts';
import { useBuyerText } from './language';
import { useBuyerLinkPayment } from './use-buyer-link-payment';
import { formatRupees } from '../domain/money';

// The buyer's COD confirmation page (the SMS/email link, /cod/{token}): the buyer-link-payment
// machine drives it; this draws its states, phone first, in the seller's brand, in English or
// Hindi (the page's switch).

const REASONS = Object.keys(CANCEL_REASONS) as CancelReason[];

function Order({ view, w }: { view: BuyerVerificationView; w: CodText }) {
  const { common } = useBuyerText().t;
  return (
    <section className="t-card" aria-labelledby="cod-head">
      <p className="t-status">{view.paymentMethod === 'COD' ? w.cod : w.prepaid}</p>
      <h1 id="cod-head">{common.yourOrder(view.orderNumber)}</h1>
      <ul className="t-items">
        {view.items.map((i, n) => (
          <li key={n}>
            {i.name} × {i.quantity}
          </li>
        ))}
      </ul>
      <p>
        <strong>{formatRupees(view.amountPaise)}</strong> {view.paymentMethod === 'COD' ? w.toPayOnDelivery : w.paid}
      </p>
      <p className="t-small">{w.deliverTo(view.buyerName, view.addressText)}</p>
    </section>
  );
}

export function CodConfirmationScreen({ token, txn }: { token: string; txn?: string }) {
  const [state, send] = useBuyerLinkPayment(COD_LINK_CALLS, token, txn);
  const view = codViewOf(state.context.view);
  const { reason } = state.context;
  const { t, lang } = useBuyerText();
  const w = COD_TEXT[lang];
  usePageTitle(w.title);
  const error = state.context.error && failureInWords(codSentence(state.context.error, w), t);

  if (state.matches('start') || state.matches('loading') || state.matches('checkingPayment'))
    return <Fetching checkingPayment={state.matches('checkingPayment')} />;
  if (state.matches('loadFailed'))
    return <LoadFailed error={state.context.error} onRetry={() => send({ type: 'RETRY' })} />;
  if (state.matches('notFound')) return <LinkNotValid />;
  if (state.matches('redirecting')) return <RedirectingToPayment />;
  const busy = state.matches('confirming') || state.matches('cancelling') || state.matches('startingPayment');
  return (
    <>
      <BuyerBrand brand={view} />
      <main className="t-main">
        {view && <Order view={view} w={w} />}
        {(state.matches('settled') || state.matches('refused')) && view && (
          <section className="t-card" aria-labelledby="cod-done" role="status">
            <h2 id="cod-done">{state.matches('refused') ? t.common.alreadyAnswered : w.done[view.state]}</h2>
            <p>{error ?? (view.answeredText && codSentence(view.answeredText, w))}</p>
          </section>
        )}
        {(state.matches('choosing') || state.matches('confirming') || state.matches('startingPayment')) && view && (
          <section className="t-card" aria-labelledby="cod-ask">
            <h2 id="cod-ask">{w.ask}</h2>
            <p className="t-small">{w.shipsOnConfirm(view.brandName)}</p>
            {error && (
              <p className="t-error" role="alert">
                {error}
              </p>
            )}
            <div className="t-actions t-stack">
              <button type="button" className="t-button" disabled={busy} onClick={() => send({ type: 'CONFIRM' })}>
                {state.matches('confirming') ? w.confirming : w.confirm}
              </button>
              {view.offerPrepaid && (
                <button
                  type="button"
                  className="t-button t-secondary"
                  disabled={busy}
                  onClick={() => send({ type: 'PAY' })}
                >
                  {state.matches('startingPayment')
                    ? t.common.openingPayment
                    : w.payInstead(formatRupees(view.amountPaise))}
                </button>
              )}
              <button
                type="button"
                className="t-button t-secondary"
                disabled={busy}
                onClick={() => send({ type: 'CANCEL' })}
              >
                {w.cancel}
              </button>
            </div>
          </section>
        )}
        {(state.matches('cancelForm') || state.matches('cancelling')) && view && (
          <form
            className="t-card"
            aria-labelledby="cod-cancel"
            noValidate
            onSubmit={(e) => {
              e.preventDefault();
              send({ type: 'SUBMIT' });
            }}
          >
            <fieldset className="t-days">
              <legend id="cod-cancel">{w.whyCancel}</legend>
              <div className="t-choices" role="radiogroup" aria-label={w.reasonGroup}>
                {REASONS.map((code) => (
                  <label key={code} className="t-choice">
                    <input
                      type="radio"
                      name="reason"
                      value={code}
                      checked={reason === code}
                      onChange={() => send({ type: 'REASON', reason: code })}
                    />{' '}
                    {w.reasons[code]}
                  </label>
                ))}
              </div>
            </fieldset>
            <SendOrBack
              error={error}
              busy={state.matches('cancelling')}
              label={w.cancelOrder}
              busyLabel={w.cancelling}
              onBack={() => send({ type: 'BACK' })}
            />
          </form>
        )}
      </main>
    </>
  );
}
