// @vitest-environment jsdom
import { describe, expect, it, vi } from 'vitest';
import { freshDocument } from './fresh-document';

// The next file on a worker's shared document must find it as a new document is: what one file
// leaves behind here is what freshDocument() takes away.
describe('a screen-test file leaves nothing for the next', () => {
  it('empties the page, the storage and the cookies, and puts back the address and the window', () => {
    document.head.innerHTML = '<style>body { color: red }</style>';
    document.body.innerHTML = '<main><h1>Orders</h1></main>';
    document.documentElement.setAttribute('data-theme', 'dark');
    localStorage.setItem('dakiya.loggedIn', '1');
    sessionStorage.setItem('dakiya.tour', 'seen');
    document.cookie = 'dakiya_hint=1; path=/';
    window.history.pushState(null, '', '/orders/42?tab=tracking');
    (window as unknown as { dataLayer: unknown[] }).dataLayer = [{ event: 'login' }];
    vi.useFakeTimers();
    vi.stubGlobal('navigator', { onLine: false });

    freshDocument();

    expect(document.head.childNodes).toHaveLength(0);
    expect(document.body.childNodes).toHaveLength(0);
    expect(document.documentElement.attributes).toHaveLength(0);
    expect(localStorage).toHaveLength(0);
    expect(sessionStorage).toHaveLength(0);
    expect(document.cookie).toBe('');
    expect(window.location.pathname + window.location.search).toBe('/');
    expect('dataLayer' in window).toBe(false);
    expect(vi.isFakeTimers()).toBe(false);
    expect(navigator.onLine).toBe(true);
  });

  it('evaluates the modules again, so state one file left in them is gone', async () => {
    const first = await import('../../src/services/analytics');
    freshDocument();
    const again = await import('../../src/services/analytics');
    expect(again).not.toBe(first);
    expect(again.trackEvent).not.toBe(first.trackEvent);
  });
});
