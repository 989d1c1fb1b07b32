import { lazy, StrictMode, Suspense } from 'react';
import { createRoot } from 'react-dom/client';
import { LookupScreen } from './lookup-screen';
import { trackRoute } from '../domain/tracking/track-route';
import { TrackingScreen } from './tracking-screen';
import { BuyerLanguage, LanguageSwitch } from './language';
import { setTrackInspect } from './inspector';
import { CARRIED_ANSWER_ID } from '../domain/tracking/carried-answer';
import type { TrackingData } from '../domain/tracking-contract';
import '../ui/kit/tokens.css';
import './track-base.css';
import './track.css';

// The buyer's pages (tracking, lookup, the answers to a failed delivery, a COD confirmation and an
// advance payment), in English or Hindi: their own small bundle
// (no seller app code), opened from an SMS on a cheap phone. `?loading=0` skips the loading
// period (measurements only).

const route = trackRoute(window.location.pathname, window.location.search);
if (route.page === 'unknown') window.location.replace('/error');
// the answer page after a failed delivery loads on its own: the tracking page does not carry it
const NdrResponseScreen = lazy(() => import('./ndr-response-screen').then((m) => ({ default: m.NdrResponseScreen })));
// the COD confirmation page too: opened from its own SMS, it loads on its own
const CodConfirmationScreen = lazy(() =>
  import('./cod-confirmation-screen').then((m) => ({ default: m.CodConfirmationScreen })),
);
// and the advance payment page of a seller's payment mode
const AdvancePaymentScreen = lazy(() =>
  import('./advance-payment-screen').then((m) => ({ default: m.AdvancePaymentScreen })),
);
const minimumLoadingMs = new URLSearchParams(window.location.search).get('loading') === '0' ? 0 : undefined;
// the tracking answer the server put in the page (src/domain/tracking/carried-answer.ts): its
// first render draws what the server drew, with nothing more to ask
const carriedBlock = document.getElementById(CARRIED_ANSWER_ID)?.textContent;
const carried = carriedBlock ? (JSON.parse(carriedBlock) as TrackingData) : undefined;

function render() {
  createRoot(document.getElementById('root')!).render(
    <StrictMode>
      <BuyerLanguage>
        {/* every buyer page speaks English or Hindi; the answer pages set their own titles in it */}
        {route.page !== 'unknown' && <LanguageSwitch />}
        {route.page === 'tracking' && (
          <TrackingScreen
            trackingRef={route.ref}
            ratingKey={route.ratingKey}
            minimumLoadingMs={minimumLoadingMs}
            carried={carried}
          />
        )}
        {route.page === 'lookup' && <LookupScreen />}
        {route.page === 'ndr' && (
          <Suspense fallback={null}>
            <NdrResponseScreen token={route.token} />
          </Suspense>
        )}
        {route.page === 'cod' && (
          <Suspense fallback={null}>
            <CodConfirmationScreen token={route.token} txn={route.txn} />
          </Suspense>
        )}
        {route.page === 'advance' && (
          <Suspense fallback={null}>
            <AdvancePaymentScreen token={route.token} txn={route.txn} />
          </Suspense>
        )}
      </BuyerLanguage>
    </StrictMode>,
  );
}

// the Stately inspector: development builds only, and only with ?inspect (the production bundle
// drops this branch and the inspector with it)
if (import.meta.env.DEV && new URLSearchParams(window.location.search).has('inspect')) {
  void import('@statelyai/inspect').then(({ createBrowserInspector }) => {
    setTrackInspect(createBrowserInspector().inspect);
    render();
  });
} else {
  render();
}
