import { StrictMode, startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import type { ActorOptions, AnyActorLogic } from 'xstate';
import { App, preloadRoute } from './routes/app';
import { createSessionActor, hadSession, keptPanelToken } from './services/session';
import { startAnalytics } from './services/analytics';
import { setInspect } from './services/inspector';
import { sessionSettled } from './services/session-settled';

/** The longest the first render waits for the account: past it, the page renders and the account follows. */
const ACCOUNT_WAIT_MS = 3_000;

async function start() {
  const url = new URL(window.location.href);
  let inspect: ActorOptions<AnyActorLogic>['inspect'];
  // the Stately inspector: development builds only, and only with ?inspect
  if (import.meta.env.DEV && url.searchParams.has('inspect')) {
    const { createBrowserInspector } = await import('@statelyai/inspect');
    inspect = createBrowserInspector().inspect;
  }
  // every flow's binding hands the same inspector to the actors it creates
  setInspect(inspect);
  // popup mode: an access token in ?at= (staff opening a seller panel); keep it out of history
  const popupToken = url.searchParams.get('at');
  if (popupToken) {
    url.searchParams.delete('at');
    window.history.replaceState(null, '', url.toString());
  }
  // the tag manager loads only with a configured container id
  startAnalytics();
  const session = createSessionActor({ onLoginPage: url.pathname === '/login', inspect });
  session.start();
  // a reload of the seller panel comes back with the token the tab kept
  session.send({ type: 'START', popupToken: popupToken ?? keptPanelToken(), hadSession: hadSession() });
  // the first page renders once its screens' code is loaded, so none of them suspends (lazy-screen.tsx;
  // the page's HTML names their chunks as module preloads), and once the session knows the account
  // (asked with the page's early refresh), so the screens start with the plan and role in hand
  await Promise.all([preloadRoute(url.pathname).catch(() => undefined), sessionSettled(session, ACCOUNT_WAIT_MS)]);
  // rendered as a transition: React then renders the first page in slices of a few milliseconds,
  // yielding to the browser between them, rather than in one long task a phone's taps wait behind
  const root = createRoot(document.getElementById('root')!);
  startTransition(() =>
    root.render(
      <StrictMode>
        <App session={session} />
      </StrictMode>,
    ),
  );
}

void start();
