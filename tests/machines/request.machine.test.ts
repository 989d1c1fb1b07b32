import { expect, it } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';
import { requestMachine } from '../../src/machines/request.machine';
import { MSG } from '../../src/domain/messages';
import { describeModel } from './describe-model';
import { model } from './models/request.model';

describeModel(
  model,
  (actual, expected) => expect(actual.context.error === null).toBe(expected.context.error === null),
  () => {
    it('passes RUN params to the call, keeps them for RETRY, and ignores RUN while running', async () => {
      const seen: unknown[] = [];
      let fail = true;
      const machine = requestMachine.provide({
        actors: {
          request: fromPromise(async ({ input }) => {
            seen.push(input);
            if (fail) throw { status: 400, message: 'Current password is incorrect' };
            return 'ok';
          }),
        },
      });
      const actor = createActor(machine).start();
      actor.send({ type: 'RUN', params: { n: 1 } });
      actor.send({ type: 'RUN', params: { n: 2 } });
      await waitFor(actor, (s) => s.matches('failed'));
      expect(actor.getSnapshot().context.error).toBe('Current password is incorrect');
      fail = false;
      actor.send({ type: 'RETRY' });
      await waitFor(actor, (s) => s.matches('succeeded'));
      expect(seen).toEqual([{ n: 1 }, { n: 1 }]);
      expect(actor.getSnapshot().context.data).toBe('ok');
    });

    it('restarts a call under way on RELOAD: the answer kept is the one asked for last', async () => {
      const answers: ((v: string) => void)[] = [];
      const seen: unknown[] = [];
      const machine = requestMachine.provide({
        actors: {
          request: fromPromise(({ input }) => {
            seen.push(input);
            return new Promise<string>((resolve) => answers.push(resolve));
          }),
        },
      });
      const actor = createActor(machine).start();
      actor.send({ type: 'RUN', params: { n: 1 } });
      actor.send({ type: 'RELOAD', params: { n: 2 } });
      expect(seen).toEqual([{ n: 1 }, { n: 2 }]);
      // the first call answers last, with what was true before the change: it is dropped
      answers[1]('after the change');
      answers[0]('before the change');
      await waitFor(actor, (s) => s.matches('succeeded'));
      await new Promise((r) => setTimeout(r, 0));
      expect(actor.getSnapshot().context.data).toBe('after the change');
      expect(actor.getSnapshot().context.params).toEqual({ n: 2 });
      // a RELOAD after an answer asks again too
      actor.send({ type: 'RELOAD', params: { n: 3 } });
      expect(actor.getSnapshot().matches('running')).toBe(true);
      answers[2]('third');
      await waitFor(actor, (s) => s.matches('succeeded') && s.context.data === 'third');
      expect(seen).toEqual([{ n: 1 }, { n: 2 }, { n: 3 }]);
    });

    it('shows the generic message when a failure carries no text', async () => {
      const machine = requestMachine.provide({
        actors: {
          request: fromPromise<unknown>(async () => {
            throw new Error('');
          }),
        },
      });
      const actor = createActor(machine).start();
      actor.send({ type: 'RUN' });
      await waitFor(actor, (s) => s.matches('failed'));
      expect(actor.getSnapshot().context.error).toBe(MSG.genericError);
    });
  },
);
