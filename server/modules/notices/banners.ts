import { sql } from 'drizzle-orm';
import type { AppDeps } from '../../deps';
import type { Db } from '../../db/client';
import { queryRows } from '../../db/rows';
import { notFound } from '../../http/errors';
import type { Caller, SellerCaller } from '../../http/router';
import {
  NOTICES_TEXT,
  type BannerRow,
  type BannerStatus,
  type SellerBanner,
} from '../../../src/domain/notices-contract';
import type { BannerInput } from '../../../src/domain/schemas/notices';
import type { PlanCode } from '../../../src/domain/plans';

// Banners at the top of the seller app: staff write them for some plans or all, active between
// their start and end; each login closes its own, and it stays closed on every device.

interface BannerDbRow {
  id: number;
  message: string;
  tone: BannerRow['tone'];
  link: string | null;
  starts_at: Date | string | null;
  ends_at: Date | string | null;
  plans: PlanCode[];
  status: BannerStatus;
  dismissed: string | number;
  updated_at: Date | string;
}

const iso = (d: Date | string | null) => (d === null ? null : new Date(d).toISOString());

function rowOf(r: BannerDbRow): BannerRow {
  return {
    bannerId: r.id,
    message: r.message,
    tone: r.tone,
    link: r.link,
    startsAt: iso(r.starts_at),
    endsAt: iso(r.ends_at),
    plans: r.plans,
    bannerStatus: r.status,
    dismissedCount: Number(r.dismissed),
    updatedAt: iso(r.updated_at)!,
  };
}

async function staffRows(db: Db, id?: number): Promise<BannerRow[]> {
  const rows = await queryRows<BannerDbRow>(
    db,
    sql`select b.*, (select count(*) from banner_dismissals d where d.banner_id = b.id) as dismissed
        from banners b ${id === undefined ? sql`` : sql`where b.id = ${id}`}
        order by b.id desc limit 200`,
  );
  return rows.map(rowOf);
}

export const listBanners = (db: Db) => staffRows(db);

async function one(db: Db, id: number): Promise<BannerRow> {
  const [row] = await staffRows(db, id);
  if (!row) throw notFound(NOTICES_TEXT.bannerNotFound);
  return row;
}

export async function createBanner(deps: AppDeps, caller: Caller, b: BannerInput): Promise<BannerRow> {
  const now = deps.now();
  const [row] = await queryRows<{ id: number }>(
    deps.db,
    sql`insert into banners (message, tone, link, starts_at, ends_at, plans, status, created_by, created_at, updated_at)
        values (${b.bannerMessage}, ${b.bannerTone}, ${b.bannerLink}, ${b.startsAt}::timestamptz, ${b.endsAt}::timestamptz,
                ${sql.param(b.targetPlans)}::text[], 'ACTIVE', ${caller.accountId}, ${now}, ${now})
        returning id`,
  );
  return one(deps.db, row!.id);
}

export async function updateBanner(deps: AppDeps, id: number, b: BannerInput): Promise<BannerRow> {
  const updated = await queryRows<{ id: number }>(
    deps.db,
    sql`update banners set message = ${b.bannerMessage}, tone = ${b.bannerTone}, link = ${b.bannerLink},
          starts_at = ${b.startsAt}::timestamptz, ends_at = ${b.endsAt}::timestamptz,
          plans = ${sql.param(b.targetPlans)}::text[], updated_at = ${deps.now()}
        where id = ${id} returning id`,
  );
  if (!updated.length) throw notFound(NOTICES_TEXT.bannerNotFound);
  return one(deps.db, id);
}

export async function setBannerStatus(deps: AppDeps, id: number, status: BannerStatus): Promise<BannerRow> {
  const updated = await queryRows<{ id: number }>(
    deps.db,
    sql`update banners set status = ${status}, updated_at = ${deps.now()} where id = ${id} returning id`,
  );
  if (!updated.length) throw notFound(NOTICES_TEXT.bannerNotFound);
  return one(deps.db, id);
}

/** The banners this login sees now: active, within their dates, for its plan, not closed by it. */
export async function sellerBanners(deps: AppDeps, caller: SellerCaller): Promise<SellerBanner[]> {
  const now = deps.now();
  const rows = await queryRows<{ id: number; message: string; tone: SellerBanner['tone']; link: string | null }>(
    deps.db,
    sql`select b.id, b.message, b.tone, b.link
        from banners b, organisations o
        where o.id = ${caller.orgId} and b.status = 'ACTIVE'
          and (b.starts_at is null or b.starts_at <= ${now}) and (b.ends_at is null or b.ends_at > ${now})
          and (cardinality(b.plans) = 0 or o.subscription_type = any(b.plans))
          and not exists (select 1 from banner_dismissals d where d.banner_id = b.id and d.account_id = ${caller.accountId})
        order by case b.tone when 'critical' then 0 when 'warning' then 1 else 2 end, b.id desc
        limit 5`,
  );
  return rows.map((r) => ({ bannerId: r.id, message: r.message, tone: r.tone, link: r.link }));
}

/** Closes a banner for this login (again: nothing more). A banner it was never shown is a 404. */
export async function dismissBanner(deps: AppDeps, caller: SellerCaller, id: number): Promise<{ dismissed: boolean }> {
  const shown = await queryRows<{ id: number }>(
    deps.db,
    sql`select b.id from banners b, organisations o
        where b.id = ${id} and o.id = ${caller.orgId} and b.status = 'ACTIVE'
          and (cardinality(b.plans) = 0 or o.subscription_type = any(b.plans))`,
  );
  if (!shown.length) throw notFound(NOTICES_TEXT.bannerNotFound);
  await deps.db.execute(
    sql`insert into banner_dismissals (banner_id, account_id, at) values (${id}, ${caller.accountId}, ${deps.now()})
        on conflict do nothing`,
  );
  return { dismissed: true };
}
