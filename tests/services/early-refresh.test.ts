import { afterEach, describe, expect, it, vi } from 'vitest';
import { API_CONFIG } from '../../src/domain/config-contract';
import { ACCOUNT_INFO } from '../../src/domain/account-session';
import { STORAGE_KEYS } from '../../src/domain/constants';
import { EARLY_REFRESH, refreshesAtStart } from '../../src/services/early-refresh';
import { API_AUTH } from '../../src/domain/auth-contract';

// The seller page starts the session's refresh itself, before the app's code has loaded, only
// when the session's START would refresh; the session's first refresh takes that answer, once,
// read as any answer is; every later refresh is a call of its own.

const storage = (items: Record<string, string>) => ({ getItem: (k: string) => items[k] ?? null });

describe('the early refresh', () => {
  it('uses the app’s own names for the refresh call and the stored marks', () => {
    expect(EARLY_REFRESH.path).toBe(API_AUTH.refreshToken.path);
    expect(EARLY_REFRESH.loggedInKey).toBe(STORAGE_KEYS.loggedIn);
    expect(EARLY_REFRESH.panelTokenKey).toBe(STORAGE_KEYS.panelToken);
    expect(EARLY_REFRESH.accountPath).toBe(ACCOUNT_INFO.path);
    expect(EARLY_REFRESH.configPath).toBe(API_CONFIG.appConfig.path);
  });

  it('starts only where the session would refresh at start', () => {
    const loggedIn = storage({ [STORAGE_KEYS.loggedIn]: '1' });
    expect(refreshesAtStart({ search: '' }, loggedIn, storage({}))).toBe(true);
    // nobody logged in from this browser, or no storage at all
    expect(refreshesAtStart({ search: '' }, storage({}), storage({}))).toBe(false);
    expect(refreshesAtStart({ search: '' }, null, null)).toBe(false);
    // a staff member's seller panel: by the address, or the token the tab kept
    expect(refreshesAtStart({ search: '?at=abc' }, loggedIn, storage({}))).toBe(false);
    expect(refreshesAtStart({ search: '' }, loggedIn, storage({ [STORAGE_KEYS.panelToken]: 'abc' }))).toBe(false);
  });

  describe('in a page', () => {
    afterEach(() => {
      vi.unstubAllGlobals();
      vi.resetModules();
    });

    const answer = (status: number, body: unknown) =>
      new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

    async function pageWith(first: Response) {
      const fetch = vi.fn(async (_input: unknown, _init?: unknown) => answer(200, { data: { accessToken: 'LATER' } }));
      fetch.mockImplementationOnce(async () => first);
      vi.stubGlobal('window', { location: { search: '', origin: 'http://dakiya.test' } });
      vi.stubGlobal('location', { search: '', origin: 'http://dakiya.test' });
      vi.stubGlobal('localStorage', storage({ [STORAGE_KEYS.loggedIn]: '1' }));
      vi.stubGlobal('fetch', fetch);
      vi.resetModules();
      const early = await import('../../src/services/early-refresh');
      const auth = await import('../../src/services/auth-client');
      return { fetch, early, auth };
    }

    const paths = (fetch: ReturnType<typeof vi.fn>) =>
      fetch.mock.calls.map(([input]) => new URL(input instanceof Request ? input.url : String(input)).pathname);

    it('sends the refresh as the page loads; the session’s first refresh takes its answer, later ones call anew', async () => {
      const { fetch, auth } = await pageWith(answer(200, { data: { accessToken: 'EARLY' } }));
      const [url, init] = fetch.mock.calls[0] as [URL, RequestInit];
      expect(String(url)).toBe(`http://dakiya.test${API_AUTH.refreshToken.path}`);
      expect(init).toMatchObject({ method: 'POST', credentials: 'include' });
      expect(await auth.firstRefreshToken()).toBe('EARLY');
      expect(paths(fetch).filter((p) => p === API_AUTH.refreshToken.path)).toHaveLength(1);
      expect(await auth.firstRefreshToken()).toBe('LATER');
      expect(paths(fetch).filter((p) => p === API_AUTH.refreshToken.path)).toHaveLength(2);
    });

    it('asks the profile with the refreshed token and the configuration as the page loads; the session takes each once', async () => {
      const { fetch, auth } = await pageWith(answer(200, { data: { accessToken: 'EARLY' } }));
      const token = await auth.firstRefreshToken();
      await vi.waitFor(() => expect(paths(fetch)).toContain(ACCOUNT_INFO.path));
      expect(paths(fetch)).toEqual([API_AUTH.refreshToken.path, API_CONFIG.appConfig.path, ACCOUNT_INFO.path]);
      const profileCall = fetch.mock.calls[2] as [URL, RequestInit];
      expect(profileCall[1].headers).toMatchObject({ authorization: 'Bearer EARLY' });
      // the session's own reads take those answers: no call of their own
      expect(await auth.accountInfo(token)).toEqual({ accessToken: 'LATER' });
      expect(await auth.appConfig()).toEqual({ accessToken: 'LATER' });
      expect(fetch).toHaveBeenCalledTimes(3);
      // later reads (a reloaded account, another token) call anew
      await auth.accountInfo(token);
      await auth.appConfig();
      expect(fetch).toHaveBeenCalledTimes(5);
    });

    it('hands the early profile only to the token it was asked with', async () => {
      const { fetch, auth } = await pageWith(answer(200, { data: { accessToken: 'EARLY' } }));
      await auth.firstRefreshToken();
      await vi.waitFor(() => expect(paths(fetch)).toContain(ACCOUNT_INFO.path));
      await auth.accountInfo('ANOTHER');
      expect(paths(fetch).filter((p) => p === ACCOUNT_INFO.path)).toHaveLength(2);
      const last = fetch.mock.calls.at(-1) as [Request, RequestInit | undefined];
      expect(last[0].headers.get('authorization')).toBe('Bearer ANOTHER');
    });

    it('hands a refused refresh to the session as the failure any call gives', async () => {
      const { auth } = await pageWith(answer(401, { message: 'Your session has ended. Please log in again.' }));
      await expect(auth.firstRefreshToken()).rejects.toMatchObject({ status: 401 });
    });

    it('sends nothing where nobody logged in from this browser', async () => {
      vi.stubGlobal('window', { location: { search: '', origin: 'http://dakiya.test' } });
      vi.stubGlobal('localStorage', storage({}));
      const fetch = vi.fn();
      vi.stubGlobal('fetch', fetch);
      vi.resetModules();
      const early = await import('../../src/services/early-refresh');
      expect(early.takeEarlyRefresh()).toBeNull();
      expect(fetch).not.toHaveBeenCalled();
    });
  });
});
