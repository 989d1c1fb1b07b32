import { sql, type SQL } from 'drizzle-orm';
import type { AppDeps } from '../../deps';
import type { Db, Tx, Executor } from '../../db/client';
import { notifyPayoutsPaid } from '../notices/notify';
import { queryRows } from '../../db/rows';
import { csvText, type Cell } from '../../http/csv';
import { ApiError, conflict, notFound } from '../../http/errors';
import { isUniqueViolation } from '../../db/unique-violation';
import { spendableWallet } from '../wallet/spendable';
import { settlePayouts, unpaidDeliveredCod, COD_HOLD_TEXT } from './cycle';
import { codRemittanceDays } from '../../../src/domain/plans';
import { carrierName } from '../../../src/domain/shipping/carriers';
import { formatDay, formatDateTime } from '../../../src/domain/format';
import {
  EARLY_COD_OPTIONS,
  PAYOUT_LINE_LABELS,
  PAYOUT_STATUS_LABELS,
  PAYOUT_WEEKDAY_NAMES,
  addDays,
  earlyCodFeePaise,
  earlyCodOption,
  expectedPayoutDay,
  formatPercentBps,
  istDate,
  payoutDayEnd,
  type HoldCode,
  type PayoutLineKind,
  type PayoutStatus,
} from '../../../src/domain/cod-remittance';
import type {
  CodForecast,
  CodSettings,
  ForecastDay,
  PayoutDetail,
  PayoutLine,
  PayoutRow,
  SellerPayoutList,
  StaffPaidList,
  StaffPendingList,
} from '../../../src/domain/cod-contract';
import type { EarlyCodInput, MarkPaidInput } from '../../../src/domain/schemas/cod';
import { rupeesOf } from '../../../src/domain/money';

// COD remittance for sellers (payouts, their lines, the forecast, settings, the statement) and
// staff (pending, paid, history, mark paid, hold and release). The cycle itself is cycle.ts.

export const COD_TEXT = {
  notFound: 'COD payout not found',
  notAwaiting: (status: PayoutStatus) =>
    `This payout is ${PAYOUT_STATUS_LABELS[status].toLowerCase()}: only a payout waiting for bank transfer is marked paid`,
  utrUsed: (utr: string, payoutId: number) => `UTR ${utr} pays payout ${payoutId} already`,
  paid: 'This payout is paid already',
  notHeld: 'This payout is not on hold',
  staffHoldOnly: 'A payout held for KYC or the bank account is released by the cycle once the seller completes it',
  walletPayout: 'A payout into the wallet is paid at once and cannot be held',
} as const;

interface PayoutDbRow {
  id: number;
  org_id: number;
  company_name: string;
  payout_date: string | Date;
  method: 'BANK' | 'WALLET';
  status: PayoutStatus;
  hold_code: HoldCode | null;
  hold_reason: string | null;
  gross_paise: string | number;
  fee_paise: string | number;
  deduction_paise: string | number;
  net_paise: string | number;
  shipment_count: number;
  bank_label: string | null;
  utr: string | null;
  comments: string;
  paid_at: Date | string | null;
  delivered_ts: Date | string | null;
}

const dayText = (d: string | Date) => (typeof d === 'string' ? d.slice(0, 10) : d.toISOString().slice(0, 10));
const iso = (d: Date | string | null) => (d === null ? null : new Date(d).toISOString());

function toRow(r: PayoutDbRow): PayoutRow {
  const payoutDate = dayText(r.payout_date);
  return {
    payoutId: r.id,
    orgId: r.org_id,
    sellerName: r.company_name,
    payoutDate,
    method: r.method,
    status: r.status,
    statusText: PAYOUT_STATUS_LABELS[r.status],
    holdCode: r.hold_code,
    holdReason: r.hold_reason,
    grossPaise: Number(r.gross_paise),
    feePaise: Number(r.fee_paise),
    deductionPaise: Number(r.deduction_paise),
    netPaise: Number(r.net_paise),
    shipmentCount: r.shipment_count,
    bankLabel: r.bank_label,
    utr: r.utr,
    comments: r.comments,
    paidAt: iso(r.paid_at),
    deliveredTs: iso(r.delivered_ts),
    remittanceExpiryTs: payoutDayEnd(payoutDate).toISOString(),
  };
}

