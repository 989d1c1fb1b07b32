import { asc, desc, eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { plans, referralSources, termsAcceptances, termsVersions } from '../../db/schema';
import { badRequest, forbidden, notFound } from '../../http/errors';
import type { Caller } from '../../http/router';
import type { Plan, ReferralSource, TermsData } from '../../../src/domain/account-contract';

// Reference data sellers read before and after signing up: plans, referral sources, terms.

export async function listPlans(db: Db): Promise<Plan[]> {
  const rows = await db.select().from(plans).orderBy(asc(plans.sortOrder));
  return rows.map(({ code, name, monthlyPrice, features }) => ({ code, name, monthlyPrice, features }));
}

export async function listReferralSources(db: Db): Promise<ReferralSource[]> {
  const rows = await db.select().from(referralSources).orderBy(asc(referralSources.sortOrder), asc(referralSources.id));
  return rows.map((r) => ({ referralSourceId: r.id, sourceName: r.sourceName }));
}

export async function referralSourceExists(db: Db, id: number): Promise<boolean> {
  const [row] = await db.select({ id: referralSources.id }).from(referralSources).where(eq(referralSources.id, id));
  return !!row;
}

/** The version in force is the latest published one. */
export async function currentTerms(db: Db): Promise<TermsData | null> {
  const [row] = await db.select().from(termsVersions).orderBy(desc(termsVersions.id)).limit(1);
  return row ? { tcVersionId: row.id, version: row.version, title: row.title, content: row.content } : null;
}

/** The terms in force, or 404 when none has been published. */
export async function termsInForce(db: Db): Promise<TermsData> {
  const terms = await currentTerms(db);
  if (!terms) throw notFound('No terms have been published');
  return terms;
}

/** The caller accepts or declines a terms version; consent is personal, so staff acting as a seller cannot give it. */
export async function decideTerms(
  db: Db,
  caller: Caller,
  input: { tcVersionId: number; status: 'ACCEPTED' | 'DECLINED'; ipAddress: string },
  now: Date,
): Promise<{ tcVersionId: number; status: 'ACCEPTED' | 'DECLINED' }> {
  if (caller.isAdminSession) throw forbidden('Terms can only be accepted by the account holder');
  await recordTermsDecision(db, { accountId: caller.accountId, ...input, now });
  return { tcVersionId: input.tcVersionId, status: input.status };
}

export async function recordTermsDecision(
  db: Db,
  input: { accountId: number; tcVersionId: number; status: 'ACCEPTED' | 'DECLINED'; ipAddress: string; now: Date },
): Promise<void> {
  const [version] = await db
    .select({ id: termsVersions.id })
    .from(termsVersions)
    .where(eq(termsVersions.id, input.tcVersionId));
  if (!version) throw badRequest('tcVersionId: no such terms version');
  await db.insert(termsAcceptances).values({
    accountId: input.accountId,
    tcVersionId: input.tcVersionId,
    status: input.status,
    ipAddress: input.ipAddress,
    createdAt: input.now,
  });
}
