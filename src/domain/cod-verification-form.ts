import type { AfterWaitRule, RiskBandRule, VerificationScope, VerificationSettings } from './cod-verification';
import { VerificationSettingsBody, type VerificationSettingsInput } from './schemas/cod-verification';
import { checkForm, numberOrUndefined, type FormCheck } from './schemas/form-check';

// The seller's COD verification settings as the form holds them: each rule has its own switch,
// and the numbers are the text typed. Checked with the server's schema, so each error is the
// API's sentence under its field, named by its label.

export interface VerificationDraft {
  enabled: boolean;
  scope: VerificationScope;
  /** the order value rule is on */
  valueRule: boolean;
  minOrderValueRupees: string;
  riskyPincodes: boolean;
  /** the past RTOs rule is on */
  rtoRule: boolean;
  minPastRtos: string;
  /** the RTO risk band rule: OFF, or the least band verified */
  minRiskBand: RiskBandRule | 'OFF';
  waitHours: string;
  afterWait: AfterWaitRule;
  offerPrepaid: boolean;
}

export function draftOf(s: VerificationSettings): VerificationDraft {
  return {
    enabled: s.enabled,
    scope: s.scope,
    valueRule: s.minOrderValueRupees !== null,
    minOrderValueRupees: s.minOrderValueRupees === null ? '' : String(s.minOrderValueRupees),
    riskyPincodes: s.riskyPincodes,
    rtoRule: s.minPastRtos !== null,
    minPastRtos: s.minPastRtos === null ? '' : String(s.minPastRtos),
    minRiskBand: s.minRiskBand ?? 'OFF',
    waitHours: String(s.waitHours),
    afterWait: s.afterWait,
    offerPrepaid: s.offerPrepaid,
  };
}

/** The settings to send, or each field's error; a rule switched off is sent as no rule (null). */
export function checkDraft(d: VerificationDraft, gatewayAvailable: boolean): FormCheck<VerificationSettingsInput> {
  const checked = checkForm(VerificationSettingsBody, {
    enabled: d.enabled,
    scope: d.scope,
    minOrderValueRupees: d.valueRule ? numberOrUndefined(d.minOrderValueRupees) : null,
    riskyPincodes: d.riskyPincodes,
    minPastRtos: d.rtoRule ? numberOrUndefined(d.minPastRtos) : null,
    minRiskBand: d.minRiskBand === 'OFF' ? null : d.minRiskBand,
    waitHours: numberOrUndefined(d.waitHours),
    afterWait: d.afterWait,
    // paying now needs a gateway: without one the offer is never sent as on
    offerPrepaid: d.offerPrepaid && gatewayAvailable,
  });
  if (checked.ok) return checked;
  // the schema's whole-form check (no rule chosen) belongs under the scope choice
  const { form, ...errors } = checked.errors;
  return { ok: false, errors: form ? { scope: form, ...errors } : errors };
}
