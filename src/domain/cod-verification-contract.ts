import * as v from 'valibot';
import {
  AFTER_WAIT_RULE_CODES,
  CANCEL_REASONS,
  RISK_BAND_RULE_CODES,
  VERIFICATION_STATE_CODES,
  type CancelReason,
} from './cod-verification';
import { operation } from './operation';
import { numericId } from './params';
import { VerificationSettingsBody } from './schemas/cod-verification';
import { oneOf } from './schemas/choice';

// COD order verification's HTTP contract: the seller's settings, an order's verification and its
// actions, and the buyer's page (by the token of the SMS/email link).

/** The buyer's page: /cod/{token} (the tracking bundle). */
export const COD_BUYER_PAGE = (token: string) => `/cod/${token}`;

const settingsEntries = {
  enabled: v.boolean(),
  scope: v.picklist(['ALL', 'RULES']),
  minOrderValueRupees: v.nullable(v.number()),
  riskyPincodes: v.boolean(),
  minPastRtos: v.nullable(v.number()),
  minRiskBand: v.nullable(v.picklist(RISK_BAND_RULE_CODES)),
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
  answer: oneOf(['CONFIRM', 'CANCEL'], 'answer'),
  cancelReason: v.optional(oneOf(CANCEL_REASON_CODES, 'cancelReason')),
});
export type BuyerVerificationAnswer = v.InferInput<typeof BuyerVerificationAnswerBody>;

export const BuyerPayCheckBody = v.object({
  merchantTransactionId: v.pipe(
    v.string('merchantTransactionId is required'),
    v.regex(/^[A-Za-z0-9_-]{1,40}$/, 'merchantTransactionId is not one of ours'),
  ),
});

// The operations: each declared once, served by server/modules/cod-verification/routes.ts, sent by
// the browser with call() (src/services/call.ts) and by the server's tests with the same typed call.

const TAG = 'cod-verification';
const ByOrder = v.object({ orderId: numericId('orderId') });
/** A buyer's page's token (of its SMS/email link), as its path carries it. */
export const BuyerTokenParam = v.object({ token: v.pipe(v.string(), v.maxLength(64, 'token is too long')) });
const ByToken = BuyerTokenParam;
const PLAN_REFUSAL = { 403: 'the plan does not include COD order verification (Pro and Premium do)' };
const BUYER = '/api/v1/public/cod-verification/:token';

/** A buyer's page's check after the gateway (COD verification's, an advance's): the payment it started, asked about. */
export const buyerPayCheckOf = <R extends v.GenericSchema>(
  buyerPath: string,
  tag: string,
  summary: string,
  response: R,
) =>
  operation({
    method: 'post',
    path: `${buyerPath}/pay-check`,
    tag,
    params: BuyerTokenParam,
    body: BuyerPayCheckBody,
    summary,
    errors: { 404: 'not a valid link or payment' },
    response,
  });

export const API_COD_VERIFICATION = {
  settings: operation({
    method: 'get',
    path: '/api/v1/cod-verification/settings',
    tag: TAG,
    summary: 'The seller’s COD verification settings (Pro and Premium)',
    errors: PLAN_REFUSAL,
    returns: 'VerificationSettings',
    response: VerificationSettingsSchema,
  }),
  saveSettings: operation({
    method: 'put',
    path: '/api/v1/cod-verification/settings',
    tag: TAG,
    body: VerificationSettingsBody,
    summary: 'Save which COD orders need their buyer’s confirmation, how long to wait and what then',
    errors: PLAN_REFUSAL,
    returns: 'VerificationSettings',
    response: VerificationSettingsSchema,
  }),
  order: operation({
    method: 'get',
    path: '/api/v1/orders/:orderId/cod-verification',
    tag: TAG,
    params: ByOrder,
    summary: 'An order’s COD verification: its state, why it was asked, and its timeline',
    errors: { 404: 'no such order of this seller, or it needs no verification' },
    returns: 'OrderVerification',
    response: OrderVerificationSchema,
  }),
  resend: operation({
    method: 'post',
    path: '/api/v1/orders/:orderId/cod-verification/resend',
    tag: TAG,
    params: ByOrder,
    summary: 'Send the buyer the confirmation link again (SMS and email)',
    errors: { 404: 'no such order of this seller', 409: 'no answer awaited, or sent too often' },
    returns: 'OrderVerification',
    response: OrderVerificationSchema,
  }),
  override: operation({
    method: 'post',
    path: '/api/v1/orders/:orderId/cod-verification/override',
    tag: TAG,
    params: ByOrder,
    summary: 'Ship without the buyer’s confirmation: clears an awaiting or held order to ship (recorded)',
    errors: { 404: 'no such order of this seller', 409: 'nothing to override' },
    returns: 'OrderVerification',
    response: OrderVerificationSchema,
  }),
  // the buyer's page, by the token of the SMS/email link (public)
  buyer: operation({
    method: 'get',
    path: BUYER,
    tag: TAG,
    params: ByToken,
    summary: 'The buyer’s confirmation page by the token of its SMS/email link',
    errors: { 404: 'not a valid link' },
    returns: 'BuyerVerificationView',
    response: BuyerVerificationViewSchema,
  }),
  buyerAnswer: operation({
    method: 'post',
    path: BUYER,
    tag: TAG,
    params: ByToken,
    body: BuyerVerificationAnswerBody,
    summary: 'The buyer’s answer: confirm the COD order, or cancel it with a reason',
    errors: { 404: 'not a valid link', 409: 'answered already with another answer' },
    returns: 'BuyerVerificationView',
    response: BuyerVerificationViewSchema,
  }),
  buyerPay: operation({
    method: 'post',
    path: `${BUYER}/pay`,
    tag: TAG,
    params: ByToken,
    summary: 'Pay now: starts the gateway payment that makes the order prepaid',
    errors: { 404: 'not a valid link', 409: 'answered already, or paying now is not offered' },
    returns: 'BuyerPaymentStart',
    response: BuyerPaymentStartSchema,
  }),
  buyerPayCheck: {
    ...buyerPayCheckOf(
      BUYER,
      TAG,
      'After the gateway: asks it about the payment; on success the order is prepaid',
      BuyerVerificationViewSchema,
    ),
    returns: 'BuyerVerificationView',
  },
} as const;
