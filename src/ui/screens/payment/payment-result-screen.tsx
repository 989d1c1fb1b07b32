import { useSelector } from '@xstate/react';
import { usePaymentResult } from '../../../services/use-payment-result';
import { useParams, useSearchParams } from 'react-router-dom';
import { formatDateTime, formatRupees } from '../../../domain/format';
import { paiseOf } from '../../../domain/money';
import { Card, Spinner } from '../../kit';

// /payment/{gateway}/redirect?merchantTransactionId=… : the page the gateway sends the payer
// back to, inside the payment popup (spec sections 2 and 4). It asks the server to verify the
// payment, shows the answer, posts it to the opener and closes.

export function PaymentResultScreen() {
  const { gateway = '' } = useParams();
  const [params] = useSearchParams();
  const txn = params.get('merchantTransactionId') ?? '';
  const [state, , actor] = usePaymentResult(gateway, txn);
  const countdown = useSelector(actor, (s) => s.children.countdown);
  const remaining = useSelector(
    countdown,
    (s) => (s as { context?: { remaining: number } } | undefined)?.context?.remaining ?? 0,
  );
  const result = state.context.result;
  return (
    <main className="payment-page" id="main-content">
      <p className="frame-brand">Dakiya</p>
      {state.matches('loading') ? (
        <Card className="stack payment-card" aria-live="polite">
          <Spinner label="Processing" />
          <h1>Please wait</h1>
          <p>
            <strong>Processing Your Request</strong>
          </p>
          <p>
            Automatically closing in {remaining} {remaining === 1 ? 'second' : 'seconds'}
          </p>
          <p className="payment-warning" role="note">
            Please do not refresh this page or press the back button.
          </p>
        </Card>
      ) : (
        result && (
          <Card className={`stack payment-card ${result.success ? 'payment-success' : 'payment-failure'}`}>
            <h1>{result.success ? 'Payment successful' : 'Payment failed'}</h1>
            <p className="payment-amount">{formatRupees(paiseOf(result.amount))}</p>
            <p className="muted">{formatDateTime(result.date)}</p>
            <p>
              It will be redirected in 1 second.{' '}
              <a
                href="#close"
                onClick={(e) => {
                  e.preventDefault();
                  window.close();
                }}
              >
                Close
              </a>
            </p>
          </Card>
        )
      )}
    </main>
  );
}
