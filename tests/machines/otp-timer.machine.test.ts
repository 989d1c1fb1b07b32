import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, SimulatedClock } from 'xstate';
import { otpTimerMachine } from '../../src/machines/otp-timer.machine';
import { resendLabel } from '../../src/domain/format';
import { describeModel } from './describe-model';
import { model } from './models/otp-timer.model';

describeModel(model, (a, e) => expect(a.context).toEqual(e.context));

describe('OTP timer rules', () => {
  it.each([60, 30])('counts down %i seconds after a send, then allows a resend', async (seconds) => {
    const clock = new SimulatedClock();
    const actor = createActor(otpTimerMachine.provide({ actors: { send: fromPromise(async () => 'sent') } }), {
      input: { seconds },
      clock,
    }).start();
    actor.send({ type: 'SEND', payload: {} });
    await new Promise((r) => setTimeout(r, 0));
    expect(actor.getSnapshot().value).toBe('locked');
    expect(resendLabel(actor.getSnapshot().context.remaining)).toBe(
      seconds === 60 ? 'Resend OTP in 1:00' : 'Resend OTP in 0:30',
    );
    clock.increment(1000);
    expect(resendLabel(actor.getSnapshot().context.remaining)).toBe(
      seconds === 60 ? 'Resend OTP in 0:59' : 'Resend OTP in 0:29',
    );
    for (let i = 0; i < seconds - 2; i++) clock.increment(1000);
    expect(actor.getSnapshot().context.remaining).toBe(1);
    clock.increment(1000);
    expect(actor.getSnapshot().value).toBe('ready');
  });
});
