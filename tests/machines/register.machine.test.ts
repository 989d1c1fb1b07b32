import { expect, it } from 'vitest';
import { createActor, fromPromise, SimulatedClock, waitFor } from 'xstate';
import { MSG } from '../../src/domain/messages';
import { registerMachine } from '../../src/machines/register.machine';
import { describeModel } from './describe-model';
import { model, VALID } from './models/register.model';

describeModel(
  model,
  // paths are built over the model's abstraction of the context (serializeState), so compare that
  (actual, expected) => expect(model.options.serializeState!(actual)).toBe(model.options.serializeState!(expected)),
  () => {
    it('publishes messages 800 ms after the last change, only for touched fields', () => {
      const clock = new SimulatedClock();
      const actor = createActor(registerMachine, { clock }).start();
      actor.send({ type: 'CHANGE', field: 'firstName', value: 'Al' });
      clock.increment(500);
      actor.send({ type: 'CHANGE', field: 'firstName', value: 'Al1' });
      clock.increment(799);
      expect(actor.getSnapshot().context.shown).toEqual({});
      clock.increment(1);
      expect(actor.getSnapshot().context.shown).toEqual({ firstName: MSG.firstNameRule });
    });

    it('a submit with broken fields shows every message at once', () => {
      const actor = createActor(registerMachine).start();
      actor.send({ type: 'SUBMIT' });
      expect(actor.getSnapshot().value).toEqual({ editing: 'settled' });
      expect(actor.getSnapshot().context.shown.tncAccepted).toBe(MSG.acceptToProceed);
      expect(Object.keys(actor.getSnapshot().context.shown)).toHaveLength(8);
    });

    it('sends the form, then the email with both codes (email and mobile), and leaves once verified', async () => {
      const sent: unknown[] = [];
      let left = false;
      const machine = registerMachine.provide({
        actors: {
          registerBasic: fromPromise(async ({ input }) => {
            sent.push(input);
            return { email: 'r***@kumar.in', phoneNumber: '******3210' };
          }),
          verifyAccount: fromPromise(async ({ input }) => {
            sent.push(input);
            if (input.code !== '654321') throw { status: 400, message: MSG.incorrectOtp };
            return null;
          }),
        },
        actions: {
          leave: () => {
            left = true;
          },
        },
      });
      const actor = createActor(machine).start();
      for (const [field, value] of Object.entries(VALID))
        actor.send({ type: 'CHANGE', field: field as keyof typeof VALID, value });
      actor.send({ type: 'SUBMIT' });
      await waitFor(actor, (s) => s.matches('awaitingCode'));
      expect(actor.getSnapshot().context.targets?.phoneNumber).toBe('******3210');
      actor.send({ type: 'CODE', code: '123456' });
      // one code is not enough: the mobile proves itself with its own
      actor.send({ type: 'VERIFY' });
      expect(actor.getSnapshot().context.codeError).toBe(MSG.otpNumeric);
      actor.send({ type: 'PHONE_CODE', code: '111222' });
      actor.send({ type: 'VERIFY' });
      await waitFor(actor, (s) => s.matches('awaitingCode') && !!s.context.codeError);
      expect(actor.getSnapshot().context.codeError).toBe(MSG.incorrectOtp);
      actor.send({ type: 'CODE', code: '654321' });
      actor.send({ type: 'VERIFY' });
      await waitFor(actor, (s) => s.status === 'done');
      expect(left).toBe(true);
      expect(sent).toEqual([
        VALID,
        { email: VALID.email, code: '123456', phoneCode: '111222' },
        { email: VALID.email, code: '654321', phoneCode: '111222' },
      ]);
    });
  },
);
