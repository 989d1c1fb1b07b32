import { ndrResponseMachine } from '../../../src/machines/ndr-response.machine';
import type { MachineModel } from '../model-harness';

export const VIEW = {
  brandName: 'Meera Crafts',
  logoUrl: null,
  orderNumber: 'MC-1001',
  carrierName: 'Delhivery Surface',
  parcel: '2 items: Block-print razai',
  paymentMethod: 'COD',
  codAmountPaise: 145000,
  attempt: 1,
  reason: 'ADDRESS_ISSUE',
  reasonText: 'Address incomplete or wrong',
  addressHint: '12, M** R***, Jaipur 302003',
  address: { line1: '12, Moti Doongri Road', line2: '', pincode: '302003', city: 'Jaipur', state: 'Rajasthan' },
  phoneHint: '+91 98****10',
  noAnswerAction: 'REATTEMPT',
  options: ['REATTEMPT', 'UPDATE_DETAILS', 'DECLINE'],
  dates: { min: '2026-11-25', max: '2026-11-30' },
  answered: null,
};
const ANSWERED = {
  ...VIEW,
  options: [],
  answered: { by: 'BUYER', answer: 'Correct my address or phone', at: '2026-11-24T06:00:00.000Z' },
};

export const model: MachineModel = {
  name: 'ndr-response',
  machine: ndrResponseMachine,
  options: {
    input: { token: 'tok-abc' },
    promiseActors: ['fetchNdr', 'sendAnswer'],
    events: (s: any) => [
      { type: 'CHOOSE', answer: 'UPDATE_DETAILS' },
      { type: 'CHOOSE', answer: 'DECLINE' },
      ...(s.context.answer === 'UPDATE_DETAILS' && !s.context.values.landmark
        ? [
            { type: 'SET', field: 'addressLine1', value: '14, Moti Doongri Road, flat 3' },
            { type: 'SET', field: 'phone', value: '9876543210' },
            { type: 'SET', field: 'landmark', value: 'Near Ganesh temple' },
            { type: 'SET', field: 'pincode', value: '302004' },
          ]
        : []),
      { type: 'SUBMIT' },
      { type: 'BACK' },
      { type: 'RETRY' },
      { type: 'xstate.done.actor.fetchNdr', output: VIEW },
      { type: 'xstate.done.actor.fetchNdr', output: ANSWERED },
      { type: 'xstate.error.actor.fetchNdr', error: { status: 410, message: 'This link has expired' } },
      { type: 'xstate.error.actor.fetchNdr', error: { status: 404, message: 'Not found' } },
      { type: 'xstate.error.actor.fetchNdr', error: { status: 0, message: 'You are offline' } },
      { type: 'xstate.done.actor.sendAnswer', output: ANSWERED },
      { type: 'xstate.error.actor.sendAnswer', error: { status: 410, message: 'This link has expired' } },
      { type: 'xstate.error.actor.sendAnswer', error: { status: 409, message: 'The seller has already acted' } },
      { type: 'xstate.error.actor.sendAnswer', error: { status: 0, message: 'You are offline' } },
    ],
    limit: 3000,
    serializeState: (s) =>
      JSON.stringify([
        s.value,
        s.context.answer,
        s.context.values,
        s.context.errors,
        s.context.error,
        !!s.context.view,
      ]),
  },
};
