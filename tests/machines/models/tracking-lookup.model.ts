import { trackingLookupMachine } from '../../../src/machines/tracking-lookup.machine';
import type { MachineModel } from '../model-harness';

export const model: MachineModel = {
  name: 'tracking-lookup',
  machine: trackingLookupMachine,
  options: {
    promiseActors: ['lookup'],
    events: () => [
      { type: 'TYPE', value: 'SF017400792702' },
      { type: 'TYPE', value: '  ' },
      { type: 'TRACK' },
      { type: 'xstate.done.actor.lookup', output: { found: true, trackingNumber: 'SF017400792702' } },
      { type: 'xstate.done.actor.lookup', output: { found: false, trackingNumber: 'SF017400792702' } },
      { type: 'xstate.error.actor.lookup', error: { status: 0, message: 'You are offline' } },
    ],
    serializeState: (s) =>
      JSON.stringify([s.value, s.context.trackingNumber.trim() !== '', s.context.error, s.context.target]),
  },
};
