// What the risk score knows of an order when it is created: the order itself, and the outcomes
// of past parcels like it. Place counts are the platform's (every seller's COD parcels, as counts
// only); the buyer's are by phone, with this seller and across sellers (as counts only: no other
// seller's order is ever read out).

/** Finished parcels (delivered or back to origin) and how many came back. */
export interface OutcomeCount {
  finished: number;
  returned: number;
}

export interface RiskFacts {
  paymentMethod: 'PPD' | 'COD';
  totalPaise: number;
  /** the shipping address's street lines */
  address: string;
  /** COD parcels to the pincode, and to its sorting district (the pincode's first three digits) */
  pincodeCod: OutcomeCount;
  districtCod: OutcomeCount;
  /** the buyer's parcels with this seller, and with every seller (this one included) */
  buyerWithSeller: OutcomeCount;
  buyerAcrossSellers: OutcomeCount;
}

export const NO_OUTCOMES: OutcomeCount = { finished: 0, returned: 0 };
