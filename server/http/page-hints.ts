import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { pickBuyerLang, type BuyerLang } from '../../src/domain/buyer-text/language';
import { trackRoute, type TrackingRef, type TrackRoute } from '../../src/domain/tracking/track-route';
import { trackingApiPath } from '../../src/domain/tracking/tracking-api-path';
import { carriedAnswerBlock } from '../../src/domain/tracking/carried-answer';
import type { TrackingData } from '../../src/domain/tracking-contract';

// Each seller page's HTML names the chunks it runs first as module preloads (the build lists them
// in dist/route-chunks.json), so the browser fetches them together while it parses the page rather
// than one level at a time as each chunk runs and asks for the next. Built once at start: a page's
// HTML is the same for every visitor.

/**
 * The app's HTML with the session's early refresh named first, as a script that runs as soon as
 * it arrives (src/services/early-refresh.ts; the build writes its name to dist/early-refresh.json).
 */
function withEarlyRefresh(distDir: string, html: string): string {
  const file = join(distDir, 'early-refresh.json');
  if (!existsSync(file)) return html;
  const { src } = JSON.parse(readFileSync(file, 'utf8')) as { src: string };
  if (!/^\/assets\/[\w.-]+\.js$/.test(src)) return html;
  return html.replace('<head>', `<head><script type="module" async crossorigin src="${src}"></script>`);
}

/** A path pattern of the seller app ("/orders/:orderId") as a whole-path test. */
const patternOf = (path: string) =>
  new RegExp(`^${path.replace(/[.*+?^${}()|[\]\\]/g, '\\$&').replace(/:[A-Za-z]+/g, '[^/]+')}/?$`);

/** The page for a path: the app's HTML with its first chunks named, or as built where none are listed. */
export function pagesWithHints(distDir: string, builtHtml: string): (path: string) => string {
  const inline = (html: string) => stylesInline(distDir, html, { markLinks: true });
  const indexHtml = inline(withEarlyRefresh(distDir, builtHtml));
  const file = join(distDir, 'route-chunks.json');
  if (!existsSync(file)) return () => indexHtml;
  const table = JSON.parse(readFileSync(file, 'utf8')) as Record<string, string[]>;
  const pages = Object.entries(table).map(([path, files]) => {
    const links = [
      ...files
        .filter((f) => /^\/assets\/[\w.-]+\.js$/.test(f))
        .map((f) => `<link rel="modulepreload" crossorigin href="${f}">`),
      // linked, then inlined with its link kept (stylesInline): the chunk's import finds it in place
      ...files.filter((f) => /^\/assets\/[\w.-]+\.css$/.test(f)).map((f) => `<link rel="stylesheet" href="${f}">`),
    ].join('');
    // fixed paths before patterns: "/orders/new" is not an order's page
    return {
      test: patternOf(path),
      fixed: !path.includes(':'),
      html: inline(indexHtml.replace('</head>', `${links}</head>`)),
    };
  });
  pages.sort((a, b) => Number(b.fixed) - Number(a.fixed));
  return (path) => pages.find((p) => p.test.test(path))?.html ?? indexHtml;
}

/**
 * The tracking page's route of a buyer address, or null for another buyer page, or for a malformed
 * percent-encoding (the page itself then says it found nothing).
 */
function trackingRouteOf(path: string, search: string): Extract<TrackRoute, { page: 'tracking' }> | null {
  try {
    const route = trackRoute(path, search);
    return route.page === 'tracking' ? route : null;
  } catch {
    return null;
  }
}

/**
 * The buyer's tracking page with its data named as a preload: the browser asks the API while it
 * fetches the page's script, not after it has run. Other buyer pages (lookup, NDR, COD) as built.
 */