const payoutSelect = (where: SQL, tail: SQL = sql``) => sql`
  select p.*, g.company_name,
         (select min(l.delivered_at) from cod_payout_lines l where l.payout_id = p.id) as delivered_ts
  from cod_payouts p join organisations g on g.id = p.org_id
  where ${where} ${tail}`;

async function pagedPayouts(db: Executor, where: SQL, order: SQL, q: { pageNumber: number; recordsPerPage: number }) {
  const rows = await queryRows<PayoutDbRow>(
    db,
    payoutSelect(where, sql`order by ${order} limit ${q.recordsPerPage} offset ${q.pageNumber * q.recordsPerPage}`),
  );
  const [{ n }] = await queryRows<{ n: number }>(
    db,
    sql`select count(*)::int as n from cod_payouts p join organisations g on g.id = p.org_id where ${where}`,
  );
  return { items: rows.map(toRow), total: Number(n), pageNumber: q.pageNumber, recordsPerPage: q.recordsPerPage };
}

// A shipment line's order may carry a seller's payment mode (Premium): its code, the advance the
// buyer paid before shipping (the courier collected the rest, which is what the line remits) and
// the gateway's payment id of an advance paid online, so the seller reconciles each order whole.
const MODE_JOIN = sql`left join shipments ms on ms.id = l.shipment_id left join order_payment_modes pm on pm.order_id = ms.order_id`;
const MODE_COLUMNS = sql`pm.code as mode_code, pm.advance_paise as buyer_advance_paise, pm.gateway_payment_id as advance_payment_id`;

async function payoutLines(db: Executor, payoutId: number): Promise<PayoutLine[]> {
  const rows = await queryRows<{
    id: number;
    kind: PayoutLineKind;
    order_number: string | null;
    awb: string | null;
    carrier_code: string | null;
    delivered_at: Date | string | null;
    amount_paise: string | number;
    fee_paise: string | number;
    advance: boolean;
    description: string;
    mode_code: string | null;
    buyer_advance_paise: string | number | null;
    advance_payment_id: string | null;
  }>(
    db,
    sql`select l.*, ${MODE_COLUMNS} from cod_payout_lines l ${MODE_JOIN} where l.payout_id = ${payoutId} order by l.kind desc, l.id`,
  );
  return rows.map((l) => ({
    lineId: l.id,
    kind: l.kind,
    label: PAYOUT_LINE_LABELS[l.kind],
    orderNumber: l.order_number,
    trackingNumber: l.awb,
    carrierPartner: l.carrier_code ? carrierName(l.carrier_code) : null,
    deliveredTs: iso(l.delivered_at),
    amountPaise: Number(l.amount_paise),
    feePaise: Number(l.fee_paise),
    advance: l.advance,
    description: l.description,
    paymentModeCode: l.mode_code,
    buyerAdvancePaise: Number(l.buyer_advance_paise ?? 0),
    advancePaymentId: l.advance_payment_id,
  }));
}

async function detail(db: Executor, payoutId: number, orgId: number | null): Promise<PayoutDetail> {
  const [row] = await queryRows<PayoutDbRow>(
    db,
    payoutSelect(sql`p.id = ${payoutId} ${orgId === null ? sql`` : sql`and p.org_id = ${orgId}`}`),
  );
  if (!row) throw notFound(COD_TEXT.notFound);
  return { payout: toRow(row), lines: await payoutLines(db, payoutId) };
}

// ---- seller

export async function sellerPayouts(
  db: Db,
  orgId: number,
  q: { pageNumber: number; recordsPerPage: number; status?: PayoutStatus },
): Promise<SellerPayoutList> {
  const where = sql`p.org_id = ${orgId} ${q.status ? sql`and p.status = ${q.status}` : sql``}`;
  const page = await pagedPayouts(db, where, sql`p.payout_date desc, p.id desc`, q);
  const [sums] = await queryRows<{ paid: string | number; awaiting: string | number; held: string | number }>(
    db,
    sql`select coalesce(sum(net_paise) filter (where status = 'PAID'), 0) as paid,
               coalesce(sum(net_paise) filter (where status = 'AWAITING_TRANSFER'), 0) as awaiting,
               coalesce(sum(net_paise) filter (where status = 'ON_HOLD'), 0) as held
        from cod_payouts where org_id = ${orgId}`,
  );
  return {
    ...page,
    remittedPaise: Number(sums.paid),
    awaitingPaise: Number(sums.awaiting),
    onHoldPaise: Number(sums.held),
  };
}

