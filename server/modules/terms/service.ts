import { desc, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { termsAcceptances, termsVersions } from '../../db/schema';
import { conflict } from '../../http/errors';
import { TERMS_TEXT, type TermsVersionRow } from '../../../src/domain/terms-contract';
import type { PublishTermsInput } from '../../../src/domain/schemas/terms';

// Staff publish terms versions; the newest is in force at once (reference/service.ts, currentTerms).
// Publishing the text in force again is refused, so a repeated or concurrent publish makes one
// version (the advisory lock serialises them, and the second sees the first).

async function versions(db: Db): Promise<TermsVersionRow[]> {
  const rows = await db
    .select({
      v: termsVersions,
      accepted: sql<number>`count(*) filter (where ${termsAcceptances.status} = 'ACCEPTED')`.mapWith(Number),
      declined: sql<number>`count(*) filter (where ${termsAcceptances.status} = 'DECLINED')`.mapWith(Number),
    })
    .from(termsVersions)
    .leftJoin(termsAcceptances, eq(termsAcceptances.tcVersionId, termsVersions.id))
    .groupBy(termsVersions.id)
    .orderBy(desc(termsVersions.id));
  return rows.map((r, i) => ({
    tcVersionId: r.v.id,
    version: r.v.version,
    title: r.v.title,
    publishedAt: r.v.publishedAt.toISOString(),
    inForce: i === 0,
    acceptedCount: r.accepted,
    declinedCount: r.declined,
  }));
}

export const listVersions = versions;

export async function publishTerms(db: Db, input: PublishTermsInput, now: Date): Promise<TermsVersionRow> {
  const id = await db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext('terms:publish'))`);
    const [current] = await tx.select().from(termsVersions).orderBy(desc(termsVersions.id)).limit(1);
    if (current && current.content.trim() === input.termsContent && current.title.trim() === input.termsTitle) {
      // published a moment ago by the same request repeated: answer it; else say it is in force
      if (now.getTime() - current.publishedAt.getTime() < 60_000) return current.id;
      throw conflict(TERMS_TEXT.unchanged);
    }
    const next = current ? String((Number.parseInt(current.version, 10) || 0) + 1) : '1';
    const [row] = await tx
      .insert(termsVersions)
      .values({ version: next, title: input.termsTitle, content: input.termsContent, publishedAt: now })
      .returning({ id: termsVersions.id });
    return row.id;
  });
  return (await versions(db)).find((r) => r.tcVersionId === id)!;
}
