import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { SALES_CHANNELS } from '../../src/domain/constants';
import { CHANNEL_LOGOS, COURIER_LOGOS, distinctLogos, logoSvg } from '../../src/domain/logos';
import { CARRIERS } from '../../src/domain/shipping/carriers';

// The marquees' logos: one per sales channel and per courier brand, each file in public/logos as
// scripts/draw-logos.ts draws it, named for its alternative text.

describe('marquee logos', () => {
  const all = distinctLogos([...Object.values(CHANNEL_LOGOS), ...Object.values(COURIER_LOGOS)]);

  it('cover every sales channel and every courier', () => {
    expect(Object.keys(CHANNEL_LOGOS).sort()).toEqual([...SALES_CHANNELS].sort());
    for (const c of CARRIERS) expect(c.name.startsWith(COURIER_LOGOS[c.code].name.split(' ')[0]), c.code).toBe(true);
  });

  it.each(all.map((l) => [l.slug, l]))('%s is drawn in public/logos with its name', (slug, logo) => {
    const file = readFileSync(join(import.meta.dirname, '../../public/logos', `${slug}.svg`), 'utf8');
    expect(file).toBe(logoSvg(logo));
    expect(file).toContain(`<title>${logo.name}</title>`);
  });
});
