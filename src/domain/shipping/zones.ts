// Shipping zones of a pickup → delivery pincode pair, from the places the bundled pincode data
// gives (district and state):
//   A within one city (one district, or anywhere within one metro region such as Delhi),
//   B within one state,
//   C metro to metro,
//   E special: either end in the North-East, Jammu and Kashmir, Ladakh, or the islands,
//   D the rest of India.
// E is checked before C and D: a parcel to Guwahati costs what it costs wherever it comes from.

export const ZONES = ['A', 'B', 'C', 'D', 'E'] as const;
export type Zone = (typeof ZONES)[number];

export const ZONE_NAMES: Record<Zone, string> = {
  A: 'Within city',
  B: 'Within state',
  C: 'Metro to metro',
  D: 'Rest of India',
  E: 'Special (North-East, J&K, islands)',
};

export interface Place {
  /** the district, as the pincode data names it */
  city: string;
  state: string;
}

export const SPECIAL_STATES: readonly string[] = [
  'Arunachal Pradesh',
  'Assam',
  'Manipur',
  'Meghalaya',
  'Mizoram',
  'Nagaland',
  'Sikkim',
  'Tripura',
  'Jammu and Kashmir',
  'Ladakh',
  'Andaman and Nicobar Islands',
  'Lakshadweep',
];

/** Metro regions: a whole state (Delhi) or the districts that make up the city. */
const METRO_STATES = new Set(['Delhi']);
const METRO_DISTRICTS = new Map<string, string>([
  ['mumbai', 'Mumbai'],
  ['mumbai suburban', 'Mumbai'],
  ['kolkata', 'Kolkata'],
  ['chennai', 'Chennai'],
  ['bengaluru', 'Bengaluru'],
  ['bangalore', 'Bengaluru'],
  ['bengaluru urban', 'Bengaluru'],
  ['hyderabad', 'Hyderabad'],
  ['ahmedabad', 'Ahmedabad'],
  ['pune', 'Pune'],
]);

/** The metro a place belongs to, or null. */
export function metroOf(p: Place): string | null {
  if (METRO_STATES.has(p.state)) return p.state;
  return METRO_DISTRICTS.get(p.city.trim().toLowerCase()) ?? null;
}

export function zoneOf(from: Place, to: Place): Zone {
  if (SPECIAL_STATES.includes(from.state) || SPECIAL_STATES.includes(to.state)) {
    // within one special state's own city it is still a local parcel
    return from.state === to.state && from.city === to.city ? 'A' : 'E';
  }
  const fromMetro = metroOf(from);
  const toMetro = metroOf(to);
  if ((fromMetro !== null && fromMetro === toMetro) || (from.state === to.state && from.city === to.city)) return 'A';
  if (from.state === to.state) return 'B';
  if (fromMetro !== null && toMetro !== null) return 'C';
  return 'D';
}
