import { describe, expect, it } from 'vitest';
import { createActor, fromPromise } from 'xstate';
import { describeModel } from './describe-model';
import { model as savedViews, VIEW } from './models/saved-views.model';
import { model as listKeys } from './models/list-keys.model';
import { listKeyEvent, listKeysMachine } from '../../src/machines/list-keys.machine';
import { savedViewsMachine } from '../../src/machines/saved-views.machine';

// The beta orders page's two machines: saved views and keyboard work on the list.

/** What the bar shows: the name typed, the views held, the field errors, the refusal and what was done. */
const shown = (s: {
  context: { draft: string; views: { viewId: number }[]; errors: object; error: unknown; notice: unknown };
}) => [
  s.context.draft,
  [...new Set(s.context.views.map((v) => v.viewId))],
  s.context.errors,
  s.context.error,
  s.context.notice,
];

describeModel(savedViews, (a, e) => {
  expect(shown(a)).toEqual(shown(e));
  // a blank name is refused by its label before anything is sent
  if (a.matches({ ready: 'naming' }) && Object.keys(a.context.errors).length)
    expect(a.context.errors).toEqual({ viewName: 'View name is required' });
  if (a.context.error)
    expect(['You are offline', 'You already have a view named COD to ship', 'No such saved view of yours']).toContain(
      a.context.error,
    );
});

describeModel(listKeys, (a, e) => {
  expect(a.context).toEqual(e.context);
  // the cursor is always on a row of the page, or before the first
  expect(a.context.cursor).toBeGreaterThanOrEqual(-1);
  expect(a.context.cursor).toBeLessThan(Math.max(a.context.rows, 0) || 1);
});

const tick = () => new Promise((r) => setTimeout(r, 0));

describe('keyboard work on the orders list', () => {
  it('moves over the rows, opens, picks and ships the row under the cursor, and only a row', () => {
    const did: string[] = [];
    const actor = createActor(
      listKeysMachine.provide({
        actions: {
          open: (_, { index }) => did.push(`open ${index}`),
          pick: (_, { index }) => did.push(`pick ${index}`),
          ship: (_, { index }) => did.push(`ship ${index}`),
          focusSearch: () => did.push('search'),
        },
      }),
    ).start();
    const press = (...keys: string[]) => keys.forEach((k) => listKeyEvent(k) && actor.send(listKeyEvent(k)!));
    press('Enter', 'x'); // no row yet
    actor.send({ type: 'ROWS', count: 3 });
    press('j', 'ArrowDown', 'j', 'j', 'Enter', 'k', 'x', 'ArrowUp', 'ArrowUp', 's', '/');
    expect(did).toEqual(['open 2', 'pick 1', 'ship 0', 'search']);
    // a shorter page keeps the cursor on a row that exists
    press('j', 'j');
    actor.send({ type: 'ROWS', count: 1 });
    expect(actor.getSnapshot().context.cursor).toBe(0);
    press('?');
    expect(actor.getSnapshot().matches('help')).toBe(true);
    press('j', 'Enter'); // the help is open: the list waits
    expect(actor.getSnapshot().context.cursor).toBe(0);
    expect(did).toHaveLength(4);
    press('Escape');
    expect(actor.getSnapshot().matches('browsing')).toBe(true);
    expect(listKeyEvent('q')).toBeNull();
  });

  it('saves a view with its trimmed name and the filters on screen when it was started', async () => {
    const sent: unknown[] = [];
    const actor = createActor(
      savedViewsMachine.provide({
        actors: {
          loadViews: fromPromise(async () => [VIEW]),
          saveView: fromPromise(async ({ input }) => {
            sent.push(input);
            return { ...VIEW, viewId: 9, viewName: input.viewName, filters: input.filters };
          }),
        },
      }),
    ).start();
    await tick();
    actor.send({ type: 'START', filters: { q: 'MC-20' } });
    actor.send({ type: 'NAME', value: '  Mumbai COD  ' });
    actor.send({ type: 'SAVE' });
    await tick();
    expect(sent).toEqual([{ viewName: 'Mumbai COD', filters: { q: 'MC-20' } }]);
    expect(actor.getSnapshot().context.views.map((v) => v.viewName)).toEqual(['COD to ship', 'Mumbai COD']);
    expect(actor.getSnapshot().context.notice).toBe('View "Mumbai COD" saved');
  });
});
