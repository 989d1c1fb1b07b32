import { ndrNoAnswerRule, type NdrNoAnswerAction } from '../../../src/domain/ndr-rules';
import { sql } from 'drizzle-orm';
import type { Tx, Executor } from '../../db/client';
import { queryRows } from '../../db/rows';
import { unnestSelect } from '../../db/unnest';
import type { NotificationKind } from '../../../src/domain/notices-contract';
import { formatDate, formatRupees } from '../../../src/domain/format';
import { emitWebhookEvents } from '../open-api/webhooks/emit';
import type { WebhookEventType } from '../../../src/domain/open-api-contract';

/** Notifications that are also webhook events, sent beside them in the same transaction. */
const WEBHOOK_OF_KIND: Partial<Record<NotificationKind, WebhookEventType>> = {
  NDR: 'ndr.raised',
  WEIGHT_DISCREPANCY: 'discrepancy.raised',
  COD_PAYOUT: 'payout.paid',
};

// Notifications are written where their events happen, in the event's own transaction: the NDR
// raised by a courier scan, the weight discrepancy raised, the COD payout paid, the KYC decision.
// One row per event (the event's id is its ref; a repeat writes nothing); and support's reply on
// a ticket.

export interface NotificationInput {
  orgId: number;
  kind: NotificationKind;
  /** the event's own id */
  ref: string;
  title: string;
  body: string;
  /** the seller page it leads to */
  link: string;
}

/** Writes the notifications of one batch of events in one statement; an event seen before writes nothing. */
export async function notify(tx: Executor, list: readonly NotificationInput[], at: Date): Promise<void> {
  if (!list.length) return;
  await tx.execute(sql`
    insert into notifications (org_id, kind, ref, title, body, link, created_at)
    select org_id, kind, ref, title, body, link, ${at}::timestamptz from (${unnestSelect([
      [list.map((n) => n.orgId), 'int'],
      [list.map((n) => n.kind), 'text'],
      [list.map((n) => n.ref), 'text'],
      [list.map((n) => n.title), 'text'],
      [list.map((n) => n.body), 'text'],
      [list.map((n) => n.link), 'text'],
    ])}) as v(org_id, kind, ref, title, body, link)
    on conflict (org_id, kind, ref) do nothing`);
  const hooks = list.flatMap((n) => {
    const type = WEBHOOK_OF_KIND[n.kind];
    return type ? [{ orgId: n.orgId, type, ref: n.ref, data: { id: n.ref, title: n.title, message: n.body } }] : [];
  });
  await emitWebhookEvents(tx, hooks, at);
}

/** NDRs just raised by courier scans: the team acts on each before its deadline. */
export function ndrNotifications(
  raised: readonly { id: number; orgId: number; awb: string; attempt: number; deadlineAt: Date }[],
  /** each seller's setting for an NDR nobody answers (REATTEMPT when not set) */
  noAnswer: ReadonlyMap<number, NdrNoAnswerAction>,
): NotificationInput[] {
  return raised.map((r) => ({
    orgId: r.orgId,
    kind: 'NDR',
    ref: String(r.id),
    title: `Delivery attempt ${r.attempt} failed for AWB ${r.awb}`,
    body: `Re-attempt, change the address or return it by ${formatDate(r.deadlineAt)}. ${ndrNoAnswerRule(noAnswer.get(r.orgId) ?? 'REATTEMPT', 'SELLER')}`,
    link: '/ndr',
  }));
}

/**
 * Weight discrepancies just raised (not those the platform bears): accept or dispute within 7
 * days. One a seller per batch: a lone parcel names itself and opens its page; a courier file's
 * many for one seller are one notification that opens the list of new ones.
 */
export function discrepancyNotifications(
  raised: readonly {
    id: number;
    orgId: number;
    awb: string;
    sellerKg: number;
    courierKg: number;
    amountPaise: number;
  }[],
): NotificationInput[] {
  const bySeller = new Map<number, (typeof raised)[number][]>();
  for (const r of raised) bySeller.set(r.orgId, [...(bySeller.get(r.orgId) ?? []), r]);
  return [...bySeller.values()].map((mine) => {
    if (mine.length === 1) {
      const [r] = mine;
      return {
        orgId: r.orgId,
        kind: 'WEIGHT_DISCREPANCY',
        ref: String(r.id),
        title: `Weight discrepancy on AWB ${r.awb}`,
        body: `The courier charged ${r.courierKg} kg against your ${r.sellerKg} kg; ${formatRupees(r.amountPaise)} is held. Accept or dispute within 7 days.`,
        link: `/weight-discrepancies/${r.id}`,
      };
    }
    const ids = mine.map((r) => r.id);
    const held = mine.reduce((n, r) => n + r.amountPaise, 0);
    return {
      orgId: mine[0].orgId,
      kind: 'WEIGHT_DISCREPANCY',
      // the batch's ids are its own: a replay raises nothing and so writes nothing
      ref: `${Math.min(...ids)}-${Math.max(...ids)}`,
      title: `Weight discrepancies on ${mine.length} parcels`,
      body: `Couriers charged heavier slabs than you booked; ${formatRupees(held)} is held. Accept or dispute each within 7 days.`,
      link: '/weight-discrepancies?tab=NEW',
    };
  });
}

/** COD payouts among these that are now paid (into the wallet, or to the bank with its UTR). */
export async function notifyPayoutsPaid(tx: Tx, payoutIds: readonly number[], at: Date): Promise<void> {
  if (!payoutIds.length) return;
  const rows = await queryRows<{ id: number; org_id: number; net_paise: string; method: string; utr: string | null }>(
    tx,
    sql`select id, org_id, net_paise, method, utr from cod_payouts
        where id = any(${sql.param([...payoutIds])}::int[]) and status = 'PAID'`,
  );
  await notify(
    tx,
    rows.map((r) => ({
      orgId: r.org_id,
      kind: 'COD_PAYOUT',
      ref: String(r.id),
      title: `COD payout of ${formatRupees(Number(r.net_paise))} made`,
      body:
        r.method === 'WALLET'
          ? `Payout ${r.id} was credited to your wallet.`
          : `Payout ${r.id} was transferred to your bank account${r.utr ? ` (UTR ${r.utr})` : ''}.`,
      link: `/wallet/cod-remittance/${r.id}`,
    })),
    at,
  );
}

/** The staff's decision on a KYC application (each decision once). */
export function kycNotification(orgId: number, decisionId: number, approved: boolean): NotificationInput {
  return {
    orgId,
    kind: 'KYC_DECISION',
    ref: String(decisionId),
    title: approved ? 'KYC approved' : 'KYC documents sent back',
    body: approved
      ? 'Your KYC is verified: you can ship and receive COD payouts.'
      : 'Some documents need changes. Open KYC to read the remarks and upload them again.',
    link: '/kyc',
  };
}

/** Dakiya support answered a seller's ticket: it waits on the seller. */
export function ticketReplyNotification(t: {
  commentId: number;
  orgId: number;
  ticketId: number;
  ticketNumber: string;
  subject: string;
}): NotificationInput {
  return {
    orgId: t.orgId,
    kind: 'TICKET_REPLY',
    ref: String(t.commentId),
    title: `Dakiya support replied on ${t.ticketNumber}`,
    body: `A new reply on "${t.subject}". Read and answer it in the help desk.`,
    link: `/help/tickets/${t.ticketId}`,
  };
}
