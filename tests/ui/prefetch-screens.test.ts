// @vitest-environment jsdom
import { afterEach, describe, expect, it } from 'vitest';
import { prefetchScreens } from '../../src/routes/prefetch-screens';

// The seller screens' chunks named by the build become prefetches (downloaded, never run here);
// a page built without the list, or a name outside the built assets, adds nothing.

describe('prefetchScreens', () => {
  afterEach(() => {
    document.head.innerHTML = '';
  });

  it('adds one CORS prefetch a named chunk', () => {
    document.head.innerHTML =
      '<meta name="screen-chunks" content="/assets/team-screen-a1.js /assets/format-b2.js https://elsewhere.example/x.js">';
    expect(prefetchScreens()).toBe(2);
    const links = [...document.head.querySelectorAll('link')];
    expect(links.map((l) => [l.rel, l.getAttribute('as'), l.crossOrigin, l.getAttribute('href')])).toEqual([
      ['prefetch', 'script', 'anonymous', '/assets/team-screen-a1.js'],
      ['prefetch', 'script', 'anonymous', '/assets/format-b2.js'],
    ]);
    // nothing is run: no script element was added
    expect(document.querySelectorAll('script')).toHaveLength(0);
  });

  it('adds nothing without the build’s list', () => {
    expect(prefetchScreens()).toBe(0);
    expect(document.head.querySelectorAll('link')).toHaveLength(0);
  });
});
