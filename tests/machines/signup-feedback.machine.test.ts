import { describe, expect, it } from 'vitest';
import { createActor, fromPromise } from 'xstate';
import { signupFeedbackMachine } from '../../src/machines/signup-feedback.machine';
import type { SignupFeedbackPayload } from '../../src/domain/signup-feedback';
import { describeModel } from './describe-model';
import { model } from './models/signup-feedback.model';

describeModel(model, (a, e) =>
  expect([a.context.rating, a.context.message, a.context.error]).toEqual([
    e.context.rating,
    e.context.message,
    e.context.error,
  ]),
);

const KEY = '6f1c2b0e-8a4d-4c1e-9f3a-2b7d5e9c1a00';
const tick = () => new Promise((r) => setTimeout(r, 0));

describe('sign-up feedback rules', () => {
  it('keeps submit shut until a rating is chosen, and ignores a rating outside 1 to 10', () => {
    const a = createActor(signupFeedbackMachine, { input: { idempotencyKey: KEY } }).start();
    a.send({ type: 'SUBMIT' });
    a.send({ type: 'RATE', value: 0 });
    a.send({ type: 'SUBMIT' });
    expect(a.getSnapshot().matches('editing')).toBe(true);
    expect(a.getSnapshot().context.rating).toBeNull();
  });

  it('sends the trimmed message with the same idempotency key on a retry after a failure', async () => {
    const sent: SignupFeedbackPayload[] = [];
    let fail = true;
    const machine = signupFeedbackMachine.provide({
      actors: {
        sendFeedback: fromPromise<unknown, SignupFeedbackPayload>(async ({ input }) => {
          sent.push(input);
          if (fail) throw new Error('You are offline');
          return { received: true };
        }),
      },
    });
    const a = createActor(machine, { input: { idempotencyKey: KEY } }).start();
    a.send({ type: 'RATE', value: 9 });
    a.send({ type: 'TYPE', value: '  smooth  ' });
    a.send({ type: 'SUBMIT' });
    await tick();
    expect(a.getSnapshot().context.error).toBe('You are offline');
    fail = false;
    a.send({ type: 'SUBMIT' });
    await tick();
    expect(a.getSnapshot().matches('sent')).toBe(true);
    expect(sent).toEqual([
      { idempotencyKey: KEY, rating: 9, message: 'smooth' },
      { idempotencyKey: KEY, rating: 9, message: 'smooth' },
    ]);
  });
});
