import type { BuyerPaymentStart, BuyerVerificationView } from './cod-verification-contract';
import { BUYER_COD_PROBLEMS } from './cod-verification';
import { BUYER_ADVANCE_PROBLEMS, type BuyerAdvanceView } from './payment-modes-contract';

// The buyer's pay-by-link pages, opened from an SMS link (a token): a COD order's confirmation
// and a payment mode's advance. Both load the link's view, may start a payment on the gateway's
// page and check it on the way back; a COD link also takes the buyer's confirm or cancel. What
// each view says about what stands and what the buyer may do is read here, once.

/** What a buyer's link shows: a COD order awaiting confirmation, or an order's advance. */
export type BuyerLinkView = BuyerVerificationView | BuyerAdvanceView;

/** What the gateway's start answers on either page. */
export type BuyerLinkPaymentStart = BuyerPaymentStart;

/** A COD confirmation's view (it takes the buyer's confirm or cancel); an advance's does not. */
export const takesAnswers = (view: BuyerLinkView | null): view is BuyerVerificationView =>
  !!view && 'answeredText' in view;

/** The view as a COD confirmation's, else null. */
export const codViewOf = (view: BuyerLinkView | null): BuyerVerificationView | null =>
  takesAnswers(view) ? view : null;

/** The view as an advance's, else null. */
export const advanceViewOf = (view: BuyerLinkView | null): BuyerAdvanceView | null =>
  view && !takesAnswers(view) ? view : null;

/** Nothing is left to do on the link: the COD order answered (or paid for), or the advance paid. */
export const linkSettled = (view: BuyerLinkView): boolean =>
  takesAnswers(view) ? view.answeredText !== null : view.paid;

/** The buyer may pay online now: prepaid offered instead of COD, or the advance payable. */
export const linkMayPay = (view: BuyerLinkView | null): boolean =>
  !!view && (takesAnswers(view) ? view.offerPrepaid : view.mayPay);

/** What the page says when the buyer comes back from a payment that did not go through. */
export const linkPaymentFailed = (view: BuyerLinkView): string =>
  takesAnswers(view) ? BUYER_COD_PROBLEMS.paymentFailed : BUYER_ADVANCE_PROBLEMS.paymentFailed;
