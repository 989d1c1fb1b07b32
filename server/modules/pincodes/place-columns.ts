import type { SQL } from 'drizzle-orm';
import { unnestSelect } from '../../db/unnest';
import { allPincodes, lookupPincode } from './lookup';

// Pincode → district and state from the bundled pincode data, as a table a statement joins:
// `place (pincode, district, state) as (${placeTable()})`. Built once per process.

let columns: { pincodes: string[]; districts: string[]; states: string[] } | null = null;

export function placeTable(): SQL {
  if (!columns) {
    const pincodes = allPincodes();
    const districts: string[] = [];
    const states: string[] = [];
    for (const p of pincodes) {
      const info = lookupPincode(p)!;
      districts.push(info.city);
      states.push(info.state);
    }
    columns = { pincodes, districts, states };
  }
  return unnestSelect([
    [columns.pincodes, 'text'],
    [columns.districts, 'text'],
    [columns.states, 'text'],
  ]);
}
