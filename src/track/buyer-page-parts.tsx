import { useEffect, type ReactNode } from 'react';
import { failureInWords } from '../domain/buyer-text/language';
import { useBuyerText } from './language';

// The parts the buyer's answer pages (COD confirmation, failed delivery, advance payment) share: the seller's brand
// on top, a one-card message for a link that cannot be answered, and a form's send-or-back row,
// each in the page's language (English or Hindi).

export function BuyerBrand({ brand }: { brand: { brandName: string; logoUrl: string | null } | null }) {
  if (!brand) return null;
  return (
    <header className="t-header">
      {brand.logoUrl ? (
        <img src={brand.logoUrl} alt={brand.brandName} className="t-logo" width={120} height={40} />
      ) : (
        <strong className="t-brand">{brand.brandName}</strong>
      )}
    </header>
  );
}

export function BuyerMessage({ title, children }: { title: string; children: ReactNode }) {
  return (
    <main className="t-main">
      <section className="t-card" aria-labelledby="buyer-msg">
        <h1 id="buyer-msg">{title}</h1>
        {children}
      </section>
    </main>
  );
}

export function LoadFailed({ error, onRetry }: { error: string | null; onRetry: () => void }) {
  const { t } = useBuyerText();
  return (
    <BuyerMessage title={t.common.loadFailed}>
      <p className="t-error">{error && failureInWords(error, t)}</p>
      <button type="button" className="t-button" onClick={onRetry}>
        {t.common.tryAgain}
      </button>
    </BuyerMessage>
  );
}

export function LinkNotValid() {
  const { common } = useBuyerText().t;
  return (
    <BuyerMessage title={common.linkNotValid}>
      <p>{common.openLatest}</p>
    </BuyerMessage>
  );
}

/** A form's error line, its submit button (its busy words while sending) and Back. */
export function SendOrBack({
  error,
  busy,
  label,
  busyLabel,
  onBack,
}: {
  error: string | null | undefined;
  busy: boolean;
  label: string;
  busyLabel: string;
  onBack: () => void;
}) {
  const { t } = useBuyerText();
  return (
    <>
      {error && (
        <p className="t-error" role="alert">
          {failureInWords(error, t)}
        </p>
      )}
      <div className="t-actions">
        <button type="submit" className="t-button" disabled={busy}>
          {busy ? busyLabel : label}
        </button>
        <button type="button" className="t-button t-secondary" disabled={busy} onClick={onBack}>
          {t.common.back}
        </button>
      </div>
    </>
  );
}

/** The page's wait: reading the order, or checking a payment the buyer just made. */
export function Fetching({ checkingPayment = false }: { checkingPayment?: boolean }) {
  const { t } = useBuyerText();
  return (
    <div className="t-loading" role="status" aria-live="polite">
      <span className="t-spinner" aria-hidden="true" />
      <span>{checkingPayment ? t.common.checkingPayment : t.tracking.fetching}</span>
    </div>
  );
}

export function RedirectingToPayment() {
  const { common } = useBuyerText().t;
  return (
    <BuyerMessage title={common.redirecting}>
      <p className="t-small">{common.doNotClose}</p>
    </BuyerMessage>
  );
}

/**
 * How the page was opened, told to its machine once: from the link (OPEN), or back from the
 * gateway with ?txn=… (that payment is checked, and the address cleaned).
 */
export function useOpenedFrom(
  send: (e: { type: 'OPEN' } | { type: 'RETURNED_FROM_PAYMENT'; txn: string }) => void,
  txn: string | undefined,
) {
  useEffect(() => {
    if (txn) {
      send({ type: 'RETURNED_FROM_PAYMENT', txn });
      window.history.replaceState(null, '', window.location.pathname);
    } else send({ type: 'OPEN' });
  }, [send, txn]);
}

/** The page's title in the browser's tab, in the page's language. */
export function usePageTitle(title: string) {
  useEffect(() => {
    document.title = title;
  }, [title]);
}
