import { codVerificationSettingsMachine } from '../../../src/machines/cod-verification-settings.machine';
import type { MachineModel } from '../model-harness';

export const ANSWER = {
  enabled: false,
  scope: 'ALL',
  minOrderValueRupees: null,
  riskyPincodes: false,
  minPastRtos: null,
  minRiskBand: null,
  waitHours: 24,
  afterWait: 'HOLD',
  offerPrepaid: true,
  pincodeRiskThresholdPercent: 35,
  pincodeRiskMinShipments: 20,
  gatewayAvailable: true,
};
const SAVED = { ...ANSWER, enabled: true, scope: 'RULES', minOrderValueRupees: 2000 };

export const model: MachineModel = {
  name: 'cod-verification-settings',
  machine: codVerificationSettingsMachine,
  options: {
    promiseActors: ['load', 'save'],
    events: () => [
      { type: 'EDIT', patch: { enabled: true } },
      // rules with none chosen: refused under the scope
      { type: 'EDIT', patch: { scope: 'RULES' } },
      { type: 'EDIT', patch: { valueRule: true, minOrderValueRupees: '2000' } },
      // the RTO band alone is a rule enough
      { type: 'EDIT', patch: { minRiskBand: 'HIGH' } },
      { type: 'EDIT', patch: { waitHours: '0' } },
      { type: 'SAVE' },
      { type: 'RETRY' },
      { type: 'xstate.done.actor.load', output: ANSWER },
      { type: 'xstate.error.actor.load', error: { status: 0, message: 'You are offline' } },
      { type: 'xstate.done.actor.save', output: SAVED },
      {
        type: 'xstate.error.actor.save',
        error: { status: 403, message: 'COD order verification comes with the Pro plan.' },
      },
    ],
    serializeState: (s) =>
      JSON.stringify([s.value, s.context.draft, Object.keys(s.context.fieldErrors).sort(), s.context.error]),
    limit: 5000,
  },
};
