import { listQueryMachine } from '../../../src/machines/list-query.machine';
import type { MachineModel } from '../model-harness';

export const model: MachineModel = {
  name: 'list-query',
  machine: listQueryMachine,
  options: {
    input: { sortBy: 'productName' },
    events: () => [
      { type: 'SEARCH', searchPattern: ' kurta ' },
      { type: 'PAGE', pageNumber: 1 },
      { type: 'SORT', sortBy: 'price' },
      { type: 'SORT_BY', sortBy: 'price', sortOrder: 'DESC' },
      { type: 'REFRESH' },
      { type: 'RETRY' },
    ],
    serializeState: (s) => JSON.stringify([s.value, s.context.error !== null]),
    promiseActors: ['fetchPage'],
  },
};
