import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';
import { listQueryMachine } from '../../src/machines/list-query.machine';
import { describeModel } from './describe-model';
import { model as addressVerification } from './models/address-verification.model';
import { model as listQuery } from './models/list-query.model';

// Model-based suites of the Setup area's flows, and the rules worth stating on their own.

describeModel(listQuery, (a, e) => expect(a.context.query).toEqual(e.context.query));
describeModel(addressVerification, (a, e) =>
  expect([a.context.code, a.context.error]).toEqual([e.context.code, e.context.error]),
);

describe('list query rules', () => {
  it('sorts by a column, flips on the second click, and goes back to page 0 on a new search or sort', async () => {
    const asked: unknown[] = [];
    const machine = listQueryMachine.provide({
      actors: {
        fetchPage: fromPromise(async ({ input }) => {
          asked.push(input);
          return { items: [], total: 30, pageNumber: 0, recordsPerPage: 10 };
        }),
      },
    });
    const actor = createActor(machine, { input: { sortBy: 'productName' } }).start();
    await waitFor(actor, (s) => s.matches({ active: 'ready' }));
    actor.send({ type: 'PAGE', pageNumber: 2 });
    actor.send({ type: 'SORT', sortBy: 'price' });
    actor.send({ type: 'SORT', sortBy: 'price' });
    actor.send({ type: 'SEARCH', searchPattern: '  saree ' });
    await waitFor(actor, (s) => s.matches({ active: 'ready' }));
    expect(actor.getSnapshot().context.query).toEqual({
      pageNumber: 0,
      recordsPerPage: 10,
      searchPattern: 'saree',
      sortBy: 'price',
      sortOrder: 'DESC',
    });
    expect(asked[1]).toMatchObject({ pageNumber: 2, sortBy: 'productName' });
  });
});
