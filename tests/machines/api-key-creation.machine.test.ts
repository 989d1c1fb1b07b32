import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';
import { describeModel } from './describe-model';
import { apiKeyCreationModel, MADE } from './models/api-key-creation.model';
import { apiKeyCreationMachine } from '../../src/machines/api-key-creation.machine';

describeModel(apiKeyCreationModel, (a, e) => {
  expect([a.context.name !== '', a.context.error === null, a.context.copied]).toEqual([
    e.context.name !== '',
    e.context.error === null,
    e.context.copied,
  ]);
  // the key is held only while it is shown
  if (a.matches('shown')) expect(a.context.key).toBe(MADE.key);
  else expect(a.context.key).toBeNull();
  if (a.matches('editing') && a.context.error && a.context.name === '')
    expect(a.context.error).toBe('Key name is required');
});

describe('api key creation', () => {
  it('sends the trimmed name, copies the key it was given, and forgets it when done', async () => {
    const sent: string[] = [];
    const copied: string[] = [];
    let created = 0;
    const actor = createActor(
      apiKeyCreationMachine.provide({
        actors: {
          createKey: fromPromise(async ({ input }: { input: { name: string } }) => {
            sent.push(input.name);
            return MADE;
          }),
        },
        actions: {
          created: () => void (created += 1),
          copyKey: (_, params: { key: string }) => void copied.push(params.key),
        },
      }),
    ).start();
    actor.send({ type: 'NAME', value: '  Store sync ' });
    actor.send({ type: 'SUBMIT' });
    const shown = await waitFor(actor, (s) => s.matches('shown'));
    expect(sent).toEqual(['Store sync']);
    expect(created).toBe(1);
    expect(shown.context.made?.prefix).toBe('dk_live_0123');
    actor.send({ type: 'COPY' });
    expect(copied).toEqual([MADE.key]);
    actor.send({ type: 'DONE' });
    expect(actor.getSnapshot().context).toEqual({ name: '', error: null, key: null, made: null, copied: false });
  });
});
