import { useState } from 'react';
import { formatDateTime } from '../../../domain/format';
import { statusText } from '../../../domain/order-status';
import { API_CHANNELS, type ChannelStore, type SyncLogEntry } from '../../../domain/channels-contract';
import { PLATFORM_NAMES, STORE_STATUS_NAMES, SYNC_KIND_NAMES, type StoreStatus } from '../../../domain/channels';
import {
  AmazonConnectBody,
  MagentoConnectBody,
  ShopifyConnectBody,
  WooCommerceConnectBody,
} from '../../../domain/schemas/channel';
import { call } from '../../../services/call';
import { useOnInvalidate } from '../../../services/invalidate';
import { notify } from '../../../services/notify';
import { useHttp } from '../../../services/screen-services';
import { useChannelConnect } from '../../../services/use-channel-connect';
import { useForm } from '../../hooks/use-form';
import { useListActions } from '../../hooks/use-action';
import { useRequest } from '../../hooks/use-request';
import {
  Alert,
  Badge,
  Button,
  Card,
  ConfirmDialog,
  DataTable,
  Dialog,
  Loadable,
  RowActions,
  TextField,
} from '../../kit';
import { SellerShell } from '../shell/seller-shell';

// /channels: the seller's Shopify, WooCommerce and Magento 2 stores, connecting one (the connect-channel
// machine), sync now, the sync log and disconnecting.

const STATUS_TONE: Record<StoreStatus, 'success' | 'warning' | 'danger' | 'brand'> = {
  CONNECTED: 'success',
  AUTHORISING: 'warning',
  FAILED: 'danger',
  DISCONNECTED: 'brand',
};
const OUTCOME_TONE = { OK: 'success', RETRY: 'warning', ERROR: 'danger' } as const;
const OUTCOME_NAMES = { OK: 'OK', RETRY: 'Will retry', ERROR: 'Error' } as const;

function SyncLogDialog({ store, onClose }: { store: ChannelStore; onClose: () => void }) {
  const http = useHttp();
  const log = useRequest(() => call(http, API_CHANNELS.log, { params: { storeId: store.storeId } }), { load: true });
  return (
    <Dialog open wide onOpenChange={(o) => !o && onClose()} title={`Sync log: ${store.name || store.storeUrl}`}>
      <Loadable loading={log.loading} error={log.error} onRetry={log.retry}>
        {() => (
          <DataTable<SyncLogEntry>
            caption="Sync log"
            rows={log.data ?? []}
            rowKey={(r) => r.id}
            empty="Nothing synced yet"
            columns={[
              { header: 'When', cell: (r) => formatDateTime(r.at) },
              {
                header: 'What',
                // a write-back's topic is the order status it told the store about
                cell: (r) => `${SYNC_KIND_NAMES[r.kind]} · ${r.kind === 'WRITE_BACK' ? statusText(r.topic) : r.topic}`,
              },
              {
                header: 'Result',
                cell: (r) => <Badge tone={OUTCOME_TONE[r.outcome]}>{OUTCOME_NAMES[r.outcome]}</Badge>,
              },
              { header: 'Try', cell: (r) => r.attempt },
              { header: 'Details', cell: (r) => r.message },
            ]}
          />
        )}
      </Loadable>
      <div className="row dialog-actions">
        <Button variant="secondary" onClick={onClose}>
          Close
        </Button>
      </div>
    </Dialog>
  );
}

