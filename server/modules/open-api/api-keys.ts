import { createHash, randomBytes } from 'node:crypto';
import { and, desc, eq, isNull } from 'drizzle-orm';
import type { Context } from 'hono';
import type { AppDeps } from '../../deps';
import { accounts, apiKeys, organisations } from '../../db/schema';
import type { Caller, SellerCaller } from '../../http/router';
import { bearerToken } from '../auth/tokens';
import { ApiError, notFound } from '../../http/errors';
import { assertPlanAllows } from '../plans/plan-gate';
import { planAllowsFeature, planFeatureRefusal } from '../../../src/domain/plans';
import {
  API_KEY_PREFIX,
  API_KEY_SHOWN_CHARS,
  DEFAULT_KEY_RATE_PER_MINUTE,
  type ApiKeyRow,
  type NewApiKey,
} from '../../../src/domain/open-api-contract';
import type { ApiKeyInput } from '../../../src/domain/schemas/open-api';
import { takeFromBucket } from './rate-limit';

// API keys: the whole key is shown once and only its SHA-256 is kept (a key is 32 random bytes,
// so a fast hash is enough: nothing to guess). A key acts as the login that made it, and the
// router reads that login's permissions as they stand now, so a key follows its maker's role.

export const hashApiKey = (key: string) => createHash('sha256').update(key).digest('hex');

const rowOf = (r: typeof apiKeys.$inferSelect & { first: string; last: string }): ApiKeyRow => ({
  id: r.id,
  name: r.name,
  prefix: r.prefix,
  createdByName: `${r.first} ${r.last}`.trim(),
  rateLimitPerMinute: r.rateLimitPerMinute,
  createdAt: r.createdAt.toISOString(),
  lastUsedAt: r.lastUsedAt?.toISOString() ?? null,
  revokedAt: r.revokedAt?.toISOString() ?? null,
});

const withMaker = {
  id: apiKeys.id,
  orgId: apiKeys.orgId,
  createdBy: apiKeys.createdBy,
  name: apiKeys.name,
  prefix: apiKeys.prefix,
  keyHash: apiKeys.keyHash,
  rateLimitPerMinute: apiKeys.rateLimitPerMinute,
  lastUsedAt: apiKeys.lastUsedAt,
  createdAt: apiKeys.createdAt,
  revokedAt: apiKeys.revokedAt,
  first: accounts.firstName,
  last: accounts.lastName,
};

export async function listApiKeys(deps: AppDeps, caller: SellerCaller): Promise<ApiKeyRow[]> {
  await assertPlanAllows(deps.db, caller.orgId, 'openApi');
  const rows = await deps.db
    .select(withMaker)
    .from(apiKeys)
    .innerJoin(accounts, eq(accounts.id, apiKeys.createdBy))
    .where(eq(apiKeys.orgId, caller.orgId))
    .orderBy(desc(apiKeys.createdAt), desc(apiKeys.id));
  return rows.map(rowOf);
}

export async function createApiKey(deps: AppDeps, caller: SellerCaller, input: ApiKeyInput): Promise<NewApiKey> {
  await assertPlanAllows(deps.db, caller.orgId, 'openApi');
  const key = `${API_KEY_PREFIX}${randomBytes(32).toString('base64url')}`;
  const [made] = await deps.db
    .insert(apiKeys)
    .values({
      orgId: caller.orgId,
      createdBy: caller.accountId,
      name: input.name,
      prefix: key.slice(0, API_KEY_SHOWN_CHARS),
      keyHash: hashApiKey(key),
      rateLimitPerMinute: DEFAULT_KEY_RATE_PER_MINUTE,
      createdAt: deps.now(),
    })
    .returning();
  const [maker] = await deps.db
    .select({ first: accounts.firstName, last: accounts.lastName })
    .from(accounts)
    .where(eq(accounts.id, caller.accountId));
  return { key, row: rowOf({ ...made, first: maker?.first ?? '', last: maker?.last ?? '' }) };
}

export async function revokeApiKey(deps: AppDeps, caller: SellerCaller, id: number): Promise<ApiKeyRow> {
  await assertPlanAllows(deps.db, caller.orgId, 'openApi');
  await deps.db
    .update(apiKeys)
    .set({ revokedAt: deps.now() })
    .where(and(eq(apiKeys.id, id), eq(apiKeys.orgId, caller.orgId), isNull(apiKeys.revokedAt)));
  const [row] = await deps.db
    .select(withMaker)
    .from(apiKeys)
    .innerJoin(accounts, eq(accounts.id, apiKeys.createdBy))
    .where(and(eq(apiKeys.id, id), eq(apiKeys.orgId, caller.orgId)));
  if (!row) throw notFound('No such API key');
  return rowOf(row);
}

/** The key a request carries: `Authorization: Bearer dk_live_…` or `X-Api-Key: dk_live_…`. */
export function apiKeyOf(c: Context): string | null {
  const header = c.req.header('x-api-key')?.trim();
  if (header) return header;
  const bearer = bearerToken(c);
  return bearer?.startsWith(API_KEY_PREFIX) ? bearer : null;
}

/** last_used_at is written at most this often a key, so a busy key does not write on every call. */
const LAST_USED_EVERY_MS = 60_000;
const lastUsedWritten = new Map<number, number>();

/**
 * The caller an API key stands for, or 401. A revoked key, a maker who is gone or turned off, or
 * a plan without the open API refuses it; each key has its own rate limit (429).
 */
export async function apiKeyCaller(deps: AppDeps, key: string): Promise<Caller> {
  const now = deps.now();
  const [row] = await deps.db
    .select({
      id: apiKeys.id,
      orgId: apiKeys.orgId,
      revokedAt: apiKeys.revokedAt,
      rate: apiKeys.rateLimitPerMinute,
      accountId: accounts.id,
      accountType: accounts.accountType,
      role: accounts.role,
      locked: accounts.locked,
      deactivatedAt: accounts.deactivatedAt,
      accountOrg: accounts.orgId,
      plan: organisations.subscriptionType,
    })
    .from(apiKeys)
    .innerJoin(accounts, eq(accounts.id, apiKeys.createdBy))
    .innerJoin(organisations, eq(organisations.id, apiKeys.orgId))
    .where(eq(apiKeys.keyHash, hashApiKey(key)));
  if (!row || row.revokedAt) throw new ApiError(401, 'This API key is not valid or was revoked');
  if (row.locked || row.deactivatedAt || row.accountOrg !== row.orgId)
    throw new ApiError(401, 'The login that made this API key is turned off');
  if (!planAllowsFeature(row.plan, 'openApi')) throw new ApiError(403, planFeatureRefusal('openApi'));
  const wait = takeFromBucket(row.id, row.rate, now.getTime());
  if (wait > 0)
    throw new ApiError(429, `This API key's limit of ${row.rate} requests a minute is reached`, {
      'Retry-After': String(Math.ceil(wait / 1000)),
    });
  if ((lastUsedWritten.get(row.id) ?? 0) + LAST_USED_EVERY_MS <= now.getTime()) {
    lastUsedWritten.set(row.id, now.getTime());
    await deps.db.update(apiKeys).set({ lastUsedAt: now }).where(eq(apiKeys.id, row.id));
  }
  return {
    sub: String(row.accountId),
    accountId: row.accountId,
    orgId: row.orgId,
    accountType: row.accountType,
    role: row.role,
    scope: [],
    subscriptionType: row.plan,
    isAdminSession: false,
    mustChangePassword: false,
    apiKeyId: row.id,
  };
}
