import { useMachine } from '@xstate/react';
import { fromPromise } from 'xstate';
import { signupFeedbackMachine } from '../machines/signup-feedback.machine';
import { API_SIGNUP_FEEDBACK, type SignupFeedbackPayload } from '../domain/signup-feedback';
import { call } from './call';
import { http } from './http';
import { inspector } from './inspector';

// The sign-up page's feedback block bound to its call; one idempotency key per block shown.

export function useSignupFeedback() {
  return useMachine(
    signupFeedbackMachine.provide({
      actors: {
        sendFeedback: fromPromise<unknown, SignupFeedbackPayload>(({ input }) =>
          call(http, API_SIGNUP_FEEDBACK.send, { body: input }),
        ),
      },
    }),
    { inspect: inspector(), input: { idempotencyKey: crypto.randomUUID() } },
  );
}
