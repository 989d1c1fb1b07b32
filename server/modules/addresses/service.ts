import { ADDRESS_SORT } from '../../../src/domain/schemas/setup';
import { and, asc, count, desc, eq, ilike, isNull, ne, or, sql } from 'drizzle-orm';
import type { AppDeps } from '../../deps';
import type { Db, Executor } from '../../db/client';
import { organisations, pickupAddresses } from '../../db/schema';
import { badRequest, forbidden, notFound } from '../../http/errors';
import { containsPattern } from '../../http/paging';
import type { Paged } from '../../../src/domain/paging';
import type { PickupAddressRow } from '../../../src/domain/setup-contract';
import type { PickupAddressInput } from '../../../src/domain/schemas/setup';
import { MSG } from '../../../src/domain/messages';
import { pickupAddressAllowance } from '../../../src/domain/plans';
import { lookupPincode } from '../pincodes/lookup';
import { checkOtp, otpFailure, sendOtp } from '../otp/service';

// A seller's pickup addresses: exactly one primary among the live ones, soft delete, and a
// phone that must prove itself by OTP before the address can be used for shipping.

type Row = typeof pickupAddresses.$inferSelect;

function toRow(r: Row): PickupAddressRow {
  return {
    addressId: r.id,
    entityName: r.entityName,
    phoneNumber: r.phone,
    email: r.email,
    address: [r.addressLine1, r.addressLine2, `${r.city}, ${r.state} ${r.pincode}`].filter(Boolean).join(', '),
    addressLine1: r.addressLine1,
    addressLine2: r.addressLine2 ?? '',
    pincode: r.pincode,
    city: r.city,
    state: r.state,
    channel: r.channel,
    primaryAddressFlag: r.isPrimary,
    verified: r.verifiedAt !== null,
  };
}

const live = (orgId: number, id?: number) =>
  and(
    eq(pickupAddresses.orgId, orgId),
    isNull(pickupAddresses.deletedAt),
    id === undefined ? undefined : eq(pickupAddresses.id, id),
  );

async function liveAddress(db: Executor, orgId: number, id: number): Promise<Row> {
  const [row] = await db.select().from(pickupAddresses).where(live(orgId, id));
  if (!row) throw notFound('No such pickup address');
  return row;
}

function located(input: PickupAddressInput) {
  const place = lookupPincode(input.pincode);
  if (!place) throw badRequest(`Unknown pincode ${input.pincode}`);
  return {
    entityName: input.entityName,
    phone: input.phoneNumber,
    email: input.email,
    addressLine1: input.addressLine1,
    addressLine2: input.addressLine2 || null,
    pincode: input.pincode,
    city: place.city,
    state: place.state,
  };
}

export async function listAddresses(
  db: Db,
  orgId: number,
  q: {
    pageNumber: number;
    recordsPerPage: number;
    searchPattern?: string;
    sortBy: (typeof ADDRESS_SORT)[number];
    sortOrder: 'ASC' | 'DESC';
  },
): Promise<Paged<PickupAddressRow>> {
  const like = q.searchPattern ? containsPattern(q.searchPattern) : null;
  const where = and(
    live(orgId),
    like
      ? or(
          ilike(pickupAddresses.entityName, like),
          ilike(pickupAddresses.phone, like),
          ilike(pickupAddresses.email, like),
          ilike(pickupAddresses.city, like),
        )
      : undefined,
  );
  const column = {
    entityName: sql`lower(${pickupAddresses.entityName})`,
    city: sql`lower(${pickupAddresses.city})`,
    createdAt: pickupAddresses.createdAt,
  }[q.sortBy];
  const [{ total }] = await db.select({ total: count() }).from(pickupAddresses).where(where);
  const rows = await db
    .select()
    .from(pickupAddresses)
    .where(where)
    // the primary address first, then the chosen order
    .orderBy(
      desc(pickupAddresses.isPrimary),
      q.sortOrder === 'DESC' ? desc(column) : asc(column),
      asc(pickupAddresses.id),
    )
    .limit(q.recordsPerPage)
    .offset(q.pageNumber * q.recordsPerPage);
  return { items: rows.map(toRow), total, pageNumber: q.pageNumber, recordsPerPage: q.recordsPerPage };
}

