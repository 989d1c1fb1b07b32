import { assign, fromPromise, setup } from 'xstate';
import type { AccessClaims, AccountInfo } from '../domain/account-contract';
import { claimsOf } from '../domain/token-claims';
import { isAdminSubject } from '../domain/access';
import { MSG } from '../domain/messages';

// The session of spec section 4. The access token lives only here (memory). One refresh is in
// flight at a time: every request that met a 401 sends UNAUTHORIZED and waits for this machine
// to come back to `authenticated` with a new token (retry) or to `anonymous` (give up).
//
// A seller panel (staff viewing one seller, an admin token with no refresh token) keeps its token
// for the tab (keepPanelToken) so a reload comes back to the panel: the app passes the kept token
// in START. Leaving the panel forgets it and never calls logout, whose cookie is the staff
// member's own session.

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
  /** popupToken: popup mode, the token from query parameter `at` or the one the tab kept */
  /** hadSession false: this browser holds no logged-in marker, so there is no cookie to try */
  | { type: 'START'; popupToken?: string | null; hadSession?: boolean }
  | { type: 'LOGGED_IN'; token: string }
  | { type: 'TOKEN'; token: string }
  | { type: 'UNAUTHORIZED'; message?: string }
  | { type: 'LOGOUT'; message?: string }
  | { type: 'RELOAD_ACCOUNT' }
  | { type: 'LOCATION'; onLoginPage: boolean };

/** Leaving the seller panel: the panel ends on its own; the staff member's session (the cookie) is left alone. */
const leavePanel = [
  { type: 'forgetPanelToken', params: ({ context }: { context: SessionContext }) => ({ message: context.message }) },
  assign<SessionContext, SessionEvent, undefined, SessionEvent, never>({
    token: null,
    claims: null,
    account: null,
    pendingMessage: null,
  }),
] as const;

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
    /** the seller panel's token, kept for this tab only (it survives a reload) */
    keepPanelToken: (_, _params: { token: string }) => {},
    /** forgets the panel's token and keeps the message for the login page */
    forgetPanelToken: (_, _params: { message: string | null }) => {},
  },
  guards: {
    hasPopupToken: ({ event }) => event.type === 'START' && !!event.popupToken,
    popupTokenIsAdmin: ({ event }) => event.type === 'START' && isAdminSubject(claimsOf(event.popupToken ?? null)?.sub),
    isAdminSession: ({ context }) => isAdminSubject(context.claims?.sub),
    onLoginPage: ({ context }) => context.onLoginPage,
    neverLoggedIn: ({ event }) => event.type === 'START' && event.hadSession === false,
    /** a temporary password was used: the server opens nothing but update-password (and refresh) */
    passwordChangePending: ({ context }) => !!context.claims?.pcr,
  },
}).createMachine({
  id: 'session',
  context: ({ input }) => ({
    token: null,
    claims: null,
    account: null,
    message: null,
    pendingMessage: null,
    onLoginPage: input?.onLoginPage ?? false,
  }),
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
            actions: [
              assign({ token: ({ event }) => event.popupToken!, claims: ({ event }) => claimsOf(event.popupToken!) }),
              {
                type: 'keepPanelToken',
                params: ({ event }) => ({ token: (event as { popupToken: string }).popupToken }),
              },
            ],
          },
          { guard: 'hasPopupToken', target: 'loggingOut', actions: assign({ message: MSG.unauthorizedAccess }) },
          // nobody logged in from this browser: no refresh call (its 401 would be noise in the console)
          { guard: 'neverLoggedIn', target: 'anonymous' },
          { target: 'checking' },
        ],
      },
    },
    checking: {
      // no token in memory (a reload, a new tab): try the refresh cookie once
      invoke: {
        id: 'refresh',
        src: 'refresh',
        onDone: {
          target: 'authenticated',
          actions: assign({ token: ({ event }) => event.output, claims: ({ event }) => claimsOf(event.output) }),
        },
        onError: { target: 'anonymous' },
      },
    },
    anonymous: {
      on: {
        LOGGED_IN: {
          target: 'authenticated',
          actions: assign({
            token: ({ event }) => event.token,
            claims: ({ event }) => claimsOf(event.token),
            message: null,
          }),
        },
      },
    },
    authenticated: {
      entry: 'markLoggedIn',
      initial: 'loadingProfile',
      on: {
        UNAUTHORIZED: [
          {
            guard: 'isAdminSession',
            target: 'anonymous',
            actions: [assign({ message: MSG.adminSessionExpired }), ...leavePanel],
          },
          {
            target: 'refreshing',
            actions: assign({ pendingMessage: ({ event }) => event.message ?? MSG.sessionExpired }),
          },
        ],
        LOGOUT: [
          {
            guard: 'isAdminSession',
            target: 'anonymous',
            actions: [assign({ message: ({ event }) => event.message ?? null }), ...leavePanel],
          },
          { target: 'loggingOut', actions: assign({ message: ({ event }) => event.message ?? null }) },
        ],
        TOKEN: {
          actions: assign({
            token: ({ event }) => event.token,
            claims: ({ event }) => claimsOf(event.token),
            // a token without the password-change claim is the server's word that the change is
            // made: the account read before it must not send the seller back to change it again
            account: ({ context, event }) =>
              context.account?.mustChangePassword && !claimsOf(event.token)?.pcr
                ? { ...context.account, mustChangePassword: false }
                : context.account,
          }),
        },
      },
      states: {
        loadingProfile: {
          // an upgrade or a payment may ask again while a load is in flight: the answer in flight
          // may be older than the change, so the load starts over
          on: { RELOAD_ACCOUNT: { target: 'loadingProfile', reenter: true } },
          invoke: {
            id: 'loadProfile',
            src: 'loadProfile',
            input: ({ context }) => ({ token: context.token! }),
            onDone: { target: 'ready', actions: assign({ account: ({ event }) => event.output }) },
            onError: [
              // a failed profile fetch logs out, unless the user is on the login page already or
              // must change a temporary password first (a reload there keeps the session)
              { guard: 'passwordChangePending', target: 'passwordChange' },
              { guard: 'onLoginPage', target: 'ready' },
              {
                guard: 'isAdminSession',
                target: '#session.anonymous',
                actions: [
                  assign({ message: ({ event }) => (event.error as Error)?.message || MSG.genericError }),
                  ...leavePanel,
                ],
              },
              {
                target: '#session.loggingOut',
                actions: assign({ message: ({ event }) => (event.error as Error)?.message || MSG.genericError }),
              },
            ],
          },
        },
        ready: {
          on: { RELOAD_ACCOUNT: { target: 'loadingProfile' } },
        },
        // no profile until the new password is set; the new token (TOKEN) and RELOAD_ACCOUNT follow
        passwordChange: {
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
          actions: assign({
            token: ({ event }) => event.output,
            claims: ({ event }) => claimsOf(event.output),
            pendingMessage: null,
          }),
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