function ConnectForms() {
  const [snapshot, send] = useChannelConnect();
  const shopify = useForm(ShopifyConnectBody, { shopDomain: '' });
  const woo = useForm(WooCommerceConnectBody, { siteUrl: '', consumerKey: '', consumerSecret: '' });
  const magento = useForm(MagentoConnectBody, { siteUrl: '', accessToken: '' });
  const amazon = useForm(AmazonConnectBody, { sellingPartnerId: '', refreshToken: '' });
  const busy =
    snapshot.matches('installing') ||
    snapshot.matches('installingWix') ||
    snapshot.matches('redirecting') ||
    snapshot.matches('authorising');
  return (
    <div className="stack">
      {snapshot.matches('failed') && (
        <Alert>
          <span>{snapshot.context.error}</span>{' '}
          <Button variant="secondary" onClick={() => send({ type: 'RETRY' })}>
            Try again
          </Button>
        </Alert>
      )}
      <div className="grid-2 connect-grid">
        <Card aria-labelledby="connect-shopify">
          <h2 id="connect-shopify">Shopify</h2>
          <p className="muted">
            Install the Dakiya app on your shop. Orders arrive as they are placed; tracking goes back to Shopify.
          </p>
          <form
            noValidate
            aria-label="Connect Shopify"
            onSubmit={(e) => {
              e.preventDefault();
              shopify.submitTo((body) => send({ type: 'CONNECT_SHOPIFY', ...body }))();
            }}
          >
            <TextField
              label="Shop domain"
              placeholder="your-shop.myshopify.com"
              autoComplete="off"
              {...shopify.field('shopDomain')}
            />
            <Button
              type="submit"
              busy={snapshot.matches('installing') || snapshot.matches('redirecting')}
              disabled={busy}
            >
              Connect Shopify
            </Button>
          </form>
        </Card>
        <Card aria-labelledby="connect-woocommerce">
          <h2 id="connect-woocommerce">WooCommerce</h2>
          <p className="muted">
            Make read/write keys under WooCommerce › Settings › Advanced › REST API and paste them here.
          </p>
          <form
            noValidate
            aria-label="Connect WooCommerce"
            onSubmit={(e) => {
              e.preventDefault();
              woo.submitTo((body) => send({ type: 'CONNECT_WOOCOMMERCE', ...body }))();
            }}
          >
            <TextField
              label="Store URL"
              placeholder="https://shop.example.in"
              autoComplete="url"
              {...woo.field('siteUrl')}
            />
            <TextField label="Consumer key" autoComplete="off" {...woo.field('consumerKey')} />
            <TextField label="Consumer secret" type="password" autoComplete="off" {...woo.field('consumerSecret')} />
            <Button type="submit" busy={snapshot.matches('authorising')} disabled={busy}>
              Connect WooCommerce
            </Button>
          </form>
        </Card>
        <Card aria-labelledby="connect-magento">
          <h2 id="connect-magento">Magento 2</h2>
          <p className="muted">
            Add an integration under System › Extensions › Integrations with access to Sales and Catalog, activate it
            and paste its access token. Set Stores › Configuration › Services › OAuth › Consumer Settings › Allow OAuth
            Access Tokens to be used as standalone Bearer tokens to Yes. New orders are fetched every few minutes;
            tracking goes back as a shipment.
          </p>
          <form
            noValidate
            aria-label="Connect Magento"
            onSubmit={(e) => {
              e.preventDefault();
              magento.submitTo((body) => send({ type: 'CONNECT_MAGENTO', ...body }))();
            }}
          >
            <TextField
              label="Store URL"
              placeholder="https://shop.example.in"
              autoComplete="url"
              {...magento.field('siteUrl')}
            />
            <TextField label="Access token" type="password" autoComplete="off" {...magento.field('accessToken')} />
            <Button type="submit" busy={snapshot.matches('authorising')} disabled={busy}>
              Connect Magento
            </Button>
          </form>
        </Card>
        <Card aria-labelledby="connect-wix">
          <h2 id="connect-wix">Wix</h2>
          <p className="muted">
            Add the Dakiya app to your Wix site and approve it. Orders arrive as they are placed; tracking goes back to
            Wix.
          </p>
          <Button
            busy={snapshot.matches('installingWix')}
            disabled={busy}
            onClick={() => send({ type: 'CONNECT_WIX' })}
          >
            Connect Wix
          </Button>
        </Card>
        <Card aria-labelledby="connect-amazon">
          <h2 id="connect-amazon">Amazon</h2>
          <p className="muted">
            Authorise the Dakiya app in Seller Central (Amazon.in) and paste your merchant token and the refresh token
            it gives. Self-ship orders ship through Dakiya; Easy Ship and Fulfilled by Amazon orders are shown and
            shipped by Amazon.
          </p>
          <form
            noValidate
            aria-label="Connect Amazon"
            onSubmit={(e) => {
              e.preventDefault();
              amazon.submitTo((body) => send({ type: 'CONNECT_AMAZON', ...body }))();
            }}
          >
            <TextField
              label="Seller ID"
              placeholder="A2EXAMPLE1SELLER"
              autoComplete="off"
              {...amazon.field('sellingPartnerId')}
            />
            <TextField label="Refresh token" type="password" autoComplete="off" {...amazon.field('refreshToken')} />
            <Button type="submit" busy={snapshot.matches('authorising')} disabled={busy}>
              Connect Amazon
            </Button>
          </form>
        </Card>
      </div>
    </div>
  );
}

