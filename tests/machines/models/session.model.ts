import { sessionMachine } from '../../../src/machines/session.machine';
import type { MachineModel } from '../model-harness';
import { ADMIN_TOKEN, PCR_TOKEN, REFRESHED_TOKEN, SELLER_TOKEN } from '../fixtures/tokens';

const ACCOUNT = { firstName: 'Aarav', lastName: 'Shah' };

export const model: MachineModel = {
  name: 'session',
  machine: sessionMachine,
  options: {
    input: {},
    promiseActors: ['refresh', 'loadProfile', 'logoutCall'],
    events: () => [
      { type: 'START' },
      { type: 'START', hadSession: false },
      { type: 'START', popupToken: ADMIN_TOKEN },
      { type: 'START', popupToken: SELLER_TOKEN },
      { type: 'LOGGED_IN', token: SELLER_TOKEN },
      { type: 'LOGGED_IN', token: ADMIN_TOKEN },
      { type: 'LOGGED_IN', token: PCR_TOKEN },
      { type: 'TOKEN', token: REFRESHED_TOKEN },
      { type: 'UNAUTHORIZED', message: 'Order not found' },
      { type: 'LOGOUT', message: 'Bye' },
      { type: 'RELOAD_ACCOUNT' },
      { type: 'LOCATION', onLoginPage: true },
      { type: 'xstate.done.actor.refresh', output: REFRESHED_TOKEN },
      { type: 'xstate.error.actor.refresh', error: { message: 'Your session has expired. Please log in again.' } },
      { type: 'xstate.done.actor.loadProfile', output: ACCOUNT },
      { type: 'xstate.error.actor.loadProfile', error: { message: 'Profile unavailable' } },
      { type: 'xstate.done.actor.logoutCall' },
      { type: 'xstate.error.actor.logoutCall', error: { message: 'offline' } },
    ],
    // tokens are long: name them; the account is either loaded or not
    serializeState: (s) =>
      JSON.stringify([
        s.value,
        s.context.claims?.sub ?? null,
        s.context.claims?.st ?? null,
        !!s.context.claims?.pcr,
        !!s.context.account,
        s.context.message,
        s.context.pendingMessage,
        s.context.onLoginPage,
      ]),
  },
};
