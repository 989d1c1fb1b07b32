import { sql } from 'drizzle-orm';
import type { AppDeps } from '../../deps';
import type { Tx } from '../../db/client';
import { queryRows } from '../../db/rows';
import { unnestSelect } from '../../db/unnest';
import { moveMoneyMany, type Movement } from '../wallet/ledger';
import { notifyPayoutsPaid } from '../notices/notify';
import { COD_REMITTANCE_DAYS_BY_PLAN } from '../../../src/domain/plans';
import { istDate, payoutDayOnOrBefore, type HoldCode } from '../../../src/domain/cod-remittance';
import { formatRupees } from '../../../src/domain/format';
import { ORDER_TYPE } from '../../../src/domain/order-type';

// The COD payout cycle, set-based: one statement picks every delivered COD shipment that is due on
// the payout day and not paid yet, makes one payout per seller and its lines; then each new payout
// (and each payout held for KYC or the bank account) is settled: held with a reason, or sent to
// the bank (what a negative wallet owes deducted first, credited into the wallet), or credited
// into the wallet whole. A shipment is due when the courier has remitted it and its IST delivery
// day + the plan's days has come, or (early COD, delivered after the opt-in) its delivery day + 2
// or 3 days has come, remitted or not (an advance, flagged on its line). A shipment sits in one
// payout line at most (unique index); a payout per seller per day (unique index): a second run,
// or two at once, add nothing.

export const COD_CYCLE_QUEUE = 'cod-remittance-cycle';

export const COD_HOLD_TEXT: Record<Exclude<HoldCode, 'STAFF'>, string> = {
  KYC: 'Held until your KYC is verified: complete KYC to receive COD payouts',
  BANK_ACCOUNT: 'Held until a verified primary bank account is added: add and verify one under Bank accounts',
};

/** IST delivery day of a shipment, in SQL. */
const deliveredDay = sql`(((s.delivered_at at time zone 'UTC') + interval '330 minutes')::date)`;

/** Every delivered COD shipment of a forward order not in any payout yet (optionally one seller's). */
export const unpaidDeliveredCod = (orgId: number | null) => sql`
  select s.id as shipment_id, s.org_id, s.awb, s.carrier_code, s.delivered_at, o.order_number,
         o.cod_amount_paise as amount, ${deliveredDay} as delivered_day,
         crl.id is not null as remitted,
         coalesce(pd.days, 7) as plan_days,
         (cs.early_cod_days is not null and s.delivered_at >= cs.early_cod_since) as early,
         cs.early_cod_days, coalesce(cs.early_cod_fee_bps, 0) as fee_bps
  from shipments s
  join orders o on o.id = s.order_id
  join organisations g on g.id = s.org_id
  left join (${unnestSelect([
    [Object.keys(COD_REMITTANCE_DAYS_BY_PLAN), 'text'],
    [Object.values(COD_REMITTANCE_DAYS_BY_PLAN), 'int'],
  ])}) as pd(plan, days) on pd.plan = g.subscription_type
  left join cod_settings cs on cs.org_id = s.org_id
  left join courier_remittance_lines crl on crl.shipment_id = s.id
  where s.state = 'BOOKED' and s.delivered_at is not null
    and o.payment_method = 'COD' and o.status = 'DLV' and o.order_type = ${ORDER_TYPE.FORWARD} and o.cod_amount_paise > 0
    ${orgId === null ? sql`` : sql`and s.org_id = ${orgId}::int`}
    and not exists (select 1 from cod_payout_lines l where l.shipment_id = s.id)`;

export interface CycleOutcome {
  payoutDate: string;
  payouts: number;
  shipments: number;
  released: number;
}

