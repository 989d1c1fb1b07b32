import { PACKAGE_SORT } from '../../../src/domain/schemas/setup';
import { and, asc, count, desc, eq, ilike, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { isUniqueViolation } from '../../db/unique-violation';
import { organisations, packageTypes } from '../../db/schema';
import { conflict, notFound } from '../../http/errors';
import { containsPattern } from '../../http/paging';
import type { Paged } from '../../../src/domain/paging';
import type { PackageTypeRow } from '../../../src/domain/setup-contract';
import type { PackageTypeInput } from '../../../src/domain/schemas/setup';
import { volumetricWeightKg } from '../../../src/domain/weights';

// Package types of one seller: every query is scoped by the organisation.

type Row = typeof packageTypes.$inferSelect;

function toRow(r: Row): PackageTypeRow {
  return {
    packageTypeId: r.id,
    packageName: r.packageName,
    packageType: r.packageType,
    packageLength: r.lengthCm,
    packageBreadth: r.breadthCm,
    packageHeight: r.heightCm,
    volWeight: volumetricWeightKg({ lengthCm: r.lengthCm, breadthCm: r.breadthCm, heightCm: r.heightCm }),
    status: r.status as PackageTypeRow['status'],
  };
}

const nameTaken = (name: string) => conflict(`A package named ${name} already exists`);

export async function listPackageTypes(
  db: Db,
  orgId: number,
  q: {
    pageNumber: number;
    recordsPerPage: number;
    searchPattern?: string;
    sortBy: (typeof PACKAGE_SORT)[number];
    sortOrder: 'ASC' | 'DESC';
  },
): Promise<Paged<PackageTypeRow>> {
  const where = and(
    eq(packageTypes.orgId, orgId),
    q.searchPattern ? ilike(packageTypes.packageName, containsPattern(q.searchPattern)) : undefined,
  );
  const column = {
    packageName: sql`lower(${packageTypes.packageName})`,
    volWeight: sql`${packageTypes.lengthCm} * ${packageTypes.breadthCm} * ${packageTypes.heightCm}`,
    createdAt: packageTypes.createdAt,
  }[q.sortBy];
  const order = q.sortOrder === 'DESC' ? desc(column) : asc(column);
  const [{ total }] = await db.select({ total: count() }).from(packageTypes).where(where);
  const rows = await db
    .select()
    .from(packageTypes)
    .where(where)
    .orderBy(order, asc(packageTypes.id))
    .limit(q.recordsPerPage)
    .offset(q.pageNumber * q.recordsPerPage);
  return { items: rows.map(toRow), total, pageNumber: q.pageNumber, recordsPerPage: q.recordsPerPage };
}

export async function createPackageType(db: Db, orgId: number, input: PackageTypeInput): Promise<PackageTypeRow> {
  try {
    const [row] = await db
      .insert(packageTypes)
      .values({
        orgId,
        packageName: input.packageName,
        packageType: input.packageType,
        lengthCm: input.packageLength,
        breadthCm: input.packageBreadth,
        heightCm: input.packageHeight,
      })
      .returning();
    return toRow(row);
  } catch (e) {
    if (isUniqueViolation(e)) throw nameTaken(input.packageName);
    throw e;
  }
}

export async function updatePackageType(
  db: Db,
  orgId: number,
  id: number,
  input: PackageTypeInput,
  now: Date,
): Promise<PackageTypeRow> {
  try {
    const [row] = await db
      .update(packageTypes)
      .set({
        packageName: input.packageName,
        packageType: input.packageType,
        lengthCm: input.packageLength,
        breadthCm: input.packageBreadth,
        heightCm: input.packageHeight,
        updatedAt: now,
      })
      .where(and(eq(packageTypes.id, id), eq(packageTypes.orgId, orgId)))
      .returning();
    if (!row) throw notFound('No such package type');
    return toRow(row);
  } catch (e) {
    if (isUniqueViolation(e)) throw nameTaken(input.packageName);
    throw e;
  }
}

export async function setPackageStatus(
  db: Db,
  orgId: number,
  id: number,
  status: 'ACTIVE' | 'INACTIVE',
  now: Date,
): Promise<PackageTypeRow> {
  const [row] = await db
    .update(packageTypes)
    .set({ status, updatedAt: now })
    .where(and(eq(packageTypes.id, id), eq(packageTypes.orgId, orgId)))
    .returning();
  if (!row) throw notFound('No such package type');
  return toRow(row);
}

export async function deletePackageType(db: Db, orgId: number, id: number): Promise<void> {
  const deleted = await db
    .delete(packageTypes)
    .where(and(eq(packageTypes.id, id), eq(packageTypes.orgId, orgId)))
    .returning({ id: packageTypes.id });
  if (!deleted.length) throw notFound('No such package type');
}

export async function setSmartPackageSelection(
  db: Db,
  orgId: number,
  activated: boolean,
): Promise<{ smartPackageSelectionEnabled: boolean }> {
  await db.update(organisations).set({ smartPackageSelectionEnabled: activated }).where(eq(organisations.id, orgId));
  return { smartPackageSelectionEnabled: activated };
}
