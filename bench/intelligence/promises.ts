import { performance } from 'node:perf_hooks';
import { CARRIERS, unserviceable, type CarrierProfile } from '../../src/domain/shipping/carriers';
import { zoneOf, type Zone } from '../../src/domain/shipping/zones';
import { estimatedDeliveryDate } from '../../src/domain/shipping/delivery-date';
import { istDay } from '../../src/domain/format';
import { dispatchDay, workingDaysBetween, calendarDaysBetween } from '../../src/domain/promises/promise-calendar';
import { addToHistogram } from '../../src/domain/promises/transit-quantile';
import {
  deliveryPromise,
  PROMISE_BASES,
  type LaneHistogram,
  type PromiseBasis,
} from '../../src/domain/promises/lane-promise';
import type { PromiseFigures } from '../../src/domain/promises/promise-figures';
import { planLife } from '../../server/carriers/sandbox/parcel-life';
import { sandboxTransitDays } from '../../server/carriers/sandbox/lane-transit';
import { allPincodes, lookupPincode } from '../../server/modules/pincodes/lookup';

// The delivery promise section of `npm run bench -- intelligence`: a sandbox history of
// SHIPMENTS parcels built in memory from the sandbox courier's own functions (lane transit draw,
// then the parcel's whole planned life: failed attempts and re-attempts included), from a few
// sellers' warehouses to DESTINATIONS pincodes (a few busy, most quiet), over 180 days. The lane
// histograms are fitted on the earlier 80 % by booking time; each later parcel gets its promise
// as a quote would (lane-promise.ts) and is checked against the day it was delivered.

const SHIPMENTS = 220_000;
const DESTINATIONS = 800;
const DAYS = 180;
/** neighbouring pincodes taken together */
const RUN = 10;
const FITTED_SHARE = 0.8;
const ORIGINS = ['302003', '110006', '400005', '560038', '700017', '600040'];
const DAY_MS = 86_400_000;

function random(seed: number) {
  let s = seed >>> 0;
  return () => (s = (Math.imul(s, 1664525) + 1013904223) >>> 0) / 0x1_0000_0000;
}

interface Shipment {
  profile: CarrierProfile;
  zone: Zone;
  bookedAt: Date;
  pincodeKey: string;
  districtKey: string;
  zoneKey: string;
  /** working days from dispatch to the delivered day */
  workingDays: number;
  deliveredDay: string;
}

function place(pincode: string) {
  const p = lookupPincode(pincode)!;
  return { pincode, city: p.city, state: p.state };
}

/** The delivered shipments of the sandbox history, oldest first. */
export function sandboxHistory(count = SHIPMENTS, now = new Date('2026-11-01T00:00:00Z')): Shipment[] {
  const rand = random(40);
  const pool = [...allPincodes()].sort();
  const runStarts = random(41);
  const starts = Array.from({ length: Math.ceil(DESTINATIONS / RUN) }, () => runStarts());
  const pickRand = (i: number) => starts[Math.floor(i / RUN)];
  // buyers cluster in towns: runs of neighbouring pincodes (which share a district)
  const destinations = Array.from({ length: DESTINATIONS }, (_, i) => {
    const start = Math.floor(pickRand(i) * (pool.length - RUN));
    return place(pool[start + (i % RUN)]);
  });
  const origins = ORIGINS.map(place);
  const out: Shipment[] = [];
  for (let n = 0; n < count; n++) {
    const from = origins[Math.floor(rand() * origins.length)];
    // busy places: a skewed pick (the square of a uniform draw favours the list's head)
    const to = destinations[Math.floor(rand() ** 3 * destinations.length)];
    const zone = zoneOf(from, to);
    const lane = {
      fromPincode: from.pincode,
      toPincode: to.pincode,
      zone,
      paymentMethod: 'PPD' as const,
      weightKg: 0.5,
    };
    // sellers lean on a few couriers: the list's head more often
    const serving = CARRIERS.filter((c) => !c.b2b && !unserviceable(c, lane));
    if (serving.length === 0) continue;
    const profile = serving[Math.floor(rand() ** 2 * serving.length)];
    const dayStart = now.getTime() - DAYS * DAY_MS + Math.floor((n / count) * DAYS) * DAY_MS;
    // booked between 08:00 and 21:00 IST (02:30 to 15:30 UTC)
    const bookedAt = new Date(dayStart + 2.5 * 3_600_000 + Math.floor(rand() * 13 * 3_600_000));
    const originDistrict = `${from.city}|${from.state}`;
    const awb = `${profile.awbPrefix}${String(n).padStart(9, '0')}`;
    const transitDays = sandboxTransitDays(
      profile,
      {
        fromPincode: from.pincode,
        toPincode: to.pincode,
        fromPlace: originDistrict,
        toPlace: `${to.city}|${to.state}`,
        zone,
      },
      bookedAt,
      awb,
    );
    const plan = planLife(profile, awb, { from: from.city, to: to.city, transitDays });
    const delivered = plan.find((s) => s.courierStatus === 'DELIVERED');
    if (!delivered) continue;
    const deliveredDay = istDay(new Date(bookedAt.getTime() + delivered.afterMs));
    out.push({
      profile,
      zone,
      bookedAt,
      pincodeKey: `${profile.code}|${originDistrict}|${to.pincode}`,
      districtKey: `${profile.code}|${originDistrict}|${to.city}|${to.state}`,
      zoneKey: `${profile.code}|${zone}`,
      workingDays: workingDaysBetween(dispatchDay(bookedAt), deliveredDay),
      deliveredDay,
    });
  }
  return out;
}