export async function addAddress(db: Db, orgId: number, input: PickupAddressInput): Promise<PickupAddressRow> {
  const values = located(input);
  return db.transaction(async (tx) => {
    // the first live address of a seller becomes the primary one
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`pickup-primary:${orgId}`}))`);
    const [{ n }] = await tx.select({ n: count() }).from(pickupAddresses).where(live(orgId));
    const [org] = await tx
      .select({ plan: organisations.subscriptionType })
      .from(organisations)
      .where(eq(organisations.id, orgId));
    if (n >= pickupAddressAllowance(org.plan)) throw forbidden(MSG.singlePickupAddress);
    const [row] = await tx
      .insert(pickupAddresses)
      .values({ orgId, ...values, isPrimary: n === 0 })
      .returning();
    return toRow(row);
  });
}

export async function editAddress(
  db: Db,
  orgId: number,
  id: number,
  input: PickupAddressInput,
  now: Date,
): Promise<PickupAddressRow> {
  const before = await liveAddress(db, orgId, id);
  const values = located(input);
  const [row] = await db
    .update(pickupAddresses)
    // a new phone number has to prove itself again
    .set({ ...values, verifiedAt: values.phone === before.phone ? before.verifiedAt : null, updatedAt: now })
    .where(live(orgId, id))
    .returning();
  if (!row) throw notFound('No such pickup address');
  return toRow(row);
}

export async function markPrimary(db: Db, orgId: number, id: number, now: Date): Promise<PickupAddressRow> {
  return db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`pickup-primary:${orgId}`}))`);
    await liveAddress(tx, orgId, id);
    await tx
      .update(pickupAddresses)
      .set({ isPrimary: false, updatedAt: now })
      .where(and(live(orgId), ne(pickupAddresses.id, id), eq(pickupAddresses.isPrimary, true)));
    const [row] = await tx
      .update(pickupAddresses)
      .set({ isPrimary: true, updatedAt: now })
      .where(live(orgId, id))
      .returning();
    return toRow(row);
  });
}

export async function deleteAddress(db: Db, orgId: number, id: number, now: Date): Promise<{ deleted: true }> {
  const [row] = await db
    .update(pickupAddresses)
    .set({ deletedAt: now, isPrimary: false, updatedAt: now })
    .where(live(orgId, id))
    .returning({ id: pickupAddresses.id });
  if (!row) throw notFound('No such pickup address');
  return { deleted: true };
}

const otpTarget = (row: Row) => `${row.id}:${row.phone}`;

export async function sendAddressOtp(
  deps: AppDeps,
  orgId: number,
  id: number,
  ip: string,
): Promise<{ message: string; phoneNumber: string }> {
  const row = await liveAddress(deps.db, orgId, id);
  await sendOtp(deps, {
    purpose: 'PICKUP_PHONE',
    target: otpTarget(row),
    ip,
    deliveries: [{ channel: 'SMS', to: row.phone }],
  });
  return { message: MSG.phoneOtpSent, phoneNumber: row.phone };
}

export async function verifyAddressOtp(
  deps: AppDeps,
  orgId: number,
  id: number,
  code: string,
  phoneNumber: string,
): Promise<PickupAddressRow> {
  const row = await liveAddress(deps.db, orgId, id);
  if (row.phone !== phoneNumber) throw badRequest('phoneNumber does not match this pickup address');
  const result = await checkOtp(deps, { purpose: 'PICKUP_PHONE', target: otpTarget(row), code, consume: true });
  if (result !== 'OK') throw otpFailure(result, MSG.incorrectOtp);
  const now = deps.now();
  const [updated] = await deps.db
    .update(pickupAddresses)
    .set({ verifiedAt: now, updatedAt: now })
    .where(live(orgId, id))
    .returning();
  return toRow(updated);
}
