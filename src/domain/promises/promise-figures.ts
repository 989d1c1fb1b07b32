import type { PromiseBasis } from './lane-promise';

// What the bench measures of delivery promises on held-out sandbox shipments
// (bench/intelligence/promises.ts), kept under `promises` in bench/results/intelligence.json and
// stated on the public page /promises.

export interface PromiseFigures {
  /** when the figures were measured (ISO time) */
  measuredAt: string;
  /** delivered shipments in the history, the earlier part fitted on, the later part held out */
  historyShipments: number;
  fittedShipments: number;
  heldOutShipments: number;
  /** share of held-out shipments delivered by the promised "by" date (goal ≥ 0.9) */
  hitRate: number;
  /** the same for the zone table's date, for comparison */
  zoneTableHitRate: number;
  /** average calendar days the promise is earlier than the zone table's date */
  meanDaysEarlier: number;
  /** share of held-out promises made from each basis, and each one's hit rate */
  byBasis: { basis: PromiseBasis; share: number; hitRate: number }[];
  /** milliseconds to fit the lane histograms, and per promise */
  fitMs: number;
  promiseMsPerShipment: number;
}