export const sellerPayout = (db: Db, orgId: number, payoutId: number) => detail(db, payoutId, orgId);

async function settingsRow(db: Executor, orgId: number) {
  const [row] = await queryRows<{
    subscription_type: string;
    kyc_verified: boolean;
    early_cod_days: number | null;
    early_cod_fee_bps: number | null;
    early_cod_since: Date | string | null;
    pay_to_wallet: boolean | null;
    bank_label: string | null;
  }>(
    db,
    sql`select g.subscription_type, g.kyc_verified, cs.early_cod_days, cs.early_cod_fee_bps, cs.early_cod_since, cs.pay_to_wallet,
               (select b.bank_name || ' ····' || b.last4 from bank_accounts b
                where b.org_id = g.id and b.is_primary and b.removed_at is null and b.status = 'VERIFIED') as bank_label
        from organisations g left join cod_settings cs on cs.org_id = g.id where g.id = ${orgId}`,
  );
  if (!row) throw notFound('No such seller');
  return row;
}

export async function codSettings(db: Executor, orgId: number): Promise<CodSettings> {
  const r = await settingsRow(db, orgId);
  return {
    planDays: codRemittanceDays(r.subscription_type),
    earlyCodDays: r.early_cod_days,
    earlyCodFeeBps: r.early_cod_days === null ? 0 : (r.early_cod_fee_bps ?? 0),
    earlyCodSince: iso(r.early_cod_since),
    payToWallet: r.pay_to_wallet ?? false,
    options: EARLY_COD_OPTIONS.map((o) => ({ days: o.days, feeBps: o.feeBps, feeText: formatPercentBps(o.feeBps) })),
    payoutDays: PAYOUT_WEEKDAY_NAMES,
    kycVerified: r.kyc_verified,
    bankLabel: r.bank_label,
  };
}

/**
 * Opts in to early COD (or out, with null): shipments delivered from now on are paid D+2 or D+3
 * for the fee shown. Choosing what is already chosen changes nothing (its start stays).
 */
export async function setEarlyCod(deps: AppDeps, orgId: number, body: EarlyCodInput): Promise<CodSettings> {
  const now = deps.now();
  const option = body.earlyCodDays === null ? null : earlyCodOption(body.earlyCodDays);
  await deps.db.execute(sql`
    insert into cod_settings (org_id, early_cod_days, early_cod_fee_bps, early_cod_since, pay_to_wallet, updated_at)
    values (${orgId}, ${option?.days ?? null}, ${option?.feeBps ?? 0}, ${option ? now : null}::timestamptz, false, ${now}::timestamptz)
    on conflict (org_id) do update set
      early_cod_days = excluded.early_cod_days, early_cod_fee_bps = excluded.early_cod_fee_bps,
      early_cod_since = excluded.early_cod_since, updated_at = excluded.updated_at
    where cod_settings.early_cod_days is distinct from excluded.early_cod_days`);
  return codSettings(deps.db, orgId);
}

export async function setPayoutMethod(deps: AppDeps, orgId: number, payToWallet: boolean): Promise<CodSettings> {
  const now = deps.now();
  await deps.db.execute(sql`
    insert into cod_settings (org_id, pay_to_wallet, updated_at) values (${orgId}, ${payToWallet}, ${now}::timestamptz)
    on conflict (org_id) do update set pay_to_wallet = excluded.pay_to_wallet, updated_at = excluded.updated_at`);
  return codSettings(deps.db, orgId);
}

/**
 * Which delivered COD shipments will be paid on which payout day: each on the first payout day on
 * or after its due day (not before today), the early-COD fee per shipment, and the negative wallet
 * expected to be deducted from the first bank payout.
 */
