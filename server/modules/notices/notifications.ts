import { sql } from 'drizzle-orm';
import type { AppDeps } from '../../deps';
import { queryRows } from '../../db/rows';
import { notFound } from '../../http/errors';
import type { SellerCaller } from '../../http/router';
import { standingOf } from '../auth/standing';
import { visibleKinds } from '../../../src/domain/notices';
import {
  NOTICES_TEXT,
  type NotificationList,
  type NotificationRow,
  type UnreadCount,
} from '../../../src/domain/notices-contract';

// The notifications centre: the organisation's notifications of the kinds this login's role may
// see (an NDR needs "View NDR and RTO", a payout "View the wallet"), each read by each login.

async function kindsOf(deps: AppDeps, caller: SellerCaller): Promise<string[]> {
  const standing = await standingOf(deps.db, caller.accountId);
  return standing ? visibleKinds(standing.role, standing.permissions) : [];
}

const visible = (caller: SellerCaller, kinds: string[]) =>
  sql`n.org_id = ${caller.orgId} and n.kind = any(${sql.param(kinds)}::text[])`;
const unreadOnly = (caller: SellerCaller) =>
  sql`not exists (select 1 from notification_reads r where r.notification_id = n.id and r.account_id = ${caller.accountId})`;

export async function unreadCount(deps: AppDeps, caller: SellerCaller): Promise<UnreadCount> {
  const kinds = await kindsOf(deps, caller);
  const [row] = await queryRows<{ n: string }>(
    deps.db,
    sql`select count(*) as n from notifications n where ${visible(caller, kinds)} and ${unreadOnly(caller)}`,
  );
  return { unread: Number(row?.n ?? 0) };
}

export async function listNotifications(
  deps: AppDeps,
  caller: SellerCaller,
  q: { pageNumber: number; recordsPerPage: number },
): Promise<NotificationList> {
  const kinds = await kindsOf(deps, caller);
  const rows = await queryRows<{
    id: number;
    kind: NotificationRow['kind'];
    title: string;
    body: string;
    link: string;
    created_at: Date | string;
    read: boolean;
  }>(
    deps.db,
    sql`select n.id, n.kind, n.title, n.body, n.link, n.created_at, not ${unreadOnly(caller)} as read
        from notifications n where ${visible(caller, kinds)}
        order by n.id desc limit ${q.recordsPerPage} offset ${q.pageNumber * q.recordsPerPage}`,
  );
  const [total] = await queryRows<{ n: string }>(
    deps.db,
    sql`select count(*) as n from notifications n where ${visible(caller, kinds)}`,
  );
  return {
    items: rows.map((r) => ({
      notificationId: r.id,
      kind: r.kind,
      title: r.title,
      body: r.body,
      link: r.link,
      createdAt: new Date(r.created_at).toISOString(),
      read: r.read,
    })),
    total: Number(total?.n ?? 0),
    pageNumber: q.pageNumber,
    recordsPerPage: q.recordsPerPage,
    unread: (await unreadCount(deps, caller)).unread,
  };
}

/** Marks one read for this login; another organisation's, or a kind it may not see, is a 404. */
export async function readOne(deps: AppDeps, caller: SellerCaller, id: number): Promise<UnreadCount> {
  const kinds = await kindsOf(deps, caller);
  const found = await queryRows<{ id: number }>(
    deps.db,
    sql`select n.id from notifications n where n.id = ${id} and ${visible(caller, kinds)}`,
  );
  if (!found.length) throw notFound(NOTICES_TEXT.notificationNotFound);
  await deps.db.execute(
    sql`insert into notification_reads (notification_id, account_id, at) values (${id}, ${caller.accountId}, ${deps.now()})
        on conflict do nothing`,
  );
  return unreadCount(deps, caller);
}

/** Marks every notification this login sees read. */
export async function readAll(deps: AppDeps, caller: SellerCaller): Promise<UnreadCount> {
  const kinds = await kindsOf(deps, caller);
  await deps.db.execute(
    sql`insert into notification_reads (notification_id, account_id, at)
        select n.id, ${caller.accountId}, ${deps.now()}::timestamptz from notifications n
        where ${visible(caller, kinds)} and ${unreadOnly(caller)}
        on conflict do nothing`,
  );
  return unreadCount(deps, caller);
}
