import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';
import { signupMachine } from '../../src/machines/signup.machine';
import { describeModel } from './describe-model';
import { model as accountVerification } from './models/account-verification.model';
import { model as loginPage } from './models/login-page.model';
import { model as signup } from './models/signup.model';
import { MSG } from '../../src/domain/messages';

// Model-based suites of the login page's flows: generated paths replayed against real actors.

describeModel(accountVerification, (a, e) => expect(a.context).toEqual(e.context));
describeModel(loginPage, (a, e) => {
  expect(a.context).toEqual(e.context);
  // the password waits for the sign-in code only while its form is open
  if (a.matches('loginOtp')) expect(a.context.password).toBe('Seller@123');
  if (a.matches({ loginOtp: 'idle' }))
    expect([MSG.loginOtpRequired, MSG.incorrectOtp]).toContain(a.context.message?.text);
  if (a.matches({ login: 'done' })) expect(a.context).toMatchObject({ password: '', code: '' });
});
describeModel(signup, (a, e) => {
  // the whole context but the message: the OTP timers (children the model does not run) write it
  const { message: _said, ...context } = a.context;
  const { message: _modelled, ...expected } = e.context;
  expect(context).toEqual(expected);
  expect([a.status, a.output]).toEqual([e.status, e.output]);
  if (a.context.message) expect(['error', 'info']).toContain(a.context.message.kind);
  // leaving the form forgets the password and both flags
  if (a.matches({ form: 'done' })) expect([a.context.form.password, a.context.phoneVerified]).toEqual(['', false]);
  else {
    // a flag is true exactly while its region says verified (typed, or restored from a draft)
    expect(a.context.phoneVerified).toBe(a.matches({ phone: 'verified' }));
    expect(a.context.emailVerified).toBe(a.matches({ email: 'verified' }));
  }
});

describe('signup while the referral sources load', () => {
  it('keeps what is typed before they come', async () => {
    type Reference = { referralSources: { referralSourceId: number; sourceName: string }[]; ipAddress: string };
    let loaded!: (v: Reference) => void;
    const actor = createActor(
      signupMachine.provide({
        actors: {
          loadReference: fromPromise(() => new Promise<Reference>((r) => (loaded = r))),
        },
      }),
      { input: {} },
    ).start();
    expect(actor.getSnapshot().matches({ form: 'loading' })).toBe(true);
    actor.send({ type: 'CHANGE', field: 'firstName', value: 'Priya' });
    actor.send({ type: 'CHANGE', field: 'email', value: 'priya@nairnaturals.in' });
    loaded({ referralSources: [], ipAddress: '49.36.20.1' });
    await waitFor(actor, (s) => s.matches({ form: 'editing' }));
    expect(actor.getSnapshot().context.form).toMatchObject({
      firstName: 'Priya',
      email: 'priya@nairnaturals.in',
      ipAddress: '49.36.20.1',
    });
    actor.stop();
  });
});
