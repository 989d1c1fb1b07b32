import { useState } from 'react';
import { API_WHATSAPP, WHATSAPP_TEXT_MAX, WhatsAppTextBody } from '../../../domain/messaging/whatsapp-contract';
import { useForm } from '../../hooks/use-form';
import { useOperation } from '../../hooks/use-operation';
import { Alert, Button } from '../../kit';

// The seller's own WhatsApp answer to the order's buyer. WhatsApp allows it only within 24 hours of
// the buyer's last message and never after STOP: the server refuses otherwise, and its reason is
// shown here as it is.

export function WhatsAppReplyForm({ orderId, onSent }: { orderId: number; onSent: () => void }) {
  const form = useForm(WhatsAppTextBody, { text: '' });
  const text = String(form.values.text ?? '');
  const [sent, setSent] = useState(false);
  const send = useOperation(API_WHATSAPP.orderMessage, (text: string) => ({ params: { orderId }, body: { text } }), {
    onDone: () => {
      form.reset({ text: '' });
      setSent(true);
      onSent();
    },
  });
  return (
    <form
      className="stack"
      aria-labelledby="whatsapp-reply-heading"
      onSubmit={(e) => {
        e.preventDefault();
        if (!text.trim()) return;
        setSent(false);
        // the same rule the server keeps: trimmed, 1 to WHATSAPP_TEXT_MAX characters
        form.submitTo((body) => send.run(body.text))();
      }}
    >
      <h3 id="whatsapp-reply-heading">Answer the buyer on WhatsApp</h3>
      <div className="field">
        <label htmlFor="whatsapp-reply">Your message</label>
        <textarea
          id="whatsapp-reply"
          className="input"
          rows={3}
          maxLength={WHATSAPP_TEXT_MAX}
          value={text}
          aria-describedby="whatsapp-reply-hint"
          onChange={(e) => form.set('text', e.target.value)}
        />
        <span id="whatsapp-reply-hint" className="field-hint">
          Possible within 24 hours of the buyer’s last WhatsApp message to you.
        </span>
      </div>
      {form.errors.text && <Alert>{form.errors.text}</Alert>}
      {send.failed && send.error && <Alert>{send.error}</Alert>}
      {sent && <Alert tone="info">Sent to the buyer on WhatsApp</Alert>}
      <div className="row">
        <Button type="submit" busy={send.running} disabled={!text.trim()}>
          Send on WhatsApp
        </Button>
      </div>
    </form>
  );
}
