import { WAREHOUSE_SORT } from '../../../src/domain/schemas/setup';
import { and, asc, count, desc, eq, ilike, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { isUniqueViolation } from '../../db/unique-violation';
import { warehouses } from '../../db/schema';
import { badRequest, conflict, notFound } from '../../http/errors';
import { containsPattern } from '../../http/paging';
import type { Paged } from '../../../src/domain/paging';
import type { WarehouseRow } from '../../../src/domain/setup-contract';
import type { WarehouseInput } from '../../../src/domain/schemas/setup';
import { lookupPincode } from '../pincodes/lookup';

// A seller's warehouses; city and state always come from the pincode, never from the form.

type Row = typeof warehouses.$inferSelect;

function toRow(r: Row): WarehouseRow {
  return {
    warehouseId: r.id,
    warehouseName: r.warehouseName,
    contactName: r.contactName,
    contactEmail: r.contactEmail,
    contactPhone: r.contactPhone,
    addressLine1: r.addressLine1,
    addressLine2: r.addressLine2 ?? '',
    addressLine3: r.addressLine3 ?? '',
    pincode: r.pincode,
    city: r.city,
    state: r.state,
  };
}

function located(input: WarehouseInput) {
  const place = lookupPincode(input.pincode);
  if (!place) throw badRequest(`Unknown pincode ${input.pincode}`);
  return { ...input, city: place.city, state: place.state };
}

async function uniqueName<T>(name: string, write: () => Promise<T>): Promise<T> {
  try {
    return await write();
  } catch (e) {
    if (isUniqueViolation(e)) throw conflict(`A warehouse named ${name} already exists`);
    throw e;
  }
}

export async function listWarehouses(
  db: Db,
  orgId: number,
  q: {
    pageNumber: number;
    recordsPerPage: number;
    searchPattern?: string;
    sortBy: (typeof WAREHOUSE_SORT)[number];
    sortOrder: 'ASC' | 'DESC';
  },
): Promise<Paged<WarehouseRow>> {
  const like = q.searchPattern ? containsPattern(q.searchPattern) : null;
  const where = and(
    eq(warehouses.orgId, orgId),
    like
      ? or(
          ilike(warehouses.warehouseName, like),
          ilike(warehouses.contactName, like),
          ilike(warehouses.city, like),
          ilike(warehouses.pincode, like),
        )
      : undefined,
  );
  const column = {
    warehouseName: sql`lower(${warehouses.warehouseName})`,
    city: sql`lower(${warehouses.city})`,
    createdAt: warehouses.createdAt,
  }[q.sortBy];
  const [{ total }] = await db.select({ total: count() }).from(warehouses).where(where);
  const rows = await db
    .select()
    .from(warehouses)
    .where(where)
    .orderBy(q.sortOrder === 'DESC' ? desc(column) : asc(column), asc(warehouses.id))
    .limit(q.recordsPerPage)
    .offset(q.pageNumber * q.recordsPerPage);
  return { items: rows.map(toRow), total, pageNumber: q.pageNumber, recordsPerPage: q.recordsPerPage };
}

export async function createWarehouse(db: Db, orgId: number, input: WarehouseInput): Promise<WarehouseRow> {
  const values = located(input);
  return uniqueName(input.warehouseName, async () =>
    toRow(
      (
        await db
          .insert(warehouses)
          .values({ orgId, ...values })
          .returning()
      )[0],
    ),
  );
}

export async function updateWarehouse(
  db: Db,
  orgId: number,
  id: number,
  input: WarehouseInput,
  now: Date,
): Promise<WarehouseRow> {
  const values = located(input);
  return uniqueName(input.warehouseName, async () => {
    const [row] = await db
      .update(warehouses)
      .set({ ...values, updatedAt: now })
      .where(and(eq(warehouses.id, id), eq(warehouses.orgId, orgId)))
      .returning();
    if (!row) throw notFound('No such warehouse');
    return toRow(row);
  });
}

export async function deleteWarehouse(db: Db, orgId: number, id: number): Promise<void> {
  const gone = await db
    .delete(warehouses)
    .where(and(eq(warehouses.id, id), eq(warehouses.orgId, orgId)))
    .returning({ id: warehouses.id });
  if (!gone.length) throw notFound('No such warehouse');
}
