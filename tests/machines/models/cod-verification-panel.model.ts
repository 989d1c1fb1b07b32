import { codVerificationPanelMachine } from '../../../src/machines/cod-verification-panel.machine';
import type { MachineModel } from '../model-harness';

export const PENDING = {
  orderId: 7,
  state: 'PENDING',
  stateText: 'Awaiting buyer',
  reasons: ['Every COD order is verified'],
  dueAt: '2026-11-27T06:00:00.000Z',
  appliedRule: null,
  cancelReason: null,
  overridden: false,
  shippingRefusal: 'This COD order is awaiting the buyer’s confirmation.',
  mayOverride: true,
  mayResend: true,
  messagesSent: 1,
  timeline: [{ kind: 'OPENED', note: 'Needs the buyer’s confirmation', at: '2026-11-26T06:00:00.000Z' }],
};
const OVERRIDDEN = { ...PENDING, overridden: true, shippingRefusal: null, mayOverride: false, mayResend: false };
const LIVE_EVENT = {
  eventId: '41',
  orderId: 7,
  orderNumber: 'KC-1001',
  trackingNumber: null,
  status: 'NEW',
  statusText: 'New',
  at: '2026-11-26T07:00:00.000Z',
  location: null,
  remark: 'The buyer confirmed the order on WhatsApp',
};
const CONFIRMED = { ...OVERRIDDEN, overridden: false, state: 'CONFIRMED', stateText: 'Confirmed by buyer' };

export const model: MachineModel = {
  name: 'cod-verification-panel',
  machine: codVerificationPanelMachine,
  options: {
    input: { orderId: 7 },
    promiseActors: ['load', 'resend', 'override'],
    events: () => [
      { type: 'RETRY' },
      { type: 'RESEND' },
      { type: 'OVERRIDE' },
      { type: 'CONFIRM' },
      { type: 'CANCEL' },
      { type: 'xstate.done.actor.load', output: PENDING },
      { type: 'xstate.done.actor.load', output: CONFIRMED },
      { type: 'xstate.error.actor.load', error: { status: 0, message: 'You are offline' } },
      { type: 'xstate.done.actor.resend', output: { ...PENDING, messagesSent: 2 } },
      {
        type: 'xstate.error.actor.resend',
        error: { status: 409, message: 'The link was sent 4 times already: please call the buyer' },
      },
      { type: 'xstate.done.actor.override', output: OVERRIDDEN },
      { type: 'xstate.error.actor.override', error: { status: 409, message: 'Nothing to override' } },
      // the buyer answered (on WhatsApp or the link): the order's stream says so
      { type: 'LIVE_STATUS', event: LIVE_EVENT },
      { type: 'xstate.done.actor.refresh', output: CONFIRMED },
      { type: 'xstate.error.actor.refresh', error: { status: 0, message: 'You are offline' } },
    ],
    serializeState: (s) =>
      JSON.stringify([
        s.value,
        s.context.verification?.state,
        s.context.verification?.overridden,
        s.context.notice,
        s.context.error,
      ]),
    limit: 3000,
  },
};
