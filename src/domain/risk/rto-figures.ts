import type { RiskModel } from './model';

// What the bench measures of the RTO risk score on held-out sandbox orders (bench/intelligence/rto.ts),
// kept under `rto` in bench/results/intelligence.json and stated on the public page /promises.

export interface RtoFigures {
  shipments: number;
  trainOrders: number;
  heldOutOrders: number;
  rtoShare: { all: number; cod: number; prepaid: number };
  /** how well the score ranks returned orders above delivered ones: the model, today's rules, the best possible */
  auc: { model: number; todaysRules: number; bestPossible: number };
  calibrationByBand: { band: string; orders: number; predictedRto: number; observedRto: number }[];
  scoringMsPerOrder: number;
  trainingMs: number;
  trainingIterations: number;
  model: RiskModel;
}
