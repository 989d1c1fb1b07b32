import { useState } from 'react';
import { WebhookEndpointBody, type WebhookEndpointInput } from '../../../domain/schemas/open-api';
import { formatDateTime } from '../../../domain/format';
import {
  API_OPEN,
  WEBHOOK_EVENT_TYPES,
  WEBHOOK_EVENTS,
  type WebhookDeliveryRow,
  type WebhookEndpointRow,
  type WebhookEventType,
} from '../../../domain/open-api-contract';
import { useHttp } from '../../../services/screen-services';
import { invalidate, useOnInvalidate } from '../../../services/invalidate';
import { call } from '../../../services/call';
import { useListActions } from '../../hooks/use-action';
import { useForm } from '../../hooks/use-form';
import { useOperation } from '../../hooks/use-operation';
import { Alert, Badge, Button, Card, Checkbox, DataTable, Dialog, FormDialog, Loadable, TextField } from '../../kit';
import { SellerShell } from '../shell/seller-shell';

// /webhooks: endpoints with the events each takes, its signing secret (shown on asking, rotated
// with the old one still signing for a day), enable and disable, and each endpoint's delivery log
// with the request, the answer and a replay.

function NewEndpointDialog({ onClose }: { onClose: () => void }) {
  const form = useForm(WebhookEndpointBody, { url: '', events: ['order.created', 'order.status_changed'] });
  const events = form.values.events as WebhookEventType[];
  const save = useOperation(API_OPEN.createEndpoint, (body: WebhookEndpointInput) => ({ body }), {
    onDone: () => {
      invalidate('webhooks');
      onClose();
    },
  });
  return (
    <FormDialog
      title="New webhook endpoint"
      wide
      onClose={onClose}
      onSubmit={form.submitTo((body) => save.run(body))}
      error={form.failure(save.error)}
      saving={save.running}
      saveLabel="Add endpoint"
    >
      <TextField
        label="Endpoint link"
        type="url"
        hint="Your receiver: https://…; answer 2xx within 15 seconds"
        {...form.field('url')}
      />
      <fieldset className="stack">
        <legend>Events</legend>
        {WEBHOOK_EVENT_TYPES.map((t) => (
          <Checkbox
            key={t}
            label={`${WEBHOOK_EVENTS[t]} (${t})`}
            checked={events.includes(t)}
            onChange={() => form.set('events', events.includes(t) ? events.filter((x) => x !== t) : [...events, t])}
          />
        ))}
        {form.errors.events && <Alert>{form.errors.events}</Alert>}
      </fieldset>
    </FormDialog>
  );
}

function DeliveryDialog({ id, onClose, onReplayed }: { id: number; onClose: () => void; onReplayed: () => void }) {
  const detail = useOperation(API_OPEN.delivery, { params: { deliveryId: id } }, { load: true });
  const replay = useOperation(
    API_OPEN.replay,
    { params: { deliveryId: id } },
    {
      // this endpoint's log only: a page-wide reload would close the dialog
      onDone: () => {
        detail.run();
        onReplayed();
      },
    },
  );
  return (
    <Dialog open wide onOpenChange={(o) => !o && onClose()} title="Webhook delivery">
      <Loadable loading={detail.loading} error={detail.error} onRetry={detail.retry}>
        {() => {
          const d = detail.data!;
          return (
            <div className="stack">
              <p>
                <code>{d.webhookId}</code> · {d.eventType} · <Badge>{d.status}</Badge>
              </p>
              {d.attemptsLog.map((a) => (
                <Card key={`${a.attempt}-${a.at}`} className="stack">
                  <h3>
                    Attempt {a.attempt} {a.trigger === 'MANUAL' ? '(replay)' : ''} · {formatDateTime(a.at)} ·{' '}
                    {a.responseStatus ?? a.error} · {a.durationMs} ms
                  </h3>
                  <details>
                    <summary>Request</summary>
                    <pre className="code-block">
                      {Object.entries(a.requestHeaders)
                        .map(([k, v]) => `${k}: ${v}`)
                        .join('\n')}
                      {'\n\n'}
                      {a.requestBody}
                    </pre>
                  </details>
                  <details>
                    <summary>Answer</summary>
                    <pre className="code-block">{a.responseBody ?? a.error ?? ''}</pre>
                  </details>
                </Card>
              ))}
              {replay.error && <Alert>{replay.error}</Alert>}
              <div className="row dialog-actions">
                <Button busy={replay.running} onClick={() => replay.run()}>
                  Replay
                </Button>
                <Button variant="secondary" onClick={onClose}>
                  Close
                </Button>
              </div>
            </div>
          );
        }}
      </Loadable>
    </Dialog>
  );
}

