import { useEffect, useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router-dom';
import { isShopifyRedirect } from '../../../domain/channels-contract';
import { useChannelConnect } from '../../../services/use-channel-connect';
import { Alert, Button, Card, Spinner } from '../../kit';
import { SellerShell } from '../shell/seller-shell';

// /channels/shopify/callback: Shopify sends the seller back here after the app's approval page;
// the connect-channel machine starts authorising with the redirect's query, then returns to
// /channels (so a reload lands on the list, not on a spent redirect).

export function ShopifyCallbackScreen() {
  const [params] = useSearchParams();
  const [query] = useState(() => Object.fromEntries(params));
  const [snapshot, send] = useChannelConnect();
  const navigate = useNavigate();
  const connected = snapshot.matches('connected');
  // a visit without Shopify's approval in the address (a bookmark, a typed link) asks for nothing
  const fromShopify = isShopifyRedirect(query);
  useEffect(() => {
    if (fromShopify) send({ type: 'CALLBACK', query });
  }, [send, query, fromShopify]);
  useEffect(() => {
    if (connected) navigate('/channels', { replace: true });
  }, [connected, navigate]);
  return (
    <SellerShell>
      <div className="page page-narrow stack">
        <h1>Connecting Shopify</h1>
        <Card>
          {!fromShopify ? (
            <div className="stack">
              <Alert>
                This page finishes connecting a Shopify store after you approve Dakiya in Shopify, and this visit did
                not come from there.
              </Alert>
              <Link to="/channels">Connect a store from Sales channels</Link>
            </div>
          ) : snapshot.matches('failed') ? (
            <div className="stack">
              <Alert>{snapshot.context.error}</Alert>
              <div className="row">
                <Button variant="secondary" onClick={() => send({ type: 'RETRY' })}>
                  Dismiss
                </Button>
                <Link to="/channels">Back to sales channels</Link>
              </div>
            </div>
          ) : (
            <p role="status">
              <Spinner /> Connecting {snapshot.context.shopDomain || 'your shop'}…
            </p>
          )}
        </Card>
      </div>
    </SellerShell>
  );
}
