import type { RiskModel } from './model';

// The model a new installation scores with until the training job has fitted one on its own
// history: fitted by `npm run bench -- intelligence` on 192,000 sandbox orders (held-out AUC and
// calibration in docs/decisions/rto-risk.md).

export const STARTER_MODEL: RiskModel = {
  bias: -2.6831,
  weights: {
    cod: 1.3404,
    codValue: 0.3521,
    prepaidValue: 0.0179,
    pincodeCod: 0.7654,
    pincodePrepaid: 0.3949,
    buyerReturned: 0.2761,
    buyerDelivered: -0.0877,
    buyerReturnedElsewhere: 0.2993,
    buyerDeliveredElsewhere: -0.1359,
    noHouseNumber: 0.5841,
    shortAddress: 0.254,
  },
  means: {
    cod: 0.6198,
    codValue: -0.0741,
    prepaidValue: -0.0466,
    pincodeCod: -0.0662,
    pincodePrepaid: -0.0399,
    buyerReturned: 0.0894,
    buyerDelivered: 0.3397,
    buyerReturnedElsewhere: 0.1419,
    buyerDeliveredElsewhere: 0.5342,
    noHouseNumber: 0.2808,
    shortAddress: 0.0818,
  },
  baseCodRate: 0.2383,
};
