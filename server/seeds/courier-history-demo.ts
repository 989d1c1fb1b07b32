import { eq } from 'drizzle-orm';
import type { AppDeps } from '../deps';
import { organisations } from '../db/schema';
import { rebuildCourierOutcomes } from '../modules/recommendation/outcomes-job';
import { rebuildLaneTransit } from '../modules/promises/lane-transit-job';
import { rebuildLaneQuality } from '../modules/quality/lane-quality-job';
import { hasCourierHistory, seedCourierHistory } from './courier-history';
import { lookupPincode } from '../modules/pincodes/lookup';

// The network's past for the demo: three sellers with no logins who shipped from Jaipur, Delhi and
// Mumbai over the last months, 3,000 settled shipments each, many to the pincodes the demo orders
// go to (so those have pincode-level figures; the rest fall back to district, state or zone).
// Then the outcome, lane transit and lane quality tables are built once, so the first quote needs
// no job run.

const SHIPPERS = [
  { companyName: 'Jaipur Block Prints', origin: '302003' },
  { companyName: 'Chandni Chowk Textiles', origin: '110006' },
  { companyName: 'Colaba Home Goods', origin: '400005' },
];
/** where the demo's buyers live, and the metros around them */
const BUSY = ['560038', '560034', '400050', '700017', '160017', '110005', '302029', '600040', '500081', '411001'];
const OTHERS = [
  '560001',
  '560066',
  '560102',
  '400001',
  '400076',
  '110001',
  '110017',
  '122001',
  '201301',
  '700091',
  '600001',
  '500032',
  '411014',
  '380009',
  '226010',
  '302017',
  '452001',
  '682024',
  '641004',
  '751003',
  '781001',
  '190001',
  '744101',
  '800001',
  '831001',
];
export const DEMO_HISTORY_PER_SELLER = 3_000;
/** the demo history's order numbers: PAST-0, PAST-1, … */
const HISTORY_PREFIX = 'PAST-';

export async function seedCourierHistoryDemo(deps: AppDeps): Promise<void> {
  let wrote = 0;
  for (const s of SHIPPERS) {
    let [org] = await deps.db.select().from(organisations).where(eq(organisations.companyName, s.companyName));
    org ??= (await deps.db.insert(organisations).values({ companyName: s.companyName }).returning())[0];
    // a restart finds the history there: the pincode table (half a second to read) is not opened
    if (await hasCourierHistory(deps.db, org.id, HISTORY_PREFIX)) continue;
    const place = lookupPincode(s.origin)!;
    wrote += await seedCourierHistory(deps.db, {
      orgId: org.id,
      origin: { pincode: s.origin, city: place.city, state: place.state },
      destinations: [...BUSY, ...OTHERS],
      busy: BUSY,
      busyWeight: 4,
      count: DEMO_HISTORY_PER_SELLER,
      prefix: HISTORY_PREFIX,
      now: deps.now(),
    });
  }
  if (wrote > 0) {
    await rebuildCourierOutcomes(deps.db, deps.now());
    await rebuildLaneTransit(deps.db, deps.now());
    await rebuildLaneQuality(deps.db, deps.now());
  }
}
