import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { queryRows } from '../../db/rows';
import { percentOf } from '../../../src/domain/dashboard-period';
import type { CodVerificationFigures } from '../../../src/domain/dashboard-contract';
import { assertPlanAllows } from '../plans/plan-gate';
import { readSettings } from '../cod-verification/settings';
import type { Span } from './service';

// The dashboard's COD verification card (Pro and above): what became of the verifications opened
// in the period, and how many await their buyer now. One statement over the seller's
// verifications of the period or still pending (the (org_id, state) index finds the latter).

export async function readCodVerificationFigures(db: Db, orgId: number, span: Span): Promise<CodVerificationFigures> {
  await assertPlanAllows(db, orgId, 'codVerification');
  const inPeriod = sql`created_at >= ${span.from} and created_at < ${span.to}`;
  const [r] = await queryRows<Record<string, unknown>>(
    db,
    sql`select count(*) filter (where ${inPeriod}) as opened,
          count(*) filter (where ${inPeriod} and state = 'CONFIRMED') as confirmed,
          count(*) filter (where ${inPeriod} and state = 'CANCELLED') as cancelled,
          count(*) filter (where ${inPeriod} and state = 'SWITCHED') as switched,
          count(*) filter (where ${inPeriod} and state = 'EXPIRED' and applied_rule = 'SHIP') as expired_shipped,
          count(*) filter (where ${inPeriod} and state = 'EXPIRED' and applied_rule = 'HOLD') as expired_held,
          count(*) filter (where ${inPeriod} and state = 'EXPIRED' and applied_rule = 'CANCEL') as expired_cancelled,
          count(*) filter (where state = 'PENDING') as pending_now
        from cod_verifications
        where org_id = ${orgId} and ((${inPeriod}) or state = 'PENDING')`,
  );
  const n = (k: string) => Number(r?.[k] ?? 0);
  const [confirmed, cancelled, switched] = [n('confirmed'), n('cancelled'), n('switched')];
  const expired = n('expired_shipped') + n('expired_held') + n('expired_cancelled');
  const ended = confirmed + cancelled + switched + expired;
  return {
    fromDate: span.fromDate,
    toDate: span.toDate,
    enabled: (await readSettings(db, orgId)).enabled,
    opened: n('opened'),
    confirmed,
    cancelled,
    switched,
    expiredShipped: n('expired_shipped'),
    expiredHeld: n('expired_held'),
    expiredCancelled: n('expired_cancelled'),
    pendingNow: n('pending_now'),
    confirmationPercent: ended === 0 ? null : percentOf(confirmed + switched, ended),
  };
}
