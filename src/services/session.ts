import { createActor, fromPromise, waitFor, type ActorOptions, type AnyActorLogic } from 'xstate';
import { sessionMachine } from '../machines/session.machine';
import { STORAGE_KEYS } from '../domain/constants';
import { accountInfo, appConfig, firstRefreshToken, logoutCall } from './auth-client';
import { forgetDelayCounts } from './delay-counts-kept';
import { setTokenSource } from './http';

// The one session actor of the app, wired to the real calls and to local storage.

function storage(): Storage | null {
  try {
    return typeof localStorage === 'undefined' ? null : localStorage;
  } catch {
    return null;
  }
}

function tabStorage(): Storage | null {
  try {
    return typeof sessionStorage === 'undefined' ? null : sessionStorage;
  } catch {
    return null;
  }
}

/** Whether this browser holds the logged-in marker (a refresh cookie may be worth trying). */
export function hadSession(): boolean {
  return storage()?.getItem(STORAGE_KEYS.loggedIn) === '1';
}

/** The seller panel's token this tab kept before a reload, if any. */
export function keptPanelToken(): string | null {
  return tabStorage()?.getItem(STORAGE_KEYS.panelToken) ?? null;
}

export function createSessionActor(opts: { onLoginPage: boolean; inspect?: ActorOptions<AnyActorLogic>['inspect'] }) {
  const machine = sessionMachine.provide({
    actors: {
      // the first takes the answer of the refresh the page started early (early-refresh.ts)
      refresh: fromPromise(() => firstRefreshToken()),
      // the profile and the app configuration load together; either failing ends the session
      loadProfile: fromPromise(async ({ input }: { input: { token: string } }) => {
        const [info, config] = await Promise.all([accountInfo(input.token), appConfig()]);
        storage()?.setItem(STORAGE_KEYS.appConfig, JSON.stringify(config));
        return info;
      }),
      logoutCall: fromPromise(() => logoutCall()),
    },
    actions: {
      markLoggedIn: () => storage()?.setItem(STORAGE_KEYS.loggedIn, '1'),
      markLoggedOut: (_, params: { message: string | null }) => {
        storage()?.removeItem(STORAGE_KEYS.loggedIn);
        storage()?.removeItem(STORAGE_KEYS.appConfig);
        forgetDelayCounts();
        if (params.message) storage()?.setItem(STORAGE_KEYS.loginError, params.message);
      },
      keepPanelToken: (_, params: { token: string }) => tabStorage()?.setItem(STORAGE_KEYS.panelToken, params.token),
      forgetPanelToken: (_, params: { message: string | null }) => {
        tabStorage()?.removeItem(STORAGE_KEYS.panelToken);
        if (params.message) storage()?.setItem(STORAGE_KEYS.loginError, params.message);
      },
    },
  });
  const actor = createActor(machine, { input: { onLoginPage: opts.onLoginPage }, inspect: opts.inspect });
  setTokenSource({
    current: () => actor.getSnapshot().context.token,
    async renew(used, message) {
      const now = actor.getSnapshot();
      if (now.context.token && now.context.token !== used) return now.context.token;
      actor.send({ type: 'UNAUTHORIZED', message });
      const settled = await waitFor(
        actor,
        (s) => s.matches('anonymous') || (s.matches({ authenticated: 'ready' }) && s.context.token !== used),
      );
      return settled.matches('anonymous') ? null : settled.context.token;
    },
  });
  return actor;
}

export type SessionActor = ReturnType<typeof createSessionActor>;

/** A message another part of the app left for the login page (spec section 8), read once. */
export function takeLoginError(): string | null {
  const s = storage();
  const m = s?.getItem(STORAGE_KEYS.loginError) ?? null;
  s?.removeItem(STORAGE_KEYS.loginError);
  return m;
}
