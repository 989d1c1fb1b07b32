import { sql } from 'drizzle-orm';
import type pg from 'pg';
import type { AppDeps } from '../server/deps';
import { queryRows } from '../server/db/rows';
import { insertDeliveredCod } from '../server/seeds/cod-delivered';
import { remitCollectedCod } from '../server/carriers/sandbox/cod-remittance';
import { runCodCycle } from '../server/modules/cod/cycle';
import { moveMoney, setCreditLimit } from '../server/modules/wallet/ledger';
import { CARRIERS } from '../src/domain/shipping/carriers';

// The COD remittance cycle's figure of `npm run bench -- reconciliation`: 100,000 delivered COD
// shipments of 500 sellers (KYC verified, each with a verified primary bank account; 50 with a
// negative wallet), remitted by their couriers; one payout cycle pays them all (500 payouts,
// 100,000 lines, the deductions credited through the ledger). Goal: under 10 s on PostgreSQL.
// A second cycle, and the courier files again, add nothing.

const SELLERS = 500;
const PER_SELLER = 200;
const NEGATIVE = 50;
const DAY = 86_400_000;

export const codRemittanceCycle = {
  name: 'cod-remittance-cycle',
  goal: 'a COD remittance cycle over 100,000 delivered COD shipments of 500 sellers (courier remittances received) in under 10 s',
  async measure(b: { deps: AppDeps; raw: pg.Client }) {
    const { deps } = b;
    const orgs = await queryRows<{ id: number }>(
      deps.db,
      sql`insert into organisations (company_name, subscription_type, kyc_verified)
          select 'COD Bench Seller ' || n, 'LITE', true from generate_series(1, ${SELLERS}::int) as n returning id`,
    );
    const orgIds = orgs.map((o) => o.id);
    const [staff] = await queryRows<{ id: number }>(deps.db, sql`select id from accounts order by id limit 1`);
    await deps.db.execute(sql`
      insert into bank_accounts (org_id, ifsc, bank_name, account_number, last4, holder_name, status, is_primary,
        verified_at, created_by, created_at, updated_at)
      select org, 'HDFC0000240', 'HDFC Bank', '50100' || lpad(org::text, 9, '0'), right(org::text, 4), 'Bench', 'VERIFIED', true,
        now(), ${staff.id}::int, now(), now()
      from unnest(${sql.param(orgIds)}::int[]) as org`);
    const deliveredAt = new Date(deps.now().getTime() - 12 * DAY);
    const codes = CARRIERS.map((c) => c.code);
    // the sellers' shipments spread over the couriers
    const perCarrier = Math.ceil(SELLERS / codes.length);
    for (const [i, code] of codes.entries()) {
      const group = orgIds.slice(i * perCarrier, (i + 1) * perCarrier);
      if (group.length)
        await insertDeliveredCod(deps.db, {
          orgIds: group,
          perOrg: PER_SELLER,
          prefix: `BC${i}`,
          deliveredAt,
          carrierCode: code,
        });
    }
    for (const orgId of orgIds.slice(0, NEGATIVE)) {
      await setCreditLimit(deps.db, orgId, 500_000);
      await moveMoney(deps.db, {
        orgId,
        kind: 'ADJUSTMENT_DEBIT',
        amountPaise: 125_075,
        externalKey: `bench-negative-${orgId}`,
      });
    }
    await b.raw.query('VACUUM ANALYZE orders, shipments, organisations, bank_accounts');
    const r0 = performance.now();
    const remitted = await remitCollectedCod(deps);
    const remitMs = performance.now() - r0;
    await b.raw.query('VACUUM ANALYZE courier_remittance_lines');
    const t0 = performance.now();
    const cycle = await runCodCycle(deps);
    const cycleMs = performance.now() - t0;
    const again = await runCodCycle(deps);
    const remitAgain = await remitCollectedCod(deps);
    const {
      rows: [check],
    } = await b.raw.query<{
      lines: string;
      distinct_lines: string;
      payouts: string;
      deducted: string;
      credits: string;
    }>(
      `SELECT (SELECT count(*) FROM cod_payout_lines l JOIN cod_payouts p ON p.id = l.payout_id
                WHERE l.kind = 'SHIPMENT' AND p.org_id = ANY($1))::text AS lines,
              (SELECT count(DISTINCT shipment_id) FROM cod_payout_lines l JOIN cod_payouts p ON p.id = l.payout_id
                WHERE l.kind = 'SHIPMENT' AND p.org_id = ANY($1))::text AS distinct_lines,
              (SELECT count(*) FROM cod_payouts WHERE org_id = ANY($1) AND status = 'AWAITING_TRANSFER')::text AS payouts,
              (SELECT coalesce(sum(deduction_paise), 0) FROM cod_payouts WHERE org_id = ANY($1))::text AS deducted,
              (SELECT count(*) FROM journal_entries WHERE kind = 'COD_REMITTANCE_CREDIT' AND org_id = ANY($1))::text AS credits`,
      [orgIds],
    );
    const total = SELLERS * PER_SELLER;
    const correct =
      Number(check.lines) === total &&
      Number(check.distinct_lines) === total &&
      Number(check.payouts) === SELLERS &&
      Number(check.deducted) === NEGATIVE * 125_075 &&
      Number(check.credits) === NEGATIVE &&
      again.payouts === 0 &&
      remitAgain.lines === 0;
    return {
      figures: {
        sellers: SELLERS,
        shipments: total,
        courierFiles: remitted.files,
        courierLines: remitted.lines,
        courierRemittanceMs: Math.round(remitMs),
        cycleMs: Math.round(cycleMs),
        shipmentsPerSec: Math.round((total / cycleMs) * 1000),
        payouts: cycle.payouts,
        paidLines: Number(check.lines),
        deductedPaise: Number(check.deducted),
        secondCyclePayouts: again.payouts,
        correct,
      },
      rows: [
        ['COD remittance cycle (100,000 shipments, 500 sellers)', 'ms', 'shipments/s'],
        ['courier remittance files recorded', Math.round(remitMs), Math.round((total / remitMs) * 1000)],
        [
          'payout cycle (payouts, lines, deductions through the ledger)',
          Math.round(cycleMs),
          Math.round((total / cycleMs) * 1000),
        ],
        ['goal', '< 10,000', ''],
      ],
      met: correct && cycleMs < 10_000,
    };
  },
};
