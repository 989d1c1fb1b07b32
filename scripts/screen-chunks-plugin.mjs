// A build step of the SPA: the seller screens' chunks (each screen is one, with the chunks it
// imports) are named in index.html, so the app can fetch them ahead of use once the browser is
// idle, as plain prefetches: downloaded into the cache, not run until their screen is shown. The
// dashboard's chunk carries its chart library and is left to be fetched when it is opened.

import { chunkHolding, ROUTES } from './route-chunks-plugin.mjs';

const LEFT_OUT = /dashboard-screen\.tsx$/;

/** @returns {import('vite').Plugin} */
export function screenChunks() {
  return {
    name: 'dakiya-screen-chunks',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler(html, ctx) {
        if (!ctx.bundle || !ctx.filename.endsWith('index.html')) return html;
        const chunks = Object.values(ctx.bundle).filter((c) => c.type === 'chunk');
        const byFile = new Map(chunks.map((c) => [c.fileName, c]));
        const routes = chunkHolding(chunks, ROUTES);
        if (!routes) return html;
        const files = new Set();
        const add = (fileName) => {
          const chunk = byFile.get(fileName);
          if (!chunk || files.has(fileName) || LEFT_OUT.test(chunk.facadeModuleId ?? '')) return;
          files.add(fileName);
          for (const dep of chunk.imports) add(dep);
        };
        for (const screen of routes.dynamicImports) add(screen);
        const content = [...files].map((f) => `/${f}`).join(' ');
        return {
          html,
          tags: [{ tag: 'meta', attrs: { name: 'screen-chunks', content }, injectTo: 'head' }],
        };
      },
    },
  };
}
