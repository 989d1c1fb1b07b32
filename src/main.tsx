import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import type { ActorOptions, AnyActorLogic } from 'xstate';
import { App, preloadRoute } from './routes/app';
import { createSessionActor, hadSession, keptPanelToken } from './services/session';
import { startAnalytics } from './services/analytics';
import { setInspect } from './services/inspector';

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
  // the first page's screens are loaded before it renders, so none of them suspends (lazy-screen.tsx);
  // their chunks are already on their way (the page's HTML names them as module preloads)
  await preloadRoute(url.pathname).catch(() => undefined);
  createRoot(document.getElementById('root')!).render(
    <StrictMode>
      <App session={session} />
    </StrictMode>,
  );
}

void start();
