import { and, asc, count, eq, inArray, lte } from 'drizzle-orm';
import type { AppDeps } from '../../deps';
import { files, ndrActions, ndrRecords, orderEvents, orders, shipments, shippingPreferences } from '../../db/schema';
import { ApiError, badRequest, conflict, notFound } from '../../http/errors';
import { carrierNetwork } from '../../carriers/registry';
import type { NdrInstruction } from '../../carriers/adapter';
import {
  NDR_ACTION_FIELDS,
  NDR_ACTIONS,
  type NdrActionKind,
  type NdrActionOutcome,
  type NdrActionPayload,
  type NdrActionSource,
  type NdrBulkAnswer,
  type NdrReason,
  type NdrStatus,
} from '../../../src/domain/ndr-contract';
import {
  allowedActions,
  automaticAction,
  reattemptDateProblem,
  reattemptDateRequired,
} from '../../../src/domain/ndr-rules';
import { fieldLabel } from '../../../src/domain/schemas/labels';
import { zoneOf } from '../../../src/domain/shipping/zones';
import { lookupPincode } from '../pincodes/lookup';
import { trackingCache } from '../tracking/tracking-cache';
import { pickupOf } from '../orders/pickup-of';
import { keepCourierReference, reopenRefused } from '../courier-operations/ndr-answer';
import { recordPendingOperation } from '../courier-operations/record';

// Acting on a failed attempt. An action is claimed on the record first (one UPDATE that only an
// open record passes, plus the one APPLIED history row), so concurrent repeats act once; then the
// courier is asked through its adapter; a refusal gives the record back and says why. The seller,
// the buyer (through the NDR page), the product at the deadline (a job) and staff act the same way.

export type NdrRecord = typeof ndrRecords.$inferSelect;

export interface ActionInput extends NdrActionPayload {
  action: NdrActionKind;
}

export interface Actor {
  source: NdrActionSource;
  accountId?: number | null;
  /** the seller's organisation (another seller's NDR answers 404) */
  orgId?: number;
}

const sameAction = (r: NdrRecord, input: ActionInput, actor: Actor) =>
  r.action === input.action && r.actionSource === actor.source;

export function outcomeOf(r: NdrRecord): NdrActionOutcome {
  return {
    ndrId: r.id,
    status: r.status as NdrStatus,
    action: r.action as NdrActionKind,
    actionSource: r.actionSource as NdrActionSource,
    courierRef: r.courierRef,
    actionAt: (r.actionAt ?? r.updatedAt).toISOString(),
  };
}

export async function ownNdr(deps: AppDeps, orgId: number, ndrId: number): Promise<NdrRecord> {
  const [r] = await deps.db
    .select()
    .from(ndrRecords)
    .where(and(eq(ndrRecords.id, ndrId), eq(ndrRecords.orgId, orgId)));
  if (!r) throw notFound('No such NDR');
  return r;
}

