import { and, asc, count, eq, ilike, or, sql } from 'drizzle-orm';
import type { Db, Executor } from '../../db/client';
import { customers } from '../../db/schema';
import { containsPattern } from '../../http/paging';
import type { Paged } from '../../../src/domain/paging';
import type { CustomerRow } from '../../../src/domain/setup-contract';
import type { CUSTOMER_SORT, RegisterCustomerInput } from '../../../src/domain/schemas/setup';
import { MSG } from '../../../src/domain/messages';
import { badRequest, conflict, notFound } from '../../http/errors';
import { isUniqueViolation } from '../../db/unique-violation';
import { lookupPincode } from '../pincodes/lookup';

// A seller's buyers. Nobody types them in: every order creates or refreshes its buyer, keyed by
// phone number, so the list is the seller's real customer book.

type Row = typeof customers.$inferSelect;

export type CustomerQuery = {
  pageNumber: number;
  recordsPerPage: number;
  searchPattern?: string;
  sortBy: (typeof CUSTOMER_SORT)[number];
  sortOrder: 'ASC' | 'DESC';
};

function toRow(r: Row): CustomerRow {
  return {
    customerId: r.id,
    entityName: r.entityName,
    phoneNumber: r.phone,
    email: r.email,
    address: [r.addressLine1, r.addressLine2, r.city, r.state, r.pincode].filter(Boolean).join(', '),
    pincode: r.pincode,
    city: r.city,
    state: r.state,
    channel: r.channel,
    ordersCount: r.ordersCount,
    lastOrderAt: r.lastOrderAt?.toISOString() ?? null,
  };
}

export async function listCustomers(db: Db, orgId: number, q: CustomerQuery): Promise<Paged<CustomerRow>> {
  const like = q.searchPattern ? containsPattern(q.searchPattern) : null;
  const where = and(
    eq(customers.orgId, orgId),
    like
      ? or(
          ilike(customers.entityName, like),
          ilike(customers.phone, like),
          ilike(customers.email, like),
          ilike(customers.city, like),
          ilike(customers.pincode, like),
        )
      : undefined,
  );
  const column = {
    entityName: sql`lower(${customers.entityName})`,
    createdAt: customers.createdAt,
    lastOrderAt: customers.lastOrderAt,
    ordersCount: customers.ordersCount,
  }[q.sortBy];
  const [{ total }] = await db.select({ total: count() }).from(customers).where(where);
  const rows = await db
    .select()
    .from(customers)
    .where(where)
    .orderBy(q.sortOrder === 'DESC' ? sql`${column} desc nulls last` : asc(column), asc(customers.id))
    .limit(q.recordsPerPage)
    .offset(q.pageNumber * q.recordsPerPage);
  return { items: rows.map(toRow), total, pageNumber: q.pageNumber, recordsPerPage: q.recordsPerPage };
}

export interface OrderBuyer {
  entityName: string;
  phone: string;
  email?: string;
  addressLine1: string;
  addressLine2?: string;
  pincode: string;
  city: string;
  state: string;
  channel: string;
}

/**
 * Creates the buyer of an order, or refreshes their details and counts one more order. One
 * statement (insert … on conflict), so two orders of a new buyer at once make one customer.
 */
export async function upsertCustomerFromOrder(
  db: Executor,
  orgId: number,
  buyer: OrderBuyer,
  orderedAt: Date,
): Promise<CustomerRow> {
  const values = {
    orgId,
    entityName: buyer.entityName,
    phone: buyer.phone,
    email: buyer.email ?? '',
    addressLine1: buyer.addressLine1,
    addressLine2: buyer.addressLine2 ?? '',
    pincode: buyer.pincode,
    city: buyer.city,
    state: buyer.state,
    channel: buyer.channel,
    ordersCount: 1,
    lastOrderAt: orderedAt,
  };
  const [row] = await db
    .insert(customers)
    .values(values)
    .onConflictDoUpdate({
      target: [customers.orgId, customers.phone],
      set: {
        entityName: values.entityName,
        // an order without an email keeps the one we know
        email: sql`coalesce(nullif(excluded.email, ''), ${customers.email})`,
        addressLine1: values.addressLine1,
        addressLine2: values.addressLine2,
        pincode: values.pincode,
        city: values.city,
        state: values.state,
        channel: values.channel,
        ordersCount: sql`${customers.ordersCount} + 1`,
        lastOrderAt: sql`greatest(${customers.lastOrderAt}, excluded.last_order_at)`,
        updatedAt: orderedAt,
      },
    })
    .returning();
  return toRow(row);
}

export async function customerCount(db: Db, orgId: number): Promise<number> {
  const [{ total }] = await db.select({ total: count() }).from(customers).where(eq(customers.orgId, orgId));
  return total;
}

/** The channel of a customer the owner registered by hand rather than one an order brought. */
export const REGISTERED_CHANNEL = 'REGISTERED';

/**
 * The owner registers a customer in the seller's book (spec: owner/register/customer). The book is
 * keyed by phone, as orders key it: a number already in it is a 409, and a later order of that
 * buyer refreshes this row and counts on it.
 */
export async function registerCustomer(
  db: Db,
  orgId: number,
  input: RegisterCustomerInput,
  now: Date,
): Promise<CustomerRow> {
  const place = lookupPincode(input.pincode);
  if (!place) throw badRequest(`Pincode: ${input.pincode} is not a pincode we know`);
  try {
    const [row] = await db
      .insert(customers)
      .values({
        orgId,
        entityName: input.customerName,
        phone: input.phoneNumber,
        email: input.email,
        addressLine1: input.addressLine1,
        addressLine2: input.addressLine2,
        pincode: input.pincode,
        city: place.city,
        state: place.state,
        channel: REGISTERED_CHANNEL,
        ordersCount: 0,
        createdAt: now,
        updatedAt: now,
      })
      .returning();
    return toRow(row);
  } catch (e) {
    if (isUniqueViolation(e)) throw conflict('Phone number: a customer with this number is already in your book');
    throw e;
  }
}

/** One customer of the seller's book; another seller's, or none, is 'invalid Customer id' (404). */
export async function customerById(db: Db, orgId: number, customerId: number): Promise<CustomerRow> {
  const [row] = await db
    .select()
    .from(customers)
    .where(and(eq(customers.orgId, orgId), eq(customers.id, customerId)));
  if (!row) throw notFound(MSG.invalidCustomerId);
  return toRow(row);
}
