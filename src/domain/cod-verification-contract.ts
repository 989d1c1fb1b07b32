import * as v from 'valibot';
import { AFTER_WAIT_RULE_CODES, CANCEL_REASONS, VERIFICATION_STATE_CODES, type CancelReason } from './cod-verification';

// COD order verification's HTTP contract: the seller's settings, an order's verification and its
// actions, and the buyer's page (by the token of the SMS/email link).

export const API_COD_VERIFICATION = {
  settings: '/api/v1/cod-verification/settings', // GET → VerificationSettingsAnswer; PUT VerificationSettingsBody
  order: (orderId: number | string) => `/api/v1/orders/${orderId}/cod-verification`, // GET → OrderVerification
  resend: (orderId: number | string) => `/api/v1/orders/${orderId}/cod-verification/resend`, // POST → OrderVerification
  override: (orderId: number | string) => `/api/v1/orders/${orderId}/cod-verification/override`, // POST → OrderVerification
  buyer: (token: string) => `/api/v1/public/cod-verification/${token}`, // GET → BuyerVerificationView; POST BuyerVerificationAnswer
  buyerPay: (token: string) => `/api/v1/public/cod-verification/${token}/pay`, // POST → BuyerPaymentStart
  buyerPayCheck: (token: string) => `/api/v1/public/cod-verification/${token}/pay-check`, // POST → BuyerVerificationView
} as const;

/** The buyer's page: /cod/{token} (the tracking bundle). */
export const COD_BUYER_PAGE = (token: string) => `/cod/${token}`;

const settingsEntries = {
  enabled: v.boolean(),
  scope: v.picklist(['ALL', 'RULES']),
  minOrderValueRupees: v.nullable(v.number()),
  riskyPincodes: v.boolean(),
  minPastRtos: v.nullable(v.number()),
  waitHours: v.number(),
  afterWait: v.picklist(AFTER_WAIT_RULE_CODES),
  offerPrepaid: v.boolean(),
};

export const VerificationSettingsSchema = v.object({
  ...settingsEntries,
  /** the documented pincode rule, as the page explains it */
  pincodeRiskThresholdPercent: v.number(),
  pincodeRiskMinShipments: v.number(),
  /** whether a prepaid link can be offered on this server (a gateway is set up) */
  gatewayAvailable: v.boolean(),
});
export type VerificationSettingsAnswer = v.InferOutput<typeof VerificationSettingsSchema>;

export const VerificationEventSchema = v.object({
  kind: v.string(),
  note: v.string(),
  at: v.string(),
});
export type VerificationEvent = v.InferOutput<typeof VerificationEventSchema>;

export const OrderVerificationSchema = v.object({
  orderId: v.number(),
  state: v.picklist(VERIFICATION_STATE_CODES),
  stateText: v.string(),
  reasons: v.array(v.string()),
  dueAt: v.string(),
  appliedRule: v.nullable(v.picklist(AFTER_WAIT_RULE_CODES)),
  cancelReason: v.nullable(v.string()),
  overridden: v.boolean(),
  /** shipping is refused with this sentence, or null */
  shippingRefusal: v.nullable(v.string()),
  mayOverride: v.boolean(),
  mayResend: v.boolean(),
  messagesSent: v.number(),
  timeline: v.array(VerificationEventSchema),
});
export type OrderVerification = v.InferOutput<typeof OrderVerificationSchema>;

export const BuyerVerificationViewSchema = v.object({
  brandName: v.string(),
  logoUrl: v.nullable(v.string()),
  orderNumber: v.string(),
  items: v.array(v.object({ name: v.string(), quantity: v.number() })),
  amountPaise: v.number(),
  paymentMethod: v.picklist(['PPD', 'COD']),
  addressText: v.string(),
  buyerName: v.string(),
  state: v.picklist(VERIFICATION_STATE_CODES),
  /** the sentence for an answered or expired link, else null */
  answeredText: v.nullable(v.string()),
  dueAt: v.string(),
  offerPrepaid: v.boolean(),
});
export type BuyerVerificationView = v.InferOutput<typeof BuyerVerificationViewSchema>;

export const BuyerPaymentStartSchema = v.object({ url: v.string(), merchantTransactionId: v.string() });
export type BuyerPaymentStart = v.InferOutput<typeof BuyerPaymentStartSchema>;

export const CANCEL_REASON_CODES = Object.keys(CANCEL_REASONS) as CancelReason[];

export const BuyerVerificationAnswerBody = v.object({
  answer: v.picklist(['CONFIRM', 'CANCEL'], 'answer must be CONFIRM or CANCEL'),
  cancelReason: v.optional(
    v.picklist(CANCEL_REASON_CODES, `cancelReason must be one of ${CANCEL_REASON_CODES.join(', ')}`),
  ),
});
export type BuyerVerificationAnswer = v.InferInput<typeof BuyerVerificationAnswerBody>;

export const BuyerPayCheckBody = v.object({
  merchantTransactionId: v.pipe(
    v.string('merchantTransactionId is required'),
    v.regex(/^[A-Za-z0-9_-]{1,40}$/, 'merchantTransactionId is not one of ours'),
  ),
});
