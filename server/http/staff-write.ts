import type { Context } from 'hono';
import type { Caller } from './router';
import { knownRequestId } from './request-id';

// What the router keeps of every staff write (every route but GET, called by staff or by staff
// acting as a seller): who, the operation, the entity its path names, the body with its secrets
// hidden, and the request's id. Services add their own rows with before and after (audit module).

export interface StaffWrite {
  actorAccountId: number;
  action: string;
  entityType: string;
  entityId: string | null;
  after: unknown;
  reason: string | null;
  requestId: string;
}

const SECRET_KEY = /password|otp|token|secret|pin$|aadhaar|cvv|accountNumber/i;
const HIDDEN = '[hidden]';

/** The body as kept in the audit: secrets (passwords, OTPs, tokens, account numbers) hidden. */
export function withoutSecrets(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(withoutSecrets);
  if (value && typeof value === 'object') {
    return Object.fromEntries(
      Object.entries(value).map(([k, v]) => [k, SECRET_KEY.test(k) && v != null ? HIDDEN : withoutSecrets(v)]),
    );
  }
  return value;
}

/** The staff member and request of a staff route's call, for a service's own audit rows. */
export function auditActorOf(c: Context, caller: Caller): { staffId: number; requestId: string | null } {
  const actor = staffActorOf(caller);
  if (!actor) throw new Error('auditActorOf: not a staff caller');
  return { staffId: actor.staffId, requestId: knownRequestId(c) ?? null };
}

/** The staff member behind a caller: a staff login, or staff acting as a seller ("<staffId>-<sellerId>"). */
export function staffActorOf(caller: Caller | null): { staffId: number; asSellerId: number | null } | null {
  if (!caller) return null;
  if (caller.accountType === 'DAKIYA') return { staffId: caller.accountId, asSellerId: null };
  if (caller.isAdminSession) {
    const staffId = Number(caller.sub.split('-')[0]);
    return Number.isInteger(staffId) && staffId > 0 ? { staffId, asSellerId: caller.accountId } : null;
  }
  return null;
}

const entityTypeOf = (paramName: string) => paramName.replace(/Id$/, '');

export function staffWriteOf(w: {
  caller: Caller | null;
  method: string;
  operationId: string;
  tag: string;
  params: unknown;
  body: unknown;
  requestId: string;
}): StaffWrite | null {
  if (w.method === 'get') return null;
  const actor = staffActorOf(w.caller);
  if (!actor) return null;
  const params = Object.entries((w.params ?? {}) as Record<string, unknown>);
  const body = (w.body ?? null) as Record<string, unknown> | null;
  const reason = body && typeof body.reason === 'string' ? body.reason : null;
  const entity =
    params.length > 0
      ? { entityType: entityTypeOf(params[0][0]), entityId: params.map(([, v]) => String(v)).join('/') }
      : actor.asSellerId
        ? { entityType: 'account', entityId: String(actor.asSellerId) }
        : { entityType: w.tag, entityId: null };
  return {
    actorAccountId: actor.staffId,
    action: w.operationId,
    ...entity,
    after: withoutSecrets(body),
    reason: reason ?? (actor.asSellerId ? `Acting as seller account ${actor.asSellerId}` : null),
    requestId: w.requestId,
  };
}