export async function forecast(deps: AppDeps, orgId: number): Promise<CodForecast> {
  const now = deps.now();
  const today = istDate(now);
  const rows = await queryRows<{
    awb: string;
    carrier_code: string;
    order_number: string;
    delivered_at: Date | string;
    amount: string | number;
    remitted: boolean;
    plan_days: number;
    early: boolean;
    early_cod_days: number | null;
    fee_bps: number;
  }>(deps.db, sql`${unpaidDeliveredCod(orgId)} order by s.delivered_at, s.id limit 1000`);
  const settings = await settingsRow(deps.db, orgId);
  const wallet = await spendableWallet(deps.db, orgId);
  const usable = wallet.balancePaise - wallet.heldPaise;
  const byDay = new Map<string, ForecastDay>();
  for (const r of rows) {
    const delivered = new Date(r.delivered_at);
    const days = r.early ? r.early_cod_days! : r.plan_days;
    // a standard shipment waits for the courier's remittance: at the earliest the next payout day
    let day = expectedPayoutDay(delivered, days, today);
    if (!r.early && !r.remitted && day === today) day = expectedPayoutDay(delivered, days, addDays(today, 1));
    const amount = Number(r.amount);
    const fee = r.early ? earlyCodFeePaise(amount, r.fee_bps) : 0;
    const d = byDay.get(day) ?? {
      payoutDate: day,
      shipments: [],
      grossPaise: 0,
      feePaise: 0,
      expectedDeductionPaise: 0,
      netPaise: 0,
    };
    d.shipments.push({
      orderNumber: r.order_number,
      trackingNumber: r.awb,
      carrierPartner: carrierName(r.carrier_code),
      deliveredTs: delivered.toISOString(),
      amountToBeRemitted: amount - fee,
      feePaise: fee,
      courierRemitted: r.remitted,
      early: r.early,
    });
    d.grossPaise += amount;
    d.feePaise += fee;
    byDay.set(day, d);
  }
  const days = [...byDay.values()].sort((a, b) => a.payoutDate.localeCompare(b.payoutDate));
  let owed = settings.pay_to_wallet ? 0 : Math.max(0, -usable);
  for (const d of days) {
    d.expectedDeductionPaise = Math.min(owed, d.grossPaise - d.feePaise);
    owed -= d.expectedDeductionPaise;
    d.netPaise = d.grossPaise - d.feePaise - d.expectedDeductionPaise;
  }
  const holdReason = !settings.kyc_verified
    ? COD_HOLD_TEXT.KYC
    : !settings.pay_to_wallet && settings.bank_label === null
      ? COD_HOLD_TEXT.BANK_ACCOUNT
      : null;
  return { days, walletUsablePaise: usable, holdReason };
}

export type StatementLine = {
  id: number;
  payout_date: string | Date;
  status: PayoutStatus;
  utr: string | null;
  paid_at: Date | string | null;
  method: string;
  kind: PayoutLineKind;
  order_number: string | null;
  awb: string | null;
  carrier_code: string | null;
  delivered_at: Date | string | null;
  amount_paise: string | number;
  fee_paise: string | number;
  advance: boolean;
  description: string;
  mode_code: string | null;
  buyer_advance_paise: string | number | null;
  advance_payment_id: string | null;
};

/** The COD statement's columns as a file has them: the payouts list's export and the COD report. */
export const STATEMENT_HEADER = [
  'Payout',
  'Payout date',
  'Status',
  'Paid to',
  'UTR',
  'Date of amount remitted',
  'Line',
  'Order number',
  'Tracking number',
  'Carrier partner',
  'Delivered',
  'Amount (₹)',
  'Early COD fee (₹)',
  'Advance',
  'Note',
  'Payment mode',
  'Buyer’s advance (₹)',
  'Advance payment id',
];

const rupees = (p: number) => rupeesOf(p).toFixed(2);
const statementRow = (r: StatementLine): Cell[] => [
  r.id,
  formatDay(dayText(r.payout_date)),
  PAYOUT_STATUS_LABELS[r.status],
  r.method === 'WALLET' ? 'Wallet' : 'Bank account',
  r.utr ?? '',
  r.paid_at ? formatDateTime(r.paid_at) : '',
  PAYOUT_LINE_LABELS[r.kind],
  r.order_number ?? '',
  r.awb ?? '',
  r.carrier_code ? carrierName(r.carrier_code) : '',
  r.delivered_at ? formatDateTime(r.delivered_at) : '',
  rupees(Number(r.amount_paise)),
  rupees(Number(r.fee_paise)),
  r.advance ? 'Yes' : '',
  r.description,
  r.mode_code ?? '',
  r.mode_code ? rupees(Number(r.buyer_advance_paise ?? 0)) : '',
  r.advance_payment_id ?? '',
];

/** Statement lines as file rows, a page at a time (all of them when no page is given). */
export async function statementRows(
  db: Db,
  orgId: number,
  q: { fromDate?: string; toDate?: string; status?: PayoutStatus },
  page?: { offset: number; limit: number },
): Promise<Cell[][]> {
  return (await statementLines(db, orgId, q, page)).map(statementRow);
}

