import type { ApiRouter } from '../../http/router';
import type { AppDeps } from '../../deps';
import { API_PAYMENT_MODES } from '../../../src/domain/payment-modes-contract';
import { createMode, listModes, setArchived, updateMode } from './modes';
import { markAdvanceReceived, orderAdvance, sendAdvanceLink } from './advance';
import { buyerAdvanceView, checkAdvancePayment, startAdvancePayment } from './buyer';

// Custom payment modes' operations (src/domain/payment-modes-contract.ts): who may call each, and
// its handler.

const SELLERS = { kind: 'user', accountTypes: ['SELLER'] } as const;
const PUBLIC = { kind: 'public' } as const;

export function registerPaymentModeRoutes(router: ApiRouter, deps: AppDeps) {
  router.route(API_PAYMENT_MODES.modes, {
    access: SELLERS,
    permission: 'setup.view',
    handler: ({ caller, query }) => listModes(deps, caller.orgId, query.archived === 'true'),
  });
  router.route(API_PAYMENT_MODES.addMode, {
    access: SELLERS,
    permission: 'setup.manage',
    handler: ({ caller, body }) => createMode(deps, caller.orgId, body),
  });
  router.route(API_PAYMENT_MODES.mode, {
    access: SELLERS,
    permission: 'setup.manage',
    handler: ({ caller, params, body }) => updateMode(deps, caller.orgId, params.modeId, body),
  });
  for (const [op, archived] of [
    [API_PAYMENT_MODES.archive, true],
    [API_PAYMENT_MODES.restore, false],
  ] as const)
    router.route(op, {
      access: SELLERS,
      permission: 'setup.manage',
      handler: ({ caller, params }) => setArchived(deps, caller.orgId, params.modeId, archived),
    });
  router.route(API_PAYMENT_MODES.advance, {
    access: SELLERS,
    permission: 'orders.view',
    handler: ({ caller, params }) => orderAdvance(deps, caller.orgId, params.orderId),
  });
  router.route(API_PAYMENT_MODES.advanceLink, {
    access: SELLERS,
    permission: 'orders.create',
    handler: ({ caller, params }) => sendAdvanceLink(deps, caller, params.orderId),
  });
  router.route(API_PAYMENT_MODES.advanceReceived, {
    access: SELLERS,
    permission: 'orders.ship',
    handler: ({ caller, params, body }) => markAdvanceReceived(deps, caller, params.orderId, body.note),
  });
  router.route(API_PAYMENT_MODES.buyer, {
    access: PUBLIC,
    handler: ({ params }) => buyerAdvanceView(deps, params.token),
  });
  router.route(API_PAYMENT_MODES.buyerPay, {
    access: PUBLIC,
    handler: ({ params }) => startAdvancePayment(deps, params.token),
  });
  router.route(API_PAYMENT_MODES.buyerPayCheck, {
    access: PUBLIC,
    handler: ({ params, body }) => checkAdvancePayment(deps, params.token, body.merchantTransactionId),
  });
}
