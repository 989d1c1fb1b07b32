import { sql } from 'drizzle-orm';
import type { AppDeps } from '../../deps';
import type { Db } from '../../db/client';
import { queryRows } from '../../db/rows';
import { conflict, notFound } from '../../http/errors';
import type { Caller, SellerCaller } from '../../http/router';
import {
  NOTICES_TEXT,
  type PublishedNote,
  type ReleaseNoteRow,
  type ReleaseNoteStatus,
} from '../../../src/domain/notices-contract';
import type { ReleaseNoteInput } from '../../../src/domain/schemas/notices';

// Release notes: staff write a draft, publish it, archive it later. Each seller login sees a
// newly published note once (it marks it viewed), and every published note on "What's new".

interface NoteDbRow {
  id: number;
  title: string;
  body: string;
  status: ReleaseNoteStatus;
  published_at: Date | string | null;
  updated_at: Date | string;
  viewed: string | number;
}

const iso = (d: Date | string) => new Date(d).toISOString();

async function staffRows(db: Db, id?: number): Promise<ReleaseNoteRow[]> {
  const rows = await queryRows<NoteDbRow>(
    db,
    sql`select n.*, (select count(*) from release_note_views v where v.release_note_id = n.id) as viewed
        from release_notes n ${id === undefined ? sql`` : sql`where n.id = ${id}`}
        order by n.id desc limit 200`,
  );
  return rows.map((r) => ({
    releaseNoteId: r.id,
    title: r.title,
    body: r.body,
    status: r.status,
    publishedAt: r.published_at === null ? null : iso(r.published_at),
    viewedCount: Number(r.viewed),
    updatedAt: iso(r.updated_at),
  }));
}

export const listReleaseNotes = (db: Db) => staffRows(db);

async function one(db: Db, id: number): Promise<ReleaseNoteRow> {
  const [row] = await staffRows(db, id);
  if (!row) throw notFound(NOTICES_TEXT.noteNotFound);
  return row;
}

export async function createReleaseNote(deps: AppDeps, caller: Caller, b: ReleaseNoteInput): Promise<ReleaseNoteRow> {
  const now = deps.now();
  const [row] = await queryRows<{ id: number }>(
    deps.db,
    sql`insert into release_notes (title, body, status, created_by, created_at, updated_at)
        values (${b.noteTitle}, ${b.noteBody}, 'DRAFT', ${caller.accountId}, ${now}, ${now}) returning id`,
  );
  return one(deps.db, row!.id);
}

export async function updateReleaseNote(deps: AppDeps, id: number, b: ReleaseNoteInput): Promise<ReleaseNoteRow> {
  const updated = await queryRows<{ id: number }>(
    deps.db,
    sql`update release_notes set title = ${b.noteTitle}, body = ${b.noteBody}, updated_at = ${deps.now()}
        where id = ${id} returning id`,
  );
  if (!updated.length) throw notFound(NOTICES_TEXT.noteNotFound);
  return one(deps.db, id);
}

/** Publishes (the first time sets when), archives or republishes; a published note never goes back to draft. */
export async function setReleaseNoteStatus(
  deps: AppDeps,
  id: number,
  status: ReleaseNoteStatus,
): Promise<ReleaseNoteRow> {
  const now = deps.now();
  const updated = await queryRows<{ id: number }>(
    deps.db,
    sql`update release_notes set status = ${status}, updated_at = ${now},
          published_at = case when ${status} = 'PUBLISHED' then coalesce(published_at, ${now}::timestamptz) else published_at end
        where id = ${id} and (${status} <> 'DRAFT' or published_at is null) returning id`,
  );
  if (!updated.length) {
    await one(deps.db, id);
    throw conflict('Status: a published note cannot go back to draft; archive it instead');
  }
  return one(deps.db, id);
}

async function published(deps: AppDeps, caller: SellerCaller, onlyNew: boolean): Promise<PublishedNote[]> {
  const rows = await queryRows<{ id: number; title: string; body: string; published_at: Date | string }>(
    deps.db,
    sql`select n.id, n.title, n.body, n.published_at from release_notes n
        where n.status = 'PUBLISHED'
          ${onlyNew ? sql`and not exists (select 1 from release_note_views v where v.release_note_id = n.id and v.account_id = ${caller.accountId})` : sql``}
        order by n.published_at desc, n.id desc limit 50`,
  );
  return rows.map((r) => ({ releaseNoteId: r.id, title: r.title, body: r.body, publishedAt: iso(r.published_at) }));
}

/** The published notes this login has not seen yet. */
export const activeReleaseNotes = (deps: AppDeps, caller: SellerCaller) => published(deps, caller, true);
/** Every published note (What's new). */
export const publishedReleaseNotes = (deps: AppDeps, caller: SellerCaller) => published(deps, caller, false);

/** Marks notes seen by this login; notes not published are left alone. Answers how many were new. */
export async function markViewed(
  deps: AppDeps,
  caller: SellerCaller,
  ids: readonly number[],
): Promise<{ viewed: number }> {
  const rows = await queryRows<{ release_note_id: number }>(
    deps.db,
    sql`insert into release_note_views (release_note_id, account_id, at)
        select n.id, ${caller.accountId}, ${deps.now()}::timestamptz from release_notes n
        where n.id = any(${sql.param([...ids])}::int[]) and n.status = 'PUBLISHED'
        on conflict do nothing returning release_note_id`,
  );
  return { viewed: rows.length };
}