/** Statement lines as read, a page at a time (all of them when no page is given). */
export function statementLines(
  db: Db,
  orgId: number,
  q: { fromDate?: string; toDate?: string; status?: PayoutStatus },
  page?: { offset: number; limit: number },
): Promise<StatementLine[]> {
  return queryRows<StatementLine>(
    db,
    sql`select p.id, p.payout_date, p.status, p.utr, p.paid_at, p.method, l.kind, l.order_number, l.awb, l.carrier_code,
               l.delivered_at, l.amount_paise, l.fee_paise, l.advance, l.description, ${MODE_COLUMNS}
        from cod_payouts p join cod_payout_lines l on l.payout_id = p.id ${MODE_JOIN}
        where p.org_id = ${orgId}
          ${q.fromDate ? sql`and p.payout_date >= ${q.fromDate}::date` : sql``}
          ${q.toDate ? sql`and p.payout_date <= ${q.toDate}::date` : sql``}
          ${q.status ? sql`and p.status = ${q.status}` : sql``}
        order by p.payout_date, p.id, l.kind desc, l.id
        ${page ? sql`limit ${page.limit} offset ${page.offset}` : sql``}`,
  );
}

/** The seller's COD statement as CSV: every payout line of payouts on days in the range. */
export async function statementCsv(
  db: Db,
  orgId: number,
  q: { fromDate?: string; toDate?: string; status?: PayoutStatus },
): Promise<string> {
  return csvText(STATEMENT_HEADER, await statementRows(db, orgId, q));
}

// ---- staff

export async function staffPending(
  db: Db,
  q: { pageNumber: number; recordsPerPage: number; status?: PayoutStatus; searchPattern?: string },
): Promise<StaffPendingList> {
  const status = q.status && q.status !== 'PAID' ? sql`p.status = ${q.status}` : sql`p.status <> 'PAID'`;
  const search = q.searchPattern
    ? sql`and g.company_name ilike ${`%${q.searchPattern.replace(/[\\%_]/g, '\\$&')}%`}`
    : sql``;
  return pagedPayouts(db, sql`${status} ${search}`, sql`p.payout_date, p.id`, q);
}

export async function staffHistory(
  db: Db,
  q: { pageNumber: number; recordsPerPage: number; status?: PayoutStatus; searchPattern?: string },
): Promise<StaffPendingList> {
  const status = q.status ? sql`p.status = ${q.status}` : sql`true`;
  const search = q.searchPattern
    ? sql`and g.company_name ilike ${`%${q.searchPattern.replace(/[\\%_]/g, '\\$&')}%`}`
    : sql``;
  return pagedPayouts(db, sql`${status} ${search}`, sql`p.payout_date desc, p.id desc`, q);
}

/** Paid shipments, one row each (spec section 3's paid columns), newest payment first. */
export async function staffPaid(db: Db, q: { pageNumber: number; recordsPerPage: number }): Promise<StaffPaidList> {
  const rows = await queryRows<{
    payout_id: number;
    order_number: string;
    awb: string;
    company_name: string;
    amount_paise: string | number;
    fee_paise: string | number;
    paid_at: Date | string;
    utr: string | null;
    method: string;
    comments: string;
    status: PayoutStatus;
  }>(
    db,
    sql`select l.payout_id, l.order_number, l.awb, g.company_name, l.amount_paise, l.fee_paise, p.paid_at, p.utr, p.method,
               p.comments, p.status
        from cod_payout_lines l join cod_payouts p on p.id = l.payout_id join organisations g on g.id = p.org_id
        where p.status = 'PAID' and l.kind = 'SHIPMENT'
        order by p.paid_at desc, l.id desc limit ${q.recordsPerPage} offset ${q.pageNumber * q.recordsPerPage}`,
  );
  const [{ n }] = await queryRows<{ n: number }>(
    db,
    sql`select count(*)::int as n from cod_payout_lines l join cod_payouts p on p.id = l.payout_id
        where p.status = 'PAID' and l.kind = 'SHIPMENT'`,
  );
  return {
    items: rows.map((r) => ({
      payoutId: r.payout_id,
      orderNumber: r.order_number,
      trackingNumber: r.awb,
      sellerName: r.company_name,
      amountRemitted: Number(r.amount_paise) - Number(r.fee_paise),
      remittanceTs: new Date(r.paid_at).toISOString(),
      remittanceTransactionInfo: r.method === 'WALLET' ? 'Credited to the wallet' : `UTR ${r.utr}`,
      additionalComments: r.comments,
      remittanceStatus: PAYOUT_STATUS_LABELS[r.status],
    })),
    total: Number(n),
    pageNumber: q.pageNumber,
    recordsPerPage: q.recordsPerPage,
  };
}

