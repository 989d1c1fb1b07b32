import { useMachine } from '@xstate/react';
import { fromPromise } from 'xstate';
import { signupFeedbackMachine } from '../machines/signup-feedback.machine';
import type { SignupFeedbackPayload } from '../domain/signup-feedback';
import { sendSignupFeedback } from './signup-client';
import { inspector } from './inspector';

// The sign-up page's feedback block bound to its call; one idempotency key per block shown.

export function useSignupFeedback() {
  return useMachine(
    signupFeedbackMachine.provide({
      actors: { sendFeedback: fromPromise<unknown, SignupFeedbackPayload>(({ input }) => sendSignupFeedback(input)) },
    }),
    { inspect: inspector(), input: { idempotencyKey: crypto.randomUUID() } },
  );
}
