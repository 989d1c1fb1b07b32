import { describe, expect, it } from 'vitest';
import { createActor, fromPromise } from 'xstate';
import { createDashboardMachine } from '../../src/machines/dashboard.machine';
import type { DashboardQueryInput } from '../../src/domain/schemas/dashboard';
import { periodDays } from '../../src/domain/dashboard-period';
import { describeModel } from './describe-model';
import { model } from './models/dashboard.model';

describeModel(model, (a, e) => expect(a.context).toEqual(e.context));

const tick = () => new Promise((r) => setTimeout(r, 0));

describe('dashboard rules', () => {
  it('loads the period chosen, remembers it, and refuses custom days out of order or over a year', async () => {
    const loaded: DashboardQueryInput[] = [];
    const remembered: DashboardQueryInput[] = [];
    const actor = createActor(
      createDashboardMachine<number>().provide({
        actors: {
          load: fromPromise(async ({ input }: { input: DashboardQueryInput }) => {
            loaded.push(input);
            return loaded.length;
          }),
        },
        actions: { remember: (_, q) => void remembered.push(q) },
      }),
      { input: { query: { period: 'today' } } },
    ).start();
    await tick();
    actor.send({ type: 'PERIOD', period: 'month' });
    await tick();
    actor.send({ type: 'CUSTOM', fromDate: '2026-11-20', toDate: '2026-11-02' });
    expect(actor.getSnapshot().context.rangeError).toBe('From date must be on or before To date');
    actor.send({ type: 'CUSTOM', fromDate: '2025-01-01', toDate: '2026-11-02' });
    expect(actor.getSnapshot().context.rangeError).toBe('From date must be at most 366 days before To date');
    actor.send({ type: 'CUSTOM', fromDate: '', toDate: '2026-11-02' });
    expect(actor.getSnapshot().context.rangeError).toBe('From date is required for a custom period');
    actor.send({ type: 'CUSTOM', fromDate: '2026-11-01', toDate: '2026-11-02' });
    await tick();
    expect(loaded).toEqual([
      { period: 'today' },
      { period: 'month' },
      { period: 'custom', fromDate: '2026-11-01', toDate: '2026-11-02' },
    ]);
    expect(remembered).toEqual(loaded.slice(1));
    expect(actor.getSnapshot().context).toMatchObject({ figures: 3, rangeError: null });
  });

  it('counts periods in whole IST days, today included', () => {
    // 26 Nov 2026 at 00:10 in India is still 25 Nov in UTC
    const now = new Date('2026-11-25T18:40:00Z');
    expect(periodDays('today', {}, now)).toEqual({ fromDate: '2026-11-26', toDate: '2026-11-26' });
    expect(periodDays('7d', {}, now)).toEqual({ fromDate: '2026-11-20', toDate: '2026-11-26' });
    expect(periodDays('30d', {}, now)).toEqual({ fromDate: '2026-10-28', toDate: '2026-11-26' });
    expect(periodDays('month', {}, now)).toEqual({ fromDate: '2026-11-01', toDate: '2026-11-26' });
  });
});
