import type { ApiRouter } from '../../http/router';
import type { AppDeps } from '../../deps';
import { API_MESSAGING } from '../../../src/domain/messaging/messages-contract';
import { messagesOfOrder, monthlyCounts, receiveSmsReports, templatesView } from './service';

// The buyer messages' operations (src/domain/messaging/messages-contract.ts): who may call each, and its handler.

const SELLERS = { kind: 'user', accountTypes: ['SELLER'] } as const;
const STAFF = { kind: 'user', accountTypes: ['DAKIYA'] } as const;
/** MSG91 sends a report per request; a batch of a few thousand numbers at most */
const REPORT_BODY = { bytes: 1024 * 1024, message: 'A delivery report may be at most 1 MB' };

export function registerMessagingRoutes(router: ApiRouter, deps: AppDeps) {
  router.route(API_MESSAGING.orderMessages, {
    access: SELLERS,
    permission: 'orders.view',
    handler: ({ caller, params }) => messagesOfOrder(deps, caller.orgId, params.orderId),
  });
  router.route(API_MESSAGING.monthlyCounts, {
    access: SELLERS,
    permission: 'orders.view',
    handler: ({ caller }) => monthlyCounts(deps, caller.orgId),
  });
  router.route(API_MESSAGING.templates, {
    access: STAFF,
    staffPermission: 'notices.manage',
    handler: () => templatesView(deps),
  });
  router.route(API_MESSAGING.smsReports, {
    access: { kind: 'public' },
    maxBody: REPORT_BODY,
    handler: async ({ c }) =>
      receiveSmsReports(deps, {
        token: c.req.query('token') ?? c.req.header('x-report-token'),
        contentType: c.req.header('content-type') ?? '',
        rawBody: await c.req.text(),
      }),
  });
}