export const staffPayout = (db: Db, payoutId: number) => detail(db, payoutId, null);

/**
 * Marks a payout waiting for bank transfer paid with the bank's UTR, once: a conditional update,
 * so a concurrent repeat finds it paid (409); a UTR pays one payout only.
 */
export async function markPaidTx(tx: Tx, payoutId: number, body: MarkPaidInput, by: number, now: Date): Promise<void> {
  let updated: { id: number }[];
  try {
    updated = await tx.transaction((sp) =>
      queryRows<{ id: number }>(
        sp,
        sql`update cod_payouts set status = 'PAID', utr = ${body.utr.toUpperCase()}, comments = ${body.comments},
              paid_at = ${now}::timestamptz, paid_by = ${by}, updated_at = ${now}::timestamptz
            where id = ${payoutId} and status = 'AWAITING_TRANSFER' returning id`,
      ),
    );
  } catch (e) {
    if (!isUniqueViolation(e)) throw e;
    const [other] = await queryRows<{ id: number }>(
      tx,
      sql`select id from cod_payouts where utr = ${body.utr.toUpperCase()}`,
    );
    throw conflict(COD_TEXT.utrUsed(body.utr.toUpperCase(), other?.id ?? payoutId));
  }
  if (updated.length) return notifyPayoutsPaid(tx, [payoutId], now);
  const [row] = await queryRows<{ status: PayoutStatus }>(
    tx,
    sql`select status from cod_payouts where id = ${payoutId}`,
  );
  if (!row) throw notFound(COD_TEXT.notFound);
  throw conflict(COD_TEXT.notAwaiting(row.status));
}

export async function markPaid(
  deps: AppDeps,
  by: number,
  payoutId: number,
  body: MarkPaidInput,
): Promise<PayoutDetail> {
  await deps.db.transaction((tx) => markPaidTx(tx, payoutId, body, by, deps.now()));
  return detail(deps.db, payoutId, null);
}

/** Staff hold a payout not paid yet, with a reason the seller reads. */
export async function holdPayout(deps: AppDeps, payoutId: number, reason: string): Promise<PayoutDetail> {
  const now = deps.now();
  const rows = await queryRows<{ id: number }>(
    deps.db,
    sql`update cod_payouts set status = 'ON_HOLD', hold_code = 'STAFF', hold_reason = ${reason}, updated_at = ${now}::timestamptz
        where id = ${payoutId} and method = 'BANK' and status <> 'PAID' and hold_code is distinct from 'STAFF' returning id`,
  );
  if (!rows.length) {
    const [row] = await queryRows<{ status: PayoutStatus; method: string }>(
      deps.db,
      sql`select status, method from cod_payouts where id = ${payoutId}`,
    );
    if (!row) throw notFound(COD_TEXT.notFound);
    if (row.status === 'PAID') throw conflict(COD_TEXT.paid);
    if (row.method === 'WALLET') throw conflict(COD_TEXT.walletPayout);
    throw conflict('This payout is held by staff already');
  }
  return detail(deps.db, payoutId, null);
}

/** Releases a staff hold: the payout is settled again (its gates checked; a deduction taken once). */
export async function releasePayout(deps: AppDeps, payoutId: number): Promise<PayoutDetail> {
  const now = deps.now();
  await deps.db.transaction(async (tx) => {
    const rows = await queryRows<{ id: number }>(
      tx,
      sql`update cod_payouts set hold_code = null, hold_reason = null, updated_at = ${now}::timestamptz
          where id = ${payoutId} and status = 'ON_HOLD' and hold_code = 'STAFF' returning id`,
    );
    if (!rows.length) {
      const [row] = await queryRows<{ status: PayoutStatus; hold_code: string | null }>(
        tx,
        sql`select status, hold_code from cod_payouts where id = ${payoutId}`,
      );
      if (!row) throw notFound(COD_TEXT.notFound);
      if (row.status === 'ON_HOLD') throw new ApiError(409, COD_TEXT.staffHoldOnly);
      throw conflict(COD_TEXT.notHeld);
    }
    await settlePayouts(tx, [payoutId], now);
  });
  return detail(deps.db, payoutId, null);
}
