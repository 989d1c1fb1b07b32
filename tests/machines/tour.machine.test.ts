import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, SimulatedClock } from 'xstate';
import { tourMachine } from '../../src/machines/tour.machine';
import { TOUR, stepLabel } from '../../src/domain/home-tour';
import { assertFullCoverage, buildModel, coverage, describePath, replayPath } from './model-harness';
import { model, modelWithoutConfirm } from './models/tour.model';

// Both settings together reach every state and transition (the confirmation is a setting).
describe('tour machine (model-based)', () => {
  const withConfirm = buildModel(model.machine, model.options).paths;
  const without = buildModel(modelWithoutConfirm.machine, modelWithoutConfirm.options).paths;
  const check = (a: { context: unknown }, e: { context: unknown }) => expect(a.context).toEqual(e.context);
  it('reaches every state and transition', () => {
    assertFullCoverage('tour', coverage(tourMachine, [...withConfirm, ...without]));
  });
  for (const [name, paths, opts] of [
    ['confirm', withConfirm, model.options],
    ['no confirm', without, modelWithoutConfirm.options],
  ] as const)
    for (const path of paths)
      it(`${name} path: ${describePath(path)}`, async () => {
        await replayPath(tourMachine, path, { ...opts, check });
      });
});

function run(found: (i: number) => boolean, confirmStop = false) {
  const clock = new SimulatedClock();
  const log: string[] = [];
  const actor = createActor(
    tourMachine.provide({
      actors: {
        prepareStep: fromPromise<void, { index: number }>(async ({ input }) => {
          if (!found(input.index)) throw new Error('absent');
        }),
      },
      actions: {
        showStep: (_, p) => log.push(`show ${p.index}`),
        showError: (_, p) => log.push(`error ${p.index}`),
        showConfirm: () => log.push('confirm'),
        focusPopover: () => log.push('focus'),
        teardown: () => log.push('teardown'),
        markSeen: () => log.push('seen'),
      },
    }),
    { input: { confirmStop }, clock },
  ).start();
  return { actor, clock, log };
}
const tick = () => new Promise((r) => setTimeout(r, 0));

describe('tour rules', () => {
  it('walks the seven steps with Next, Back, and Finish on the last; focus after 300 ms', async () => {
    const { actor, clock, log } = run(() => true);
    actor.send({ type: 'START' });
    await tick();
    expect(log).toEqual(['show 0']);
    clock.increment(TOUR.focusDelayMs - 1);
    expect(log).toEqual(['show 0']);
    clock.increment(1);
    expect(log).toEqual(['show 0', 'focus']);
    actor.send({ type: 'BACK' }); // nothing before the first step
    expect(actor.getSnapshot().context.index).toBe(0);
    for (let i = 1; i < TOUR.steps; i++) {
      actor.send({ type: 'NEXT' });
      await tick();
    }
    expect(actor.getSnapshot().context.index).toBe(6);
    expect(stepLabel(actor.getSnapshot().context.index)).toBe('Step 7 of 7');
    actor.send({ type: 'BACK' });
    await tick();
    expect(actor.getSnapshot().context.index).toBe(5);
    actor.send({ type: 'NEXT' });
    await tick();
    actor.send({ type: 'NEXT' });
    expect(actor.getSnapshot().value).toBe('idle');
    expect(actor.getSnapshot().context.outcome).toBe('finished');
    expect(log.slice(-2)).toEqual(['teardown', 'seen']);
  });

  it('a missing anchor gives the error step, whose Exit ends the tour', async () => {
    const { actor, log } = run((i) => i !== 2);
    actor.send({ type: 'START' });
    await tick();
    actor.send({ type: 'NEXT' });
    await tick();
    actor.send({ type: 'NEXT' });
    await tick();
    expect(actor.getSnapshot().value).toBe('missing');
    expect(log).toContain('error 2');
    actor.send({ type: 'NEXT' }); // only Exit leads on
    expect(actor.getSnapshot().value).toBe('missing');
    actor.send({ type: 'EXIT' });
    expect(actor.getSnapshot().context.outcome).toBe('failed');
  });

  it('asks before stopping when set, and carries on from the same step when told no', async () => {
    const { actor, log } = run(() => true, true);
    actor.send({ type: 'START' });
    await tick();
    actor.send({ type: 'NEXT' });
    await tick();
    actor.send({ type: 'CLOSE' });
    expect(actor.getSnapshot().value).toBe('confirming');
    actor.send({ type: 'CANCEL' });
    await tick();
    expect(actor.getSnapshot().context.index).toBe(1);
    expect(log.filter((l) => l === 'show 1')).toHaveLength(2);
    actor.send({ type: 'CLOSE' });
    actor.send({ type: 'CONFIRM' });
    expect(actor.getSnapshot().context.outcome).toBe('stopped');
    expect(log.slice(-2)).toEqual(['teardown', 'seen']);
  });

  it('can be taken again after it ends', async () => {
    const { actor } = run(() => true);
    actor.send({ type: 'START' });
    await tick();
    actor.send({ type: 'CLOSE' });
    expect(actor.getSnapshot().context.outcome).toBe('stopped');
    actor.send({ type: 'START' });
    await tick();
    expect(actor.getSnapshot().matches('showing')).toBe(true);
    expect(actor.getSnapshot().context).toMatchObject({ index: 0, outcome: null });
  });
});