/** The fields the action needs, the rules of its reason and date, the courier's reach for a new pincode. */
async function checkInput(deps: AppDeps, r: NdrRecord, input: ActionInput): Promise<NdrActionPayload> {
  const allowed = allowedActions(r.reason as NdrReason, 'ACTION_REQUIRED', r.attempt);
  if (!allowed.includes(input.action))
    throw conflict(
      `${NDR_ACTIONS[input.action]} is not possible for this NDR (${allowed.map((a) => NDR_ACTIONS[a]).join(', ')} is)`,
    );
  const fields = NDR_ACTION_FIELDS[input.action];
  for (const f of fields.required) {
    const value = input[f];
    if (value === undefined || value === '' || (Array.isArray(value) && !value.length))
      throw badRequest(`${fieldLabel(f)} is required to ${NDR_ACTIONS[input.action].toLowerCase()}`);
  }
  if (reattemptDateRequired(r.reason as NdrReason, input.action) && !input.reattemptDate)
    throw badRequest(`${fieldLabel('reattemptDate')} is required: the buyer asked for a later date`);
  if (input.reattemptDate) {
    const problem = reattemptDateProblem(input.reattemptDate, deps.now());
    if (problem) throw badRequest(problem);
  }
  const payload: NdrActionPayload = {};
  const keep = new Set<string>([...fields.required, ...fields.optional]);
  for (const [k, value] of Object.entries(input))
    if (k !== 'action' && value !== undefined && keep.has(k)) (payload as Record<string, unknown>)[k] = value;
  if (input.declined) payload.declined = true;
  if (input.action === 'CHANGE_ADDRESS' && input.phone) payload.phone = input.phone;
  if (payload.pincode) {
    const to = lookupPincode(payload.pincode);
    if (!to) throw badRequest(`${fieldLabel('pincode')} ${payload.pincode} is not a known pincode`);
    const [o] = await deps.db.select().from(orders).where(eq(orders.id, r.orderId));
    const [s] = await deps.db.select().from(shipments).where(eq(shipments.id, r.shipmentId));
    const from = lookupPincode(pickupOf(o).pincode);
    const adapter = (await carrierNetwork(deps)).adapters.get(r.carrierCode);
    const why =
      adapter && from
        ? adapter.serviceability({
            fromPincode: pickupOf(o).pincode,
            toPincode: payload.pincode,
            zone: zoneOf(from, to),
            paymentMethod: o.paymentMethod as 'PPD' | 'COD',
            weightKg: s.chargedWeightKg,
          })
        : 'The courier is not available';
    if (why) throw badRequest(`${fieldLabel('pincode')}: ${why}`);
  }
  if (payload.evidenceFileIds?.length) {
    const found = await deps.db
      .select({ id: files.id })
      .from(files)
      .where(and(inArray(files.id, payload.evidenceFileIds), eq(files.orgId, r.orgId)));
    if (found.length !== new Set(payload.evidenceFileIds).size)
      throw badRequest(`${fieldLabel('evidenceFileIds')}: upload each image first`);
  }
  return payload;
}

