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
