import { useState } from 'react';
import { formatDateTime } from '../../../domain/format';
import { API_OPEN, SELLER_API_DOCS, type ApiKeyRow } from '../../../domain/open-api-contract';
import { useHttp } from '../../../services/screen-services';
import { useOnInvalidate } from '../../../services/invalidate';
import { call } from '../../../services/call';
import { useApiKeyCreation } from '../../../services/use-api-keys';
import { useListActions } from '../../hooks/use-action';
import { useOperation } from '../../hooks/use-operation';
import { Alert, Badge, Button, ConfirmDialog, DataTable, FormDialog, Loadable, TextField } from '../../kit';
import { SellerShell } from '../shell/seller-shell';

// /api-keys: the organisation's API keys (never the keys themselves), making one (shown once, to
// copy), and revoking one. A key acts with the permissions of the login that made it.

function NewKeyDialog({ onClose }: { onClose: () => void }) {
  const [state, send] = useApiKeyCreation();
  const close = () => {
    send({ type: 'DONE' });
    onClose();
  };
  if (state.matches('shown'))
    return (
      <FormDialog title="Your new API key" onClose={close} onSubmit={close} saving={false} saveLabel="Done">
        <Alert tone="warning">Copy this key now. It is shown only once; Dakiya keeps only a fingerprint of it.</Alert>
        <TextField label="API key" value={state.context.key ?? ''} readOnly onFocus={(e) => e.target.select()} />
        <div className="row">
          <Button variant="secondary" onClick={() => send({ type: 'COPY' })}>
            {state.context.copied ? 'Copied' : 'Copy key'}
          </Button>
        </div>
      </FormDialog>
    );
  return (
    <FormDialog
      title="New API key"
      onClose={close}
      onSubmit={() => send({ type: 'SUBMIT' })}
      error={state.context.error}
      saving={state.matches('creating')}
      saveLabel="Make key"
    >
      <TextField
        label="Key name"
        hint="Where it is used, e.g. Store sync"
        value={state.context.name}
        onChange={(e) => send({ type: 'NAME', value: e.target.value })}
      />
    </FormDialog>
  );
}

export function ApiKeysScreen() {
  const http = useHttp();
  const keys = useOperation(API_OPEN.keys, {}, { load: true });
  useOnInvalidate('apiKeys', () => keys.run());
  const actions = useListActions('apiKeys');
  const [making, setMaking] = useState(false);
  const [revoking, setRevoking] = useState<ApiKeyRow | null>(null);
  return (
    <SellerShell>
      <div className="page stack">
        <div className="page-head">
          <h1>API keys</h1>
          <p>
            Call Dakiya from your own systems. A key acts with your permissions; every write needs an Idempotency-Key
            header. Read the <a href={SELLER_API_DOCS.reference}>API reference</a>.
          </p>
        </div>
        <div className="row">
          <Button onClick={() => setMaking(true)}>New API key</Button>
        </div>
        <Loadable loading={keys.loading} error={keys.error} onRetry={keys.retry}>
          {() => (
            <DataTable<ApiKeyRow>
              caption="API keys"
              rows={keys.data!}
              rowKey={(k) => k.id}
              empty="No API keys yet"
              columns={[
                { header: 'Name', cell: (k) => k.name },
                { header: 'Key', cell: (k) => <code>{k.prefix}…</code> },
                { header: 'Made by', cell: (k) => k.createdByName },
                { header: 'Made on', cell: (k) => formatDateTime(k.createdAt) },
                { header: 'Last used', cell: (k) => (k.lastUsedAt ? formatDateTime(k.lastUsedAt) : 'Never') },
                { header: 'Rate limit', cell: (k) => `${k.rateLimitPerMinute} a minute` },
                {
                  header: 'Status',
                  cell: (k) =>
                    k.revokedAt ? <Badge tone="warning">Revoked</Badge> : <Badge tone="success">Active</Badge>,
                },
                {
                  header: 'Actions',
                  cell: (k) =>
                    k.revokedAt ? null : (
                      <Button variant="secondary" disabled={actions.busy} onClick={() => setRevoking(k)}>
                        Revoke
                      </Button>
                    ),
                },
              ]}
            />
          )}
        </Loadable>
      </div>
      {making && <NewKeyDialog onClose={() => setMaking(false)} />}
      <ConfirmDialog
        open={!!revoking}
        title={`Revoke ${revoking?.name ?? ''}?`}
        message="Calls with this key are refused from now on. This cannot be undone."
        confirmLabel="Revoke key"
        busy={actions.busy}
        onConfirm={() => {
          const k = revoking!;
          setRevoking(null);
          actions.run(() => call(http, API_OPEN.revokeKey, { params: { keyId: k.id } }), 'API key revoked');
        }}
        onCancel={() => setRevoking(null)}
      />
    </SellerShell>
  );
}
