import { and, eq, inArray } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { orderPaymentModes, paymentModes } from '../../db/schema';
import { badRequest } from '../../http/errors';
import { assertPlanAllows, planAllows } from '../plans/plan-gate';
import { modeAmounts, type AdvanceKind, type PaymentModeBasis } from '../../../src/domain/payment-modes';
import { planFeatureRefusal } from '../../../src/domain/plans';

// A new order made with one of the seller's payment modes (the form, the API, a CSV row): the
// mode must be the seller's and active, the payment method its basis, and its advance less than
// the order's total. The order's columns come from here, and its copy of the mode after insert.

type Mode = typeof paymentModes.$inferSelect;
export type PaymentMode = Mode;

export interface OrderModeColumns {
  paymentModeCode: string | null;
  advancePaise: number;
  codAmountPaise: number;
}

/** An order's mode, checked: its columns, or the sentence refusing it (by the field's key). */
export interface ChosenMode {
  mode: Mode;
  columns: OrderModeColumns;
}
export type ModeChoice = ChosenMode | { refusal: string };

/** The seller's modes by code (any case), archived ones included so the refusal can say so. */
export async function modesByCode(db: Executor, orgId: number, codes: string[]): Promise<Map<string, Mode>> {
  const wanted = [...new Set(codes.map((c) => c.trim().toUpperCase()).filter(Boolean))];
  if (!wanted.length) return new Map();
  const rows = await db
    .select()
    .from(paymentModes)
    .where(and(eq(paymentModes.orgId, orgId), inArray(paymentModes.code, wanted)));
  return new Map(rows.map((m) => [m.code, m]));
}

/** Every mode of the seller by code, for a CSV upload's rows; null on a plan without custom payment modes. */
export async function uploadModes(db: Executor, orgId: number): Promise<Map<string, Mode> | null> {
  if (!(await planAllows(db, orgId, 'customPaymentModes'))) return null;
  const rows = await db.select().from(paymentModes).where(eq(paymentModes.orgId, orgId));
  return new Map(rows.map((m) => [m.code, m]));
}

/** Checks one order's mode against the seller's modes (found with modesByCode). */
export function chooseMode(
  modes: Map<string, Mode>,
  code: string,
  paymentMethod: string,
  totalPaise: number,
): ModeChoice {
  const key = code.trim().toUpperCase();
  const mode = modes.get(key);
  if (!mode) return { refusal: `paymentModeCode: you have no payment mode ${key}` };
  if (mode.archivedAt) return { refusal: `paymentModeCode: ${key} is archived: restore it to use it` };
  if (mode.basis !== paymentMethod)
    return {
      refusal: `paymentModeCode: ${key} is a ${mode.basis === 'COD' ? 'cash-on-delivery' : 'prepaid'} mode: choose payment method ${mode.basis}`,
    };
  const amounts = modeAmounts(
    {
      basis: mode.basis as PaymentModeBasis,
      advanceKind: mode.advanceKind as AdvanceKind,
      advancePercent: mode.advancePercent,
      advanceFixedPaise: mode.advanceFixedPaise,
    },
    totalPaise,
  );
  if ('refusal' in amounts) return { refusal: `paymentModeCode: ${key}: ${amounts.refusal}` };
  return { mode, columns: { paymentModeCode: mode.code, ...amounts } };
}

/**
 * A CSV row's mode cell: the sentence refusing it, or null. `modes` is null on a plan without
 * custom payment modes; `totalPaise` null when the row's amounts are unreadable (told elsewhere).
 */
export function modeCellRefusal(
  modes: Map<string, Mode> | null,
  code: string,
  paymentMethod: string | undefined,
  totalPaise: number | null,
): string | null {
  if (!code.trim()) return null;
  if (!modes) return `paymentModeCode: ${planFeatureRefusal('customPaymentModes')}`;
  if (!paymentMethod || totalPaise === null) return null;
  const choice = chooseMode(modes, code, paymentMethod, totalPaise);
  return 'refusal' in choice ? choice.refusal : null;
}

/** The form's and the API's one order: its mode's columns, or a 400 naming the field (403 on a plan without modes). */
export async function orderModeColumns(
  tx: Executor,
  orgId: number,
  code: string,
  paymentMethod: string,
  totalPaise: number,
): Promise<ChosenMode | null> {
  if (!code.trim()) return null;
  await assertPlanAllows(tx, orgId, 'customPaymentModes');
  const choice = chooseMode(await modesByCode(tx, orgId, [code]), code, paymentMethod, totalPaise);
  if ('refusal' in choice) throw badRequest(choice.refusal);
  return choice;
}

/** The order's own copy of its mode, written in the order's transaction. */
export async function recordOrderModes(
  tx: Executor,
  orgId: number,
  made: { orderId: number; mode: Mode; advancePaise: number }[],
): Promise<void> {
  if (!made.length) return;
  await tx.insert(orderPaymentModes).values(
    made.map((m) => ({
      orderId: m.orderId,
      orgId,
      modeId: m.mode.id,
      code: m.mode.code,
      name: m.mode.name,
      labelNote: m.mode.labelNote,
      advancePaise: m.advancePaise,
    })),
  );
}
