import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { queryRows } from '../../db/rows';
import { riskModels } from '../../db/schema';
import { ORDER_TYPE } from '../../../src/domain/order-type';
import { scoreRisk } from '../../../src/domain/risk/model';
import { aucOf } from './logistic-regression';
import { trainRiskModel, type TrainingRow } from './train-model';
import { factsOfRow, type FactRow } from './order-facts';

// The training job: the RTO risk model refitted on the platform's settled forward orders (the
// newest TRAINING_ORDERS), each with its facts as they stood when it was created: the counts of
// settled orders created before it (its pincode's and area's COD parcels, its buyer's with its
// seller and with every seller). The newest fifth is held out to measure the fit; the model is
// fitted on the rest and stored with that measure. Too few settled orders: nothing is stored,
// and orders keep the model they had.

export const RISK_TRAINING_QUEUE = 'risk-training';
/** how often the model is refitted while workers run */
export const RISK_TRAINING_EVERY_SECONDS = 24 * 3600;
export const TRAINING_ORDERS = 200_000;
/** fewer settled orders than this, or no RTO among them, is not enough to learn from */
export const MIN_TRAINING_ORDERS = 200;
const HELD_OUT_SHARE = 0.2;

async function settledHistory(db: Db): Promise<TrainingRow[]> {
  const rows = await queryRows<FactRow & { returned: boolean }>(
    db,
    sql`with s as (
          select id, org_id, created_at, payment_method, total_paise, buyer_phone,
                 shipping ->> 'pincode' as pin,
                 concat_ws(', ', nullif(shipping ->> 'line1', ''), nullif(shipping ->> 'line2', '')) as address,
                 (rto_at is not null)::int as ret, (payment_method = 'COD')::int as cod
          from orders
          where (status = 'DLV' or rto_at is not null) and order_type = ${ORDER_TYPE.FORWARD}
          order by created_at desc, id desc
          limit ${TRAINING_ORDERS})
        select payment_method, total_paise, address, ret = 1 as returned,
               coalesce(sum(cod) over pin, 0)::int as pin_f, coalesce(sum(cod * ret) over pin, 0)::int as pin_r,
               coalesce(sum(cod) over area, 0)::int as dist_f, coalesce(sum(cod * ret) over area, 0)::int as dist_r,
               coalesce(count(*) over own, 0)::int as own_f, coalesce(sum(ret) over own, 0)::int as own_r,
               coalesce(count(*) over every, 0)::int as all_f, coalesce(sum(ret) over every, 0)::int as all_r
        from s
        window pin as (partition by pin order by created_at, id rows between unbounded preceding and 1 preceding),
               area as (partition by left(pin, 3) order by created_at, id rows between unbounded preceding and 1 preceding),
               own as (partition by org_id, buyer_phone order by created_at, id rows between unbounded preceding and 1 preceding),
               every as (partition by buyer_phone order by created_at, id rows between unbounded preceding and 1 preceding)
        order by created_at, id`,
  );
  return rows.map((r) => ({ returned: r.returned, facts: factsOfRow(r) }));
}

export interface TrainingRun {
  trained: boolean;
  orders: number;
  auc: number | null;
}

export async function trainRiskModelJob(db: Db, now: Date): Promise<TrainingRun> {
  const history = await settledHistory(db);
  const returned = history.filter((r) => r.returned).length;
  if (history.length < MIN_TRAINING_ORDERS || returned === 0 || returned === history.length)
    return { trained: false, orders: history.length, auc: null };
  const cut = Math.floor(history.length * (1 - HELD_OUT_SHARE));
  const { model, iterations } = trainRiskModel(history.slice(0, cut));
  const held = history.slice(cut);
  const y = held.map((r) => (r.returned ? 1 : 0));
  const mixed = y.some((v) => v === 1) && y.some((v) => v === 0);
  const auc = mixed
    ? aucOf(
        held.map((r) => scoreRisk(model, r.facts).score),
        y,
      )
    : null;
  await db.insert(riskModels).values({
    model,
    metrics: { trainOrders: cut, heldOutOrders: held.length, auc },
    iterations,
    trainedAt: now,
  });
  return { trained: true, orders: history.length, auc };
}
