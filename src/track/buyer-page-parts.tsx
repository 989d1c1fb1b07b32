import { useEffect, type ReactNode } from 'react';

// The parts the buyer's answer pages (COD confirmation, failed delivery, advance payment) share: the seller's brand
// on top, a one-card message for a link that cannot be answered, and a form's send-or-back row.

export const RUPEES = new Intl.NumberFormat('en-IN', { style: 'currency', currency: 'INR' });

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
  return (
    <BuyerMessage title="We could not load your order">
      <p className="t-error">{error}</p>
      <button type="button" className="t-button" onClick={onRetry}>
        Try again
      </button>
    </BuyerMessage>
  );
}

export function LinkNotValid() {
  return (
    <BuyerMessage title="This link is not valid">
      <p>Open the link from the latest SMS or email about your order.</p>
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
  return (
    <>
      {error && (
        <p className="t-error" role="alert">
          {error}
        </p>
      )}
      <div className="t-actions">
        <button type="submit" className="t-button" disabled={busy}>
          {busy ? busyLabel : label}
        </button>
        <button type="button" className="t-button t-secondary" disabled={busy} onClick={onBack}>
          Back
        </button>
      </div>
    </>
  );
}

/** The page's wait: reading the order, or checking a payment the buyer just made. */
export function Fetching({ checkingPayment = false }: { checkingPayment?: boolean }) {
  return (
    <div className="t-loading" role="status" aria-live="polite">
      <span className="t-spinner" aria-hidden="true" />
      <span>{checkingPayment ? 'Checking your payment…' : 'Fetching your order…'}</span>
    </div>
  );
}

export function RedirectingToPayment() {
  return (
    <BuyerMessage title="Taking you to the payment page…">
      <p className="t-small">Do not close this page.</p>
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
