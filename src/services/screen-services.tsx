import { createContext, useContext, useEffect, useRef, type ReactNode } from 'react';
import { onInvalidate } from './invalidate';
import type { Http, SessionView } from './types';

// The seam between the account screens and the app's HTTP client and session.
//
// Screens never import src/services/http.ts or session-context.tsx directly: they read both from
// this context, so tests hand in a fake Http and a fake session, and the app wires the real ones
// once, near the root:
//
//   function ScreensWiring({ children }) {
//     return <ScreenServicesProvider http={http} session={useSession()}>{children}</ScreenServicesProvider>;
//   }

export interface ScreenSession extends SessionView {
  /**
   * Adopt a fresh access token the server issued outside the login flow (update-password answers
   * one). Until the session provides it, the screens fall back to reloadAccount().
   */
  adoptAccessToken?(accessToken: string): void;
}

interface ScreenServices {
  http: Http;
  session: ScreenSession;
}

const ServicesContext = createContext<ScreenServices | null>(null);

export function ScreenServicesProvider({ http, session, children }: ScreenServices & { children: ReactNode }) {
  // the wallet's balance in the header follows every change to the wallet
  const latest = useRef(session);
  latest.current = session;
  useEffect(() => onInvalidate('wallet', () => latest.current.reloadAccount()), []);
  return <ServicesContext.Provider value={{ http, session }}>{children}</ServicesContext.Provider>;
}

function useServices(): ScreenServices {
  const services = useContext(ServicesContext);
  if (!services) throw new Error('Account screens need <ScreenServicesProvider http session> above them');
  return services;
}

export const useHttp = (): Http => useServices().http;
export const useScreenSession = (): ScreenSession => useServices().session;