/** One action on one NDR; answers where it stands. A repeat of the same action answers the first. */
export async function actOnNdr(
  deps: AppDeps,
  ndrId: number,
  input: ActionInput,
  actor: Actor,
): Promise<NdrActionOutcome> {
  const [r] = await deps.db
    .select()
    .from(ndrRecords)
    .where(
      actor.orgId === undefined
        ? eq(ndrRecords.id, ndrId)
        : and(eq(ndrRecords.id, ndrId), eq(ndrRecords.orgId, actor.orgId)),
    );
  if (!r) throw notFound('No such NDR');
  if (r.status !== 'ACTION_REQUIRED') {
    if (sameAction(r, input, actor)) return outcomeOf(r);
    throw conflict(alreadyActed(r));
  }
  const payload = await checkInput(deps, r, input);
  const now = deps.now();
  // the claim: only one caller passes the status check
  const claimed = await deps.db.transaction(async (tx) => {
    const [won] = await tx
      .update(ndrRecords)
      .set({
        status: 'ACTION_TAKEN',
        action: input.action,
        actionSource: actor.source,
        actionPayload: payload,
        actionAt: now,
        actionBy: actor.accountId ?? null,
        updatedAt: now,
      })
      .where(and(eq(ndrRecords.id, r.id), eq(ndrRecords.status, 'ACTION_REQUIRED')))
      .returning();
    if (!won) return null;
    await tx.insert(ndrActions).values({
      ndrId: r.id,
      orgId: r.orgId,
      action: input.action,
      source: actor.source,
      payload,
      outcome: 'APPLIED',
      accountId: actor.accountId ?? null,
      at: now,
    });
    return won;
  });
  if (!claimed) {
    const [after] = await deps.db.select().from(ndrRecords).where(eq(ndrRecords.id, r.id));
    if (sameAction(after, input, actor)) return outcomeOf(after);
    throw conflict(alreadyActed(after));
  }
  const adapter = (await carrierNetwork(deps)).adapters.get(r.carrierCode);
  const instruction: NdrInstruction = {
    action: input.action,
    ...(payload.reattemptDate ? { date: payload.reattemptDate } : {}),
    ...(payload.addressLine1
      ? {
          address: {
            line1: payload.addressLine1,
            line2: payload.addressLine2 ?? '',
            landmark: payload.landmark ?? '',
            pincode: payload.pincode ?? '',
          },
        }
      : {}),
    ...(payload.phone ? { phone: payload.phone } : {}),
    ...(payload.remarks ? { remarks: payload.remarks } : {}),
    ...(actor.source === 'BUYER' && !payload.declined ? { buyerConfirmed: true } : {}),
  };
  const answer = adapter
    ? await adapter.ndrAction(r.awb, instruction)
    : { accepted: false as const, reason: 'The courier is not available' };
  if (!answer.accepted) {
    // the record is open again; the history says why
    await deps.db.transaction((tx) => reopenRefused(tx, r.id, answer.reason, now));
    throw conflict(`The courier refused: ${answer.reason}`);
  }
  const label = `${NDR_ACTIONS[input.action]} requested`;
  const [done] = await deps.db.transaction(async (tx) => {
    if (answer.accepted === true) await keepCourierReference(tx, r.id, answer.reference, now);
    // a courier that settles the request later: its answer comes by the poll or a call back
    else
      await recordPendingOperation(tx, {
        orgId: r.orgId,
        orderId: r.orderId,
        carrierCode: r.carrierCode,
        awb: r.awb,
        kind: 'NDR_ACTION',
        subjectId: r.id,
        label,
        requestId: answer.requestId,
        at: now,
      });
    // the order keeps the details the courier now has
    if (payload.addressLine1 || payload.phone) {
      const [o] = await tx.select().from(orders).where(eq(orders.id, r.orderId)).for('update');
      const pin = payload.pincode ? lookupPincode(payload.pincode) : null;
      await tx
        .update(orders)
        .set({
          ...(payload.phone ? { buyerPhone: payload.phone } : {}),
          ...(payload.addressLine1
            ? {
                shipping: {
                  line1: payload.addressLine1,
                  line2: [payload.addressLine2, payload.landmark && `Landmark: ${payload.landmark}`]
                    .filter(Boolean)
                    .join(', '),
                  pincode: payload.pincode ?? o.shipping.pincode,
                  city: pin?.city ?? o.shipping.city,
                  state: pin?.state ?? o.shipping.state,
                },
              }
            : {}),
          updatedAt: now,
        })
        .where(eq(orders.id, r.orderId));
    }
    await tx.insert(orderEvents).values({
      orderId: r.orderId,
      kind: 'NOTE',
      at: now,
      accountId: actor.accountId ?? null,
      note: `NDR attempt ${r.attempt}: ${NDR_ACTIONS[input.action]} (${actor.source.toLowerCase()}), ${
        answer.accepted === true
          ? `courier reference ${answer.reference}`
          : `sent to the courier as request ${answer.requestId}; waiting for its confirmation`
      }`,
    });
    return tx.select().from(ndrRecords).where(eq(ndrRecords.id, r.id));
  });
  trackingCache(deps).forgetOrder(r.orderId);
  return outcomeOf(done);
}

function alreadyActed(r: NdrRecord): string {
  if (r.status === 'ACTION_TAKEN' && r.action)
    return `This NDR was acted on already: ${NDR_ACTIONS[r.action as NdrActionKind]} (${(r.actionSource ?? '').toLowerCase()})`;
  if (r.status === 'DELIVERED') return 'This parcel was delivered';
  if (r.status === 'RTO') return 'This parcel is returning to origin';
  return 'A later attempt replaced this NDR';
}

