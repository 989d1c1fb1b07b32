// A build step of the SPA: for every seller page, the chunks it runs first (the seller module,
// the page's screen, and what they import), written to dist/route-chunks.json. The server names
// them in the page's HTML as module preloads (server/http/page-hints.ts), so the browser fetches
// them all at once while it parses the page, instead of one level after another as each chunk
// runs and asks for the next: on a phone's network each level costs a round trip.

import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';

/** the seller app's route table, whose chunk imports every seller screen */
export const ROUTES = 'src/routes/seller-routes.tsx';
export const ROUTE_CHUNKS_FILE = 'route-chunks.json';
export const EARLY_REFRESH_FILE = 'early-refresh.json';
const EARLY_REFRESH_MODULE = 'src/services/early-refresh.ts';

/**
 * The screen module each seller path shows, read from the route table's source: its lazy screens
 * (`const X = lazyScreen(() => import('…')`) and its table (`'/path': <… X …>`).
 */
export function screenModulesByPath(source) {
  const lazy = new Map();
  for (const m of source.matchAll(/const (\w+) = lazyScreen\(\(\) =>\s*import\('([^']+)'\)/g)) lazy.set(m[1], m[2]);
  const table = source.slice(source.indexOf('const SCREENS'));
  const body = table.slice(0, table.indexOf('\n};'));
  const keys = [...body.matchAll(/^\s*'(\/[^']*)':/gm)];
  const byPath = new Map();
  keys.forEach((k, i) => {
    const entry = body.slice(k.index, keys[i + 1]?.index ?? body.length);
    const screen = [...entry.matchAll(/<(\w+)/g)].map((m) => m[1]).find((name) => lazy.has(name));
    if (screen) byPath.set(k[1], lazy.get(screen));
  });
  return byPath;
}

/**
 * The chunk holding a module: its own, or the group it was put in.
 * @param {import('vite').Rollup.OutputChunk[]} chunks
 * @param {string} module
 */
export const chunkHolding = (chunks, module) =>
  chunks.find((c) => Object.keys(c.modules).some((id) => id.endsWith(module)));

/** @returns {import('vite').Plugin} */
export function routeChunks() {
  return {
    name: 'dakiya-route-chunks',
    apply: 'build',
    generateBundle(_options, bundle) {
      const chunks = Object.values(bundle).filter((c) => c.type === 'chunk');
      const byFile = new Map(chunks.map((c) => [c.fileName, c]));
      const routes = chunkHolding(chunks, ROUTES);
      const entry = chunks.find((c) => c.isEntry && c.facadeModuleId?.endsWith('index.html'));
      if (!routes || !entry) return;
      // what the page's HTML preloads already
      const inHtml = new Set();
      const walk = (fileName, into) => {
        const chunk = byFile.get(fileName);
        if (!chunk || into.has(fileName)) return;
        into.add(fileName);
        for (const dep of chunk.imports) walk(dep, into);
      };
      walk(entry.fileName, inHtml);
      const sellerModule = new Set();
      walk(routes.fileName, sellerModule);
      const modules = screenModulesByPath(readFileSync(resolve(ROUTES), 'utf8'));
      // a screen's chunk: its own, or the group it was put in (the landing screen's)
      const byModule = new Map(
        chunks.flatMap((c) => Object.keys(c.modules).map((id) => [id.replace(/\.tsx?$/, ''), c])),
      );
      const table = {};
      for (const [path, module] of modules) {
        const screen = byModule.get(resolve('src/routes', module));
        const files = new Set(sellerModule);
        if (screen) walk(screen.fileName, files);
        // and their stylesheets: the import of a chunk waits for its CSS, asked for only then
        const css = [...files].flatMap((f) => [...(byFile.get(f)?.viteMetadata?.importedCss ?? [])]);
        const inHtmlCss = new Set([...inHtml].flatMap((f) => [...(byFile.get(f)?.viteMetadata?.importedCss ?? [])]));
        table[path] = [
          ...[...files].filter((f) => !inHtml.has(f)),
          ...new Set(css.filter((f) => !inHtmlCss.has(f))),
        ].map((f) => `/${f}`);
      }
      this.emitFile({ type: 'asset', fileName: ROUTE_CHUNKS_FILE, source: JSON.stringify(table) });
      // the early refresh's script, which every seller page names in its HTML
      const early = chunks.find((c) => c.isEntry && c.facadeModuleId?.endsWith(EARLY_REFRESH_MODULE));
      if (early)
        this.emitFile({
          type: 'asset',
          fileName: EARLY_REFRESH_FILE,
          source: JSON.stringify({ src: `/${early.fileName}` }),
        });
    },
  };
}
