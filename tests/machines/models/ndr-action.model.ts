import { ndrActionMachine } from '../../../src/machines/ndr-action.machine';
import type { MachineModel } from '../model-harness';

// Two NDRs picked together: one the buyer asked to move (a re-attempt needs a date), one with a
// wrong address. Change phone is admitted by the first only, so it is not offered for both; a
// fake attempt takes remarks and uploaded images.

const outcome = (ndrId: number, courierRef: string | null) => ({
  ndrId,
  ok: true as const,
  outcome: {
    ndrId,
    status: 'ACTION_TAKEN',
    action: 'REATTEMPT',
    actionSource: 'SELLER',
    courierRef,
    actionAt: '2026-11-24T05:00:00.000Z',
  },
});

export const ITEMS = [
  {
    ndrId: 11,
    label: 'ORD-11 · 1400000000011',
    reason: 'FUTURE_DELIVERY' as const,
    allowedActions: ['REATTEMPT', 'CHANGE_ADDRESS', 'CHANGE_PHONE', 'RTO', 'FAKE_ATTEMPT'] as const,
  },
  {
    ndrId: 12,
    label: 'ORD-12 · 1400000000012',
    reason: 'ADDRESS_ISSUE' as const,
    allowedActions: ['REATTEMPT', 'CHANGE_ADDRESS', 'RTO', 'FAKE_ATTEMPT'] as const,
  },
];

export const model: MachineModel = {
  name: 'ndr-action',
  machine: ndrActionMachine,
  options: {
    input: { items: ITEMS, dates: { min: '2026-11-25', max: '2026-11-30' } },
    promiseActors: ['submit', 'uploadEvidence', 'awaitCourier'],
    events: (s: any) => {
      const c = s.context;
      return [
        { type: 'CHOOSE', action: 'REATTEMPT' },
        { type: 'CHOOSE', action: 'FAKE_ATTEMPT' },
        { type: 'CHOOSE', action: 'CHANGE_PHONE' },
        ...(c.action === 'REATTEMPT' && !c.values.reattemptDate
          ? [{ type: 'SET', field: 'reattemptDate', value: '2026-11-27' }]
          : []),
        ...(c.action === 'FAKE_ATTEMPT' && !c.values.remarks
          ? [{ type: 'SET', field: 'remarks', value: 'The buyer was home all day; no call came' }]
          : []),
        { type: 'SUBMIT' },
        { type: 'BACK' },
        { type: 'RETRY' },
        { type: 'CANCEL' },
        ...(c.action === 'REATTEMPT' && !c.confirmed && !c.values.reattemptDate
          ? [{ type: 'CONFIRM', confirmed: true }]
          : []),
        ...(c.action !== 'FAKE_ATTEMPT' || c.values.remarks
          ? []
          : c.evidenceFileIds.length
            ? [{ type: 'DETACH', fileId: 'ev_0000000005' }]
            : [{ type: 'ATTACH', file: { size: 1 } }]),
        { type: 'xstate.done.actor.uploadEvidence', output: { fileId: 'ev_0000000005' } },
        {
          type: 'xstate.error.actor.uploadEvidence',
          error: { status: 413, message: 'Evidence images must be under 5 MB' },
        },
        {
          type: 'xstate.done.actor.submit',
          output: { results: [outcome(11, 'SBX-1'), outcome(12, 'SBX-2')], applied: 2, refused: 0 },
        },
        {
          type: 'xstate.done.actor.submit',
          output: {
            results: [
              outcome(11, null),
              { ndrId: 12, ok: false, errorMessage: 'The seller acted on this NDR already' },
            ],
            applied: 1,
            refused: 1,
          },
        },
        { type: 'xstate.error.actor.submit', error: { status: 0, message: 'You are offline' } },
        {
          type: 'xstate.done.actor.awaitCourier',
          output: [{ ndrId: 11, accepted: false, message: 'Pincode not serviceable' }],
        },
        { type: 'xstate.error.actor.awaitCourier', error: { status: 504, message: 'No answer yet' } },
      ];
    },
    limit: 20000,
    serializeState: (s) =>
      JSON.stringify([
        s.value,
        s.context.action,
        Object.keys(s.context.values),
        Object.keys(s.context.errors),
        s.context.evidenceFileIds.length,
        s.context.confirmed,
        s.context.results,
        s.context.error,
      ]),
  },
};

/** One parcel with a wrong address: its change of address starts from what the courier has. */
export const CURRENT = {
  line1: '12, MI Road, near Panch Batti',
  line2: 'C-Scheme',
  pincode: '302001',
  city: 'Jaipur',
  state: 'Rajasthan',
};
export const ONE_ITEM = [{ ...ITEMS[1], current: CURRENT }];
