import type { AppDeps } from '../../deps';
import type { Executor } from '../../db/client';
import type { orders } from '../../db/schema';
import { ApiError } from '../../http/errors';
import type { CourierQuote, RateAnswer } from '../../../src/domain/shipping-contract';
import { planFeatureRefusal, type PlanFeature } from '../../../src/domain/plans';
import { shortfallPaise, type SpendPurpose } from '../../../src/domain/spendable';
import { kycRefusal } from '../kyc/gate';
import { planAllows } from '../plans/plan-gate';
import { shipWaitRefusal } from './ship-waits';
import { insufficientFunds, spendableWallet } from '../wallet/spendable';

// The one answer to "may this booking go to the courier?", for every kind of booking (a forward
// order, a split's package or boxes, a hyperlocal delivery, a reassignment, a reverse pickup).
// It answers every reason at once, most fundamental first: the seller's KYC, their plan, the
// order's status for what is asked, what the order waits for (its advance, its buyer's COD
// confirmation), whether the courier takes it, and whether the wallet can pay: read, never
// locked, so a short wallet is refused before the courier books anything. The booking's
// transaction asks again under the order's lock what may have changed meanwhile (status, waits)
// and the charge locks the wallet; this is the refusal the seller sees first.

type Order = typeof orders.$inferSelect;

/** One reason a booking is refused: the status the API answers it with, and the seller's words. */
export interface Refusal {
  rule: 'KYC' | 'PLAN' | 'STATUS' | 'WAITS' | 'SERVICEABILITY' | 'WALLET';
  status: ApiError['status'];
  message: string;
  headers?: Record<string, string>;
}

export interface BookingAsk {
  orgId: number;
  /** ask for the seller's verified KYC (each booking does; the re-check under the lock need not) */
  kyc?: boolean;
  /** plan features this booking needs (hyperlocal, split shipments) */
  features?: readonly PlanFeature[];
  /** what the order's status (or the package's, the return's) refuses for this booking; null when nothing */
  statusRefusal?: string | null;
  /** the order whose advance and buyer COD confirmation must not be waiting */
  waitsOf?: Order;
  /** the chosen courier among the quotes, and what else it refuses (boxes beyond its multi-piece limit) */
  courier?: { answer: RateAnswer; carrierCode: string; cannotTake: string; refusal?: string | null };
  /** what the wallet must be able to spend, and for what (its refusal text names it) */
  spend?: { purpose: SpendPurpose; paise?: number };
}

export interface Eligibility {
  refusals: Refusal[];
  /** the chosen courier's quote, when it takes the booking */
  quote: CourierQuote | null;
}

export async function bookingEligibility(deps: AppDeps, db: Executor, ask: BookingAsk): Promise<Eligibility> {
  const refusals: Refusal[] = [];
  if (ask.kyc) {
    const kyc = await kycRefusal(deps, ask.orgId);
    if (kyc) refusals.push({ rule: 'KYC', status: 403, message: kyc });
  }
  for (const feature of ask.features ?? [])
    if (!(await planAllows(db, ask.orgId, feature)))
      refusals.push({ rule: 'PLAN', status: 403, message: planFeatureRefusal(feature) });
  if (ask.statusRefusal) refusals.push({ rule: 'STATUS', status: 409, message: ask.statusRefusal });
  if (ask.waitsOf) {
    const waits = await shipWaitRefusal(db, ask.waitsOf);
    if (waits) refusals.push({ rule: 'WAITS', status: 409, message: waits });
  }
  let quote: CourierQuote | null = null;
  if (ask.courier) {
    const { answer, carrierCode, cannotTake, refusal } = ask.courier;
    quote = answer.quotes.find((q) => q.carrierCode === carrierCode) ?? null;
    const why = quote
      ? (refusal ?? null)
      : (answer.unserviceable.find((u) => u.carrierCode === carrierCode)?.reason ?? cannotTake);
    if (why) refusals.push({ rule: 'SERVICEABILITY', status: 422, message: why });
  }
  const needPaise = ask.spend?.paise ?? quote?.totalPaise;
  if (ask.spend && needPaise !== undefined) {
    const wallet = await spendableWallet(db, ask.orgId);
    if (shortfallPaise(wallet, needPaise) > 0) {
      const e = insufficientFunds(wallet, needPaise, ask.spend.purpose);
      refusals.push({ rule: 'WALLET', status: e.status, message: e.message, headers: e.headers });
    }
  }
  return { refusals, quote };
}

/** The first refusal as the API's answer; every other reason rides along in its body. */
export function refusedBooking(refusals: readonly Refusal[]): ApiError {
  const [first] = refusals;
  return new ApiError(
    first.status,
    first.message,
    first.headers,
    refusals.map((r) => r.message),
  );
}

/** Asks the policy and throws its refusal; answers the chosen courier's quote when one was asked for. */
export async function assertMayBook(deps: AppDeps, db: Executor, ask: BookingAsk): Promise<CourierQuote | null> {
  const { refusals, quote } = await bookingEligibility(deps, db, ask);
  if (refusals.length > 0) throw refusedBooking(refusals);
  return quote;
}
