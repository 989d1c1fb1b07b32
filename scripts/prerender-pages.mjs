import { writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';

// A build step after the SPA's: the buyer's lookup page as its first render draws it, in each
// language, written to dist/prerendered-lookup.json; the server puts the buyer's language's into
// the page's HTML (server/http/page-hints.ts), so the page paints before its script has loaded.
// The page's own components draw it (src/track/lookup-prerender.tsx), through tsx with the
// browser's tsconfig (JSX): `TSX_TSCONFIG_PATH=tsconfig.app.json node --import tsx scripts/prerender-pages.mjs`.

const PRERENDERED_LOOKUP_FILE = 'prerendered-lookup.json';

const dist = process.argv[2] ?? 'dist';
const { lookupPageMarkup } = await import(pathToFileURL(resolve('src/track/lookup-prerender.tsx')).href);
writeFileSync(join(dist, PRERENDERED_LOOKUP_FILE), JSON.stringify(lookupPageMarkup()));
console.log(`prerendered the lookup page: ${join(dist, PRERENDERED_LOOKUP_FILE)}`);
