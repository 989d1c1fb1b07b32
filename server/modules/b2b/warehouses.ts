import { and, asc, count, eq, ilike, inArray, or, sql } from 'drizzle-orm';
import type { Db, Executor } from '../../db/client';
import { isUniqueViolation } from '../../db/unique-violation';
import { b2bOrders, b2bWarehouseRegistrations, b2bWarehouses } from '../../db/schema';
import { badRequest, conflict, notFound } from '../../http/errors';
import { containsPattern } from '../../http/paging';
import { gstinProblem } from '../../../src/domain/gstin';
import { fieldLabel } from '../../../src/domain/schemas/labels';
import { B2B_WAREHOUSE_KINDS, FREIGHT_CARRIERS, type B2bWarehouseKind } from '../../../src/domain/b2b/order-facts';
import type { B2bWarehouseRow } from '../../../src/domain/b2b-contract';
import type { B2bWarehouseInput } from '../../../src/domain/schemas/b2b';
import type { Paged } from '../../../src/domain/paging';
import { lookupPincode } from '../pincodes/lookup';

// A seller's B2B warehouses: its own (the pickup points its consignments leave from) and its
// consignees' (where they go). City and state come from the pincode; a GSTIN must fit that state.
// Each may carry, per freight carrier, the name the carrier registered it under.

export type WarehouseRecord = typeof b2bWarehouses.$inferSelect;
type Registration = typeof b2bWarehouseRegistrations.$inferSelect;

export const NO_SUCH_WAREHOUSE = 'No such B2B warehouse';

/** City and state from the pincode; the GSTIN checked against that state (gstin.ts). */
export function placedParty(p: { pincode: string; gstin: string }): {
  city: string;
  state: string;
  gstin: string | null;
} {
  const place = lookupPincode(p.pincode);
  if (!place) throw badRequest(`${fieldLabel('pincode')}: unknown pincode ${p.pincode}`);
  if (!p.gstin) return { city: place.city, state: place.state, gstin: null };
  const problem = gstinProblem(p.gstin, place.state);
  if (problem) throw badRequest(`${fieldLabel('gstin')} ${problem}`);
  return { city: place.city, state: place.state, gstin: p.gstin };
}

export function toWarehouseRow(w: WarehouseRecord, registrations: readonly Registration[]): B2bWarehouseRow {
  return {
    warehouseId: w.id,
    warehouseKind: w.kind,
    warehouseKindText: B2B_WAREHOUSE_KINDS[w.kind],
    warehouseName: w.name,
    businessName: w.businessName,
    gstin: w.gstin,
    contactName: w.contactName,
    contactPhone: w.phone,
    contactEmail: w.email,
    addressLine1: w.addressLine1,
    addressLine2: w.addressLine2,
    pincode: w.pincode,
    city: w.city,
    state: w.state,
    registrations: registrations
      .filter((r) => r.warehouseId === w.id)
      .map((r) => ({
        carrierCode: r.carrierCode,
        carrierName: FREIGHT_CARRIERS[r.carrierCode as keyof typeof FREIGHT_CARRIERS] ?? r.carrierCode,
        registeredName: r.registeredName,
      })),
  };
}

async function registrationsOf(db: Executor, ids: number[]): Promise<Registration[]> {
  if (!ids.length) return [];
  return db
    .select()
    .from(b2bWarehouseRegistrations)
    .where(inArray(b2bWarehouseRegistrations.warehouseId, ids))
    .orderBy(asc(b2bWarehouseRegistrations.carrierCode));
}

/** The seller's warehouse of a kind, or null when it is not theirs or of another kind. */
export async function ownWarehouse(
  db: Executor,
  orgId: number,
  id: number,
  kind?: B2bWarehouseKind,
): Promise<B2bWarehouseRow | null> {
  const [w] = await db
    .select()
    .from(b2bWarehouses)
    .where(
      and(eq(b2bWarehouses.id, id), eq(b2bWarehouses.orgId, orgId), kind ? eq(b2bWarehouses.kind, kind) : undefined),
    );
  return w ? toWarehouseRow(w, await registrationsOf(db, [w.id])) : null;
}