/** Runs the cycle of the payout day on or before today (India): safe to repeat and to run twice at once. */
export async function runCodCycle(deps: AppDeps): Promise<CycleOutcome> {
  const now = deps.now();
  const payoutDate = payoutDayOnOrBefore(istDate(now));
  return deps.db.transaction(async (tx) => {
    const made = await queryRows<{ id: number; org_id: number; count: number; lines: number }>(
      tx,
      sql`with elig as (
            select u.*, case when u.early then floor((u.amount * u.fee_bps + 5000) / 10000)::bigint else 0 end as fee,
                   (u.early and not u.remitted) as advance
            from (${unpaidDeliveredCod(null)}) u
            where (u.early and u.delivered_day + u.early_cod_days <= ${payoutDate}::date)
               or (not u.early and u.remitted and u.delivered_day + u.plan_days <= ${payoutDate}::date)
          ),
          p as (
            insert into cod_payouts (org_id, payout_date, method, status, gross_paise, fee_paise, deduction_paise, net_paise,
                                     shipment_count, created_at, updated_at)
            select e.org_id, ${payoutDate}::date,
                   case when coalesce(cs.pay_to_wallet, false) then 'WALLET' else 'BANK' end, 'ON_HOLD',
                   sum(e.amount), sum(e.fee), 0, sum(e.amount) - sum(e.fee), count(*), ${now}::timestamptz, ${now}::timestamptz
            from elig e left join cod_settings cs on cs.org_id = e.org_id
            group by e.org_id, cs.pay_to_wallet
            on conflict (org_id, payout_date) do nothing
            returning id, org_id, shipment_count
          ),
          l as (
            insert into cod_payout_lines (payout_id, org_id, kind, shipment_id, awb, order_number, carrier_code, delivered_at,
                                          amount_paise, fee_paise, advance)
            select p.id, e.org_id, 'SHIPMENT', e.shipment_id, e.awb, e.order_number, e.carrier_code, e.delivered_at,
                   e.amount, e.fee, e.advance
            from elig e join p on p.org_id = e.org_id
            on conflict (shipment_id) do nothing
            returning payout_id
          )
          select p.id, p.org_id, p.shipment_count as count, coalesce(c.n, 0) as lines
          from p left join (select payout_id, count(*)::int as n from l group by payout_id) c on c.payout_id = p.id`,
    );
    const ids = made.map((m) => m.id);
    // a shipment another run took meanwhile is not in this payout: its sums follow its lines
    const short = made.filter((m) => Number(m.count) !== Number(m.lines)).map((m) => m.id);
    if (short.length) await resum(tx, short);
    if (ids.length) {
      await tx.execute(sql`delete from cod_payouts where id = any(${sql.param(ids)}::int[]) and shipment_count = 0`);
      await tx.execute(sql`
        insert into cod_payout_lines (payout_id, org_id, kind, amount_paise, description)
        select id, org_id, 'EARLY_COD_FEE', -fee_paise, 'Early COD fee on ' || shipment_count || ' shipments'
        from cod_payouts where id = any(${sql.param(ids)}::int[]) and fee_paise > 0`);
    }
    // payouts held for KYC or the bank account are tried again with the new ones
    const waiting = await queryRows<{ id: number }>(
      tx,
      sql`select id from cod_payouts where status = 'ON_HOLD' and hold_code in ('KYC', 'BANK_ACCOUNT') order by id`,
    );
    const settled = await settlePayouts(tx, [...ids, ...waiting.map((w) => w.id)], now);
    const shipments = await queryRows<{ n: number }>(
      tx,
      sql`select count(*)::int as n from cod_payout_lines where payout_id = any(${sql.param(ids)}::int[]) and kind = 'SHIPMENT'`,
    );
    return {
      payoutDate,
      payouts: ids.length,
      shipments: Number(shipments[0]?.n ?? 0),
      released: waiting.filter((w) => settled.get(w.id) !== 'ON_HOLD').length,
    };
  });
}

/** A payout's sums and count again from its lines. */
async function resum(tx: Tx, ids: number[]) {
  await tx.execute(sql`
    update cod_payouts p set gross_paise = t.gross, fee_paise = t.fee, net_paise = t.gross - t.fee - p.deduction_paise,
      shipment_count = t.n
    from (select pp.id, coalesce(sum(l.amount_paise), 0) as gross, coalesce(sum(l.fee_paise), 0) as fee, count(l.id)::int as n
          from cod_payouts pp left join cod_payout_lines l on l.payout_id = pp.id and l.kind = 'SHIPMENT'
          where pp.id = any(${sql.param(ids)}::int[]) group by pp.id) t
    where p.id = t.id`);
}

interface SettleRow {
  id: number;
  org_id: number;
  method: 'BANK' | 'WALLET';
  gross_paise: string | number;
  fee_paise: string | number;
  deduction_paise: string | number;
  kyc_verified: boolean;
  bank_id: number | null;
  bank_label: string | null;
  balance: string | number | null;
  held: string | number | null;
}

/**
 * Settles payouts that are new or held by a gate (never one staff hold, never a paid one): held
 * for KYC or the bank account; else to the bank with the negative wallet deducted (credited into
 * the wallet, keyed by the payout), or into the wallet whole. Answers each payout's new status.
 */
