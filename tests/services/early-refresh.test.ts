import { afterEach, describe, expect, it, vi } from 'vitest';
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

    it('sends the refresh as the page loads; the session’s first refresh takes its answer, later ones call anew', async () => {
      const { fetch, auth } = await pageWith(answer(200, { data: { accessToken: 'EARLY' } }));
      expect(fetch).toHaveBeenCalledTimes(1);
      const [url, init] = fetch.mock.calls[0] as [URL, RequestInit];
      expect(String(url)).toBe(`http://dakiya.test${API_AUTH.refreshToken.path}`);
      expect(init).toMatchObject({ method: 'POST', credentials: 'include' });
      expect(await auth.firstRefreshToken()).toBe('EARLY');
      expect(fetch).toHaveBeenCalledTimes(1);
      expect(await auth.firstRefreshToken()).toBe('LATER');
      expect(fetch).toHaveBeenCalledTimes(2);
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
