import {
  MESSAGE_CHANNEL_LABELS,
  MESSAGE_KIND_LABELS,
  MESSAGE_KIND_SOURCES,
  MESSAGE_LANGUAGE_LABELS,
} from '../../../domain/messaging/message-kinds';
import { API_MESSAGING, type TemplateCell } from '../../../domain/messaging/messages-contract';
import { useOperation } from '../../hooks/use-operation';
import { Alert, Badge, DataTable, Loadable, type Column } from '../../kit';
import { StaffShell } from '../shell/staff-shell';

// /dakiya/message-templates: each buyer-message kind on SMS and WhatsApp with the template the
// operator registered (read-only: they come from MSG91_TEMPLATES and WHATSAPP_TEMPLATES), and a
// flag where a kind has none, so it is not sent on that channel.

const COLUMNS: Column<TemplateCell>[] = [
  {
    header: 'Message',
    cell: (c) => (
      <>
        {MESSAGE_KIND_LABELS[c.kind]}
        <div className="small-print">{MESSAGE_KIND_SOURCES[c.kind]}</div>
      </>
    ),
  },
  { header: 'Channel', cell: (c) => MESSAGE_CHANNEL_LABELS[c.channel] },
  {
    header: 'Template',
    cell: (c) =>
      c.template ? (
        <>
          {/* as the business registered them with MSG91, DLT and Meta: shown verbatim */}
          <code data-verbatim="">{c.template.id}</code>
          {c.template.dltTemplateId && (
            <div className="small-print">
              DLT template <code data-verbatim="">{c.template.dltTemplateId}</code>
            </div>
          )}
          {c.template.header && (
            <div className="small-print">
              Sender header <code data-verbatim="">{c.template.header}</code>
            </div>
          )}
        </>
      ) : (
        <Badge tone="danger">No template: not sent</Badge>
      ),
  },
  { header: 'Category', cell: (c) => c.template?.category ?? '—' },
  {
    header: 'Variables',
    cell: (c) => (c.template ? c.template.variables.join(', ') || 'none' : '—'),
  },
  {
    header: 'Languages',
    cell: (c) => (c.template ? c.template.languages.map((l) => MESSAGE_LANGUAGE_LABELS[l]).join(', ') : '—'),
  },
  { header: 'Buttons', cell: (c) => (c.template?.buttons.length ? c.template.buttons.join(' · ') : '—') },
];

const SOURCE_TEXT = { configured: 'registered by the operator', demo: 'the demo’s (outbox)' } as const;

export function StaffMessageTemplatesScreen() {
  const view = useOperation(API_MESSAGING.templates, {}, { load: true });
  return (
    <StaffShell>
      <div className="page stack">
        <header className="page-head">
          <h1>Buyer message templates</h1>
          <p>
            The templates each buyer message goes on, as registered on DLT, in MSG91 and in WhatsApp Manager. They are
            read-only here: the operator sets them in MSG91_TEMPLATES and WHATSAPP_TEMPLATES.
          </p>
        </header>
        <Loadable loading={view.loading && !view.data} error={view.error} onRetry={view.retry}>
          {() => {
            const v = view.data!;
            const missing = v.cells.filter((c) => !c.template).length;
            return (
              <>
                <p>
                  SMS: {SOURCE_TEXT[v.source.SMS]}, sent through {v.providers.SMS}. WhatsApp:{' '}
                  {SOURCE_TEXT[v.source.WHATSAPP]}, sent through {v.providers.WHATSAPP}. Do-not-disturb list:{' '}
                  {v.dndNumbers.toLocaleString('en-IN')} numbers.
                </p>
                {missing > 0 && (
                  <Alert tone="warning">
                    {missing === 1 ? 'One message has' : `${missing} messages have`} no template on a channel and
                    {missing === 1 ? ' is' : ' are'} not sent there.
                  </Alert>
                )}
                <DataTable
                  caption="Buyer message templates"
                  columns={COLUMNS}
                  rows={v.cells}
                  rowKey={(c) => `${c.kind}-${c.channel}`}
                  empty="No message kinds."
                />
              </>
            );
          }}
        </Loadable>
      </div>
    </StaffShell>
  );
}