export async function settlePayouts(tx: Tx, ids: number[], now: Date): Promise<Map<number, string>> {
  const out = new Map<number, string>();
  if (!ids.length) return out;
  const rows = await queryRows<SettleRow>(
    tx,
    sql`select p.id, p.org_id, p.method, p.gross_paise, p.fee_paise, p.deduction_paise, g.kyc_verified,
               b.id as bank_id, case when b.id is null then null else b.bank_name || ' ····' || b.last4 end as bank_label,
               w.balance_paise as balance, w.held_paise as held
        from cod_payouts p
        join organisations g on g.id = p.org_id
        left join bank_accounts b on b.org_id = p.org_id and b.is_primary and b.removed_at is null and b.status = 'VERIFIED'
        left join ledger_accounts w on w.org_id = p.org_id and w.kind = 'SELLER_WALLET'
        where p.id = any(${sql.param(ids)}::int[])
          and (p.status = 'ON_HOLD' and (p.hold_code is null or p.hold_code in ('KYC', 'BANK_ACCOUNT')))
        order by p.id
        for update of p`,
  );
  const status: string[] = [];
  const holdCode: (string | null)[] = [];
  const deduction: number[] = [];
  const bankId: (number | null)[] = [];
  const bankLabel: (string | null)[] = [];
  const moves: Movement[] = [];
  const deductionLines: { id: number; orgId: number; amount: number; usable: number }[] = [];
  for (const r of rows) {
    const gross = Number(r.gross_paise);
    const fee = Number(r.fee_paise);
    const code: HoldCode | null = !r.kyc_verified
      ? 'KYC'
      : r.method === 'BANK' && r.bank_id === null
        ? 'BANK_ACCOUNT'
        : null;
    let cut = Number(r.deduction_paise);
    if (code === null && r.method === 'BANK' && cut === 0) {
      const usable = Number(r.balance ?? 0) - Number(r.held ?? 0);
      cut = Math.min(gross - fee, Math.max(0, -usable));
      if (cut > 0) {
        deductionLines.push({ id: r.id, orgId: r.org_id, amount: cut, usable });
        moves.push({
          orgId: r.org_id,
          kind: 'COD_REMITTANCE_CREDIT',
          amountPaise: cut,
          externalKey: `cod-payout:${r.id}:deduction`,
          reference: `COD payout ${r.id}`,
          description: `Negative wallet cleared from COD payout ${r.id}`,
          at: now,
        });
      }
    }
    if (code === null && r.method === 'WALLET' && gross - fee > 0)
      moves.push({
        orgId: r.org_id,
        kind: 'COD_REMITTANCE_CREDIT',
        amountPaise: gross - fee,
        externalKey: `cod-payout:${r.id}`,
        reference: `COD payout ${r.id}`,
        description: `COD payout ${r.id} into the wallet`,
        at: now,
      });
    const next = code !== null ? 'ON_HOLD' : r.method === 'WALLET' ? 'PAID' : 'AWAITING_TRANSFER';
    out.set(r.id, next);
    status.push(next);
    holdCode.push(code);
    deduction.push(cut);
    bankId.push(r.method === 'BANK' ? r.bank_id : null);
    bankLabel.push(r.method === 'BANK' ? r.bank_label : 'Wallet');
  }
  if (!rows.length) return out;
  await tx.execute(sql`
    update cod_payouts p set status = v.status, hold_code = v.hold_code,
      hold_reason = case v.hold_code ${sql.raw(
        Object.entries(COD_HOLD_TEXT)
          .map(([k, t]) => `when '${k}' then '${t.replace(/'/g, "''")}'`)
          .join(' '),
      )} else null end,
      deduction_paise = v.deduction, net_paise = p.gross_paise - p.fee_paise - v.deduction,
      bank_account_id = v.bank_id, bank_label = v.bank_label,
      paid_at = case when v.status = 'PAID' then ${now}::timestamptz else p.paid_at end,
      updated_at = ${now}::timestamptz
    from (${unnestSelect([
      [rows.map((r) => r.id), 'int'],
      [status, 'text'],
      [holdCode, 'text'],
      [deduction, 'bigint'],
      [bankId, 'int'],
      [bankLabel, 'text'],
    ])}) as v(id, status, hold_code, deduction, bank_id, bank_label)
    where p.id = v.id`);
  if (deductionLines.length)
    await tx.execute(sql`
      insert into cod_payout_lines (payout_id, org_id, kind, amount_paise, description)
      select id, org_id, 'WALLET_DEDUCTION', -amount, description from (${unnestSelect([
        [deductionLines.map((d) => d.id), 'int'],
        [deductionLines.map((d) => d.orgId), 'int'],
        [deductionLines.map((d) => d.amount), 'bigint'],
        [
          deductionLines.map(
            (d) => `The wallet stood at ${formatRupees(d.usable)}: ${formatRupees(d.amount)} of this payout cleared it`,
          ),
          'text',
        ],
      ])}) as v(id, org_id, amount, description)`);
  if (moves.length) {
    const outcomes = await moveMoneyMany(tx, moves);
    const failed = outcomes.find((o) => !o.ok);
    if (failed && !failed.ok) throw failed.error;
  }
  // payouts into the wallet are paid now: the seller's bell says so
  await notifyPayoutsPaid(
    tx,
    [...out].filter(([, st]) => st === 'PAID').map(([id]) => id),
    now,
  );
  return out;
}
