import * as v from 'valibot';
import { ADVANCE_KINDS, ADVANCE_RECEIVED_VIA, type AdvanceKind, type AdvanceReceivedVia } from './payment-modes';

// Custom payment modes' HTTP contract (Premium): the seller's modes, an order's advance and its
// actions (send the buyer the payment link, mark it received), and the buyer's advance page.

export const API_PAYMENT_MODES = {
  modes: '/api/v1/payment-modes', // GET → PaymentModeRow[] (?archived=true for all); POST PaymentModeBody
  mode: (id: number | string) => `/api/v1/payment-modes/${id}`, // PUT PaymentModeBody → PaymentModeRow
  archive: (id: number | string) => `/api/v1/payment-modes/${id}/archive`, // POST → PaymentModeRow
  restore: (id: number | string) => `/api/v1/payment-modes/${id}/restore`, // POST → PaymentModeRow
  advance: (orderId: number | string) => `/api/v1/orders/${orderId}/advance`, // GET → OrderAdvance
  advanceLink: (orderId: number | string) => `/api/v1/orders/${orderId}/advance/link`, // POST → OrderAdvance
  advanceReceived: (orderId: number | string) => `/api/v1/orders/${orderId}/advance/received`, // POST { note } → OrderAdvance
  buyer: (token: string) => `/api/v1/public/advance/${token}`, // GET → BuyerAdvanceView
  buyerPay: (token: string) => `/api/v1/public/advance/${token}/pay`, // POST → BuyerAdvancePaymentStart
  buyerPayCheck: (token: string) => `/api/v1/public/advance/${token}/pay-check`, // POST BuyerPayCheckBody (cod-verification-contract) → BuyerAdvanceView
} as const;

/** The buyer's advance payment page: /advance/{token} (the tracking bundle). */
export const ADVANCE_BUYER_PAGE = (token: string) => `/advance/${token}`;

const KINDS = Object.keys(ADVANCE_KINDS) as AdvanceKind[];
const VIA = Object.keys(ADVANCE_RECEIVED_VIA) as AdvanceReceivedVia[];

export const PaymentModeSchema = v.object({
  modeId: v.number(),
  modeName: v.string(),
  modeCode: v.string(),
  modeBasis: v.picklist(['COD', 'PPD']),
  advanceKind: v.picklist(KINDS),
  advancePercent: v.nullable(v.number()),
  /** rupees */
  advanceAmount: v.nullable(v.number()),
  labelNote: v.string(),
  /** "20% advance, rest on delivery" */
  advanceText: v.string(),
  archived: v.boolean(),
  /** orders made with it (an unused mode could be changed freely) */
  ordersCount: v.number(),
});
export type PaymentModeRow = v.InferOutput<typeof PaymentModeSchema>;
export const PaymentModeListSchema = v.array(PaymentModeSchema);

export const OrderAdvanceSchema = v.object({
  orderId: v.number(),
  modeCode: v.string(),
  modeName: v.string(),
  advancePaise: v.number(),
  codAmountPaise: v.number(),
  paid: v.boolean(),
  paidVia: v.nullable(v.picklist(VIA)),
  paidAt: v.nullable(v.string()),
  /** the gateway's payment id of an advance paid online */
  gatewayPaymentId: v.nullable(v.string()),
  note: v.nullable(v.string()),
  linkSentAt: v.nullable(v.string()),
  /** shipping is refused with this sentence, or null */
  shippingRefusal: v.nullable(v.string()),
  mayMarkReceived: v.boolean(),
  maySendLink: v.boolean(),
});
export type OrderAdvance = v.InferOutput<typeof OrderAdvanceSchema>;

export const BuyerAdvanceViewSchema = v.object({
  brandName: v.string(),
  orderNumber: v.string(),
  buyerName: v.string(),
  modeName: v.string(),
  totalPaise: v.number(),
  advancePaise: v.number(),
  codAmountPaise: v.number(),
  paid: v.boolean(),
  /** paying online is possible now (a gateway is set up and the advance is unpaid) */
  mayPay: v.boolean(),
});
export type BuyerAdvanceView = v.InferOutput<typeof BuyerAdvanceViewSchema>;

export const BuyerAdvancePaymentStartSchema = v.object({ url: v.string(), merchantTransactionId: v.string() });
export type BuyerAdvancePaymentStart = v.InferOutput<typeof BuyerAdvancePaymentStartSchema>;

/** What the buyer's advance page says when a payment fails (the page words it in Hindi too). */
export const BUYER_ADVANCE_PROBLEMS = { paymentFailed: 'The payment did not go through. Please try again.' };
