import * as v from 'valibot';
import {
  AFTER_WAIT_RULE_CODES,
  MAX_ORDER_VALUE_RUPEES,
  MAX_PAST_RTOS,
  RISK_BAND_RULE_CODES,
  WAIT_HOURS,
} from '../cod-verification';
import { wholeNumberField } from './fields';
import { oneOf } from './choice';

// The seller's COD verification settings as the form and the server check them. With the rules
// scope, at least one rule must be chosen (else no order would ever be verified).

export const VerificationSettingsBody = v.pipe(
  v.object({
    enabled: v.boolean('enabled must be true or false'),
    scope: oneOf(['ALL', 'RULES'], 'verificationScope'),
    minOrderValueRupees: v.nullable(wholeNumberField('minOrderValueRupees', 1, MAX_ORDER_VALUE_RUPEES)),
    riskyPincodes: v.boolean('riskyPincodes must be true or false'),
    minPastRtos: v.nullable(wholeNumberField('minPastRtos', 1, MAX_PAST_RTOS)),
    // left out by a client that predates the rule: no band rule
    minRiskBand: v.optional(v.nullable(oneOf(RISK_BAND_RULE_CODES, 'minRiskBand')), null),
    waitHours: wholeNumberField('waitHours', WAIT_HOURS.min, WAIT_HOURS.max),
    afterWait: oneOf(AFTER_WAIT_RULE_CODES, 'afterWait'),
    offerPrepaid: v.boolean('offerPrepaid must be true or false'),
  }),
  v.check(
    (s) =>
      s.scope === 'ALL' ||
      s.minOrderValueRupees !== null ||
      s.riskyPincodes ||
      s.minPastRtos !== null ||
      s.minRiskBand !== null,
    'verificationScope: choose at least one rule, or verify every COD order',
  ),
);
export type VerificationSettingsInput = v.InferOutput<typeof VerificationSettingsBody>;
