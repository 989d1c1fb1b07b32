import type { PromiseFigures } from './promise-figures';
import type { RtoFigures } from '../risk/rto-figures';
import type { IntelligenceResults } from '../intelligence-results';

// The measured figures the public page /promises states, read from the bench's results file
// (bench/results/intelligence.json: `promises` from the delivery promise section, `rto` from the
// RTO risk section). Each figure is taken only when the file holds a number for it; a figure it
// does not hold is shown as not measured, never guessed.

export interface RtoBand {
  band: string;
  predicted: number;
  observed: number;
  orders: number;
}

export interface MeasuredFigures {
  promises: Partial<Omit<PromiseFigures, 'byBasis'>> & { byBasis?: PromiseFigures['byBasis'] };
  rto: {
    auc?: { model?: number; rules?: number; best?: number };
    bands?: RtoBand[];
    scoreMsPerOrder?: number;
    trainMs?: number;
    heldOutOrders?: number;
  };
}

type Json = Record<string, unknown>;
/** A results object read from the file: the written shape's names, each value still to be checked. */
type Unchecked<T> = { [K in keyof T]?: unknown };
const objectOf = (x: unknown): Json => (x && typeof x === 'object' && !Array.isArray(x) ? (x as Json) : {});
const num = (x: unknown): number | undefined => (typeof x === 'number' && Number.isFinite(x) ? x : undefined);
const text = (x: unknown): string | undefined => (typeof x === 'string' && x ? x : undefined);

/** Keeps the keys whose values are defined (an absent figure stays absent). */
function defined<T extends object>(o: T): T {
  return Object.fromEntries(Object.entries(o).filter(([, v]) => v !== undefined)) as T;
}

export function readMeasuredFigures(raw: unknown): MeasuredFigures {
  const root: Unchecked<IntelligenceResults> = objectOf(raw);
  const p: Unchecked<PromiseFigures> = objectOf(root.promises);
  const r: Unchecked<RtoFigures> = objectOf(root.rto);
  const auc: Unchecked<RtoFigures['auc']> = objectOf(r.auc);
  const byBasis = Array.isArray(p.byBasis)
    ? p.byBasis.map(objectOf).flatMap((b: Unchecked<PromiseFigures['byBasis'][number]>) => {
        const share = num(b.share);
        const hitRate = num(b.hitRate);
        const basis = text(b.basis);
        return basis && share !== undefined && hitRate !== undefined
          ? [{ basis: basis as PromiseFigures['byBasis'][number]['basis'], share, hitRate }]
          : [];
      })
    : undefined;
  const bands = Array.isArray(r.calibrationByBand)
    ? r.calibrationByBand.map(objectOf).flatMap((b: Unchecked<RtoFigures['calibrationByBand'][number]>) => {
        const band = text(b.band);
        const predicted = num(b.predictedRto);
        const observed = num(b.observedRto);
        const orders = num(b.orders);
        return band && predicted !== undefined && observed !== undefined && orders !== undefined
          ? [{ band, predicted, observed, orders }]
          : [];
      })
    : undefined;
  return {
    promises: defined({
      measuredAt: text(p.measuredAt),
      historyShipments: num(p.historyShipments),
      fittedShipments: num(p.fittedShipments),
      heldOutShipments: num(p.heldOutShipments),
      hitRate: num(p.hitRate),
      zoneTableHitRate: num(p.zoneTableHitRate),
      meanDaysEarlier: num(p.meanDaysEarlier),
      byBasis,
      fitMs: num(p.fitMs),
      promiseMsPerShipment: num(p.promiseMsPerShipment),
    }),
    rto: defined({
      auc:
        root.rto && r.auc
          ? defined({ model: num(auc.model), rules: num(auc.todaysRules), best: num(auc.bestPossible) })
          : undefined,
      bands,
      scoreMsPerOrder: num(r.scoringMsPerOrder),
      trainMs: num(r.trainingMs),
      heldOutOrders: num(r.heldOutOrders),
    }),
  };
}
