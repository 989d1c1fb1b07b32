import type { RiskModel } from './model';

// The model a new installation scores with until the training job has fitted one on its own
// history: fitted by `npm run bench -- intelligence` on 192,000 sandbox orders (held-out AUC and
// calibration in docs/decisions/rto-risk.md).

export const STARTER_MODEL: RiskModel = {
  bias: -2.6848,
  weights: {
    cod: 1.341,
    codValue: 0.3525,
    prepaidValue: 0.0182,
    pincodeCod: 0.7721,
    pincodePrepaid: 0.4026,
    buyerReturned: 0.2684,
    buyerDelivered: -0.0848,
    buyerReturnedElsewhere: 0.292,
    buyerDeliveredElsewhere: -0.1324,
    noHouseNumber: 0.5854,
    shortAddress: 0.2579,
  },
  means: {
    cod: 0.6198,
    codValue: -0.0741,
    prepaidValue: -0.0466,
    pincodeCod: -0.0689,
    pincodePrepaid: -0.0411,
    buyerReturned: 0.0894,
    buyerDelivered: 0.3397,
    buyerReturnedElsewhere: 0.1419,
    buyerDeliveredElsewhere: 0.5342,
    noHouseNumber: 0.2808,
    shortAddress: 0.0818,
  },
  baseCodRate: 0.2383,
};
