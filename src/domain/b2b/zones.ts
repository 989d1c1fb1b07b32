import { SPECIAL_STATES, type Place } from '../shipping/zones';

// The regional zones a surface part-truck (LTL) rate card is written in. B2B freight is priced by
// lane, from one region to another, not by the parcel zones A–E (shipping/zones.ts). The eight
// regions are the ones of the open B2B calculator cited in shared/b2b.md §B2 (North 1 = Delhi NCR,
// West 1 = Mumbai MMR, South 1 = the metros Chennai, Bengaluru and Hyderabad, and their states'
// rest as North 2, West 2, South 2; East; North-East). Which state falls in which region beyond the
// named metros is ours, from the usual regional grouping: carriers' own cards may differ, which is
// why a card's lanes are a matrix of these codes and a quote may also be asked by zone pair.

export const B2B_ZONES = ['N1', 'N2', 'W1', 'W2', 'S1', 'S2', 'E', 'NE'] as const;
export type B2bZone = (typeof B2B_ZONES)[number];

export const B2B_ZONE_NAMES: Record<B2bZone, string> = {
  N1: 'North 1 (Delhi NCR)',
  N2: 'North 2',
  W1: 'West 1 (Mumbai MMR)',
  W2: 'West 2',
  S1: 'South 1 (Chennai, Bengaluru, Hyderabad)',
  S2: 'South 2',
  E: 'East',
  NE: 'North-East',
};

/** Districts of the two metro regions outside their own state's name (pincode data's spelling, lower case). */
const NCR_DISTRICTS = new Set(['gurugram', 'gurgaon', 'faridabad', 'gautam buddha nagar', 'ghaziabad']);
const MMR_DISTRICTS = new Set(['mumbai', 'mumbai suburban', 'thane', 'palghar', 'raigad']);
const SOUTH_METRO_DISTRICTS = new Set([
  'chennai',
  'bengaluru',
  'bangalore',
  'bengaluru urban',
  'hyderabad',
  'rangareddy',
  'medchal malkajgiri',
]);

const NORTH = new Set([
  'Haryana',
  'Punjab',
  'Chandigarh',
  'Himachal Pradesh',
  'Uttarakhand',
  'Uttar Pradesh',
  'Rajasthan',
  'Jammu and Kashmir',
  'Ladakh',
]);
const WEST = new Set([
  'Maharashtra',
  'Gujarat',
  'Goa',
  'Madhya Pradesh',
  'Chhattisgarh',
  'Dadra and Nagar Haveli and Daman and Diu',
]);
const SOUTH = new Set([
  'Tamil Nadu',
  'Karnataka',
  'Telangana',
  'Andhra Pradesh',
  'Kerala',
  'Puducherry',
  'Lakshadweep',
]);
const EAST = new Set(['West Bengal', 'Odisha', 'Bihar', 'Jharkhand', 'Andaman and Nicobar Islands']);
/** The North-East: the special states of the parcel zones that lie east of Bengal. */
const NORTH_EAST = new Set(
  SPECIAL_STATES.filter(
    (s) => !['Jammu and Kashmir', 'Ladakh', 'Andaman and Nicobar Islands', 'Lakshadweep'].includes(s),
  ),
);

/** The B2B region of a place (its district and state, as the pincode data gives them), or null for a state we do not know. */
export function b2bZoneOf(place: Place): B2bZone | null {
  const district = place.city.trim().toLowerCase();
  if (place.state === 'Delhi' || NCR_DISTRICTS.has(district)) return 'N1';
  if (MMR_DISTRICTS.has(district)) return 'W1';
  if (SOUTH_METRO_DISTRICTS.has(district)) return 'S1';
  if (NORTH_EAST.has(place.state)) return 'NE';
  if (NORTH.has(place.state)) return 'N2';
  if (WEST.has(place.state)) return 'W2';
  if (SOUTH.has(place.state)) return 'S2';
  if (EAST.has(place.state)) return 'E';
  return null;
}
