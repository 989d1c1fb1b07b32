import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { CHANNEL_LOGOS, COURIER_LOGOS, distinctLogos, logoSvg } from '../src/domain/logos';

// Writes the marquees' logos (src/domain/logos.ts) to public/logos: `node --import tsx scripts/draw-logos.ts`.

const dir = join(import.meta.dirname, '..', 'public', 'logos');
mkdirSync(dir, { recursive: true });
for (const logo of distinctLogos([...Object.values(CHANNEL_LOGOS), ...Object.values(COURIER_LOGOS)]))
  writeFileSync(join(dir, `${logo.slug}.svg`), logoSvg(logo));
