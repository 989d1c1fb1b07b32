import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  index,
  integer,
  numeric,
  pgTable,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { organisations } from './accounts';

// Seller setup: package types, warehouses, pickup addresses, products (with categories, channel
// mappings and CSV uploads) and customers.

export const packageTypes = pgTable(
  'package_types',
  {
    id: serial('id').primaryKey(),
    orgId: integer('org_id')
      .notNull()
      .references(() => organisations.id),
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
    orgId: integer('org_id')
      .notNull()
      .references(() => organisations.id),
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
  (t) => [
    index('warehouses_org_idx').on(t.orgId, t.id),
    uniqueIndex('warehouses_org_name_uq').on(t.orgId, sql`lower(${t.warehouseName})`),
  ],
);

export const pickupAddresses = pgTable(
  'pickup_addresses',
  {
    id: serial('id').primaryKey(),
    orgId: integer('org_id')
      .notNull()
      .references(() => organisations.id),
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
    uniqueIndex('pickup_addresses_one_primary_uq')
      .on(t.orgId)
      .where(sql`${t.isPrimary} and ${t.deletedAt} is null`),
  ],
);

/** Reference list of product categories (seeded; shared by every seller). */
export const productCategories = pgTable('product_categories', {
  id: serial('id').primaryKey(),
  name: text('name').notNull().unique(),
  sortOrder: integer('sort_order').notNull().default(0),
});

export const products = pgTable(
  'products',
  {
    id: serial('id').primaryKey(),
    orgId: integer('org_id')
      .notNull()
      .references(() => organisations.id),
    productName: text('product_name').notNull(),
    /** master SKU, unique per seller regardless of case */
    sku: text('sku').notNull(),
    categoryId: integer('category_id').references(() => productCategories.id),
    pricePaise: bigint('price_paise', { mode: 'number' }).notNull(),
    inventoryManaged: boolean('inventory_managed').notNull().default(false),
    availableInventory: integer('available_inventory').notNull().default(0),
    notifyThreshold: integer('notify_threshold').notNull().default(0),
    enabled: boolean('enabled').notNull().default(true),
    /** per unit: dead weight in kg, dimensions in cm */
    weightKg: numeric('weight_kg', { precision: 7, scale: 2, mode: 'number' }).notNull(),
    lengthCm: numeric('length_cm', { precision: 7, scale: 2, mode: 'number' }).notNull(),
    breadthCm: numeric('breadth_cm', { precision: 7, scale: 2, mode: 'number' }).notNull(),
    heightCm: numeric('height_cm', { precision: 7, scale: 2, mode: 'number' }).notNull(),
    hsnCode: text('hsn_code').notNull().default(''),
    /** GST percent, e.g. 18 or 0.25 */
    taxRatePercent: numeric('tax_rate_percent', { precision: 5, scale: 2, mode: 'number' }).notNull(),
    /** set when a stock alert went out; cleared when stock rises above the threshold again */
    stockAlertSentAt: timestamp('stock_alert_sent_at', { withTimezone: true }),
    /** the upload that created the row, if any */
    uploadId: integer('upload_id'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('products_org_idx').on(t.orgId, t.id),
    uniqueIndex('products_org_sku_uq').on(t.orgId, sql`lower(${t.sku})`),
  ],
);

/** A product's listing on a sales channel, kept for channel order sync. */
export const productChannelMappings = pgTable(
  'product_channel_mappings',
  {
    id: serial('id').primaryKey(),
    orgId: integer('org_id')
      .notNull()
      .references(() => organisations.id),
    productId: integer('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    channelProductId: text('channel_product_id').notNull(),
    storeId: text('store_id').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('product_channel_mappings_product_idx').on(t.productId),
    uniqueIndex('product_channel_mappings_uq').on(t.orgId, t.storeId, t.channelProductId),
  ],
);

/** A seller's buyer, created and updated from orders; one per seller and phone number. */
export const customers = pgTable(
  'customers',
  {
    id: serial('id').primaryKey(),
    orgId: integer('org_id')
      .notNull()
      .references(() => organisations.id),
    entityName: text('entity_name').notNull(),
    phone: text('phone').notNull(),
    email: text('email').notNull().default(''),
    addressLine1: text('address_line1').notNull(),
    addressLine2: text('address_line2').notNull().default(''),
    pincode: text('pincode').notNull(),
    city: text('city').notNull(),
    state: text('state').notNull(),
    channel: text('channel').notNull().default('DAKIYA'),
    ordersCount: integer('orders_count').notNull().default(0),
    lastOrderAt: timestamp('last_order_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('customers_org_idx').on(t.orgId, t.id), uniqueIndex('customers_org_phone_uq').on(t.orgId, t.phone)],
);
