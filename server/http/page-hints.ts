import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { trackRoute } from '../../src/domain/tracking/track-route';
import { trackingApiPath } from '../../src/domain/tracking/tracking-api-path';

// Each seller page's HTML names the chunks it runs first as module preloads (the build lists them
// in dist/route-chunks.json), so the browser fetches them together while it parses the page rather
// than one level at a time as each chunk runs and asks for the next. Built once at start: a page's
// HTML is the same for every visitor.

/** A path pattern of the seller app ("/orders/:orderId") as a whole-path test. */
const patternOf = (path: string) =>
  new RegExp(`^${path.replace(/[.*+?^${}()|[\]\\]/g, '\\$&').replace(/:[A-Za-z]+/g, '[^/]+')}/?$`);

/** The page for a path: the app's HTML with its first chunks named, or as built where none are listed. */
export function pagesWithHints(distDir: string, indexHtml: string): (path: string) => string {
  const file = join(distDir, 'route-chunks.json');
  if (!existsSync(file)) return () => indexHtml;
  const table = JSON.parse(readFileSync(file, 'utf8')) as Record<string, string[]>;
  const pages = Object.entries(table).map(([path, files]) => {
    const links = [
      ...files
        .filter((f) => /^\/assets\/[\w.-]+\.js$/.test(f))
        .map((f) => `<link rel="modulepreload" crossorigin href="${f}">`),
      // linked, not preloaded: the chunk's import finds it in place and does not add it again
      ...files.filter((f) => /^\/assets\/[\w.-]+\.css$/.test(f)).map((f) => `<link rel="stylesheet" href="${f}">`),
    ].join('');
    // fixed paths before patterns: "/orders/new" is not an order's page
    return { test: patternOf(path), fixed: !path.includes(':'), html: indexHtml.replace('</head>', `${links}</head>`) };
  });
  pages.sort((a, b) => Number(b.fixed) - Number(a.fixed));
  return (path) => pages.find((p) => p.test.test(path))?.html ?? indexHtml;
}

/**
 * The buyer's tracking page with its data named as a preload: the browser asks the API while it
 * fetches the page's script, not after it has run. Other buyer pages (lookup, NDR, COD) as built.
 */
export function trackPageWithData(trackHtml: string, path: string, search: string): string {
  let route: ReturnType<typeof trackRoute>;
  try {
    route = trackRoute(path, search);
  } catch {
    // a malformed percent-encoding: the page itself says it found nothing
    return trackHtml;
  }
  if (route.page !== 'tracking') return trackHtml;
  const href = trackingApiPath(route.ref).replace(/[&"<>]/g, (c) => `&#${c.charCodeAt(0)};`);
  return trackHtml.replace('</head>', `<link rel="preload" as="fetch" crossorigin href="${href}"></head>`);
}
