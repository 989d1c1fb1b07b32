import type { ApiRouter } from '../../http/router';
import type { AppDeps } from '../../deps';
import { API_COD_VERIFICATION } from '../../../src/domain/cod-verification-contract';
import { getSettings, saveSettings } from './settings';
import { orderVerification, overrideVerification, resendLink } from './service';
import { buyerAnswer, buyerPay, buyerPayCheck, buyerView } from './buyer';

// COD order verification's operations (src/domain/cod-verification-contract.ts): who may call
// each, and its handler.

const SELLERS = { kind: 'user', accountTypes: ['SELLER'] } as const;
const PUBLIC = { kind: 'public' } as const;

export function registerCodVerificationRoutes(router: ApiRouter, deps: AppDeps) {
  router.route(API_COD_VERIFICATION.settings, {
    access: SELLERS,
    permission: 'setup.view',
    handler: ({ caller }) => getSettings(deps, caller.orgId),
  });
  router.route(API_COD_VERIFICATION.saveSettings, {
    access: SELLERS,
    permission: 'setup.manage',
    handler: ({ caller, body }) => saveSettings(deps, caller.orgId, body),
  });
  router.route(API_COD_VERIFICATION.order, {
    access: SELLERS,
    permission: 'orders.view',
    handler: ({ caller, params }) => orderVerification(deps, caller.orgId, params.orderId),
  });
  router.route(API_COD_VERIFICATION.resend, {
    access: SELLERS,
    permission: 'orders.create',
    handler: ({ caller, params }) => resendLink(deps, caller, params.orderId),
  });
  router.route(API_COD_VERIFICATION.override, {
    access: SELLERS,
    permission: 'orders.ship',
    handler: ({ caller, params }) => overrideVerification(deps, caller, params.orderId),
  });
  router.route(API_COD_VERIFICATION.buyer, {
    access: PUBLIC,
    handler: ({ params }) => buyerView(deps, params.token),
  });
  router.route(API_COD_VERIFICATION.buyerAnswer, {
    access: PUBLIC,
    handler: ({ params, body }) => buyerAnswer(deps, params.token, body),
  });
  router.route(API_COD_VERIFICATION.buyerPay, {
    access: PUBLIC,
    handler: ({ params }) => buyerPay(deps, params.token),
  });
  router.route(API_COD_VERIFICATION.buyerPayCheck, {
    access: PUBLIC,
    handler: ({ params, body }) => buyerPayCheck(deps, params.token, body.merchantTransactionId),
  });
}
