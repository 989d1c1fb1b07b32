import { bandOf, type RiskBand } from './bands';
import { FEATURES, riskFeatures, type FeatureName } from './features';
import type { RiskFacts } from './facts';
import { riskReasons } from './reasons';

// The RTO risk model as data: a logistic regression's weights over the features, the training
// set's feature means (a reason is what pushes an order above the average order) and the
// platform's COD return rate the place rates are smoothed toward. The training job
// (server/modules/risk) fits it on the product's own history and stores it; scoring is pure.

export interface RiskModel {
  bias: number;
  weights: Record<FeatureName, number>;
  means: Record<FeatureName, number>;
  baseCodRate: number;
}

export interface RiskScore {
  /** the chance the order comes back to origin, 0 to 1 */
  score: number;
  band: RiskBand;
  /** what weighs most toward the score, the heaviest first (at most three) */
  reasons: string[];
}

const sigmoid = (z: number) => 1 / (1 + Math.exp(-z));

/** Each feature's push on the log-odds above the average order's. */
export function contributions(model: RiskModel, x: Record<FeatureName, number>): Record<FeatureName, number> {
  const out = {} as Record<FeatureName, number>;
  for (const n of FEATURES) out[n] = model.weights[n] * (x[n] - model.means[n]);
  return out;
}

export function probabilityOf(model: RiskModel, x: Record<FeatureName, number>): number {
  let z = model.bias;
  for (const n of FEATURES) z += model.weights[n] * x[n];
  return sigmoid(z);
}

export function scoreRisk(model: RiskModel, facts: RiskFacts): RiskScore {
  const x = riskFeatures(facts, model.baseCodRate);
  const score = probabilityOf(model, x);
  return { score, band: bandOf(score), reasons: riskReasons(facts, model, contributions(model, x)) };
}
