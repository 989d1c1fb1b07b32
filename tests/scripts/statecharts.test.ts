import { expect, it } from 'vitest';
import { staleCharts } from '../../scripts/statecharts';

it('docs/statecharts matches the machines (run `npm run statecharts` when this fails)', async () => {
  expect(await staleCharts()).toEqual([]);
});