export function promisesSection(): PromiseFigures {
  const history = sandboxHistory();
  const cut = Math.floor(history.length * FITTED_SHARE);
  const fitted = history.slice(0, cut);
  const heldOut = history.slice(cut);

  const fitStart = performance.now();
  const byPincode = new Map<string, number[]>();
  const byDistrict = new Map<string, number[]>();
  const byZone = new Map<string, number[]>();
  for (const s of fitted) {
    for (const [map, key] of [
      [byPincode, s.pincodeKey],
      [byDistrict, s.districtKey],
      [byZone, s.zoneKey],
    ] as const) {
      let counts = map.get(key);
      if (!counts) map.set(key, (counts = []));
      addToHistogram(counts, s.workingDays);
    }
  }
  const fitMs = performance.now() - fitStart;

  const tally = new Map<PromiseBasis, { n: number; hit: number }>();
  let hits = 0;
  let tableHits = 0;
  let earlier = 0;
  const promiseStart = performance.now();
  for (const s of heldOut) {
    const history: LaneHistogram[] = [];
    const p = byPincode.get(s.pincodeKey);
    const d = byDistrict.get(s.districtKey);
    if (p) history.push({ level: 'PINCODE', counts: p });
    if (d) history.push({ level: 'DISTRICT', counts: d });
    const z = byZone.get(s.zoneKey);
    if (z) history.push({ level: 'ZONE', counts: z });
    const tableDate = estimatedDeliveryDate(s.bookedAt, s.profile, s.zone);
    const promise = deliveryPromise({ bookedAt: s.bookedAt, history, zoneTableDate: tableDate });
    const hit = s.deliveredDay <= promise.date;
    hits += hit ? 1 : 0;
    tableHits += s.deliveredDay <= tableDate ? 1 : 0;
    earlier += calendarDaysBetween(promise.date, tableDate);
    const t = tally.get(promise.basis) ?? { n: 0, hit: 0 };
    t.n++;
    t.hit += hit ? 1 : 0;
    tally.set(promise.basis, t);
  }
  const promiseMs = performance.now() - promiseStart;
  const round = (x: number, places = 3) => Math.round(x * 10 ** places) / 10 ** places;
  return {
    measuredAt: new Date().toISOString(),
    historyShipments: history.length,
    fittedShipments: fitted.length,
    heldOutShipments: heldOut.length,
    hitRate: round(hits / heldOut.length),
    zoneTableHitRate: round(tableHits / heldOut.length),
    meanDaysEarlier: round(earlier / heldOut.length, 2),
    byBasis: PROMISE_BASES.map((basis) => {
      const t = tally.get(basis) ?? { n: 0, hit: 0 };
      return { basis, share: round(t.n / heldOut.length), hitRate: t.n ? round(t.hit / t.n) : 0 };
    }),
    fitMs: round(fitMs, 1),
    promiseMsPerShipment: round(promiseMs / heldOut.length, 4),
  };
}
