import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { screenModulesByPath } from '../../scripts/route-chunks-plugin.mjs';
import { pagesWithHints, trackPageWithData } from '../../server/http/page-hints';
import { SELLER_PATHS } from '../../src/routes/seller-paths';

// Each seller page names its first chunks in its HTML: the build reads which screen a path shows
// from the route table, and the server puts the list into that page's HTML, matching a path with
// its parameters and preferring a fixed path over a pattern.

describe('route chunks', () => {
  it('finds the screen of every seller path from the route table, through its guards', () => {
    const modules = screenModulesByPath(readFileSync('src/routes/seller-routes.tsx', 'utf8'));
    expect(modules.get('/home')).toBe('../ui/screens/home/home-screen');
    // behind the beta guard, the page's own screen
    expect(modules.get('/orders')).toMatch(/orders-screen$/);
    expect(modules.get('/orders/:orderId')).toMatch(/order-detail-screen$/);
    // every path of the app is found but the few that redirect
    const found = SELLER_PATHS.filter((p) => modules.has(p));
    expect(found.length).toBeGreaterThan(SELLER_PATHS.length - 5);
  });

  const dir = mkdtempSync(join(tmpdir(), 'dakiya-hints-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));
  const html = '<html><head><title>Dakiya</title></head><body></body></html>';

  it('names a page’s chunks as module preloads in its HTML, and nothing else', () => {
    writeFileSync(
      join(dir, 'route-chunks.json'),
      JSON.stringify({
        '/orders/new': ['/assets/order-form-a1.js'],
        '/orders/:orderId': ['/assets/order-detail-b2.js', '/assets/evil"><script>x</script>.js'],
      }),
    );
    const page = pagesWithHints(dir, html);
    expect(page('/orders/new')).toContain('<link rel="modulepreload" crossorigin href="/assets/order-form-a1.js">');
    expect(page('/orders/new')).not.toContain('order-detail');
    const detail = page('/orders/42');
    expect(detail).toContain('href="/assets/order-detail-b2.js"');
    // a name that is not a built asset's never reaches the page
    expect(detail).not.toContain('<script>');
    expect(detail.indexOf('modulepreload')).toBeLessThan(detail.indexOf('</head>'));
    expect(page('/orders/42/extra')).toBe(html);
    expect(page('/login')).toBe(html);
  });

  it('puts a page’s first stylesheets in its HTML, each with a link of its address that is never fetched', () => {
    const sheets = join(dir, 'sheets');
    mkdirSync(join(sheets, 'assets'), { recursive: true });
    writeFileSync(join(sheets, 'assets', 'app-common-d4.css'), '.card{border-radius:8px}');
    writeFileSync(join(sheets, 'assets', 'main-e5.css'), 'body{margin:0}');
    writeFileSync(join(sheets, 'assets', 'odd-f6.css'), '.x{content:"</style><script>"}');
    writeFileSync(
      join(sheets, 'route-chunks.json'),
      JSON.stringify({
        '/home': ['/assets/home-c3.js', '/assets/app-common-d4.css', '/assets/odd-f6.css', '/assets/evil"><b>.css'],
      }),
    );
    const built = html.replace(
      '</head>',
      '<link rel="stylesheet" crossorigin href="/assets/main-e5.css"><link rel="stylesheet" crossorigin href="/assets/gone-a0.css"></head>',
    );
    const page = pagesWithHints(sheets, built);
    const home = page('/home');
    expect(home).toContain('<link rel="modulepreload" crossorigin href="/assets/home-c3.js">');
    // the entry's sheet and the page's own, inline; the module loader finds their links in place
    expect(home).toContain('<style>body{margin:0}</style><link rel="stylesheet" disabled href="/assets/main-e5.css">');
    expect(home).toContain(
      '<style>.card{border-radius:8px}</style><link rel="stylesheet" disabled href="/assets/app-common-d4.css">',
    );
    expect(page('/login')).toContain('<style>body{margin:0}</style>');
    // a sheet that could close its element, or one not built, stays a plain link
    expect(home).toContain('<link rel="stylesheet" href="/assets/odd-f6.css">');
    expect(home).toContain('<link rel="stylesheet" crossorigin href="/assets/gone-a0.css">');
    expect(home).not.toContain('<b>');
  });

  it('names the early refresh first in every seller page, a built asset only', () => {
    const early = join(dir, 'early');
    mkdirSync(early, { recursive: true });
    writeFileSync(join(early, 'early-refresh.json'), JSON.stringify({ src: '/assets/early-refresh-e5.js' }));
    writeFileSync(join(early, 'route-chunks.json'), JSON.stringify({ '/home': ['/assets/home-c3.js'] }));
    const page = pagesWithHints(early, html);
    for (const path of ['/home', '/login'])
      expect(page(path)).toContain(
        '<head><script type="module" async crossorigin src="/assets/early-refresh-e5.js"></script>',
      );
    writeFileSync(join(early, 'early-refresh.json'), JSON.stringify({ src: '/x"><b>.js' }));
    expect(pagesWithHints(early, html)('/login')).toBe(html);
  });

  it('serves the page as built when the build listed nothing', () => {
    expect(pagesWithHints(join(dir, 'none'), html)('/home')).toBe(html);
  });

  it('names a tracking page’s data as a preload, escaped, and leaves the other buyer pages as built', () => {
    expect(trackPageWithData(html, '/tracking/DE123', '')).toContain(
      '<link rel="preload" as="fetch" crossorigin href="/rest/v1/tracking/DE123"></head>',
    );
    expect(trackPageWithData(html, '/s', '?r=ab%22c')).toContain('href="/rest/v1/tracking/short/ab%22c"');
    expect(trackPageWithData(html, '/v2/track/ORD-1/DE9', '')).toContain('href="/rest/v2/tracking/ORD-1/DE9"');
    expect(trackPageWithData(html, '/ndr/tok', '')).toBe(html);
    expect(trackPageWithData(html, '/tracking/%E0%A4', '')).toBe(html);
  });
});
