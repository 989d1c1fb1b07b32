import * as v from 'valibot';
import { ADVANCE_KINDS, ADVANCE_RECEIVED_VIA, type AdvanceKind, type AdvanceReceivedVia } from './payment-modes';
import { BuyerTokenParam, buyerPayCheckOf } from './cod-verification-contract';
import { operation } from './operation';
import { numericId } from './params';
import { AdvanceReceivedBody, PaymentModeBody } from './schemas/payment-modes';

// Custom payment modes' HTTP contract (Premium): the seller's modes, an order's advance and its
// actions (send the buyer the payment link, mark it received), and the buyer's advance page.

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

// The operations: each declared once, served by server/modules/payment-modes/routes.ts, sent by
// the browser with call() (src/services/call.ts) and by the server's tests with the same typed call.

const TAG = 'payment-modes';
const ByMode = v.object({ modeId: numericId('modeId') });
const ByOrder = v.object({ orderId: numericId('orderId') });
const ByToken = BuyerTokenParam;
const PLAN_REFUSAL = { 403: 'the plan does not include custom payment modes (Premium does)' };
const NO_MODE = { ...PLAN_REFUSAL, 404: 'no such payment mode of this seller' };
const NO_ADVANCE = 'no such order of this seller, or it has no advance';
const MODES = '/api/v1/payment-modes';
const ADVANCE = '/api/v1/orders/:orderId/advance';
const BUYER = '/api/v1/public/advance/:token';
/** Archiving a mode, or restoring it. */
const archiving = (action: 'archive' | 'restore', summary: string) =>
  operation({
    method: 'post',
    path: `${MODES}/:modeId/${action}`,
    tag: TAG,
    params: ByMode,
    summary,
    errors: NO_MODE,
    response: PaymentModeSchema,
  });

export const API_PAYMENT_MODES = {
  modes: operation({
    method: 'get',
    path: MODES,
    tag: TAG,
    query: v.object({ archived: v.optional(v.picklist(['true', 'false'], 'archived must be true or false'), 'false') }),
    summary: 'The seller’s own payment modes (Premium); archived ones too with archived=true',
    errors: PLAN_REFUSAL,
    response: PaymentModeListSchema,
  }),
  addMode: operation({
    method: 'post',
    path: MODES,
    tag: TAG,
    body: PaymentModeBody,
    summary: 'Add a payment mode: name, label code, COD or prepaid, and a COD mode’s advance',
    errors: { ...PLAN_REFUSAL, 409: 'the label code is taken' },
    response: PaymentModeSchema,
  }),
  mode: operation({
    method: 'put',
    path: `${MODES}/:modeId`,
    tag: TAG,
    params: ByMode,
    body: PaymentModeBody,
    summary: 'Change a payment mode (orders made with it keep their copy)',
    errors: { ...NO_MODE, 409: 'the label code is taken' },
    response: PaymentModeSchema,
  }),
  archive: archiving('archive', 'Archive a payment mode: new orders cannot use it'),
  restore: archiving('restore', 'Restore an archived payment mode'),
  advance: operation({
    method: 'get',
    path: ADVANCE,
    tag: TAG,
    params: ByOrder,
    summary: 'An order’s advance under its payment mode: amount, paid or not, how, and what shipping says',
    errors: { 404: NO_ADVANCE },
    response: OrderAdvanceSchema,
  }),
  advanceLink: operation({
    method: 'post',
    path: `${ADVANCE}/link`,
    tag: TAG,
    params: ByOrder,
    summary: 'Send the buyer the advance payment link (SMS and email)',
    errors: { 404: NO_ADVANCE, 409: 'paid already, or sent too often' },
    response: OrderAdvanceSchema,
  }),
  advanceReceived: operation({
    method: 'post',
    path: `${ADVANCE}/received`,
    tag: TAG,
    params: ByOrder,
    body: AdvanceReceivedBody,
    summary: 'Mark the advance received (collected on the seller’s own store), with a note; the order may then ship',
    errors: { 404: NO_ADVANCE, 409: 'the order has left already' },
    response: OrderAdvanceSchema,
  }),
  // the buyer's page, by the token of the SMS/email link (public)
  buyer: operation({
    method: 'get',
    path: BUYER,
    tag: TAG,
    params: ByToken,
    summary: 'The buyer’s advance payment page by the token of its SMS/email link',
    errors: { 404: 'not a valid link' },
    response: BuyerAdvanceViewSchema,
  }),
  buyerPay: operation({
    method: 'post',
    path: `${BUYER}/pay`,
    tag: TAG,
    params: ByToken,
    summary: 'Pay the advance: starts the gateway payment of exactly the advance',
    errors: { 404: 'not a valid link', 409: 'paid already, or the order has left' },
    response: BuyerAdvancePaymentStartSchema,
  }),
  buyerPayCheck: buyerPayCheckOf(
    BUYER,
    TAG,
    'After the gateway: asks it about the payment; on success for the advance, the advance is paid',
    BuyerAdvanceViewSchema,
  ),
} as const;
