import { FEATURES, featureArray, riskFeatures, type FeatureName } from '../../../src/domain/risk/features';
import type { RiskFacts } from '../../../src/domain/risk/facts';
import type { RiskModel } from '../../../src/domain/risk/model';
import { fitLogistic } from './logistic-regression';

// Fits the risk model on settled orders: each with its facts as they stood when it was created
// and whether it came back to origin.

export interface TrainingRow {
  facts: RiskFacts;
  returned: boolean;
}

/** the platform's COD return rate, when the history has no settled COD order yet */
export const DEFAULT_BASE_COD_RATE = 0.2;

export function trainRiskModel(rows: TrainingRow[]): { model: RiskModel; iterations: number } {
  const cod = rows.filter((r) => r.facts.paymentMethod === 'COD');
  const baseCodRate = cod.length ? cod.filter((r) => r.returned).length / cod.length : DEFAULT_BASE_COD_RATE;
  const width = FEATURES.length;
  const x = new Float64Array(rows.length * width);
  const y = new Uint8Array(rows.length);
  const sums = new Float64Array(width);
  rows.forEach((r, i) => {
    const v = featureArray(riskFeatures(r.facts, baseCodRate));
    x.set(v, i * width);
    y[i] = r.returned ? 1 : 0;
    v.forEach((value, j) => (sums[j] += value));
  });
  const fitted = fitLogistic(x, y, width);
  const weights = {} as Record<FeatureName, number>;
  const means = {} as Record<FeatureName, number>;
  FEATURES.forEach((n, j) => {
    weights[n] = fitted.weights[j];
    means[n] = rows.length ? sums[j] / rows.length : 0;
  });
  return { model: { bias: fitted.bias, weights, means, baseCodRate }, iterations: fitted.iterations };
}
