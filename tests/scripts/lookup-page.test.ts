import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { Hono } from 'hono';
import { afterAll, describe, expect, it } from 'vitest';
import { acceptedLanguages, buyerPages } from '../../server/http/page-hints';
import { pageAnswer } from '../../server/http/page-answer';
import { lookupPageMarkup } from '../../src/track/lookup-prerender';

// The buyer's lookup page comes with its first render in its HTML, in the language the browser
// asks for first, its stylesheets inline; the app's pages go compressed to a client that takes it.

describe('the lookup page drawn by the build', () => {
  const dir = mkdtempSync(join(tmpdir(), 'dakiya-lookup-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));
  const trackHtml =
    '<!doctype html>\n<html lang="en-IN"><head><script type="module" crossorigin src="/assets/track-a1.js"></script>' +
    '<link rel="stylesheet" crossorigin href="/assets/track-b2.css"></head><body><div id="root"></div></body></html>';

  it('draws the page’s own first render in English and in Hindi', () => {
    const drawn = lookupPageMarkup();
    expect(drawn.en).toContain('<h1>Track Your Order</h1>');
    expect(drawn.en).toContain('aria-pressed="true" class="is-on">English</button>');
    expect(drawn.hi).toContain('<h1>अपना ऑर्डर ट्रैक करें</h1>');
    expect(drawn.hi).toContain('aria-pressed="true" class="is-on">हिन्दी</button>');
    // the logos are named once, by the markup itself
    expect(drawn.en).not.toContain('rel="preload"');
  });

  it('reads Accept-Language by its weights', () => {
    expect(acceptedLanguages('hi-IN,hi;q=0.9,en;q=0.8')).toEqual(['hi-IN', 'hi', 'en']);
    expect(acceptedLanguages('en;q=0.5, hi;q=0.8')).toEqual(['hi', 'en']);
    expect(acceptedLanguages('fr, hi;q=0')).toEqual(['fr']);
    expect(acceptedLanguages(undefined)).toEqual([]);
  });

  it('serves the drawing in the browser’s language with the stylesheets inline; other buyer pages as before', () => {
    mkdirSync(join(dir, 'assets'), { recursive: true });
    writeFileSync(join(dir, 'assets', 'track-b2.css'), '.t-main{margin:0}');
    writeFileSync(
      join(dir, 'prerendered-lookup.json'),
      JSON.stringify({ en: '<main>EN</main>', hi: '<main>HI</main>' }),
    );
    const page = buyerPages(dir, trackHtml);
    const hindi = page('/public/track', '', 'hi-IN,hi;q=0.9,en;q=0.8');
    expect(hindi).toEqual({ html: expect.stringContaining('<div id="root"><main>HI</main></div>'), fixed: true });
    expect(hindi.html).toContain('<html lang="hi-IN">');
    expect(hindi.html).toContain('<style>.t-main{margin:0}</style>');
    expect(hindi.html).not.toContain('rel="stylesheet"');
    expect(page('/v2/track/ORD-1', '', 'fr-FR').html).toContain('<div id="root"><main>EN</main></div>');
    expect(page('/public/track', '', undefined).html).toContain('<html lang="en-IN">');
    // the tracking page names its data (made for its request); the answer pages are as built
    expect(page('/s', '?r=abc', 'hi')).toEqual({
      html: expect.stringContaining('href="/rest/v1/tracking/short/abc"'),
      fixed: false,
    });
    expect(page('/ndr/tok', '', 'hi')).toEqual({ html: trackHtml, fixed: true });
    expect(page('/tracking/%E0%A4', '', 'hi')).toEqual({ html: trackHtml, fixed: true });
  });

  it('serves the page as built when the build drew nothing', () => {
    expect(buyerPages(join(dir, 'none'), trackHtml)('/public/track', '', 'hi').html).toBe(trackHtml);
  });
});

describe('the app’s pages, compressed', () => {
  const html = `<html><body>${'<p>Namaste</p>'.repeat(200)}</body></html>`;
  const app = new Hono();
  app.get('/fixed', (c) =>
    pageAnswer(c, { html, fixed: true }, { 'Cache-Control': 'no-cache', Vary: 'Accept-Language' }),
  );
  app.get('/made', (c) => pageAnswer(c, { html, fixed: false }, {}));
  app.get('/small', (c) => pageAnswer(c, { html: '<p>hi</p>', fixed: true }, {}));

  it('sends brotli or gzip as the client takes it, the page unchanged', async () => {
    const br = await app.request('/fixed', { headers: { 'accept-encoding': 'gzip, br' } });
    expect(br.headers.get('content-encoding')).toBe('br');
    expect(br.headers.get('content-type')).toBe('text/html; charset=UTF-8');
    expect(br.headers.get('vary')).toBe('Accept-Language, Accept-Encoding');
    expect(br.headers.get('cache-control')).toBe('no-cache');
    const bytes = Buffer.from(await br.arrayBuffer());
    expect(bytes.length).toBeLessThan(html.length / 10);
    expect(brotliDecompressSync(bytes).toString()).toBe(html);
    const gz = await app.request('/made', { headers: { 'accept-encoding': 'gzip' } });
    expect(gz.headers.get('content-encoding')).toBe('gzip');
    expect(gunzipSync(Buffer.from(await gz.arrayBuffer())).toString()).toBe(html);
  });

  it('sends the page as it is to a client that takes no coding, and a small page always', async () => {
    const plain = await app.request('/fixed');
    expect(plain.headers.get('content-encoding')).toBeNull();
    expect(await plain.text()).toBe(html);
    const small = await app.request('/small', { headers: { 'accept-encoding': 'br' } });
    expect(small.headers.get('content-encoding')).toBeNull();
    expect(await small.text()).toBe('<p>hi</p>');
  });
});