export function ChannelsScreen() {
  const http = useHttp();
  const stores = useRequest(() => call(http, API_CHANNELS.stores), { load: true });
  useOnInvalidate('channels', () => stores.run());
  const actions = useListActions('channels');
  const [logOf, setLogOf] = useState<ChannelStore | null>(null);
  const [leaving, setLeaving] = useState<ChannelStore | null>(null);
  const sync = useRequest(
    (store: ChannelStore) => call(http, API_CHANNELS.sync, { params: { storeId: store.storeId } }),
    {
      onDone: (r) => {
        notify({
          kind: 'info',
          message: `Synced: ${r.ordersSeen} orders seen, ${r.ordersCreated} new; ${r.productsMapped} products newly mapped`,
        });
        stores.run();
      },
      onError: (message) => notify({ kind: 'error', message }),
    },
  );
  return (
    <SellerShell>
      <div className="page stack">
        <div className="page-head">
          <h1>Sales channels</h1>
          <p>Connect your stores: their orders become Dakiya orders, and shipping updates go back to them.</p>
          <p className="muted">
            Shopify, WooCommerce, Magento 2, Wix and Amazon connect here. Orders from other channels come in by the
            order form, a file upload or the Dakiya API.
          </p>
        </div>
        <ConnectForms />
        <h2>Your stores</h2>
        <Loadable loading={stores.loading} error={stores.error} onRetry={stores.retry}>
          {() => (
            <DataTable<ChannelStore>
              caption="Your stores"
              rows={stores.data ?? []}
              rowKey={(r) => r.storeId}
              empty="No store connected yet"
              busy={actions.busy || sync.running}
              columns={[
                {
                  header: 'Store',
                  cell: (r) => (
                    <span>
                      <strong>{r.name || r.storeUrl}</strong>
                      <br />
                      <span className="muted">{r.storeUrl}</span>
                    </span>
                  ),
                },
                { header: 'Channel', cell: (r) => PLATFORM_NAMES[r.platform] },
                {
                  header: 'Status',
                  cell: (r) => (
                    <span>
                      <Badge tone={STATUS_TONE[r.status]}>{STORE_STATUS_NAMES[r.status]}</Badge>
                      {r.lastError && <span className="field-hint"> {r.lastError}</span>}
                    </span>
                  ),
                },
                { header: 'Orders', cell: (r) => r.ordersCount },
                { header: 'Last sync', cell: (r) => (r.lastSyncAt ? formatDateTime(r.lastSyncAt) : 'Not yet') },
                {
                  header: 'Actions',
                  cell: (r) => (
                    <RowActions
                      actions={[
                        r.status === 'CONNECTED' && {
                          label: 'Sync now',
                          name: `Sync now ${r.name || r.storeUrl}`,
                          onClick: () => sync.run(r),
                          disabled: sync.running,
                        },
                        { label: 'Sync log', name: `Sync log of ${r.name || r.storeUrl}`, onClick: () => setLogOf(r) },
                        {
                          label: 'Disconnect',
                          name: `Disconnect ${r.name || r.storeUrl}`,
                          onClick: () => setLeaving(r),
                        },
                      ]}
                    />
                  ),
                },
              ]}
            />
          )}
        </Loadable>
        {logOf && <SyncLogDialog store={logOf} onClose={() => setLogOf(null)} />}
        <ConfirmDialog
          open={leaving !== null}
          title="Disconnect store"
          message={`Disconnect ${leaving?.name || leaving?.storeUrl}? Its keys are erased here; orders already taken stay.`}
          confirmLabel="Disconnect"
          busy={actions.busy}
          onCancel={() => setLeaving(null)}
          onConfirm={() => {
            const store = leaving!;
            setLeaving(null);
            actions.run(
              () => call(http, API_CHANNELS.store, { params: { storeId: store.storeId } }),
              `${store.name || store.storeUrl} is disconnected`,
            );
          }}
        />
      </div>
    </SellerShell>
  );
}
