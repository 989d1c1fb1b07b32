import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  check,
  date,
  index,
  integer,
  pgTable,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { accounts, organisations } from './accounts';
import { shipments } from './shipping';

// COD remittance: couriers pay the cash they collected to the platform (a remittance file per
// courier per cycle, its lines one delivered COD shipment each), and the platform pays each
// seller on its payout days (a payout, its lines one shipment each, plus the early-COD fee and
// what was deducted for a negative wallet). A shipment is in at most one courier line and at most
// one payout line (unique indexes): it is paid out exactly once, or its payout is held.

/** A seller's COD settings: early COD (D+2 or D+3 for a fee) and where payouts go. */
export const codSettings = pgTable(
  'cod_settings',
  {
    orgId: integer('org_id')
      .primaryKey()
      .references(() => organisations.id),
    /** null (the plan's cycle), or the early-COD day count (2 or 3) */
    earlyCodDays: integer('early_cod_days'),
    /** the fee in basis points of the COD amount, as agreed when opting in */
    earlyCodFeeBps: integer('early_cod_fee_bps').notNull().default(0),
    /** shipments delivered from this moment on are paid early */
    earlyCodSince: timestamp('early_cod_since', { withTimezone: true }),
    /** pay COD into the wallet instead of the bank account */
    payToWallet: boolean('pay_to_wallet').notNull().default(false),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull(),
  },
  (t) => [check('cod_settings_early_ck', sql`${t.earlyCodDays} is null or ${t.earlyCodDays} in (2, 3)`)],
);

/** A courier's remittance: the COD it collected, paid to the platform with its bank reference. */
export const courierRemittances = pgTable(
  'courier_remittances',
  {
    id: serial('id').primaryKey(),
    carrierCode: text('carrier_code').notNull(),
    /** the courier's own reference of the file: once per courier */
    reference: text('reference').notNull(),
    utr: text('utr').notNull(),
    remittedAt: timestamp('remitted_at', { withTimezone: true }).notNull(),
    totalPaise: bigint('total_paise', { mode: 'number' }).notNull(),
    lineCount: integer('line_count').notNull(),
    /** lines the file listed that were not a delivered COD shipment of that courier, or seen before */
    refusedCount: integer('refused_count').notNull().default(0),
    receivedAt: timestamp('received_at', { withTimezone: true }).notNull(),
  },
  (t) => [uniqueIndex('courier_remittances_ref_uq').on(t.carrierCode, t.reference)],
);

export const courierRemittanceLines = pgTable(
  'courier_remittance_lines',
  {
    id: serial('id').primaryKey(),
    remittanceId: integer('remittance_id')
      .notNull()
      .references(() => courierRemittances.id),
    shipmentId: integer('shipment_id')
      .notNull()
      .references(() => shipments.id),
    awb: text('awb').notNull(),
    amountPaise: bigint('amount_paise', { mode: 'number' }).notNull(),
  },
  (t) => [
    uniqueIndex('courier_remittance_lines_shipment_uq').on(t.shipmentId),
    index('courier_remittance_lines_remittance_idx').on(t.remittanceId),
  ],
);

/**
 * One payout of a seller on one payout day. Status: ON_HOLD (with a reason) → AWAITING_TRANSFER
 * (bank) → PAID (staff entered the bank's UTR), or PAID at once into the wallet.
 */
export const codPayouts = pgTable(
  'cod_payouts',
  {
    id: serial('id').primaryKey(),
    orgId: integer('org_id')
      .notNull()
      .references(() => organisations.id),
    payoutDate: date('payout_date').notNull(),
    /** BANK | WALLET */
    method: text('method').notNull(),
    status: text('status').notNull(),
    /** KYC | BANK_ACCOUNT | STAFF while on hold */
    holdCode: text('hold_code'),
    holdReason: text('hold_reason'),
    grossPaise: bigint('gross_paise', { mode: 'number' }).notNull(),
    feePaise: bigint('fee_paise', { mode: 'number' }).notNull().default(0),
    deductionPaise: bigint('deduction_paise', { mode: 'number' }).notNull().default(0),
    netPaise: bigint('net_paise', { mode: 'number' }).notNull(),
    shipmentCount: integer('shipment_count').notNull(),
    bankAccountId: integer('bank_account_id'),
    bankLabel: text('bank_label'),
    utr: text('utr'),
    comments: text('comments').notNull().default(''),
    paidAt: timestamp('paid_at', { withTimezone: true }),
    paidBy: integer('paid_by').references(() => accounts.id),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    uniqueIndex('cod_payouts_org_day_uq').on(t.orgId, t.payoutDate),
    // a bank transfer's reference pays one payout
    uniqueIndex('cod_payouts_utr_uq').on(t.utr),
    index('cod_payouts_status_idx').on(t.status, t.payoutDate),
    check('cod_payouts_status_ck', sql`${t.status} in ('ON_HOLD', 'AWAITING_TRANSFER', 'PAID')`),
    check('cod_payouts_method_ck', sql`${t.method} in ('BANK', 'WALLET')`),
    check(
      'cod_payouts_sums_ck',
      sql`${t.netPaise} = ${t.grossPaise} - ${t.feePaise} - ${t.deductionPaise} and ${t.netPaise} >= 0`,
    ),
  ],
);

/**
 * A payout's lines: SHIPMENT (one delivered COD shipment, +amount; advance when the courier had
 * not remitted it yet: early COD), EARLY_COD_FEE (−fee) and WALLET_DEDUCTION (−what covered a
 * negative wallet).
 */
export const codPayoutLines = pgTable(
  'cod_payout_lines',
  {
    id: serial('id').primaryKey(),
    payoutId: integer('payout_id')
      .notNull()
      .references(() => codPayouts.id),
    orgId: integer('org_id').notNull(),
    kind: text('kind').notNull(),
    shipmentId: integer('shipment_id').references(() => shipments.id),
    awb: text('awb'),
    orderNumber: text('order_number'),
    carrierCode: text('carrier_code'),
    deliveredAt: timestamp('delivered_at', { withTimezone: true }),
    amountPaise: bigint('amount_paise', { mode: 'number' }).notNull(),
    /** the early-COD fee of this shipment (its share of the fee line) */
    feePaise: bigint('fee_paise', { mode: 'number' }).notNull().default(0),
    advance: boolean('advance').notNull().default(false),
    description: text('description').notNull().default(''),
  },
  (t) => [
    uniqueIndex('cod_payout_lines_shipment_uq').on(t.shipmentId),
    index('cod_payout_lines_payout_idx').on(t.payoutId),
    check('cod_payout_lines_kind_ck', sql`${t.kind} in ('SHIPMENT', 'EARLY_COD_FEE', 'WALLET_DEDUCTION')`),
    check('cod_payout_lines_shipment_ck', sql`(${t.kind} = 'SHIPMENT') = (${t.shipmentId} is not null)`),
  ],
);
