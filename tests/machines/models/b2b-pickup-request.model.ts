import type { B2bOrderDetail } from '../../../src/domain/b2b-contract';
import { b2bPickupRequestMachine, checkPickup } from '../../../src/machines/b2b-pickup-request.machine';
import type { MachineModel } from '../model-harness';

// A pickup asked for on Monday 30 Nov 2026 at 10:30 IST: the dialog starts on today from 1 pm;
// the seller may move it to Sunday or to a time that has passed (both refused in the dialog) or to
// Tuesday, then the server answers or refuses.
export const NOW = Date.parse('2026-11-30T05:00:00Z');
export const DRAFT = { pickupDate: '2026-11-30', readyAt: '13:00' };
export const ASKED = {
  orderId: 7,
  pickup: { pickupDate: '2026-12-01', readyAt: '10:00', status: 'REQUESTED' },
} as unknown as B2bOrderDetail;

export const model: MachineModel = {
  name: 'b2b-pickup-request',
  machine: b2bPickupRequestMachine,
  options: {
    input: { orderId: 7, now: NOW, draft: DRAFT },
    promiseActors: ['requestPickup'],
    events: () => [
      { type: 'SET', field: 'pickupDate', value: '2026-12-06' },
      { type: 'SET', field: 'readyAt', value: '10:00' },
      { type: 'SAVE' },
      { type: 'CANCEL' },
      { type: 'xstate.done.actor.requestPickup', output: ASKED },
      {
        type: 'xstate.error.actor.requestPickup',
        error: { status: 409, message: 'A pickup is asked for already, on 01 Dec 2026' },
      },
    ],
    serializeState: (s) =>
      JSON.stringify([
        s.value,
        checkPickup(s.context.draft, s.context.now).ok,
        Object.keys(s.context.errors).length > 0,
        s.context.refusal !== null,
      ]),
  },
};
