import { useEffect, useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { isShopifyRedirect } from '../../../domain/channels-contract';
import { useChannelConnect } from '../../../services/use-channel-connect';
import { ChannelReturn } from './channel-return';

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
    <ChannelReturn
      title="Connecting Shopify"
      fromStore={fromShopify}
      notFromStore="This page finishes connecting a Shopify store after you approve Dakiya in Shopify, and this visit did not come from there."
      failed={snapshot.matches('failed')}
      error={snapshot.context.error}
      working={`Connecting ${snapshot.context.shopDomain || 'your shop'}…`}
      onDismiss={() => send({ type: 'RETRY' })}
    />
  );
}
