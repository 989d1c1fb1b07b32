import { sql } from 'drizzle-orm';
import { boolean, index, integer, numeric, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { organisations } from './accounts';

// Seller setup: package types (more setup tables join this file as they arrive).

export const packageTypes = pgTable(
  'package_types',
  {
    id: serial('id').primaryKey(),
    orgId: integer('org_id').notNull().references(() => organisations.id),
    packageName: text('package_name').notNull(),
    packageType: text('package_type').notNull().default('Box'),
    /** centimetres, two decimals */
    lengthCm: numeric('length_cm', { precision: 7, scale: 2, mode: 'number' }).notNull(),
    breadthCm: numeric('breadth_cm', { precision: 7, scale: 2, mode: 'number' }).notNull(),
    heightCm: numeric('height_cm', { precision: 7, scale: 2, mode: 'number' }).notNull(),
    status: text('status').notNull().default('ACTIVE'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('package_types_org_idx').on(t.orgId, t.id),
    // one name per seller, so a package can be picked by name in uploads
    uniqueIndex('package_types_org_name_uq').on(t.orgId, sql`lower(${t.packageName})`),
  ],
);

export const warehouses = pgTable(
  'warehouses',
  {
    id: serial('id').primaryKey(),
    orgId: integer('org_id').notNull().references(() => organisations.id),
    warehouseName: text('warehouse_name').notNull(),
    contactName: text('contact_name').notNull(),
    contactEmail: text('contact_email').notNull(),
    contactPhone: text('contact_phone').notNull(),
    addressLine1: text('address_line1').notNull(),
    addressLine2: text('address_line2'),
    addressLine3: text('address_line3'),
    pincode: text('pincode').notNull(),
    city: text('city').notNull(),
    state: text('state').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('warehouses_org_idx').on(t.orgId, t.id), uniqueIndex('warehouses_org_name_uq').on(t.orgId, sql`lower(${t.warehouseName})`)],
);

export const pickupAddresses = pgTable(
  'pickup_addresses',
  {
    id: serial('id').primaryKey(),
    orgId: integer('org_id').notNull().references(() => organisations.id),
    entityName: text('entity_name').notNull(),
    phone: text('phone').notNull(),
    email: text('email').notNull(),
    addressLine1: text('address_line1').notNull(),
    addressLine2: text('address_line2'),
    pincode: text('pincode').notNull(),
    city: text('city').notNull(),
    state: text('state').notNull(),
    channel: text('channel').notNull().default('DAKIYA'),
    isPrimary: boolean('is_primary').notNull().default(false),
    /** set when the phone proved itself by OTP; cleared when the phone changes */
    verifiedAt: timestamp('verified_at', { withTimezone: true }),
    /** soft delete: orders keep their own copy of the address */
    deletedAt: timestamp('deleted_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('pickup_addresses_org_idx').on(t.orgId, t.id),
    // exactly one primary among a seller's live addresses
    uniqueIndex('pickup_addresses_one_primary_uq').on(t.orgId).where(sql`${t.isPrimary} and ${t.deletedAt} is null`),
  ],
);
