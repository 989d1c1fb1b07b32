import { timingSafeEqual } from 'node:crypto';
import { and, eq, gte, sql } from 'drizzle-orm';
import type { AppDeps } from '../../deps';
import { buyerMessages } from '../../db/schema';
import { notFound, ApiError } from '../../http/errors';
import { queryRows } from '../../db/rows';
import { advanceStatus, orderMessages } from '../../messaging/buyer/message-log';
import { readDeliveryReports } from '../../messaging/msg91/delivery-reports';
import type { SmsTemplate, WhatsAppTemplate } from '../../messaging/templates/registry';
import { MESSAGE_KINDS, TEMPLATED_CHANNELS } from '../../../src/domain/messaging/message-kinds';
import type {
  BuyerMessageRow,
  MonthlyMessageCount,
  TemplateCell,
  TemplateRegistryView,
} from '../../../src/domain/messaging/messages-contract';
import { ownOrder } from '../order-lookup/own-order';

// The seller's message log and monthly counts, the staff's view of the registrations, and
// MSG91's delivery reports applied to the log.

export async function messagesOfOrder(deps: AppDeps, orgId: number, orderId: number): Promise<BuyerMessageRow[]> {
  await ownOrder(deps.db, orgId, orderId);
  return orderMessages(deps.db, orgId, orderId);
}

/** Messages per month (IST) and channel over the last twelve months: sent, delivered, not delivered. */
export async function monthlyCounts(deps: AppDeps, orgId: number): Promise<MonthlyMessageCount[]> {
  const since = new Date(deps.now().getTime() - 366 * 24 * 3600 * 1000);
  const rows = await queryRows<{ month: string; channel: string; sent: number; delivered: number; failed: number }>(
    deps.db,
    sql`select to_char(${buyerMessages.createdAt} at time zone 'Asia/Kolkata', 'YYYY-MM') as month,
               ${buyerMessages.channel} as channel,
               count(*) filter (where ${buyerMessages.status} in ('sent', 'delivered', 'read'))::int as sent,
               count(*) filter (where ${buyerMessages.status} in ('delivered', 'read'))::int as delivered,
               count(*) filter (where ${buyerMessages.status} = 'failed')::int as failed
        from ${buyerMessages}
        where ${and(eq(buyerMessages.orgId, orgId), gte(buyerMessages.createdAt, since))}
        group by 1, 2 order by 1 desc, 2`,
  );
  return rows.map((r) => ({ ...r, channel: r.channel as MonthlyMessageCount['channel'] }));
}

/** One registration as staff see it, whichever channel it is on. */
function cellTemplate(list: (SmsTemplate | WhatsAppTemplate)[] | undefined): TemplateCell['template'] {
  const t = list?.[0];
  if (!t) return null;
  const sms = 'templateId' in t ? t : null;
  return {
    id: sms ? sms.templateId : (t as WhatsAppTemplate).name,
    dltTemplateId: sms?.dltTemplateId ?? null,
    category: t.category,
    header: sms?.header ?? null,
    languages: list.map((x) => x.language),
    variables: sms ? sms.variables : (t as WhatsAppTemplate).params,
    buttons: sms ? [] : (t as WhatsAppTemplate).buttons,
  };
}

export function templatesView(deps: AppDeps): TemplateRegistryView {
  const router = deps.messenger.buyer;
  const { templates } = router;
  const cells: TemplateCell[] = MESSAGE_KINDS.flatMap((kind) =>
    TEMPLATED_CHANNELS.map((channel) => ({
      kind,
      channel,
      template: cellTemplate(channel === 'SMS' ? templates.sms[kind] : templates.whatsapp[kind]),
    })),
  );
  return {
    source: templates.source,
    providers: {
      SMS: router.transportOf('SMS')?.name ?? 'outbox',
      WHATSAPP: router.transportOf('WHATSAPP')?.name ?? 'outbox',
    },
    cells,
    dndNumbers: router.dndCount,
  };
}

function sameSecret(given: string, want: string): boolean {
  const a = Buffer.from(given);
  const b = Buffer.from(want);
  return a.length === b.length && timingSafeEqual(a, b);
}

/**
 * MSG91's delivery reports: authenticated by the shared token (MSG91_REPORT_TOKEN, in the URL
 * MSG91 is given or an X-Report-Token header), then each applied once to its message.
 */
export async function receiveSmsReports(
  deps: AppDeps,
  call: { token: string | undefined; contentType: string; rawBody: string },
): Promise<{ received: number; applied: number }> {
  const want = deps.config.messaging.msg91?.reportToken;
  if (!want) throw notFound('SMS delivery reports are not set up on this server');
  if (!call.token || !sameSecret(call.token, want)) throw new ApiError(401, 'The report token is missing or wrong');
  const reports = readDeliveryReports(call.contentType, call.rawBody);
  if (!reports) throw new ApiError(400, 'The body is not an MSG91 delivery report');
  let applied = 0;
  for (const r of reports) {
    const moved = await advanceStatus(
      deps.db,
      { provider: 'msg91', providerMessageId: r.requestId, recipient: r.recipient },
      r.status,
      { error: r.error, at: deps.now() },
    );
    applied += moved.length;
  }
  return { received: reports.length, applied };
}
