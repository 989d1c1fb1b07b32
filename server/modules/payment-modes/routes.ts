import * as v from 'valibot';
import type { ApiRouter } from '../../http/router';
import type { AppDeps } from '../../deps';
import { numericId } from '../../../src/domain/params';
import {
  API_PAYMENT_MODES,
  BuyerAdvancePaymentStartSchema,
  BuyerAdvanceViewSchema,
  OrderAdvanceSchema,
  PaymentModeListSchema,
  PaymentModeSchema,
} from '../../../src/domain/payment-modes-contract';
import { BuyerPayCheckBody } from '../../../src/domain/cod-verification-contract';
import { AdvanceReceivedBody, PaymentModeBody } from '../../../src/domain/schemas/payment-modes';
import { createMode, listModes, setArchived, updateMode } from './modes';
import { markAdvanceReceived, orderAdvance, sendAdvanceLink } from './advance';
import { buyerAdvanceView, checkAdvancePayment, startAdvancePayment } from './buyer';

const TAG = 'payment-modes';
const SELLERS = { kind: 'user', accountTypes: ['SELLER'] } as const;
const PUBLIC = { kind: 'public' } as const;
const byMode = v.object({ modeId: numericId('modeId') });
const byOrder = v.object({ orderId: numericId('orderId') });
const byToken = v.object({ token: v.pipe(v.string(), v.maxLength(64, 'token is too long')) });
const PLAN_REFUSAL = { 403: 'the plan does not include custom payment modes (Premium does)' };

export function registerPaymentModeRoutes(router: ApiRouter, deps: AppDeps) {
  router.add({
    method: 'get',
    path: API_PAYMENT_MODES.modes,
    tag: TAG,
    access: SELLERS,
    permission: 'setup.view',
    query: v.object({ archived: v.optional(v.picklist(['true', 'false'], 'archived must be true or false'), 'false') }),
    summary: 'The seller’s own payment modes (Premium); archived ones too with archived=true',
    errors: PLAN_REFUSAL,
    response: PaymentModeListSchema,
    handler: ({ caller, query }) => listModes(deps, caller.orgId, query.archived === 'true'),
  });
  router.add({
    method: 'post',
    path: API_PAYMENT_MODES.modes,
    tag: TAG,
    access: SELLERS,
    permission: 'setup.manage',
    body: PaymentModeBody,
    summary: 'Add a payment mode: name, label code, COD or prepaid, and a COD mode’s advance',
    errors: { ...PLAN_REFUSAL, 409: 'the label code is taken' },
    response: PaymentModeSchema,
    handler: ({ caller, body }) => createMode(deps, caller.orgId, body),
  });
  router.add({
    method: 'put',
    path: API_PAYMENT_MODES.mode(':modeId'),
    tag: TAG,
    access: SELLERS,
    permission: 'setup.manage',
    params: byMode,
    body: PaymentModeBody,
    summary: 'Change a payment mode (orders made with it keep their copy)',
    errors: { ...PLAN_REFUSAL, 404: 'no such payment mode of this seller', 409: 'the label code is taken' },
    response: PaymentModeSchema,
    handler: ({ caller, params, body }) => updateMode(deps, caller.orgId, params.modeId, body),
  });
  for (const [path, archived, summary] of [
    [API_PAYMENT_MODES.archive(':modeId'), true, 'Archive a payment mode: new orders cannot use it'],
    [API_PAYMENT_MODES.restore(':modeId'), false, 'Restore an archived payment mode'],
  ] as const)
    router.add({
      method: 'post',
      path,
      tag: TAG,
      access: SELLERS,
      permission: 'setup.manage',
      params: byMode,
      summary,
      errors: { ...PLAN_REFUSAL, 404: 'no such payment mode of this seller' },
      response: PaymentModeSchema,
      handler: ({ caller, params }) => setArchived(deps, caller.orgId, params.modeId, archived),
    });
  router.add({
    method: 'get',
    path: API_PAYMENT_MODES.advance(':orderId'),
    tag: TAG,
    access: SELLERS,
    permission: 'orders.view',
    params: byOrder,
    summary: 'An order’s advance under its payment mode: amount, paid or not, how, and what shipping says',
    errors: { 404: 'no such order of this seller, or it has no advance' },
    response: OrderAdvanceSchema,
    handler: ({ caller, params }) => orderAdvance(deps, caller.orgId, params.orderId),
  });
  router.add({
    method: 'post',
    path: API_PAYMENT_MODES.advanceLink(':orderId'),
    tag: TAG,
    access: SELLERS,
    permission: 'orders.create',
    params: byOrder,
    summary: 'Send the buyer the advance payment link (SMS and email)',
    errors: { 404: 'no such order of this seller, or it has no advance', 409: 'paid already, or sent too often' },
    response: OrderAdvanceSchema,
    handler: ({ caller, params }) => sendAdvanceLink(deps, caller, params.orderId),
  });
  router.add({
    method: 'post',
    path: API_PAYMENT_MODES.advanceReceived(':orderId'),
    tag: TAG,
    access: SELLERS,
    permission: 'orders.ship',
    params: byOrder,
    body: AdvanceReceivedBody,
    summary: 'Mark the advance received (collected on the seller’s own store), with a note; the order may then ship',
    errors: { 404: 'no such order of this seller, or it has no advance', 409: 'the order has left already' },
    response: OrderAdvanceSchema,
    handler: ({ caller, params, body }) => markAdvanceReceived(deps, caller, params.orderId, body.note),
  });
  router.add({
    method: 'get',
    path: API_PAYMENT_MODES.buyer(':token'),
    tag: TAG,
    access: PUBLIC,
    params: byToken,
    summary: 'The buyer’s advance payment page by the token of its SMS/email link',
    errors: { 404: 'not a valid link' },
    response: BuyerAdvanceViewSchema,
    handler: ({ params }) => buyerAdvanceView(deps, params.token),
  });
  router.add({
    method: 'post',
    path: API_PAYMENT_MODES.buyerPay(':token'),
    tag: TAG,
    access: PUBLIC,
    params: byToken,
    summary: 'Pay the advance: starts the gateway payment of exactly the advance',
    errors: { 404: 'not a valid link', 409: 'paid already, or the order has left' },
    response: BuyerAdvancePaymentStartSchema,
    handler: ({ params }) => startAdvancePayment(deps, params.token),
  });
  router.add({
    method: 'post',
    path: API_PAYMENT_MODES.buyerPayCheck(':token'),
    tag: TAG,
    access: PUBLIC,
    params: byToken,
    body: BuyerPayCheckBody,
    summary: 'After the gateway: asks it about the payment; on success for the advance, the advance is paid',
    errors: { 404: 'not a valid link or payment' },
    response: BuyerAdvanceViewSchema,
    handler: ({ params, body }) => checkAdvancePayment(deps, params.token, body.merchantTransactionId),
  });
}
