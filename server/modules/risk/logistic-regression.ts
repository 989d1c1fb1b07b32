// Logistic regression fitted by Newton's method (iteratively reweighted least squares) with a
// small ridge penalty: a dozen weights converge in a handful of passes over the rows, exactly,
// with no learning rate to tune. Rows are flat: row i's features are x[i*width .. i*width+width).

export interface Fitted {
  bias: number;
  weights: number[];
  iterations: number;
}

/** Solves A·v = b (A symmetric positive definite, n×n, row-major) by Gaussian elimination with pivoting. */
function solve(a: Float64Array, b: Float64Array, n: number): Float64Array {
  const m = Float64Array.from(a);
  const v = Float64Array.from(b);
  for (let c = 0; c < n; c++) {
    let p = c;
    for (let r = c + 1; r < n; r++) if (Math.abs(m[r * n + c]) > Math.abs(m[p * n + c])) p = r;
    if (p !== c) {
      for (let k = 0; k < n; k++) [m[c * n + k], m[p * n + k]] = [m[p * n + k], m[c * n + k]];
      [v[c], v[p]] = [v[p], v[c]];
    }
    for (let r = c + 1; r < n; r++) {
      const f = m[r * n + c] / m[c * n + c];
      for (let k = c; k < n; k++) m[r * n + k] -= f * m[c * n + k];
      v[r] -= f * v[c];
    }
  }
  for (let r = n - 1; r >= 0; r--) {
    let s = v[r];
    for (let k = r + 1; k < n; k++) s -= m[r * n + k] * v[k];
    v[r] = s / m[r * n + r];
  }
  return v;
}

export function fitLogistic(
  x: Float64Array,
  y: Uint8Array,
  width: number,
  opts: { ridge?: number; maxIterations?: number; tolerance?: number } = {},
): Fitted {
  const rows = y.length;
  const n = width + 1; // the bias is the last parameter
  const ridge = opts.ridge ?? 1e-3;
  const beta = new Float64Array(n);
  const row = new Float64Array(n);
  let iterations = 0;
  for (; iterations < (opts.maxIterations ?? 25); iterations++) {
    const hessian = new Float64Array(n * n);
    const gradient = new Float64Array(n);
    for (let i = 0; i < rows; i++) {
      for (let j = 0; j < width; j++) row[j] = x[i * width + j];
      row[width] = 1;
      let z = 0;
      for (let j = 0; j < n; j++) z += beta[j] * row[j];
      const p = 1 / (1 + Math.exp(-z));
      const w = Math.max(p * (1 - p), 1e-9);
      const r = y[i] - p;
      for (let j = 0; j < n; j++) {
        gradient[j] += r * row[j];
        const wj = w * row[j];
        for (let k = j; k < n; k++) hessian[j * n + k] += wj * row[k];
      }
    }
    for (let j = 0; j < n; j++) {
      for (let k = 0; k < j; k++) hessian[j * n + k] = hessian[k * n + j];
      // the ridge leaves the bias alone
      if (j < width) {
        hessian[j * n + j] += ridge * rows;
        gradient[j] -= ridge * rows * beta[j];
      }
    }
    const step = solve(hessian, gradient, n);
    let largest = 0;
    for (let j = 0; j < n; j++) {
      beta[j] += step[j];
      largest = Math.max(largest, Math.abs(step[j]));
    }
    if (largest < (opts.tolerance ?? 1e-6)) {
      iterations++;
      break;
    }
  }
  return { bias: beta[width], weights: Array.from(beta.subarray(0, width)), iterations };
}

/** Area under the ROC curve: the chance a random returned order scores above a random delivered one (ties half). */
export function aucOf(scores: ArrayLike<number>, y: ArrayLike<number>): number {
  const idx = Array.from({ length: y.length }, (_, i) => i).sort((a, b) => scores[a] - scores[b]);
  let rankSum = 0;
  let positives = 0;
  for (let i = 0; i < idx.length;) {
    let j = i;
    while (j + 1 < idx.length && scores[idx[j + 1]] === scores[idx[i]]) j++;
    const rank = (i + j + 2) / 2; // average rank of the tie, from 1
    for (let k = i; k <= j; k++)
      if (y[idx[k]]) {
        rankSum += rank;
        positives++;
      }
    i = j + 1;
  }
  const negatives = y.length - positives;
  if (!positives || !negatives) return 0.5;
  return (rankSum - (positives * (positives + 1)) / 2) / (positives * negatives);
}
