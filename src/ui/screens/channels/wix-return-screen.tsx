import { useEffect, useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { isWixRedirect } from '../../../domain/channels-contract';
import { useChannelConnect } from '../../../services/use-channel-connect';
import { ChannelReturn } from './channel-return';

// Where Wix's installer sends the seller back once the app is on their site: the machine
// authorises the return's query (our state, Wix's appId, tenantId and instanceId), then the
// list (a reload lands there, not on a spent return).

export function WixReturnScreen() {
  const [params] = useSearchParams();
  const [query] = useState(() => Object.fromEntries(params));
  const [snapshot, send] = useChannelConnect();
  const navigate = useNavigate();
  const connected = snapshot.matches('connected');
  // a visit without Wix's answer in the address (a bookmark, a typed link) asks for nothing
  const fromWix = isWixRedirect(query) || !!query.error;
  useEffect(() => {
    if (fromWix) send({ type: 'WIX_CALLBACK', query });
  }, [send, query, fromWix]);
  useEffect(() => {
    if (connected) navigate('/channels', { replace: true });
  }, [connected, navigate]);
  return (
    <ChannelReturn
      title="Connecting Wix"
      fromStore={fromWix}
      notFromStore="This page finishes connecting a Wix site after you add Dakiya in Wix, and this visit did not come from there."
      failed={snapshot.matches('failed')}
      error={snapshot.context.error}
      working="Connecting your Wix site…"
      onDismiss={() => send({ type: 'RETRY' })}
    />
  );
}
