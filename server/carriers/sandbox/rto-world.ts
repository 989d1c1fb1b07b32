import { pincodeDraw, type CarrierProfile } from '../../../src/domain/shipping/carriers';
import { MAX_DELIVERY_ATTEMPTS } from '../../../src/domain/ndr-rules';

// The sandbox world's hidden reasons a parcel comes back (docs/simulated.md, docs/decisions/rto-risk.md).
// A courier's first delivery attempt fails more or less often than its profile's NDR rate by a
// shift on the log-odds made of five factors, each fixed by a seeded draw so the same buyer, pincode
// and address always weigh the same. Nothing in the product reads these factors: the risk model has
// to learn them from outcomes, and the bench knows the true RTO chance to measure it against.

export interface Consignee {
  pincode: string;
  phone: string;
  /** the street lines as booked */
  address: string;
  paymentMethod: 'PPD' | 'COD';
  codAmountPaise: number;
}

const WORLD = 'RTO-WORLD';
const logistic = (u: number) => Math.log(u / (1 - u));
const centred = (key: string, salt: string) =>
  logistic(Math.min(0.995, Math.max(0.005, pincodeDraw(WORLD, key, salt))));
const sigmoid = (z: number) => 1 / (1 + Math.exp(-z));

/** A buyer's habit by phone: a few refuse COD parcels often, some now and then, most take them. */
export function buyerHabit(phone: string): number {
  const u = pincodeDraw(WORLD, phone.slice(-10), 'habit');
  if (u < 0.06) return 2.2;
  if (u < 0.2) return 0.7;
  return -0.2;
}

/** The area's and the pincode's own lean (the area: the pincode's first four digits). */
export function pincodeRisk(pincode: string): number {
  return 0.4 * centred(pincode.slice(0, 4), 'area') + 0.4 * centred(pincode, 'pin');
}

/** An address without a house number is hard to find; a very short one too. */
export function addressRisk(address: string): number {
  let shift = 0;
  if (!/\d/.test(address)) shift += 0.9;
  if (address.trim().length < 15) shift += 0.4;
  return shift;
}

/** Cash on delivery is refused far more than prepaid, and the more the cash the more it is refused. */
export function paymentRisk(c: Pick<Consignee, 'paymentMethod' | 'codAmountPaise'>): number {
  if (c.paymentMethod === 'PPD') return -0.4;
  const rupees = Math.max(1, c.codAmountPaise / 100);
  return 1.2 + 0.6 * Math.min(2, Math.max(-1, Math.log2(rupees / 1000)));
}

/** The whole shift on the first attempt's failure log-odds. */
export function hiddenShift(c: Consignee): number {
  const pin = pincodeRisk(c.pincode) * (c.paymentMethod === 'COD' ? 1 : 0.5);
  return paymentRisk(c) + pin + buyerHabit(c.phone) + addressRisk(c.address);
}

/** The first attempt's failure chance for this consignee (the profile's own without one). */
export function firstAttemptFailRate(profile: CarrierProfile, c?: Consignee): number {
  const ndr = profile.behaviour.ndrRate;
  if (!c || ndr <= 0 || ndr >= 1) return ndr;
  return sigmoid(logistic(ndr) + hiddenShift(c));
}

/**
 * The true chance a parcel that is not lost comes back to origin without any word from the
 * seller, as parcel-life.ts plays it: the first attempt fails, then the courier sends it back at
 * once or after failed re-attempts (back for good after the last).
 */
export function trueRtoChance(profile: CarrierProfile, c: Consignee): number {
  const b = profile.behaviour;
  const back = Math.min(1, b.rtoRate / Math.max(b.ndrRate, 1e-9));
  const refail = Math.min(1, b.reattemptFailRate ?? b.ndrRate);
  // after the attempt-th failure: back at once, or try again and fail again
  let afterFail = 1;
  for (let attempt = MAX_DELIVERY_ATTEMPTS - 1; attempt >= 1; attempt--)
    afterFail = back + (1 - back) * refail * afterFail;
  return firstAttemptFailRate(profile, c) * afterFail;
}
