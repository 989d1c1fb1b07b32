import { useState } from 'react';
import { formatDateTime, formatRupees } from '../../../domain/format';
import { ADVANCE_RECEIVED_VIA } from '../../../domain/payment-modes';
import { API_PAYMENT_MODES, type OrderAdvance } from '../../../domain/payment-modes-contract';
import { FIELD_LABELS } from '../../../domain/schemas/labels';
import { invalidate, useOnInvalidate } from '../../../services/invalidate';
import { notify } from '../../../services/notify';
import { useOperation } from '../../hooks/use-operation';
import { Alert, Badge, Button, Card, FormDialog, TextField } from '../../kit';

// The order page's advance (an order made with a payment mode that takes one): what is paid
// before shipping and what the courier collects, whether it is paid and how, and the seller's two
// ways to get it: send the buyer the payment link, or mark it received on their own store.

function ReceivedDialog({ orderId, onClose }: { orderId: number; onClose: () => void }) {
  const [note, setNote] = useState('');
  const save = useOperation(
    API_PAYMENT_MODES.advanceReceived,
    (n: string) => ({ params: { orderId }, body: { note: n } }),
    {
      onDone: () => {
        notify({ kind: 'info', message: 'Advance marked received' });
        invalidate('order');
        onClose();
      },
    },
  );
  return (
    <FormDialog
      title="Mark advance received"
      onClose={onClose}
      onSubmit={() => save.run(note)}
      error={save.error}
      saving={save.running}
      saveLabel="Mark received"
    >
      <TextField
        label={FIELD_LABELS.note}
        value={note}
        onChange={(e) => setNote(e.target.value)}
        hint="How the buyer paid, e.g. UPI on our store, reference 4471"
      />
    </FormDialog>
  );
}

function paidText(a: OrderAdvance): string {
  const via = a.paidVia ? ADVANCE_RECEIVED_VIA[a.paidVia] : 'Paid';
  const when = a.paidAt ? ` on ${formatDateTime(a.paidAt)}` : '';
  const ref = a.gatewayPaymentId ? ` (payment ${a.gatewayPaymentId})` : a.note ? `: ${a.note}` : '';
  return `${via}${when}${ref}`;
}

export function AdvancePanel({ orderId }: { orderId: number }) {
  const advance = useOperation(API_PAYMENT_MODES.advance, { params: { orderId } }, { load: true });
  const link = useOperation(
    API_PAYMENT_MODES.advanceLink,
    { params: { orderId } },
    {
      onDone: () => {
        notify({ kind: 'info', message: 'Payment link sent to the buyer' });
        advance.run();
      },
    },
  );
  const [marking, setMarking] = useState(false);
  useOnInvalidate('order', () => advance.run());
  const a = advance.data;
  if (!a) return null;
  return (
    <Card className="stack" aria-labelledby="advance-heading">
      <div className="row list-toolbar">
        <h2 id="advance-heading">
          {a.modeName} <code>{a.modeCode}</code>
        </h2>
        {a.paid ? <Badge tone="success">Advance paid</Badge> : <Badge tone="warning">Advance due</Badge>}
      </div>
      <p>
        Advance {formatRupees(a.advancePaise)} before shipping · collect {formatRupees(a.codAmountPaise)} on delivery
      </p>
      {a.paid ? (
        <p className="muted">{paidText(a)}</p>
      ) : (
        <>
          {a.shippingRefusal && <Alert tone="warning">{a.shippingRefusal}: it ships once paid.</Alert>}
          {a.linkSentAt && <p className="muted">Payment link sent {formatDateTime(a.linkSentAt)}</p>}
          {link.error && <Alert>{link.error}</Alert>}
          <div className="row">
            {a.maySendLink && (
              <Button busy={link.running} onClick={() => link.run()}>
                {a.linkSentAt ? 'Send the link again' : 'Send payment link'}
              </Button>
            )}
            {a.mayMarkReceived && (
              <Button variant="secondary" onClick={() => setMarking(true)}>
                Mark received
              </Button>
            )}
          </div>
        </>
      )}
      {marking && <ReceivedDialog orderId={orderId} onClose={() => setMarking(false)} />}
    </Card>
  );
}
