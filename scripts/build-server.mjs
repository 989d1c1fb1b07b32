#!/usr/bin/env node
// The server half of `npm run build`: bundles server/main.ts and server/worker.ts with esbuild
// into dist-server/, so `npm start` and `npm run worker` run plain node instead of compiling
// TypeScript at run time with tsx (`npm run dev` and the tests still do). Our own code (server/
// and src/domain/) is inlined; packages stay in node_modules, where PGlite finds its wasm and
// extensions, pdfkit its font metrics and @node-rs/argon2 its binary. What the server reads beside
// its own source (new URL('./…', import.meta.url)) is copied next to the bundle: the migrations
// (server/db/client.ts) and the PDF fonts (server/documents/pdf-fonts.ts).
//
// Every file is written under a temporary name and renamed into place, so a web process and a
// worker started together (each building first) never read the other's half-written file.
import { mkdirSync, readdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { build } from 'esbuild';

const ROOT = resolve(import.meta.dirname, '..');
const OUT_DIR = join(ROOT, 'dist-server');

/** Folders read at run time relative to a module, and where they land beside the bundle. */
const ASSETS = [
  ['server/db/migrations', 'migrations'],
  ['server/documents/fonts', 'fonts'],
];

function writeInPlace(path, contents) {
  mkdirSync(dirname(path), { recursive: true });
  const temporary = `${path}.${process.pid}.tmp`;
  writeFileSync(temporary, contents);
  renameSync(temporary, path);
}

const result = await build({
  absWorkingDir: ROOT,
  entryPoints: { main: 'server/main.ts', worker: 'server/worker.ts' },
  outdir: OUT_DIR,
  outExtension: { '.js': '.mjs' },
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  packages: 'external',
  // stack traces name the source files with `node --enable-source-maps dist-server/main.mjs`
  sourcemap: 'linked',
  write: false,
  // meta.json: what went into the bundle and which packages it imports from node_modules
  metafile: true,
  logLevel: 'warning',
});
for (const file of result.outputFiles) writeInPlace(file.path, file.contents);
writeInPlace(join(OUT_DIR, 'meta.json'), JSON.stringify(result.metafile));
for (const [from, to] of ASSETS)
  for (const entry of readdirSync(join(ROOT, from), { recursive: true, withFileTypes: true }))
    if (entry.isFile()) {
      const source = join(entry.parentPath, entry.name);
      writeInPlace(join(OUT_DIR, to, relative(join(ROOT, from), source)), readFileSync(source));
    }
console.log(`server bundle: ${relative(ROOT, OUT_DIR)}/main.mjs and worker.mjs`);
