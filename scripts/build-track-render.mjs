// A build step after the SPA's: the tracking page's first render (src/track/tracking-prerender.tsx)
// bundled for the server as dist/track-render.mjs, which the server imports at start when it is
// there (server/http/page-hints.ts) to draw a tracking page with its answer in its HTML. The
// server's own code imports nothing of src/track; React and XState stay in node_modules.
import { join, resolve } from 'node:path';
import { build } from 'esbuild';

const ROOT = resolve(import.meta.dirname, '..');
const dist = process.argv[2] ?? 'dist';
const TRACK_RENDER_FILE = 'track-render.mjs';

await build({
  absWorkingDir: ROOT,
  entryPoints: ['src/track/tracking-prerender.tsx'],
  outfile: join(dist, TRACK_RENDER_FILE),
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  packages: 'external',
  jsx: 'automatic',
  tsconfig: 'tsconfig.app.json',
  // the browser build's production switches (the inspector's development branch drops out)
  define: { 'import.meta.env.DEV': 'false', 'process.env.NODE_ENV': '"production"' },
  loader: { '.css': 'empty' },
  logLevel: 'warning',
});
console.log(`tracking page render for the server: ${join(dist, TRACK_RENDER_FILE)}`);
