import { createContext, useContext, useMemo, type ReactNode } from 'react';
import { useSelector } from '@xstate/react';
import type { SessionActor } from './session';
import type { ScreenSession } from './screen-services';

// React access to the session actor: screens read state and send events, nothing more.

const SessionContext = createContext<SessionActor | null>(null);

export function SessionProvider({ actor, children }: { actor: SessionActor; children: ReactNode }) {
  return <SessionContext.Provider value={actor}>{children}</SessionContext.Provider>;
}

export function useSessionActor(): SessionActor {
  const actor = useContext(SessionContext);
  if (!actor) throw new Error('useSession needs <SessionProvider> above it');
  return actor;
}

export function useSession(): ScreenSession {
  const actor = useSessionActor();
  const status = useSelector(actor, (s) =>
    s.matches('authenticated') || s.matches('refreshing')
      ? 'authenticated'
      : s.matches('anonymous')
        ? 'anonymous'
        : 'checking',
  );
  const claims = useSelector(actor, (s) => s.context.claims);
  const account = useSelector(actor, (s) => s.context.account);
  return useMemo(
    () => ({
      status,
      claims,
      account,
      logout: (message?: string) => actor.send({ type: 'LOGOUT', message }),
      reloadAccount: () => actor.send({ type: 'RELOAD_ACCOUNT' }),
      adoptAccessToken: (token: string) => {
        actor.send({ type: 'TOKEN', token });
        actor.send({ type: 'RELOAD_ACCOUNT' });
      },
    }),
    [actor, status, claims, account],
  );
}