export async function listB2bWarehouses(
  db: Db,
  orgId: number,
  q: { pageNumber: number; recordsPerPage: number; searchPattern?: string; warehouseKind?: B2bWarehouseKind },
): Promise<Paged<B2bWarehouseRow>> {
  const like = q.searchPattern ? containsPattern(q.searchPattern) : null;
  const where = and(
    eq(b2bWarehouses.orgId, orgId),
    q.warehouseKind ? eq(b2bWarehouses.kind, q.warehouseKind) : undefined,
    like
      ? or(
          ilike(b2bWarehouses.name, like),
          ilike(b2bWarehouses.businessName, like),
          ilike(b2bWarehouses.city, like),
          ilike(b2bWarehouses.pincode, like),
        )
      : undefined,
  );
  const [{ total }] = await db.select({ total: count() }).from(b2bWarehouses).where(where);
  const rows = await db
    .select()
    .from(b2bWarehouses)
    .where(where)
    .orderBy(asc(b2bWarehouses.kind), sql`lower(${b2bWarehouses.name})`, asc(b2bWarehouses.id))
    .limit(q.recordsPerPage)
    .offset(q.pageNumber * q.recordsPerPage);
  const registrations = await registrationsOf(
    db,
    rows.map((r) => r.id),
  );
  return {
    items: rows.map((r) => toWarehouseRow(r, registrations)),
    total,
    pageNumber: q.pageNumber,
    recordsPerPage: q.recordsPerPage,
  };
}

function columnsOf(input: B2bWarehouseInput) {
  const placed = placedParty(input);
  return {
    kind: input.warehouseKind,
    name: input.warehouseName,
    businessName: input.businessName,
    gstin: placed.gstin,
    contactName: input.contactName,
    phone: input.contactPhone,
    email: input.contactEmail,
    addressLine1: input.addressLine1,
    addressLine2: input.addressLine2,
    pincode: input.pincode,
    city: placed.city,
    state: placed.state,
  };
}

/** Writes the warehouse and its registrations (the ones given replace the ones it had), refusing a taken name. */
async function saved(db: Db, input: B2bWarehouseInput, write: (tx: Executor) => Promise<WarehouseRecord | undefined>) {
  try {
    return await db.transaction(async (tx) => {
      const w = await write(tx);
      if (!w) throw notFound(NO_SUCH_WAREHOUSE);
      await tx.delete(b2bWarehouseRegistrations).where(eq(b2bWarehouseRegistrations.warehouseId, w.id));
      if (input.registrations.length)
        await tx
          .insert(b2bWarehouseRegistrations)
          .values(input.registrations.map((r) => ({ warehouseId: w.id, ...r })));
      return toWarehouseRow(w, await registrationsOf(tx, [w.id]));
    });
  } catch (e) {
    if (isUniqueViolation(e))
      throw conflict(
        `You already have a ${input.warehouseKind === 'OWN' ? 'warehouse' : 'consignee warehouse'} named ${input.warehouseName}`,
      );
    throw e;
  }
}

export function createB2bWarehouse(db: Db, orgId: number, input: B2bWarehouseInput): Promise<B2bWarehouseRow> {
  const values = columnsOf(input);
  return saved(
    db,
    input,
    async (tx) =>
      (
        await tx
          .insert(b2bWarehouses)
          .values({ orgId, ...values })
          .returning()
      )[0],
  );
}

export function updateB2bWarehouse(
  db: Db,
  orgId: number,
  id: number,
  input: B2bWarehouseInput,
  now: Date,
): Promise<B2bWarehouseRow> {
  const values = columnsOf(input);
  return saved(
    db,
    input,
    async (tx) =>
      (
        await tx
          .update(b2bWarehouses)
          .set({ ...values, updatedAt: now })
          .where(and(eq(b2bWarehouses.id, id), eq(b2bWarehouses.orgId, orgId)))
          .returning()
      )[0],
  );
}

/** Deletes a warehouse no order leaves from (a consignee warehouse's orders keep their own copy of it). */
export async function deleteB2bWarehouse(db: Db, orgId: number, id: number): Promise<void> {
  await db.transaction(async (tx) => {
    const [w] = await tx
      .select({ id: b2bWarehouses.id })
      .from(b2bWarehouses)
      .where(and(eq(b2bWarehouses.id, id), eq(b2bWarehouses.orgId, orgId)))
      .for('update');
    if (!w) throw notFound(NO_SUCH_WAREHOUSE);
    const [{ used }] = await tx.select({ used: count() }).from(b2bOrders).where(eq(b2bOrders.originWarehouseId, id));
    if (used)
      throw conflict(
        `${used} B2B order${used === 1 ? ' leaves' : 's leave'} from this warehouse: it cannot be deleted`,
      );
    await tx.delete(b2bWarehouses).where(eq(b2bWarehouses.id, id));
  });
}