export function trackPageWithData(trackHtml: string, path: string, search: string): string {
  const route = trackingRouteOf(path, search);
  if (!route) return trackHtml;
  const href = trackingApiPath(route.ref).replace(/[&"<>]/g, (c) => `&#${c.charCodeAt(0)};`);
  return trackHtml.replace('</head>', `<link rel="preload" as="fetch" crossorigin href="${href}"></head>`);
}

/** The build's drawing of the lookup page per language (scripts/prerender-pages.ts). */
const PRERENDERED_LOOKUP_FILE = 'prerendered-lookup.json';

/** The languages of an Accept-Language header, most wanted first. */
export function acceptedLanguages(header: string | undefined): string[] {
  return (header ?? '')
    .split(',')
    .map((part, i) => {
      const [tag, ...params] = part.trim().split(';');
      const q = Number(
        params
          .find((p) => p.trim().startsWith('q='))
          ?.trim()
          .slice(2) ?? 1,
      );
      return { tag: tag.trim(), q: Number.isFinite(q) ? q : 0, i };
    })
    .filter((l) => l.tag && l.q > 0)
    .sort((a, b) => b.q - a.q || a.i - b.i)
    .map((l) => l.tag);
}

/** The stylesheet links of a built page. */
const STYLESHEET_LINK = /<link rel="stylesheet"[^>]*href="(\/assets\/[\w.-]+\.css)"[^>]*>/g;

/**
 * A page's stylesheets inline (a few kilobytes each): its first paint waits for no request after
 * the page, where each linked sheet cost a round trip on one of a phone's six connections. With
 * `markLinks`, each keeps a disabled link of its address, which the browser never fetches: the
 * app's module loader adds the sheet a lazily loaded chunk needs unless the page links it already.
 */
export function stylesInline(distDir: string, html: string, opts: { markLinks?: boolean } = {}): string {
  return html.replace(STYLESHEET_LINK, (link, href: string) => {
    const file = join(distDir, href);
    if (!existsSync(file)) return link;
    const css = readFileSync(file, 'utf8');
    // a sheet that could end its own element stays a link
    if (/<\/style/i.test(css)) return link;
    return `<style>${css}</style>${opts.markLinks ? `<link rel="stylesheet" disabled href="${href}">` : ''}`;
  });
}

/** A buyer page with its first render (and what follows it) in its root, in `lang`. */
const drawnPage = (html: string, root: string, lang: BuyerLang, after = '') =>
  html
    .replace('<div id="root"></div>', `<div id="root">${root}</div>${after}`)
    .replace('<html lang="en-IN">', `<html lang="${lang === 'hi' ? 'hi-IN' : 'en-IN'}">`);

/**
 * The buyer's pages: the tracking page with its data named (trackPageWithData), and the lookup
 * page with its first render already in the HTML, in the language the browser asks for first
 * (the page's script picks the same unless the buyer chose the other with the switch), so it
 * paints before its script has loaded.
 */
export function buyerPages(
  distDir: string,
  trackHtml: string,
): (path: string, search: string, acceptLanguage: string | undefined) => { html: string; fixed: boolean } {
  const file = join(distDir, PRERENDERED_LOOKUP_FILE);
  const drawn = existsSync(file) ? (JSON.parse(readFileSync(file, 'utf8')) as Record<BuyerLang, string>) : null;
  const withStyles = stylesInline(distDir, trackHtml);
  const lookupHtml = (lang: BuyerLang) => (drawn?.[lang] ? drawnPage(withStyles, drawn[lang], lang) : trackHtml);
  const lookup = { en: lookupHtml('en'), hi: lookupHtml('hi') };
  return (path, search, acceptLanguage) => {
    let page: ReturnType<typeof trackRoute>['page'];
    try {
      page = trackRoute(path, search).page;
    } catch {
      return { html: trackHtml, fixed: true };
    }
    if (page === 'lookup') return { html: lookup[pickBuyerLang(null, acceptedLanguages(acceptLanguage))], fixed: true };
    // only the tracking page names its own data
    return { html: trackPageWithData(trackHtml, path, search), fixed: page !== 'tracking' };
  };
}

/** The tracking page's first render, as the build bundles it for the server (scripts/build-track-render.mjs). */
export type TrackingRender = (page: {
  ref: TrackingRef;
  ratingKey?: string;
  minimumLoadingMs?: number;
  data: TrackingData;
  lang: BuyerLang;
}) => string;

const TRACK_RENDER_FILE = 'track-render.mjs';

/** The build's render of the tracking page, or null where the build made none. */
export async function trackingRenderOf(distDir: string): Promise<TrackingRender | null> {
  const file = join(distDir, TRACK_RENDER_FILE);
  if (!existsSync(file)) return null;
  return ((await import(pathToFileURL(file).href)) as { trackingPageMarkup: TrackingRender }).trackingPageMarkup;
}

/**
 * The buyer's tracking page with its answer in its HTML: read as the page itself would ask it
 * (`readAnswer`, the public API's own route, so the same view, cache and refusals), carried as a
 * data block the page's script takes instead of asking again, and drawn by the page's own
 * components (`render`) in the browser's language, so it paints before its script has loaded.
 * Null for another page, or when there is no answer (the page asks, and goes to /error as before).
 */
export function trackingPagesWithAnswer(
  distDir: string,
  trackHtml: string,
  readAnswer: (apiPath: string) => Promise<TrackingData | null>,
  render: TrackingRender | null,
): (path: string, search: string, acceptLanguage: string | undefined) => Promise<string | null> {
  const withStyles = stylesInline(distDir, trackHtml);
  return async (path, search, acceptLanguage) => {
    const route = trackingRouteOf(path, search);
    if (!route) return null;
    const data = await readAnswer(trackingApiPath(route.ref));
    if (!data) return null;
    const lang = pickBuyerLang(null, acceptedLanguages(acceptLanguage));
    // the page's own rule (src/track/main.tsx): `?loading=0` skips the loading period
    const minimumLoadingMs = new URLSearchParams(search).get('loading') === '0' ? 0 : undefined;
    let drawn = '';
    try {
      drawn = render?.({ ref: route.ref, ratingKey: route.ratingKey, minimumLoadingMs, data, lang }) ?? '';
    } catch (e) {
      // the page draws itself from the carried answer as it always could
      console.error('[page] the tracking page could not be drawn', e);
    }
    return drawnPage(withStyles, drawn, lang, carriedAnswerBlock(data));
  };
}
