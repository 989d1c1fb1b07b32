import { pickupRescheduleMachine } from '../../../src/machines/pickup-reschedule.machine';
import type { MachineModel } from '../model-harness';

const MOVED = {
  pickupRequestId: 4,
  pickupAddressId: 2,
  addressName: 'Meera Jaipur',
  carrierCode: 'DE',
  carrierName: 'Delhivery',
  pickupDate: '2026-11-23',
  parcels: 3,
  state: 'PENDING',
  courierPickupId: null,
  lastError: null,
  movable: true,
};

export const model: MachineModel = {
  name: 'pickup-reschedule',
  machine: pickupRescheduleMachine,
  options: {
    input: { pickupRequestId: 4, currentDate: '2026-11-21', today: '2026-11-20' },
    promiseActors: ['move'],
    events: () => [
      { type: 'CHOOSE', date: '2026-11-23' },
      // the request's own day, a past day and one beyond the week are not choices
      { type: 'CHOOSE', date: '2026-11-21' },
      { type: 'CHOOSE', date: '2026-11-19' },
      { type: 'CHOOSE', date: '2026-11-27' },
      { type: 'SAVE' },
      { type: 'RETRY' },
      { type: 'BACK' },
      { type: 'xstate.done.actor.move', output: MOVED },
      {
        type: 'xstate.error.actor.move',
        error: {
          status: 409,
          message: 'The courier has picked up a parcel of this pickup already: its date cannot change',
        },
      },
    ],
    serializeState: (s) => JSON.stringify([s.value, s.context.chosen, s.context.error, s.context.moved?.pickupDate]),
  },
};
