#!/usr/bin/env node
// After the build: the JavaScript each page's html loads (its module script and every
// modulepreload'ed chunk), gzipped as the server sends it (scripts/compress-dist.mjs, level 9).
// Fails when a page is over its budget, so screens stay lazily loaded and heavy imports stay off
// the entry: the seller app's index.html, and the buyer's tracking page (track.html, opened from
// an SMS on a cheap phone; its lazily loaded answer pages are not counted).
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';

const PAGES = [
  { html: 'index.html', name: 'seller app entry', budgetKb: 120 },
  { html: 'track.html', name: 'tracking page', budgetKb: 120 },
];
const dist = process.argv[2] ?? 'dist';
let failed = false;
for (const page of PAGES) {
  const html = readFileSync(join(dist, page.html), 'utf8');
  const scripts = [
    ...html.matchAll(/<script\b[^>]*\btype="module"[^>]*\bsrc="([^"]+)"/g),
    ...html.matchAll(/<link\b[^>]*\brel="modulepreload"[^>]*\bhref="([^"]+)"/g),
  ].map((m) => m[1]);
  if (!scripts.length) {
    console.error(`${dist}/${page.html} loads no JavaScript: is it the built page?`);
    process.exit(1);
  }
  let total = 0;
  for (const src of new Set(scripts)) {
    const kb = gzipSync(readFileSync(join(dist, src.replace(/^\//, ''))), { level: 9 }).length / 1024;
    total += kb;
    console.log(`${kb.toFixed(1).padStart(7)} KB  ${src}`);
  }
  const ok = total <= page.budgetKb;
  if (!ok) failed = true;
  console.log(`${page.name}: ${total.toFixed(1)} KB gzipped (budget ${page.budgetKb} KB)${ok ? '' : ': over budget'}`);
}
process.exit(failed ? 1 : 0);
