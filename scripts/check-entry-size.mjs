#!/usr/bin/env node
// After the build: the JavaScript the seller app's index.html loads (its module script and every
// modulepreload'ed chunk), gzipped as the server sends it (scripts/compress-dist.mjs, level 9).
// Fails when it is over the budget, so screens stay lazily loaded and heavy imports stay off the entry.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';

const BUDGET_KB = 120;
const dist = process.argv[2] ?? 'dist';
const html = readFileSync(join(dist, 'index.html'), 'utf8');
const scripts = [
  ...html.matchAll(/<script\b[^>]*\btype="module"[^>]*\bsrc="([^"]+)"/g),
  ...html.matchAll(/<link\b[^>]*\brel="modulepreload"[^>]*\bhref="([^"]+)"/g),
].map((m) => m[1]);
if (!scripts.length) {
  console.error(`${dist}/index.html loads no JavaScript: is it the built page?`);
  process.exit(1);
}
let total = 0;
for (const src of new Set(scripts)) {
  const kb = gzipSync(readFileSync(join(dist, src.replace(/^\//, ''))), { level: 9 }).length / 1024;
  total += kb;
  console.log(`${kb.toFixed(1).padStart(7)} KB  ${src}`);
}
const ok = total <= BUDGET_KB;
console.log(`seller app entry: ${total.toFixed(1)} KB gzipped (budget ${BUDGET_KB} KB)${ok ? '' : ': over budget'}`);
process.exit(ok ? 0 : 1);
