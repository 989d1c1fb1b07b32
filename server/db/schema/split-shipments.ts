import { bigint, integer, jsonb, numeric, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import type { PackageLine } from '../../../src/domain/split-shipments';
import { organisations } from './accounts';
import { orders } from './orders';

/**
 * The packages of a split order (docs/decisions/split-shipments.md): which items go in each,
 * its weight and size, its share of the COD amount and its own status. By item, a package has
 * its own shipment (shipments.package_id); by box, each is a piece of one multi-piece shipment
 * and carries its child AWB under the order's master AWB.
 */
export const orderPackages = pgTable(
  'order_packages',
  {
    id: serial('id').primaryKey(),
    orgId: integer('org_id')
      .notNull()
      .references(() => organisations.id),
    orderId: integer('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    /** 1, 2, … as labels print "1 of 2" */
    packageNo: integer('package_no').notNull(),
    lines: jsonb('lines').$type<PackageLine[]>().notNull(),
    deadWeightKg: numeric('dead_weight_kg', { precision: 7, scale: 2, mode: 'number' }).notNull(),
    lengthCm: numeric('length_cm', { precision: 7, scale: 2, mode: 'number' }).notNull(),
    breadthCm: numeric('breadth_cm', { precision: 7, scale: 2, mode: 'number' }).notNull(),
    heightCm: numeric('height_cm', { precision: 7, scale: 2, mode: 'number' }).notNull(),
    /** what the courier collects with this package (COD orders: the order's amount shared by value) */
    codAmountPaise: bigint('cod_amount_paise', { mode: 'number' }).notNull().default(0),
    /** the package's own forward status; the order's follows all of them */
    status: text('status').notNull().default('RTS'),
    /** a piece of a multi-piece shipment: its AWB under the master */
    childAwb: text('child_awb'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('order_packages_order_no_uq').on(t.orderId, t.packageNo)],
);
