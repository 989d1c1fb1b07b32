import { eq } from 'drizzle-orm';
import type { AppDeps } from '../../deps';
import type { Executor } from '../../db/client';
import { codVerificationSettings } from '../../db/schema';
import { assertPlanAllows } from '../plans/plan-gate';
import {
  DEFAULT_VERIFICATION_SETTINGS,
  PINCODE_RISK_MIN_SHIPMENTS,
  PINCODE_RISK_THRESHOLD_PERCENT,
  type AfterWaitRule,
  type RiskBandRule,
  type VerificationScope,
  type VerificationSettings,
} from '../../../src/domain/cod-verification';
import type { VerificationSettingsAnswer } from '../../../src/domain/cod-verification-contract';
import type { VerificationSettingsInput } from '../../../src/domain/schemas/cod-verification';

// A seller's COD verification settings (Pro and Premium): read with the defaults when never saved.

export async function readSettings(db: Executor, orgId: number): Promise<VerificationSettings> {
  const [row] = await db.select().from(codVerificationSettings).where(eq(codVerificationSettings.orgId, orgId));
  if (!row) return DEFAULT_VERIFICATION_SETTINGS;
  return {
    enabled: row.enabled,
    scope: row.scope as VerificationScope,
    minOrderValueRupees: row.minOrderValueRupees,
    riskyPincodes: row.riskyPincodes,
    minPastRtos: row.minPastRtos,
    minRiskBand: row.minRiskBand as RiskBandRule | null,
    waitHours: row.waitHours,
    afterWait: row.afterWait as AfterWaitRule,
    offerPrepaid: row.offerPrepaid,
  };
}

function answer(deps: AppDeps, s: VerificationSettings): VerificationSettingsAnswer {
  return {
    ...s,
    pincodeRiskThresholdPercent: PINCODE_RISK_THRESHOLD_PERCENT,
    pincodeRiskMinShipments: PINCODE_RISK_MIN_SHIPMENTS,
    gatewayAvailable: !!deps.payments.gateways[deps.payments.defaultGateway],
  };
}

export async function getSettings(deps: AppDeps, orgId: number): Promise<VerificationSettingsAnswer> {
  await assertPlanAllows(deps.db, orgId, 'codVerification');
  return answer(deps, await readSettings(deps.db, orgId));
}

export async function saveSettings(
  deps: AppDeps,
  orgId: number,
  input: VerificationSettingsInput,
): Promise<VerificationSettingsAnswer> {
  await assertPlanAllows(deps.db, orgId, 'codVerification');
  const values = { ...input, updatedAt: deps.now() };
  await deps.db
    .insert(codVerificationSettings)
    .values({ orgId, ...values })
    .onConflictDoUpdate({ target: codVerificationSettings.orgId, set: values });
  return answer(deps, await readSettings(deps.db, orgId));
}
