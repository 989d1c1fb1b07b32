import { and, asc, count, eq, inArray, isNull } from 'drizzle-orm';
import type { AppDeps } from '../../deps';
import type { Db } from '../../db/client';
import { orderPaymentModes, paymentModes } from '../../db/schema';
import { isUniqueViolation } from '../../db/unique-violation';
import { conflict, notFound } from '../../http/errors';
import { assertPlanAllows } from '../plans/plan-gate';
import { advanceText, type AdvanceKind, type PaymentModeBasis } from '../../../src/domain/payment-modes';
import type { PaymentModeRow } from '../../../src/domain/payment-modes-contract';
import type { PaymentModeInput } from '../../../src/domain/schemas/payment-modes';
import { paiseOf, rupeesOf } from '../../../src/domain/money';

// The seller's own payment modes (plan feature customPaymentModes). A mode some order was made
// with keeps its code and advance (the orders copied them) but is archived rather than deleted;
// an archived mode takes no new orders until restored.

type Mode = typeof paymentModes.$inferSelect;

export const codeTaken = (code: string) => `modeCode: you have a payment mode ${code} already`;

function row(m: Mode, ordersCount: number): PaymentModeRow {
  const advance = {
    basis: m.basis as PaymentModeBasis,
    advanceKind: m.advanceKind as AdvanceKind,
    advancePercent: m.advancePercent,
    advanceFixedPaise: m.advanceFixedPaise,
  };
  return {
    modeId: m.id,
    modeName: m.name,
    modeCode: m.code,
    modeBasis: advance.basis,
    advanceKind: advance.advanceKind,
    advancePercent: m.advancePercent,
    advanceAmount: m.advanceFixedPaise === null ? null : rupeesOf(m.advanceFixedPaise),
    labelNote: m.labelNote,
    advanceText: advanceText(advance),
    archived: m.archivedAt !== null,
    ordersCount,
  };
}

/** The columns of a mode as the seller entered it; a kind's unused figure is cleared. */
function columns(input: PaymentModeInput) {
  const kind = input.modeBasis === 'COD' ? input.advanceKind : 'NONE';
  return {
    name: input.modeName,
    code: input.modeCode,
    basis: input.modeBasis,
    advanceKind: kind,
    advancePercent: kind === 'PERCENT' ? input.advancePercent : null,
    advanceFixedPaise: kind === 'FIXED' ? paiseOf(input.advanceAmount!) : null,
    labelNote: input.labelNote,
  };
}

async function usage(db: Db, modeIds: number[]): Promise<Map<number, number>> {
  if (!modeIds.length) return new Map();
  const rows = await db
    .select({ modeId: orderPaymentModes.modeId, n: count() })
    .from(orderPaymentModes)
    .where(inArray(orderPaymentModes.modeId, modeIds))
    .groupBy(orderPaymentModes.modeId);
  return new Map(rows.map((r) => [r.modeId, Number(r.n)]));
}

async function ownMode(db: Db, orgId: number, modeId: number): Promise<Mode> {
  const [m] = await db
    .select()
    .from(paymentModes)
    .where(and(eq(paymentModes.id, modeId), eq(paymentModes.orgId, orgId)));
  if (!m) throw notFound('No such payment mode');
  return m;
}

async function answer(db: Db, m: Mode): Promise<PaymentModeRow> {
  return row(m, (await usage(db, [m.id])).get(m.id) ?? 0);
}

export async function listModes(deps: AppDeps, orgId: number, withArchived: boolean): Promise<PaymentModeRow[]> {
  await assertPlanAllows(deps.db, orgId, 'customPaymentModes');
  const modes = await deps.db
    .select()
    .from(paymentModes)
    .where(and(eq(paymentModes.orgId, orgId), withArchived ? undefined : isNull(paymentModes.archivedAt)))
    .orderBy(asc(paymentModes.name), asc(paymentModes.id));
  const used = await usage(
    deps.db,
    modes.map((m) => m.id),
  );
  return modes.map((m) => row(m, used.get(m.id) ?? 0));
}

export async function createMode(deps: AppDeps, orgId: number, input: PaymentModeInput): Promise<PaymentModeRow> {
  await assertPlanAllows(deps.db, orgId, 'customPaymentModes');
  const now = deps.now();
  try {
    const [m] = await deps.db
      .insert(paymentModes)
      .values({ orgId, ...columns(input), createdAt: now, updatedAt: now })
      .returning();
    return row(m, 0);
  } catch (e) {
    if (isUniqueViolation(e)) throw conflict(codeTaken(input.modeCode));
    throw e;
  }
}

/** Orders keep their own copy of a mode, so a change applies to new orders only. */
export async function updateMode(
  deps: AppDeps,
  orgId: number,
  modeId: number,
  input: PaymentModeInput,
): Promise<PaymentModeRow> {
  await assertPlanAllows(deps.db, orgId, 'customPaymentModes');
  await ownMode(deps.db, orgId, modeId);
  try {
    const [m] = await deps.db
      .update(paymentModes)
      .set({ ...columns(input), updatedAt: deps.now() })
      .where(eq(paymentModes.id, modeId))
      .returning();
    return answer(deps.db, m);
  } catch (e) {
    if (isUniqueViolation(e)) throw conflict(codeTaken(input.modeCode));
    throw e;
  }
}

export async function setArchived(
  deps: AppDeps,
  orgId: number,
  modeId: number,
  archived: boolean,
): Promise<PaymentModeRow> {
  await assertPlanAllows(deps.db, orgId, 'customPaymentModes');
  await ownMode(deps.db, orgId, modeId);
  const now = deps.now();
  const [m] = await deps.db
    .update(paymentModes)
    .set({ archivedAt: archived ? now : null, updatedAt: now })
    .where(eq(paymentModes.id, modeId))
    .returning();
  return answer(deps.db, m);
}