function EndpointCard({ endpoint }: { endpoint: WebhookEndpointRow }) {
  const http = useHttp();
  const byEndpoint = { params: { endpointId: endpoint.id } };
  const log = useOperation(API_OPEN.deliveries, { ...byEndpoint, query: { recordsPerPage: 50 } }, { load: true });
  useOnInvalidate('webhooks', () => log.run());
  const secret = useOperation(API_OPEN.endpointSecret, byEndpoint);
  const rotate = useOperation(API_OPEN.rotateSecret, byEndpoint, { onDone: () => secret.run() });
  const actions = useListActions('webhooks');
  const [open, setOpen] = useState<number | null>(null);
  const active = endpoint.status === 'ACTIVE';
  return (
    <Card className="stack" aria-label={`Endpoint ${endpoint.url}`}>
      <div className="row">
        <h2 className="endpoint-url">{endpoint.url}</h2>
        <Badge tone={active ? 'success' : 'danger'}>{active ? 'Active' : 'Disabled'}</Badge>
      </div>
      {endpoint.disabledReason && <Alert tone="warning">{endpoint.disabledReason}</Alert>}
      <p>Events: {endpoint.events.map((e) => WEBHOOK_EVENTS[e as WebhookEventType] ?? e).join(', ')}</p>
      <div className="row">
        <Button variant="secondary" busy={secret.running} onClick={() => secret.run()}>
          Show signing secret
        </Button>
        <Button variant="secondary" busy={rotate.running} onClick={() => rotate.run()}>
          Rotate secret
        </Button>
        <Button
          variant="secondary"
          disabled={actions.busy}
          onClick={() =>
            actions.run(
              () => call(http, API_OPEN.endpointStatus, { ...byEndpoint, body: { enabled: !active } }),
              active ? 'Endpoint disabled' : 'Endpoint enabled',
            )
          }
        >
          {active ? 'Disable' : 'Enable'}
        </Button>
        <Button
          variant="danger"
          disabled={actions.busy}
          onClick={() => actions.run(() => call(http, API_OPEN.deleteEndpoint, byEndpoint), 'Endpoint deleted')}
        >
          Delete
        </Button>
      </div>
      {secret.data && (
        <div className="stack">
          <TextField label="Signing secret" readOnly value={secret.data.secret} onFocus={(e) => e.target.select()} />
          {secret.data.previousSecret && (
            <p className="muted">
              The previous secret also signs until {formatDateTime(secret.data.previousSecretUntil!)}.
            </p>
          )}
        </div>
      )}
      <h3>Delivery log</h3>
      <Loadable loading={log.loading} error={log.error} onRetry={log.retry}>
        {() => (
          <DataTable<WebhookDeliveryRow>
            caption={`Deliveries to ${endpoint.url}`}
            rows={log.data!.items}
            rowKey={(d) => d.id}
            empty="No deliveries yet"
            columns={[
              { header: 'Event', cell: (d) => d.eventType },
              {
                header: 'Status',
                cell: (d) => (
                  <Badge tone={d.status === 'DELIVERED' ? 'success' : d.status === 'FAILED' ? 'danger' : 'warning'}>
                    {d.status}
                  </Badge>
                ),
              },
              { header: 'Attempts', cell: (d) => d.attempts },
              { header: 'Answer', cell: (d) => d.lastResponseStatus ?? '–' },
              { header: 'When', cell: (d) => formatDateTime(d.createdAt) },
              {
                header: 'Actions',
                cell: (d) => (
                  <Button variant="secondary" onClick={() => setOpen(d.id)}>
                    Details
                  </Button>
                ),
              },
            ]}
          />
        )}
      </Loadable>
      {open !== null && <DeliveryDialog id={open} onClose={() => setOpen(null)} onReplayed={() => log.run()} />}
    </Card>
  );
}

export function WebhooksScreen() {
  const endpoints = useOperation(API_OPEN.endpoints, {}, { load: true });
  useOnInvalidate('webhooks', () => endpoints.run());
  const [adding, setAdding] = useState(false);
  return (
    <SellerShell>
      <div className="page stack">
        <div className="page-head">
          <h1>Webhooks</h1>
          <p>
            Dakiya posts events to your endpoints, signed per Standard Webhooks. Delivery is at least once: dedupe by
            the webhook-id header. Failed deliveries are retried for a day.
          </p>
        </div>
        <div className="row">
          <Button onClick={() => setAdding(true)}>New endpoint</Button>
        </div>
        <Loadable loading={endpoints.loading} error={endpoints.error} onRetry={endpoints.retry}>
          {() =>
            endpoints.data!.length === 0 ? (
              <p>No endpoints yet.</p>
            ) : (
              <>
                {endpoints.data!.map((e) => (
                  <EndpointCard key={e.id} endpoint={e} />
                ))}
              </>
            )
          }
        </Loadable>
      </div>
      {adding && <NewEndpointDialog onClose={() => setAdding(false)} />}
    </SellerShell>
  );
}