/** The same action on many NDRs; each answers for itself. */
export async function actOnMany(
  deps: AppDeps,
  ndrIds: number[],
  input: ActionInput,
  actor: Actor,
): Promise<NdrBulkAnswer> {
  const results: NdrBulkAnswer['results'] = [];
  for (const ndrId of [...new Set(ndrIds)]) {
    try {
      results.push({ ndrId, ok: true, outcome: await actOnNdr(deps, ndrId, input, actor) });
    } catch (e) {
      if (!(e instanceof ApiError)) throw e;
      results.push({ ndrId, ok: false, errorMessage: e.message });
    }
  }
  const applied = results.filter((r) => r.ok).length;
  return { results, applied, refused: results.length - applied };
}

export const NDR_DEADLINE_QUEUE = 'ndr-deadlines';

/**
 * The deadline job: every NDR whose window has passed with no action gets the product's action,
 * the seller's preference (re-attempt or return), a return once the attempts are spent. When the
 * courier refuses (it moved the parcel on), the next run tries again in an hour.
 */
export async function runNdrDeadlines(deps: AppDeps, limit = 500): Promise<{ acted: number; refused: number }> {
  const now = deps.now();
  const due = await deps.db
    .select()
    .from(ndrRecords)
    .where(and(eq(ndrRecords.status, 'ACTION_REQUIRED'), lte(ndrRecords.deadlineAt, now)))
    .orderBy(asc(ndrRecords.deadlineAt))
    .limit(limit);
  const prefs = new Map<number, 'REATTEMPT' | 'RTO'>();
  let acted = 0;
  let refused = 0;
  for (const r of due) {
    if (!prefs.has(r.orgId)) {
      const [p] = await deps.db
        .select({ a: shippingPreferences.ndrAutoAction })
        .from(shippingPreferences)
        .where(eq(shippingPreferences.orgId, r.orgId));
      prefs.set(r.orgId, (p?.a as 'REATTEMPT' | 'RTO' | undefined) ?? 'REATTEMPT');
    }
    const action = automaticAction(r.attempt, prefs.get(r.orgId)!);
    try {
      await actOnNdr(
        deps,
        r.id,
        { action, ...(r.reason === 'FUTURE_DELIVERY' ? { reattemptDate: tomorrow(now) } : {}) },
        { source: 'AUTO' },
      );
      acted++;
    } catch (e) {
      if (!(e instanceof ApiError)) throw e;
      refused++;
      await deps.db
        .update(ndrRecords)
        .set({ deadlineAt: new Date(now.getTime() + 3_600_000), updatedAt: now })
        .where(and(eq(ndrRecords.id, r.id), eq(ndrRecords.status, 'ACTION_REQUIRED')));
    }
  }
  return { acted, refused };
}

function tomorrow(now: Date): string {
  return new Date(now.getTime() + 330 * 60_000 + 86_400_000).toISOString().slice(0, 10);
}

/** How many answers a buyer's link may send: enough to change one's mind, not to flood. */
export const BUYER_ANSWER_LIMIT = 5;

export async function buyerAnswerCount(deps: AppDeps, ndrId: number): Promise<number> {
  const [{ n }] = await deps.db
    .select({ n: count() })
    .from(ndrActions)
    .where(and(eq(ndrActions.ndrId, ndrId), eq(ndrActions.source, 'BUYER')));
  return n;
}

/** The buyer's answer when the seller (or the product) acted first: kept for the record only. */
export async function recordUnappliedAnswer(
  deps: AppDeps,
  r: NdrRecord,
  action: NdrActionKind,
  payload: NdrActionPayload,
  note: string,
): Promise<void> {
  await deps.db.insert(ndrActions).values({
    ndrId: r.id,
    orgId: r.orgId,
    action,
    source: 'BUYER',
    payload,
    outcome: 'NOT_APPLIED',
    note,
    at: deps.now(),
  });
}
