import { oneRefreshAcrossTabs } from './refresh-across-tabs';

// The session's refresh, started by the page itself. The server names this module in every
// seller page's HTML as a script of its own (`async`, so it runs as soon as it arrives, long
// before the app's code has downloaded): a reload's refresh round trip then overlaps that
// download instead of following it. The session's `refresh` actor takes the answer
// (takeEarlyRefresh), once; every later refresh is the app's own. The app imports this module
// too, so where no page named it (development) it runs, once, as the app starts. It starts
// only when the session machine's START would refresh: no staff panel token (in the address or
// kept by the tab) and the browser holds the logged-in marker. It imports nothing but the
// cross-tab lock, so it loads on its own: the names below are the app's (tests check they agree).

export const EARLY_REFRESH = {
  path: '/api/v1/auth/refresh-token', // REFRESH_TOKEN.path (account-session.ts)
  accountPath: '/api/v1/account/info', // ACCOUNT_INFO.path (account-session.ts)
  configPath: '/api/v1/app-config', // API_CONFIG.appConfig
  loggedInKey: 'dakiya.loggedIn', // STORAGE_KEYS.loggedIn
  panelTokenKey: 'dakiya.panelToken', // STORAGE_KEYS.panelToken
  popupParam: 'at', // main.tsx: a staff member's token for a seller panel
} as const;

/** Whether this page load's session starts with a refresh (the session machine's START). */
export function refreshesAtStart(
  location: Pick<Location, 'search'>,
  local: Pick<Storage, 'getItem'> | null,
  tab: Pick<Storage, 'getItem'> | null,
): boolean {
  if (new URLSearchParams(location.search).has(EARLY_REFRESH.popupParam)) return false;
  if (tab?.getItem(EARLY_REFRESH.panelTokenKey)) return false;
  return local?.getItem(EARLY_REFRESH.loggedInKey) === '1';
}

const storageOf = (name: 'localStorage' | 'sessionStorage'): Storage | null => {
  try {
    return (globalThis as unknown as Record<string, Storage | undefined>)[name] ?? null;
  } catch {
    return null;
  }
};

let early: Promise<Response> | null = null;

if (
  typeof window !== 'undefined' &&
  refreshesAtStart(window.location, storageOf('localStorage'), storageOf('sessionStorage'))
)
  early = oneRefreshAcrossTabs(() =>
    fetch(new URL(EARLY_REFRESH.path, window.location.origin), {
      method: 'POST',
      credentials: 'include',
      headers: { accept: 'application/json' },
    }),
  );
// a failure is the session's to read, when it takes the answer
early?.catch(() => undefined);

// The session's next calls follow at once: its profile (with the refreshed token) and the app's
// configuration. They are asked here too, so the app finds them answered when its code has run,
// instead of a round trip after it.
const asked = (path: string, headers: Record<string, string> = {}) =>
  fetch(new URL(path, window.location.origin), {
    credentials: 'include',
    headers: { accept: 'application/json', ...headers },
  });

let earlyAccount: Promise<{ token: string; answer: Promise<Response> } | null> | null =
  early
    ?.then(async (res) => {
      if (!res.ok) return null;
      const body = (await res.clone().json()) as { data?: { accessToken?: unknown } };
      const token = body?.data?.accessToken;
      if (typeof token !== 'string') return null;
      const answer = asked(EARLY_REFRESH.accountPath, { authorization: `Bearer ${token}` });
      answer.catch(() => undefined);
      return { token, answer };
    })
    .catch(() => null) ?? null;

let earlyConfig: Promise<Response> | null = early ? asked(EARLY_REFRESH.configPath) : null;
earlyConfig?.catch(() => undefined);

/** The page's early refresh answer, handed over once; null when none was started or it was taken. */
export function takeEarlyRefresh(): Promise<Response> | null {
  const taken = early;
  early = null;
  return taken;
}

/** The answer to the profile asked early with this token, handed over once; null when none was asked, it failed, or another token asks. */
export async function takeEarlyAccount(token: string): Promise<Response | null> {
  const taken = earlyAccount;
  earlyAccount = null;
  const asked = taken ? await taken : null;
  if (asked?.token !== token) return null;
  return asked.answer.catch(() => null);
}

/** The app configuration asked early, handed over once; null when none was asked or it was taken. */
export function takeEarlyConfig(): Promise<Response> | null {
  const taken = earlyConfig;
  earlyConfig = null;
  return taken;
}
