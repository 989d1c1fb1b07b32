import { useEffect, useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { isWixRedirect } from '../../../domain/channels-contract';
import { useChannelConnect } from '../../../services/use-channel-connect';
import { ChannelReturn } from './channel-return';

// Wix's two returns to Dakiya. /channels/wix/install is the app's page: Wix opens it with an
// install token once the seller adds the app to a site, and the machine leaves for Wix's
// approval with it. /channels/wix/callback is where the approval sends the seller back: the
// machine authorises the redirect's query, then the list (a reload lands there, not on a spent
// redirect).

export function WixReturnScreen({ step }: { step: 'install' | 'callback' }) {
  const [params] = useSearchParams();
  const [query] = useState(() => Object.fromEntries(params));
  const [snapshot, send] = useChannelConnect();
  const navigate = useNavigate();
  const connected = snapshot.matches('connected');
  // a visit without Wix's token or answer in the address (a bookmark, a typed link) asks for nothing
  const fromWix = step === 'install' ? !!query.token : isWixRedirect(query) || !!query.error;
  useEffect(() => {
    if (!fromWix) return;
    if (step === 'install') send({ type: 'CONNECT_WIX', wixToken: query.token });
    else send({ type: 'WIX_CALLBACK', query });
  }, [send, query, fromWix, step]);
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
      working={step === 'install' ? 'Opening Wix to approve Dakiya…' : 'Connecting your Wix site…'}
      onDismiss={() => send({ type: 'RETRY' })}
    />
  );
}
