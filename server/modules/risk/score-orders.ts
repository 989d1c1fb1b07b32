import type { Executor } from '../../db/client';
import { scoreRisk, type RiskScore } from '../../../src/domain/risk/model';
import { currentRiskModel } from './current-model';
import { riskFactsOf, type NewOrderFacts } from './order-facts';

// Every new forward order is scored before its row is inserted (the form, the API and a channel's
// order in the transaction that creates it; a CSV upload's chunk just before its transaction, with
// the same reads: settled parcels, which the chunk's new orders are not), so the row is written
// once with its score, and before the COD-verification rules weigh it, so they can read its band. The
// score, band and reasons stay on the order as they were at its creation.

/** Each order's score, in the order given. */
export async function scoreNewOrders(
  tx: Executor,
  orgId: number,
  list: readonly NewOrderFacts[],
): Promise<RiskScore[]> {
  if (!list.length) return [];
  const model = await currentRiskModel(tx);
  const facts = await riskFactsOf(tx, orgId, list);
  return facts.map((f) => scoreRisk(model, f));
}
