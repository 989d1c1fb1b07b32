import { integer, jsonb, pgTable, serial, timestamp } from 'drizzle-orm/pg-core';
import type { RiskModel } from '../../../src/domain/risk/model';

// Each fit of the RTO risk model (server/modules/risk/train-job.ts): its weights, and how it did on
// the settled orders it was not fitted on. Orders are scored with the newest.

export interface RiskModelMetrics {
  trainOrders: number;
  heldOutOrders: number;
  /** held-out AUC; null when the held-out orders have no RTO or no delivery */
  auc: number | null;
}

export const riskModels = pgTable('risk_models', {
  id: serial('id').primaryKey(),
  model: jsonb('model').$type<RiskModel>().notNull(),
  metrics: jsonb('metrics').$type<RiskModelMetrics>().notNull(),
  iterations: integer('iterations').notNull(),
  trainedAt: timestamp('trained_at', { withTimezone: true }).notNull(),
});
