import { spawnSync } from 'node:child_process';
import { sql } from 'drizzle-orm';
import { CARRIERS } from '../src/domain/shipping/carriers';
import { carrierNetwork } from '../server/carriers/registry';
import type { CourierScan } from '../server/carriers/adapter';
import { seedReference } from '../server/seeds/reference';
import { seedDemo } from '../server/seeds/demo-accounts';
import { receiveScans } from '../server/modules/courier-inlet/receive-scans';
import { quoteAll } from '../server/modules/shipping/quotes';
import { moveMoney } from '../server/modules/wallet/ledger';
import { allPincodes, lookupPincode } from '../server/modules/pincodes/lookup';
import { freshProductDatabase, ROOT, writeReport } from './lib';

// `npm run bench -- shipping`, in one run on PostgreSQL:
//  - rate quotes of every courier for 10,000 random orders (random pincode pairs of the bundled
//    data, weights, boxes, payment): quotes/s and the average time to quote all couriers for one;
//  - 1,000 4x6 labels in one PDF: labels/s and the peak memory of a process that renders them
//    (bench/label-render.ts, apart: benches run before this one in the same process hold memory);
//  - 1,000 scans through the courier inlet (dedupe, status mapping, order moves): scans/s; then
//    the rest of those parcels' lives with failed attempts (NDR) and returns (RTO) in the mix;
//    over SCAN_ROUNDS groups of 1,000 parcels, medians (one large write swings with the machine);
//  - side by side, interleaved: whole lives in one call, against one scan a call as couriers'
//    webhooks send them (each parcel's scans in order, the parcels at once: the ingestion window
//    writes the calls that arrive together in one batch), and against one scan at a time (each
//    call awaited before the next, so nothing can share a write); medians and ratios.
// Goals: all couriers for one order under 1 ms on average; 1,000 labels under 10 s and 500 MB;
// at least 5,000 scans/s with NDR and RTO in the mix; a webhook a scan at least a fifth of a batch's rate.

const ORDERS = 10_000;
const LABELS = 1_000;
const SCANS = 1_000;
/** groups of SCANS parcels, each picked up in one call and then living the rest in another: medians */
const SCAN_ROUNDS = 3;
/** side-by-side rounds: a group of parcels' whole lives in one call, against other groups' one scan a call */
const ROUNDS = 5;
const GROUP = 60;
/** one scan at a time is slow by nature (a transaction each): a smaller group keeps the run short */
const ONE_BY_ONE = 20;

/** Renders `count` labels in a child process (bench/label-render.ts) and reads its figures. */
function renderLabelsApart(count: number): { labelMs: number; pdfBytes: number; peakRss: number; startRss: number } {
  const child = spawnSync(process.execPath, ['--import', 'tsx', 'bench/label-render.ts', String(count)], {
    cwd: ROOT,
    encoding: 'utf8',
  });
  if (child.status !== 0) throw new Error(`the labels did not render:\n${child.stderr}`);
  return JSON.parse(child.stdout.trim().split('\n').at(-1)!) as ReturnType<typeof renderLabelsApart>;
}

function random(seed: number) {
  let s = seed >>> 0;
  return () => (s = (Math.imul(s, 1664525) + 1013904223) >>> 0) / 0x1_0000_0000;
}

