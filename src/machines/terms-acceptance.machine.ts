import { assign, fromPromise, setup } from 'xstate';
import type { TermsData } from '../domain/account-contract';
import { takeFailure } from './failure';

// The terms gate of the seller app: when account info says a version published since this login
// came to be is not accepted (termsAndConditionsDetailsInfoDTO.mustAccept), the terms in force are
// loaded with the caller's IP address and shown; the seller accepts (recorded with the version,
// status and IP) and goes on, or declines (recorded too) and is logged out.

export interface TermsAcceptanceContext {
  terms: TermsData | null;
  ipAddress: string;
  error: string | null;
}

export type TermsAcceptanceEvent = { type: 'ACCEPT' } | { type: 'DECLINE' } | { type: 'RETRY' };

export interface TermsDecision {
  tcVersionId: number;
  status: 'ACCEPTED' | 'DECLINED';
  ipAddress: string;
}

export const termsAcceptanceMachine = setup({
  types: {
    context: {} as TermsAcceptanceContext,
    events: {} as TermsAcceptanceEvent,
  },
  actors: {
    loadTerms: fromPromise<{ terms: TermsData; ipAddress: string }>(async () => {
      throw new Error('loadTerms not provided');
    }),
    decide: fromPromise<unknown, TermsDecision>(async () => {
      throw new Error('decide not provided');
    }),
  },
  actions: {
    takeError: assign(takeFailure),
    /** the account is read again, so the gate lifts (supplied by the binding) */
    accepted: () => {},
    /** logs out with the declined message (supplied by the binding) */
    logOut: () => {},
  },
}).createMachine({
  id: 'termsAcceptance',
  context: { terms: null, ipAddress: '', error: null },
  initial: 'loading',
  states: {
    loading: {
      invoke: {
        id: 'loadTerms',
        src: 'loadTerms',
        onDone: {
          target: 'mustAccept',
          actions: assign({
            terms: ({ event }) => event.output.terms,
            ipAddress: ({ event }) => event.output.ipAddress,
          }),
        },
        onError: { target: 'loadFailed', actions: 'takeError' },
      },
    },
    loadFailed: { on: { RETRY: { target: 'loading', actions: assign({ error: null }) } } },
    mustAccept: {
      on: { ACCEPT: 'accepting', DECLINE: 'declining' },
    },
    accepting: {
      invoke: {
        id: 'accept',
        src: 'decide',
        input: ({ context }) => ({
          tcVersionId: context.terms!.tcVersionId,
          status: 'ACCEPTED' as const,
          ipAddress: context.ipAddress,
        }),
        onDone: { target: 'accepted', actions: assign({ error: null }) },
        onError: { target: 'mustAccept', actions: 'takeError' },
      },
    },
    accepted: { type: 'final', entry: 'accepted' },
    declining: {
      invoke: {
        id: 'decline',
        src: 'decide',
        input: ({ context }) => ({
          tcVersionId: context.terms!.tcVersionId,
          status: 'DECLINED' as const,
          ipAddress: context.ipAddress,
        }),
        // recorded or not, a seller who declines does not go on
        onDone: { target: 'loggedOut', actions: 'logOut' },
        onError: { target: 'loggedOut', actions: 'logOut' },
      },
    },
    loggedOut: { type: 'final' },
  },
});
