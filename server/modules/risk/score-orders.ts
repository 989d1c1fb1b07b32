import { sql } from 'drizzle-orm';
import type { Tx } from '../../db/client';
import { scoreRisk, type RiskScore } from '../../../src/domain/risk/model';
import { currentRiskModel } from './current-model';
import { riskFactsOf } from './order-facts';

// Every new forward order is scored in the transaction that creates it (the form, the API, a
// channel's order, a CSV upload), before the COD-verification rules weigh it, so they can read
// its band. The score, band and reasons stay on the order as they were at its creation.

/** Scores and stores; answers each order's score (for its order.created webhook). */
export async function scoreNewOrders(tx: Tx, orgId: number, ids: number[]): Promise<Map<number, RiskScore>> {
  if (!ids.length) return new Map();
  const model = await currentRiskModel(tx);
  const facts = await riskFactsOf(tx, orgId, ids);
  const scored = [...facts].map(([id, f]) => ({ id, ...scoreRisk(model, f) }));
  if (!scored.length) return new Map();
  await tx.execute(sql`
    update orders o set risk_score = s.score, risk_band = s.band, risk_reasons = s.reasons::jsonb
    from unnest(${sql.param(scored.map((s) => s.id))}::int[], ${sql.param(scored.map((s) => s.score))}::real[],
                ${sql.param(scored.map((s) => s.band))}::text[],
                ${sql.param(scored.map((s) => JSON.stringify(s.reasons)))}::text[]) as s(id, score, band, reasons)
    where o.id = s.id and o.org_id = ${orgId}`);
  return new Map(scored.map(({ id, ...risk }) => [id, risk]));
}
