import { istDay } from '../format';
import { addWorkingDays, calendarDaysBetween, dispatchDay, PICKUP_CUTOFF_HOUR_IST } from './promise-calendar';
import { conformalUpperDays, MIN_LANE_SAMPLE, PROMISE_CONFIDENCE, sampleSize, shareWithin } from './transit-quantile';

// A courier quote's delivery promise. The lane's history, narrowest first: this courier from the
// seller's district to the buyer's pincode, then to the buyer's district, then this courier's
// parcels in the zone from anywhere. The first with at least MIN_LANE_SAMPLE parcels gives the
// "by" day (its conformal 90 % bound, in working days after dispatch); with none (a courier new
// to the platform), the zone table's days (what the courier publishes) are the promise.

export const HISTORY_LEVELS = ['PINCODE', 'DISTRICT', 'ZONE'] as const;
export type HistoryLevel = (typeof HISTORY_LEVELS)[number];
export const PROMISE_BASES = [...HISTORY_LEVELS, 'ZONE_TABLE'] as const;
export type PromiseBasis = (typeof PROMISE_BASES)[number];

export interface LaneHistogram {
  level: HistoryLevel;
  /** counts[d]: parcels delivered d working days after their dispatch day */
  counts: readonly number[];
}

export interface DeliveryPromise {
  /** the "by" date, yyyy-mm-dd (IST) */
  date: string;
  /** calendar days from the booking's day to that date */
  days: number;
  basis: PromiseBasis;
  /** parcels behind the promise (0 on the zone table) */
  sample: number;
  /** the share of the lane's parcels that met a promise this long; null on the zone table */
  confidencePct: number | null;
}

export interface PromiseInput {
  bookedAt: Date;
  /** the lane's histograms at the levels it has (any order) */
  history: readonly LaneHistogram[];
  /** the zone table's date for this courier and zone (shipping/delivery-date.ts) */
  zoneTableDate: string;
  cutoffHourIst?: number;
  confidence?: number;
  minSample?: number;
}

export function deliveryPromise(input: PromiseInput): DeliveryPromise {
  const confidence = input.confidence ?? PROMISE_CONFIDENCE;
  const minSample = input.minSample ?? MIN_LANE_SAMPLE;
  const start = dispatchDay(input.bookedAt, input.cutoffHourIst ?? PICKUP_CUTOFF_HOUR_IST);
  const bookedDay = istDay(input.bookedAt);
  for (const level of HISTORY_LEVELS) {
    const h = input.history.find((x) => x.level === level);
    if (!h || sampleSize(h.counts) < minSample) continue;
    const days = conformalUpperDays(h.counts, confidence);
    if (days === null) continue;
    const date = addWorkingDays(start, days);
    return {
      date,
      days: calendarDaysBetween(bookedDay, date),
      basis: level,
      sample: sampleSize(h.counts),
      confidencePct: Math.round(100 * shareWithin(h.counts, days)),
    };
  }
  const date = input.zoneTableDate;
  return { date, days: calendarDaysBetween(bookedDay, date), basis: 'ZONE_TABLE', sample: 0, confidencePct: null };
}
