import { defineConfig } from 'vitest/config';
import react from '@vitejs/plugin-react';
import { screenChunks } from './scripts/screen-chunks-plugin.mjs';
import { routeChunks } from './scripts/route-chunks-plugin.mjs';
import { chunkGroups } from './scripts/chunk-groups.mjs';
import { LongestFirstSequencer } from './scripts/longest-first-sequencer.mjs';

// One config for the SPA build and for vitest. The SPA is served by the Hono server
// (server/main.ts) from dist/; in development vite proxies the API to it.
export default defineConfig({
  plugins: [react(), screenChunks(), routeChunks()],
  // two pages: the app (index.html) and the buyer's tracking pages (track.html), which share no
  // code the tracking pages do not use
  build: {
    outDir: 'dist',
    sourcemap: false,
    chunkSizeWarningLimit: 400,
    rollupOptions: {
      // and the seller pages' early refresh, a script of its own (src/services/early-refresh.ts)
      input: { main: 'index.html', track: 'track.html', 'early-refresh': 'src/services/early-refresh.ts' },
      output: { codeSplitting: { groups: chunkGroups() } },
    },
  },
  server: {
    proxy: { '/api': 'http://127.0.0.1:3000', '/rest': 'http://127.0.0.1:3000', '/dev': 'http://127.0.0.1:3000' },
  },
  test: {
    environment: 'node',
    testTimeout: 30_000,
    hookTimeout: 60_000,
    pool: 'forks',
    fileParallelism: true,
    maxWorkers: 2,
    sequence: { sequencer: LongestFirstSequencer },
    // projects, so only the server tests pay for the PGlite template (global-setup.ts);
    // `vitest run tests/machines` starts no database at all
    projects: [
      {
        extends: true,
        test: {
          name: 'server',
          // the courier conformance kit runs here too: the sandbox courier needs the database
          include: ['tests/server/**/*.test.{ts,tsx}', 'tests/carriers/**/*.test.ts'],
          globalSetup: ['tests/server/global-setup.ts'],
          // a worker's files share one import of the server (each file still builds its own app on
          // a fresh database): importing it anew per file cost about a fifth of the step's time
          isolate: false,
        },
      },
      {
        extends: true,
        // machines, rules and scripts keep no state between files: one import of their modules per
        // worker instead of one per file halves the step
        test: {
          name: 'unit',
          include: ['tests/{machines,domain,scripts,services}/**/*.test.{ts,tsx}'],
          isolate: false,
        },
      },
      {
        extends: true,
        // a worker's view files share one document (a new jsdom per file was three quarters of the
        // step: 64 s against 16 s alone); fresh-document-setup.ts gives each file new modules (the notice,
        // the tour, the session's tokens keep state in them), an empty page, storage and cookies
        test: {
          name: 'ui',
          include: ['tests/ui/**/*.test.{ts,tsx}'],
          setupFiles: ['tests/ui/fresh-document-setup.ts', 'tests/ui/wait-limit.ts'],
          isolate: false,
        },
      },
    ],
  },
});
