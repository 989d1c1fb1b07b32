import { formatDateTime } from '../../../domain/format';
import {
  MESSAGE_CHANNEL_LABELS,
  MESSAGE_KIND_LABELS,
  MESSAGE_STATUS_LABELS,
  type MessageStatus,
} from '../../../domain/messaging/message-kinds';
import { API_MESSAGING, type BuyerMessageRow } from '../../../domain/messaging/messages-contract';
import { useOperation } from '../../hooks/use-operation';
import { Badge, Button, DataTable, Loadable, type Column } from '../../kit';
import { WhatsAppReplyForm } from './whatsapp-reply-form';

// The order's buyer messages: what went to the buyer, on which channel and through which
// provider, whether it was delivered (or why not), and the buyer's reply, times in IST.

const PROVIDERS: Record<string, string> = {
  msg91: 'MSG91',
  whatsapp: 'WhatsApp Cloud API',
  smtp: 'Email server',
  outbox: 'Outbox (demo)',
};

const TONE: Record<MessageStatus, 'brand' | 'success' | 'warning' | 'danger'> = {
  queued: 'warning',
  sent: 'brand',
  delivered: 'success',
  read: 'success',
  failed: 'danger',
};

const COLUMNS: Column<BuyerMessageRow>[] = [
  { header: 'Message', cell: (m) => MESSAGE_KIND_LABELS[m.kind] },
  {
    header: 'Channel',
    cell: (m) => (
      <>
        {MESSAGE_CHANNEL_LABELS[m.channel]}
        <div className="small-print">{m.recipient}</div>
      </>
    ),
  },
  {
    header: 'Provider',
    cell: (m) => (
      <>
        {PROVIDERS[m.provider] ?? m.provider}
        {m.template && <div className="small-print">Template {m.template}</div>}
      </>
    ),
  },
  {
    header: 'Status',
    cell: (m) => (
      <>
        <Badge tone={TONE[m.status]}>{MESSAGE_STATUS_LABELS[m.status]}</Badge>
        {m.error && <div className="small-print">{m.error}</div>}
      </>
    ),
  },
  { header: 'Sent (IST)', cell: (m) => formatDateTime(m.createdAt) },
  {
    header: 'Buyer’s reply',
    cell: (m) =>
      m.reply ? (
        <>
          {m.reply}
          {m.repliedAt && <div className="small-print">{formatDateTime(m.repliedAt)}</div>}
        </>
      ) : (
        '—'
      ),
  },
];

export function BuyerMessagesPanel({ orderId }: { orderId: number }) {
  const messages = useOperation(API_MESSAGING.orderMessages, { params: { orderId } }, { load: true });
  return (
    <section aria-labelledby="buyer-messages-heading" className="stack">
      <div className="row">
        <h2 id="buyer-messages-heading">Buyer messages</h2>
        <Button variant="secondary" busy={messages.loading} onClick={() => messages.run()}>
          Refresh
        </Button>
      </div>
      <Loadable loading={messages.loading && !messages.data} error={messages.error} onRetry={messages.retry}>
        {() => (
          <DataTable
            caption="Messages to the buyer"
            columns={COLUMNS}
            rows={messages.data ?? []}
            rowKey={(m) => String(m.id)}
            empty="No messages to the buyer yet."
          />
        )}
      </Loadable>
      {messages.data?.some((m) => m.channel === 'WHATSAPP') && (
        <WhatsAppReplyForm orderId={orderId} onSent={() => messages.run()} />
      )}
    </section>
  );
}
