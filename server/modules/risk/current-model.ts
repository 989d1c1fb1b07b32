import { desc } from 'drizzle-orm';
import type { Tx, Db } from '../../db/client';
import { riskModels } from '../../db/schema';
import { STARTER_MODEL } from '../../../src/domain/risk/starter-model';
import type { RiskModel } from '../../../src/domain/risk/model';

/** The newest fitted model, or the starter model until the training job has fitted one. */
export async function currentRiskModel(db: Db | Tx): Promise<RiskModel> {
  const [row] = await db.select({ model: riskModels.model }).from(riskModels).orderBy(desc(riskModels.id)).limit(1);
  return row?.model ?? STARTER_MODEL;
}
