import type { PromiseFigures } from './promises/promise-figures';
import type { RtoFigures } from './risk/rto-figures';

// bench/results/intelligence.json as `npm run bench -- intelligence` writes it: one shape for the
// bench that writes it and the public page that reads it, so neither can rename a figure alone.

export interface IntelligenceResults {
  bench: 'intelligence';
  /** when the bench ran (ISO time) */
  measuredAt: string;
  rto: RtoFigures;
  promises: PromiseFigures;
}