export async function run(): Promise<boolean> {
  const fresh = await freshProductDatabase();
  const { deps } = fresh;
  try {
    await seedReference(deps.db);
    await seedDemo(deps);
    const network = await carrierNetwork(deps);
    // labels in a process of their own: its peak is the rendering's, whatever benches ran before in this one
    const rendered = renderLabelsApart(LABELS);
    const { labelMs, pdfBytes } = rendered;
    const peak = rendered.peakRss;

    const rnd = random(42);
    const pins = allPincodes();
    const place = (p: string) => {
      const x = lookupPincode(p)!;
      return { pincode: p, city: x.city, state: x.state };
    };
    const lanes = Array.from({ length: ORDERS }, () => ({
      from: place(pins[Math.floor(rnd() * pins.length)]),
      to: place(pins[Math.floor(rnd() * pins.length)]),
      parcel: {
        deadWeightKg: Math.round((0.1 + rnd() * 6) * 100) / 100,
        lengthCm: 10 + Math.floor(rnd() * 40),
        breadthCm: 10 + Math.floor(rnd() * 30),
        heightCm: 2 + Math.floor(rnd() * 25),
        paymentMethod: rnd() < 0.6 ? ('COD' as const) : ('PPD' as const),
        codAmountPaise: Math.floor(rnd() * 500_000),
      },
    }));
    const at = new Date();
    for (const l of lanes.slice(0, 500)) quoteAll(network, l.from, l.to, l.parcel, at); // warm-up
    const q0 = performance.now();
    let quoted = 0;
    for (const l of lanes) quoted += quoteAll(network, l.from, l.to, l.parcel, at).quotes.length;
    const quoteMs = performance.now() - q0;
    const perOrderMs = quoteMs / ORDERS;

    // scans: 1,000 shipments of one seller, each told it was manifested (moves the order) — a
    // thousand distinct scans through the one ingestion path
    await deps.db
      .execute(sql`insert into orders (org_id, order_number, status, payment_method, order_date, buyer_name, buyer_phone, shipping, billing, subtotal_paise, total_paise, length_cm, breadth_cm, height_cm, dead_weight_kg, pickup)
      select 1, 'BS-' || g, 'PKP_SCH', case when g % 2 = 0 then 'COD' else 'PPD' end, current_date, 'Buyer', '9876543210', '{}'::jsonb, '{}'::jsonb, 100, 100, 10, 10, 10, 0.5, '{}'::jsonb from generate_series(1, ${SCANS * SCAN_ROUNDS + ROUNDS * (2 * GROUP + ONE_BY_ONE)}) g`);
    await deps.db
      .execute(sql`insert into shipments (org_id, order_id, carrier_code, awb, zone, charged_weight_kg, freight_paise, cod_charge_paise, gst_paise, total_paise, rto_charge_paise, quote_steps, short_code, booked_at)
      select 1, o.id, 'DE', 'BS' || o.id, 'D', 0.5, 100, case when o.payment_method = 'COD' then 35 else 0 end, 18, 118, 100, '[]'::jsonb, 'bs' || o.id, now() from orders o where o.order_number like 'BS-%'`);
    // the wallet covers the returns' charges
    await moveMoney(deps.db, {
      orgId: 1,
      kind: 'ADJUSTMENT_CREDIT',
      amountPaise: 10_000_000,
      externalKey: 'bench:float',
    });
    const all = (await deps.db.execute(sql`select awb from shipments where awb like 'BS%' order by id`)) as unknown as {
      rows: { awb: string }[];
    };
    const spare = all.rows.slice(SCANS * SCAN_ROUNDS).map((r) => r.awb);
    const t0 = Date.now();

    // then the rest of their lives in one go: in transit, out for delivery, and delivered (70%),
    // a failed attempt with a Delhivery reason code (20%: NDR records, buyer outreach), or a failed
    // attempt followed by the return (10%: RTO charge, COD fee refund, RTO stages)
    const lifeOf = (list: string[], t: number, withPickup: boolean) => {
      const out: CourierScan[] = [];
      let moves = 0;
      list.forEach((awb, i) => {
        const at = (k: number) => new Date(t + 10_000 + k * 60_000 + i);
        const push = (k: number, courierStatus: string, extra: Partial<CourierScan> = {}) =>
          out.push({ awb, at: at(k), courierStatus, location: 'Bengaluru', remark: courierStatus, ...extra });
        if (withPickup) push(0, 'PICKED_UP');
        push(1, 'IN_TRANSIT');
        push(2, 'OUT_FOR_DELIVERY');
        moves += withPickup ? 4 : 3;
        if (i % 10 < 7) return push(3, 'DELIVERED');
        push(3, 'UNDELIVERED', {
          reasonCode: ['EOD-11', 'EOD-74', 'EOD-6', 'EOD-3'][i % 4],
          remark: 'Consignee unavailable',
        });
        if (i % 10 < 9) return;
        push(4, 'RTO_INITIATED');
        push(5, 'RTO_IN_TRANSIT');
        push(6, 'RTO_DELIVERED');
        moves += 2;
      });
      return { scans: out, moves };
    };
    const pickups: { ms: number; ok: boolean }[] = [];
    const lives: { ms: number; scans: number; ok: boolean }[] = [];
    for (let r = 0; r < SCAN_ROUNDS; r++) {
      const group = all.rows.slice(r * SCANS, (r + 1) * SCANS).map((x) => x.awb);
      const scans: CourierScan[] = group.map((awb, i) => ({
        awb,
        at: new Date(t0 + i),
        courierStatus: 'PICKED_UP',
        location: 'Jaipur',
        remark: 'Picked up from the seller',
      }));
      const s0 = performance.now();
      const ingested = await receiveScans(deps, 'DE', scans);
      pickups.push({ ms: performance.now() - s0, ok: ingested.recorded === SCANS && ingested.moved === SCANS });
      const { scans: life, moves: expectedMoves } = lifeOf(group, t0, false);
      const m0 = performance.now();
      const mixed = await receiveScans(deps, 'DE', life);
      lives.push({
        ms: performance.now() - m0,
        scans: life.length,
        ok: mixed.recorded === life.length && mixed.moved === expectedMoves,
      });
    }
    const ndrs = (await deps.db.execute(sql`select count(*)::int as n from ndr_records`)) as unknown as {
      rows: { n: number }[];
    };

    // side by side, interleaved: whole lives of one group in one call (set-based); of another one
    // scan a call as webhooks bring them (each parcel's scans in order, every parcel at once); and
    // of a third one scan at a time (a transaction each); the median of each side and the ratios,
    // which the machine's load cannot skew
    const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
    const sides = ['batch', 'webhooks', 'oneByOne'] as const;
    const perSec = { batch: [] as number[], webhooks: [] as number[], oneByOne: [] as number[] };
    let sideOutcomes = true;
    let next = 0;
    for (let r = 0; r < ROUNDS; r++) {
      for (let j = 0; j < sides.length; j++) {
        const side = sides[(r + j) % sides.length];
        const size = side === 'oneByOne' ? ONE_BY_ONE : GROUP;
        const group = lifeOf(spare.slice(next, next + size), t0 + 100_000_000 * (r * sides.length + j + 1), true);
        next += size;
        const g0 = performance.now();
        let moved = 0;
        if (side === 'batch') moved = (await receiveScans(deps, 'DE', group.scans)).moved;
        else if (side === 'oneByOne')
          for (const one of group.scans) moved += (await receiveScans(deps, 'DE', [one])).moved;
        else {
          const byParcel = new Map<string, CourierScan[]>();
          for (const one of group.scans) byParcel.set(one.awb, [...(byParcel.get(one.awb) ?? []), one]);
          const chains = [...byParcel.values()].map(async (life) => {
            for (const one of life) {
              const { moved: n } = await receiveScans(deps, 'DE', [one]);
              moved += n;
            }
          });
          await Promise.all(chains);
        }
        perSec[side].push((group.scans.length / (performance.now() - g0)) * 1000);
        sideOutcomes &&= moved === group.moves;
      }
    }
    const batchPerSec = Math.round(median(perSec.batch));
    const webhookPerSec = Math.round(median(perSec.webhooks));
    const oneByOnePerSec = Math.round(median(perSec.oneByOne));
    const webhookRatio = Number((batchPerSec / webhookPerSec).toFixed(1));
    const oneByOneRatio = Number((batchPerSec / oneByOnePerSec).toFixed(1));

    const quotesPerSec = Math.round((quoted / quoteMs) * 1000);
    const labelsPerSec = Math.round((LABELS / labelMs) * 1000);
    const scanMs = median(pickups.map((x) => x.ms));
    const scansPerSec = Math.round((SCANS / scanMs) * 1000);
    const mixScans = lives[0].scans;
    const mixMs = median(lives.map((x) => x.ms));
    const mixPerSec = Math.round((mixScans / mixMs) * 1000);
    const peakMb = Math.round(peak / 1024 / 1024);
    const met =
      perOrderMs < 1 &&
      labelMs < 10_000 &&
      peakMb < 500 &&
      pickups.every((x) => x.ok) &&
      lives.every((x) => x.ok && x.scans === mixScans) &&
      ndrs.rows[0].n === SCANS * 0.3 * SCAN_ROUNDS &&
      sideOutcomes &&
      mixPerSec >= 5_000 &&
      webhookRatio <= 5;
    writeReport(
      {
        bench: 'shipping',
        figures: {
          couriers: CARRIERS.length,
          orders: ORDERS,
          quotes: quoted,
          quoteMs: Math.round(quoteMs),
          perOrderMs: Number(perOrderMs.toFixed(4)),
          quotesPerSec,
          labels: LABELS,
          labelMs: Math.round(labelMs),
          labelsPerSec,
          pdfBytes,
          rssBeforeMb: Math.round(rendered.startRss / 1024 / 1024),
          peakRssMb: peakMb,
          scans: SCANS,
          scanRounds: SCAN_ROUNDS,
          scanMs: Math.round(scanMs),
          scansPerSec,
          pickupRounds: pickups.map((x) => ({ ms: Math.round(x.ms), outcomesAsExpected: x.ok })),
          mixedScans: mixScans,
          mixedMs: Math.round(mixMs),
          mixedScansPerSec: mixPerSec,
          mixedRounds: lives.map((x) => ({
            ms: Math.round(x.ms),
            scansPerSec: Math.round((x.scans / x.ms) * 1000),
            outcomesAsExpected: x.ok,
          })),
          ndrRecords: ndrs.rows[0].n,
          sideBySide: {
            rounds: ROUNDS,
            parcelsPerGroup: GROUP,
            oneByOneParcels: ONE_BY_ONE,
            batchPerSec,
            webhookPerSec,
            oneByOnePerSec,
            webhookRatio,
            oneByOneRatio,
          },
        },
        goal: "all couriers quoted for one order in under 1 ms on average; 1,000 4x6 labels in under 10 s and under 500 MB RSS; scans ingested with every outcome as expected, at least 5,000 scans/s with NDR and RTO in the mix on PostgreSQL; one scan a call as webhooks send them at least a fifth of a batch's rate",
        met,
      },
      [
        ['measure', 'value'],
        [
          'quotes of every courier for 10,000 random orders',
          `${Math.round(quoteMs)} ms (${quoted.toLocaleString('en-IN')} quotes)`,
        ],
        ['quotes per second', quotesPerSec],
        ['all couriers for one order, average', `${(perOrderMs * 1000).toFixed(1)} µs`],
        [
          '1,000 4x6 labels in one PDF',
          `${Math.round(labelMs)} ms (${labelsPerSec} labels/s, ${(pdfBytes / 1024 / 1024).toFixed(1)} MB)`,
        ],
        [
          'peak RSS while rendering, in a process of its own',
          `${peakMb} MB (${Math.round(rendered.startRss / 1024 / 1024)} MB before)`,
        ],
        [
          `1,000 scans ingested, median of ${SCAN_ROUNDS}`,
          `${Math.round(scanMs)} ms (${scansPerSec} scans/s; rounds ${pickups.map((x) => Math.round(x.ms)).join(' ')} ms)`,
        ],
        [
          `${mixScans.toLocaleString('en-IN')} scans with NDR and RTO in the mix, median of ${SCAN_ROUNDS}`,
          `${Math.round(mixMs)} ms (${mixPerSec} scans/s; goal 5,000 on PostgreSQL; rounds ${lives.map((x) => Math.round(x.ms)).join(' ')} ms)`,
        ],
        [
          `side by side, median of ${ROUNDS}: whole lives in one call / one scan a call, webhooks at once`,
          `${batchPerSec} / ${webhookPerSec} scans/s = ${webhookRatio}× (goal at most 5×)`,
        ],
        [
          `side by side, median of ${ROUNDS}: whole lives in one call / one scan at a time`,
          `${batchPerSec} / ${oneByOnePerSec} scans/s = ${oneByOneRatio}×`,
        ],
      ],
    );
    return met;
  } finally {
    await fresh.drop();
  }
}
