import { assign, fromPromise, setup } from 'xstate';
import { jwtDecode } from 'jwt-decode';
import type { AccessClaims, AccountInfo } from '../domain/api';
import { isAdminSubject } from '../domain/access';
import { MSG } from '../domain/messages';

// The session of spec section 4. The access token lives only here (memory). One refresh is in
// flight at a time: every request that met a 401 sends UNAUTHORIZED and waits for this machine
// to come back to `authenticated` with a new token (retry) or to `anonymous` (give up).

export interface SessionContext {
  token: string | null;
  claims: AccessClaims | null;
  account: AccountInfo | null;
  /** why the session ended: shown on arrival at /login */
  message: string | null;
  /** the original message of the request whose 401 started a refresh */
  pendingMessage: string | null;
  onLoginPage: boolean;
}

export interface SessionInput {
  onLoginPage?: boolean;
}

export type SessionEvent =
  /**
   * popupToken: popup mode, the token from query parameter `at`. signedIn: false when this
   * browser shows no sign of a session (no logged-in marker): then no refresh call is made, so a
   * logged-out visitor's console shows no 401 on every page load.
   */
  | { type: 'START'; popupToken?: string | null; signedIn?: boolean }
  | { type: 'LOGGED_IN'; token: string }
  | { type: 'TOKEN'; token: string }
  | { type: 'UNAUTHORIZED'; message?: string }
  | { type: 'LOGOUT'; message?: string }
  | { type: 'RELOAD_ACCOUNT' }
  | { type: 'LOCATION'; onLoginPage: boolean };

function claimsOf(token: string | null): AccessClaims | null {
  if (!token) return null;
  try {
    return jwtDecode<AccessClaims>(token);
  } catch {
    return null;
  }
}

export const sessionMachine = setup({
  types: {
    context: {} as SessionContext,
    events: {} as SessionEvent,
    input: {} as SessionInput,
  },
  actors: {
    /** POST refresh-token with the HttpOnly cookie; resolves the new access token */
    refresh: fromPromise<string>(async () => {
      throw new Error('refresh not provided');
    }),
    /** GET account info with the current token */
    loadProfile: fromPromise<AccountInfo, { token: string }>(async () => {
      throw new Error('loadProfile not provided');
    }),
    /** POST logout (revokes the refresh family); failures are ignored */
    logoutCall: fromPromise<void>(async () => undefined),
  },
  actions: {
    /** the logged-in marker in local storage */
    markLoggedIn: () => {},
    /** clears the marker and keeps the message for the login page */
    markLoggedOut: (_, _params: { message: string | null }) => {},
  },
  guards: {
    hasPopupToken: ({ event }) => event.type === 'START' && !!event.popupToken,
    noSignOfSession: ({ event }) => event.type === 'START' && event.signedIn === false,
    popupTokenIsAdmin: ({ event }) => event.type === 'START' && isAdminSubject(claimsOf(event.popupToken ?? null)?.sub),
    isAdminSession: ({ context }) => isAdminSubject(context.claims?.sub),
    onLoginPage: ({ context }) => context.onLoginPage,
  },
}).createMachine({
  id: 'session',
  context: ({ input }) => ({ token: null, claims: null, account: null, message: null, pendingMessage: null, onLoginPage: input?.onLoginPage ?? false }),
  initial: 'idle',
  on: {
    LOCATION: { actions: assign({ onLoginPage: ({ event }) => event.onLoginPage }) },
  },
  states: {
    idle: {
      on: {
        START: [
          // popup mode accepts only an admin (staff-as-seller) token
          {
            guard: 'popupTokenIsAdmin',
            target: 'authenticated',
            actions: assign({ token: ({ event }) => event.popupToken!, claims: ({ event }) => claimsOf(event.popupToken!) }),
          },
          { guard: 'hasPopupToken', target: 'loggingOut', actions: assign({ message: MSG.unauthorizedAccess }) },
          // never signed in here (or signed out): nothing to refresh
          { guard: 'noSignOfSession', target: 'anonymous' },
          { target: 'checking' },
        ],
      },
    },
    checking: {
      // no token in memory (a reload, a new tab): try the refresh cookie once
      invoke: {
        id: 'refresh',
        src: 'refresh',
        onDone: { target: 'authenticated', actions: assign({ token: ({ event }) => event.output, claims: ({ event }) => claimsOf(event.output) }) },
        onError: { target: 'anonymous' },
      },
    },
    anonymous: {
      on: {
        LOGGED_IN: { target: 'authenticated', actions: assign({ token: ({ event }) => event.token, claims: ({ event }) => claimsOf(event.token), message: null }) },
      },
    },
    authenticated: {
      entry: 'markLoggedIn',
      initial: 'loadingProfile',
      on: {
        UNAUTHORIZED: [
          { guard: 'isAdminSession', target: 'loggingOut', actions: assign({ message: MSG.adminSessionExpired }) },
          { target: 'refreshing', actions: assign({ pendingMessage: ({ event }) => event.message ?? MSG.sessionExpired }) },
        ],
        LOGOUT: { target: 'loggingOut', actions: assign({ message: ({ event }) => event.message ?? null }) },
        TOKEN: { actions: assign({ token: ({ event }) => event.token, claims: ({ event }) => claimsOf(event.token) }) },
      },
      states: {
        loadingProfile: {
          invoke: {
            id: 'loadProfile',
            src: 'loadProfile',
            input: ({ context }) => ({ token: context.token! }),
            onDone: { target: 'ready', actions: assign({ account: ({ event }) => event.output }) },
            onError: [
              // a failed profile fetch logs out, unless the user is on the login page already
              { guard: 'onLoginPage', target: 'ready' },
              { target: '#session.loggingOut', actions: assign({ message: ({ event }) => (event.error as Error)?.message || MSG.genericError }) },
            ],
          },
        },
        ready: {
          on: { RELOAD_ACCOUNT: { target: 'loadingProfile' } },
        },
      },
    },
    refreshing: {
      invoke: {
        id: 'refresh',
        src: 'refresh',
        onDone: {
          target: 'authenticated.ready',
          actions: assign({ token: ({ event }) => event.output, claims: ({ event }) => claimsOf(event.output), pendingMessage: null }),
        },
        // refresh failed: log out with the message of the request that started it
        onError: { target: 'loggingOut', actions: assign({ message: ({ context }) => context.pendingMessage }) },
      },
      on: {
        LOGOUT: { target: 'loggingOut', actions: assign({ message: ({ event }) => event.message ?? null }) },
      },
    },
    loggingOut: {
      entry: [
        { type: 'markLoggedOut', params: ({ context }) => ({ message: context.message }) },
        assign({ token: null, claims: null, account: null, pendingMessage: null }),
      ],
      invoke: {
        id: 'logoutCall',
        src: 'logoutCall',
        onDone: { target: 'anonymous' },
        onError: { target: 'anonymous' },
      },
    },
  },
});
