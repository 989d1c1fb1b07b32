import * as v from 'valibot';
import type { ApiRouter } from '../../http/router';
import type { AppDeps } from '../../deps';
import {
  API_MESSAGING,
  BuyerMessageRowSchema,
  MonthlyMessageCountSchema,
  TemplateRegistryViewSchema,
} from '../../../src/domain/messaging/messages-contract';
import { numericId } from '../../../src/domain/params';
import { messagesOfOrder, monthlyCounts, receiveSmsReports, templatesView } from './service';

const SELLERS = { kind: 'user', accountTypes: ['SELLER'] } as const;
const STAFF = { kind: 'user', accountTypes: ['DAKIYA'] } as const;
/** MSG91 sends a report per request; a batch of a few thousand numbers at most */
const REPORT_BODY = { bytes: 1024 * 1024, message: 'A delivery report may be at most 1 MB' };

export function registerMessagingRoutes(router: ApiRouter, deps: AppDeps) {
  router.add({
    method: 'get',
    path: API_MESSAGING.orderMessages(':orderId'),
    tag: 'messaging',
    access: SELLERS,
    permission: 'orders.view',
    params: v.object({ orderId: numericId('orderId') }),
    summary:
      'The messages the order’s buyer was sent, newest first: kind, channel, provider, template, status (queued, sent, delivered, read, failed) and the buyer’s reply',
    errors: { 404: 'no such order of this seller' },
    response: v.array(BuyerMessageRowSchema),
    handler: ({ caller, params }) => messagesOfOrder(deps, caller.orgId, params.orderId),
  });
  router.add({
    method: 'get',
    path: API_MESSAGING.monthlyCounts,
    tag: 'messaging',
    access: SELLERS,
    permission: 'orders.view',
    summary: 'Buyer messages per month (IST) and channel over the last twelve months: sent, delivered, not delivered',
    response: v.array(MonthlyMessageCountSchema),
    handler: ({ caller }) => monthlyCounts(deps, caller.orgId),
  });
  router.add({
    method: 'get',
    path: API_MESSAGING.templates,
    tag: 'corporate',
    access: STAFF,
    staffPermission: 'notices.manage',
    summary:
      'Every message kind on SMS and WhatsApp with its registered template (read-only: the operator’s MSG91_TEMPLATES and WHATSAPP_TEMPLATES); null where none is registered, so the kind is not sent there',
    response: TemplateRegistryViewSchema,
    handler: () => templatesView(deps),
  });
  router.add({
    method: 'post',
    path: API_MESSAGING.smsReports,
    tag: 'messaging',
    access: { kind: 'public' },
    maxBody: REPORT_BODY,
    summary:
      'MSG91 delivers SMS delivery reports (its webhook, version 2 form or version 3 JSON). Authenticated by the shared MSG91_REPORT_TOKEN in ?token= or X-Report-Token. Each report moves its message forward once; a repeat changes nothing.',
    errors: {
      400: 'the body is not an MSG91 delivery report',
      401: 'the report token is missing or wrong',
      404: 'SMS delivery reports are not set up (no MSG91_REPORT_TOKEN)',
    },
    response: v.object({ received: v.number(), applied: v.number() }),
    handler: async ({ c }) =>
      receiveSmsReports(deps, {
        token: c.req.query('token') ?? c.req.header('x-report-token'),
        contentType: c.req.header('content-type') ?? '',
        rawBody: await c.req.text(),
      }),
  });
}
