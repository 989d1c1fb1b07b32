import { termsAcceptanceMachine } from '../../../src/machines/terms-acceptance.machine';
import type { MachineModel } from '../model-harness';

export const TERMS = { tcVersionId: 2, version: '2', title: 'Terms of service', content: 'The updated terms.' };

export const model: MachineModel = {
  name: 'terms-acceptance',
  machine: termsAcceptanceMachine,
  options: {
    promiseActors: ['loadTerms', 'decide'],
    events: () => [
      { type: 'xstate.done.actor.loadTerms', output: { terms: TERMS, ipAddress: '203.0.113.7' } },
      { type: 'xstate.error.actor.loadTerms', error: { status: 0, message: 'No Internet Connection' } },
      { type: 'xstate.done.actor.accept' },
      { type: 'xstate.error.actor.accept', error: { status: 500, message: 'Something went wrong' } },
      { type: 'xstate.done.actor.decline' },
      { type: 'xstate.error.actor.decline', error: { status: 0, message: 'No Internet Connection' } },
    ],
    serializeState: (s) => JSON.stringify([s.value, s.context.terms?.tcVersionId ?? null, s.context.error]),
  },
};
