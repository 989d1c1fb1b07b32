import { eq, sql } from 'drizzle-orm';
import { organisations } from '../server/db/schema';
import { queryRows } from '../server/db/rows';
import { carrierNetwork } from '../server/carriers/registry';
import { seedReference } from '../server/seeds/reference';
import { seedCourierHistory } from '../server/seeds/courier-history';
import { quoteAll } from '../server/modules/shipping/quotes';
import { rebuildCourierOutcomes } from '../server/modules/recommendation/outcomes-job';
import { withRecommendation } from '../server/modules/recommendation/recommend-order';
import { allPincodes, lookupPincode } from '../server/modules/pincodes/lookup';
import { freshProductDatabase, median, seedWithoutIndexes, writeReport } from './lib';

// `npm run bench -- recommendation`, on PostgreSQL:
//  - 1,000,000 past settled shipments (ten sellers in ten cities, 100,000 each, to 3,000 pincodes,
//    a few busy ones), written by the demo seed's set-based statements;
//  - the outcome job over them (all four levels): goal under 60 s;
//  - an order's quotes with the recommendation (the seller's plan and rule, the lane's outcomes,
//    the rule applied) beside the plain quotes, interleaved call by call over the same lanes:
//    median and p95 of each; goal: the recommended quote under 2 ms at the median.

const SELLERS = 10;
const PER_SELLER = 100_000;
const DESTINATIONS = 3_000;
const CALLS = 2_000;
const ORIGINS = ['302003', '110006', '400005', '560038', '700017', '600040', '500081', '411001', '380009', '226010'];

function random(seed: number) {
  let s = seed >>> 0;
  return () => (s = (Math.imul(s, 1664525) + 1013904223) >>> 0) / 0x1_0000_0000;
}
const p95 = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length * 0.95)];
const place = (pincode: string) => {
  const p = lookupPincode(pincode)!;
  return { pincode, city: p.city, state: p.state };
};

export async function run(): Promise<boolean> {
  const fresh = await freshProductDatabase({ workers: false });
  const { deps } = fresh;
  try {
    await seedReference(deps.db);
    const rnd = random(20);
    const pins = allPincodes();
    const destinations = Array.from({ length: DESTINATIONS }, () => pins[Math.floor(rnd() * pins.length)]);
    const busy = destinations.slice(0, 60);
    const now = new Date();
    const orgs = await deps.db
      .insert(organisations)
      .values(Array.from({ length: SELLERS }, (_, i) => ({ companyName: `History Seller ${i + 1}` })))
      .returning({ id: organisations.id });
    const s0 = performance.now();
    // the seed's million rows go in with the secondary indexes set aside and built after
    const seeded = await seedWithoutIndexes(deps.db, ['orders', 'shipments'], async () => {
      let n = 0;
      for (const [i, org] of orgs.entries())
        n += await seedCourierHistory(deps.db, {
          orgId: org.id,
          origin: place(ORIGINS[i]),
          destinations,
          busy,
          busyWeight: 10,
          count: PER_SELLER,
          prefix: 'PAST-',
          now,
        });
      return n;
    });
    await deps.db.execute(sql`vacuum analyze orders`);
    await deps.db.execute(sql`vacuum analyze shipments`);
    const seedMs = performance.now() - s0;

    const j0 = performance.now();
    const job = await rebuildCourierOutcomes(deps.db, now);
    const jobMs = performance.now() - j0;
    await deps.db.execute(sql`analyze courier_outcomes`);
    const levels = await queryRows<{ level: string; n: number }>(
      deps.db,
      sql`select level, count(*)::int as n from courier_outcomes group by level order by level`,
    );

    // a Premium seller in Jaipur quoting orders to the destinations, plain and recommended in turn
    const seller = orgs[0].id;
    await deps.db.update(organisations).set({ subscriptionType: 'PREMIUM' }).where(eq(organisations.id, seller));
    const network = await carrierNetwork(deps);
    const from = place(ORIGINS[0]);
    const lanes = Array.from({ length: CALLS }, (_, i) => ({
      to: place(i % 2 ? busy[i % busy.length] : destinations[Math.floor(rnd() * destinations.length)]),
      parcel: {
        deadWeightKg: Math.round((0.2 + rnd() * 4) * 100) / 100,
        lengthCm: 10 + Math.floor(rnd() * 30),
        breadthCm: 10 + Math.floor(rnd() * 20),
        heightCm: 2 + Math.floor(rnd() * 20),
        paymentMethod: 'PPD' as const,
        codAmountPaise: 0,
      },
    }));
    const at = new Date();
    const plain = (l: (typeof lanes)[number]) => quoteAll(network, from, l.to, l.parcel, at);
    const recommended = (l: (typeof lanes)[number]) => withRecommendation(deps.db, seller, plain(l));
    for (const l of lanes.slice(0, 200)) await recommended(l); // warm-up: plans, caches, pool
    const times = { plain: [] as number[], recommended: [] as number[] };
    let withPick = 0;
    for (const [i, l] of lanes.entries()) {
      for (const side of i % 2 ? (['recommended', 'plain'] as const) : (['plain', 'recommended'] as const)) {
        const t0 = performance.now();
        if (side === 'plain') plain(l);
        else if ((await recommended(l)).recommended) withPick++;
        times[side].push(performance.now() - t0);
      }
    }
    const figures = {
      pastShipments: seeded,
      seedSeconds: +(seedMs / 1000).toFixed(1),
      outcomeRows: job.rows,
      outcomeRowsByLevel: Object.fromEntries(levels.map((l) => [l.level, l.n])),
      jobSeconds: +(jobMs / 1000).toFixed(2),
      calls: CALLS,
      plainQuoteMedianMs: +median(times.plain).toFixed(3),
      plainQuoteP95Ms: +p95(times.plain).toFixed(3),
      recommendedQuoteMedianMs: +median(times.recommended).toFixed(3),
      recommendedQuoteP95Ms: +p95(times.recommended).toFixed(3),
      ordersWithARecommendation: withPick,
    };
    const met = jobMs < 60_000 && figures.recommendedQuoteMedianMs < 2;
    writeReport(
      {
        bench: 'recommendation',
        figures,
        goal: 'outcome job over 1,000,000 shipments < 60 s; recommended quote for one order < 2 ms (median)',
        met,
      },
      [
        ['measure', 'value'],
        ['past shipments seeded', `${seeded} in ${figures.seedSeconds} s`],
        ['outcome job', `${figures.jobSeconds} s → ${job.rows} rows`],
        ['plain quote (median / p95)', `${figures.plainQuoteMedianMs} / ${figures.plainQuoteP95Ms} ms`],
        [
          'recommended quote (median / p95)',
          `${figures.recommendedQuoteMedianMs} / ${figures.recommendedQuoteP95Ms} ms`,
        ],
        ['orders with a recommendation', `${withPick} of ${CALLS}`],
      ],
    );
    return met;
  } finally {
    await fresh.drop();
  }
}
