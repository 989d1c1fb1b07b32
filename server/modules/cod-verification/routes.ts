import * as v from 'valibot';
import type { ApiRouter } from '../../http/router';
import type { AppDeps } from '../../deps';
import { numericId } from '../../../src/domain/params';
import {
  API_COD_VERIFICATION,
  BuyerPayCheckBody,
  BuyerPaymentStartSchema,
  BuyerVerificationAnswerBody,
  BuyerVerificationViewSchema,
  OrderVerificationSchema,
  VerificationSettingsSchema,
} from '../../../src/domain/cod-verification-contract';
import { VerificationSettingsBody } from '../../../src/domain/schemas/cod-verification';
import { getSettings, saveSettings } from './settings';
import { orderVerification, overrideVerification, resendLink } from './service';
import { buyerAnswer, buyerPay, buyerPayCheck, buyerView } from './buyer';

const TAG = 'cod-verification';
const SELLERS = { kind: 'user', accountTypes: ['SELLER'] } as const;
const PUBLIC = { kind: 'public' } as const;
const byOrder = v.object({ orderId: numericId('orderId') });
const byToken = v.object({ token: v.pipe(v.string(), v.maxLength(64, 'token is too long')) });
const PLAN_REFUSAL = { 403: 'the plan does not include COD order verification (Pro and Premium do)' };

export function registerCodVerificationRoutes(router: ApiRouter, deps: AppDeps) {
  router.add({
    method: 'get',
    path: API_COD_VERIFICATION.settings,
    tag: TAG,
    access: SELLERS,
    permission: 'setup.view',
    summary: 'The seller’s COD verification settings (Pro and Premium)',
    errors: PLAN_REFUSAL,
    returns: 'VerificationSettings',
    response: VerificationSettingsSchema,
    handler: ({ caller }) => getSettings(deps, caller.orgId),
  });
  router.add({
    method: 'put',
    path: API_COD_VERIFICATION.settings,
    tag: TAG,
    access: SELLERS,
    permission: 'setup.manage',
    body: VerificationSettingsBody,
    summary: 'Save which COD orders need their buyer’s confirmation, how long to wait and what then',
    errors: PLAN_REFUSAL,
    returns: 'VerificationSettings',
    response: VerificationSettingsSchema,
    handler: ({ caller, body }) => saveSettings(deps, caller.orgId, body),
  });
  router.add({
    method: 'get',
    path: API_COD_VERIFICATION.order(':orderId'),
    tag: TAG,
    access: SELLERS,
    permission: 'orders.view',
    params: byOrder,
    summary: 'An order’s COD verification: its state, why it was asked, and its timeline',
    errors: { 404: 'no such order of this seller, or it needs no verification' },
    returns: 'OrderVerification',
    response: OrderVerificationSchema,
    handler: ({ caller, params }) => orderVerification(deps, caller.orgId, params.orderId),
  });
  router.add({
    method: 'post',
    path: API_COD_VERIFICATION.resend(':orderId'),
    tag: TAG,
    access: SELLERS,
    permission: 'orders.create',
    params: byOrder,
    summary: 'Send the buyer the confirmation link again (SMS and email)',
    errors: { 404: 'no such order of this seller', 409: 'no answer awaited, or sent too often' },
    returns: 'OrderVerification',
    response: OrderVerificationSchema,
    handler: ({ caller, params }) => resendLink(deps, caller, params.orderId),
  });
  router.add({
    method: 'post',
    path: API_COD_VERIFICATION.override(':orderId'),
    tag: TAG,
    access: SELLERS,
    permission: 'orders.ship',
    params: byOrder,
    summary: 'Ship without the buyer’s confirmation: clears an awaiting or held order to ship (recorded)',
    errors: { 404: 'no such order of this seller', 409: 'nothing to override' },
    returns: 'OrderVerification',
    response: OrderVerificationSchema,
    handler: ({ caller, params }) => overrideVerification(deps, caller, params.orderId),
  });
  router.add({
    method: 'get',
    path: API_COD_VERIFICATION.buyer(':token'),
    tag: TAG,
    access: PUBLIC,
    params: byToken,
    summary: 'The buyer’s confirmation page by the token of its SMS/email link',
    errors: { 404: 'not a valid link' },
    returns: 'BuyerVerificationView',
    response: BuyerVerificationViewSchema,
    handler: ({ params }) => buyerView(deps, params.token),
  });
  router.add({
    method: 'post',
    path: API_COD_VERIFICATION.buyer(':token'),
    tag: TAG,
    access: PUBLIC,
    params: byToken,
    body: BuyerVerificationAnswerBody,
    summary: 'The buyer’s answer: confirm the COD order, or cancel it with a reason',
    errors: { 404: 'not a valid link', 409: 'answered already with another answer' },
    returns: 'BuyerVerificationView',
    response: BuyerVerificationViewSchema,
    handler: ({ params, body }) => buyerAnswer(deps, params.token, body),
  });
  router.add({
    method: 'post',
    path: API_COD_VERIFICATION.buyerPay(':token'),
    tag: TAG,
    access: PUBLIC,
    params: byToken,
    summary: 'Pay now: starts the gateway payment that makes the order prepaid',
    errors: { 404: 'not a valid link', 409: 'answered already, or paying now is not offered' },
    returns: 'BuyerPaymentStart',
    response: BuyerPaymentStartSchema,
    handler: ({ params }) => buyerPay(deps, params.token),
  });
  router.add({
    method: 'post',
    path: API_COD_VERIFICATION.buyerPayCheck(':token'),
    tag: TAG,
    access: PUBLIC,
    params: byToken,
    body: BuyerPayCheckBody,
    summary: 'After the gateway: asks it about the payment; on success the order is prepaid',
    errors: { 404: 'not a valid link or payment' },
    returns: 'BuyerVerificationView',
    response: BuyerVerificationViewSchema,
    handler: ({ params, body }) => buyerPayCheck(deps, params.token, body.merchantTransactionId),
  });
}
