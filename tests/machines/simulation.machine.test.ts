import { describe, expect, it } from 'vitest';
import { createActor, fromCallback, fromPromise, waitFor, type AnyEventObject, type SnapshotFrom } from 'xstate';
import type { SimulationStep } from '../../src/domain/live-events-contract';
import { simulationOrderMachine, type RunRequest } from '../../src/machines/simulation-order.machine';
import { describeModel } from './describe-model';
import { EVENTS, statusEvent } from './models/live-stream.model';
import { model as simulationOrder, ORDERS } from './models/simulation-order.model';
import { ACCOUNTS, model as simulationPicker } from './models/simulation-picker.model';
import { simulationPickerMachine } from '../../src/machines/simulation-picker.machine';

// The staff order simulation screens: choosing the order, then driving it with its live stream.

describeModel(simulationPicker, (a, e) =>
  expect([a.context.error, a.context.accountId, a.context.orderId]).toEqual([
    e.context.error,
    e.context.accountId,
    e.context.orderId,
  ]),
);

describeModel(simulationOrder, (a, e) => {
  // what the model tells states apart by (the events joined are checked in the stories below)
  const seen = (x: SnapshotFrom<typeof simulationOrderMachine>) => [
    x.context.order?.statusText,
    !!x.context.order?.running,
    x.context.live,
    x.context.liveError,
  ];
  expect(seen(a)).toEqual(seen(e));
  // steps are offered only when the server says so and no run is going
  if (a.matches({ viewing: { work: 'idle' } }))
    expect(a.can({ type: 'STEP', step: 'PKD' })).toBe(
      !a.context.order.running && a.context.order.nextSteps.includes('PKD'),
    );
});

describe('driving an order', () => {
  it('runs to the end chosen at the interval typed, and each live event shows at once, then is read again', async () => {
    const runs: RunRequest[] = [];
    const steps: SimulationStep[] = [];
    let send: (e: AnyEventObject) => void = () => {};
    const streams: string[] = [];
    let reads = 0;
    const machine = simulationOrderMachine.provide({
      actors: {
        loadOrder: fromPromise(async () => (reads++ ? ORDERS.running : ORDERS.scheduled)),
        step: fromPromise(async ({ input }: { input: { orderId: number; step: SimulationStep } }) => {
          steps.push(input.step);
          return ORDERS.picked;
        }),
        run: fromPromise(async ({ input }: { input: RunRequest }) => {
          runs.push(input);
          return ORDERS.running;
        }),
        liveUpdates: fromCallback<AnyEventObject, { url: string }>(({ input, sendBack }) => {
          streams.push(input.url);
          send = sendBack;
        }),
      },
    });
    const actor = createActor(machine, { input: { orderId: 7 } }).start();
    await waitFor(actor, (s) => s.matches('viewing'));
    expect(streams).toEqual(['/api/v1/corporate/simulation/orders/7/events']);
    actor.send({ type: 'STEP', step: 'DLV' });
    expect(actor.getSnapshot().matches({ viewing: { work: 'idle' } })).toBe(true);
    actor.send({ type: 'STEP', step: 'PKD' });
    await waitFor(actor, (s) => s.context.order?.status === 'PKD');
    expect(steps).toEqual(['PKD']);

    actor.send({ type: 'INTERVAL', value: '90' });
    actor.send({ type: 'RUN' });
    expect(actor.getSnapshot().context.error).toBe('Interval (seconds) must be a whole number from 1 to 60');
    actor.send({ type: 'INTERVAL', value: '2' });
    actor.send({ type: 'GOAL', goal: 'RTO_DLV' });
    actor.send({ type: 'RUN' });
    await waitFor(actor, (s) => !!s.context.order?.running);
    expect(runs).toEqual([{ orderId: 7, steps: ['RTO_INT', 'RTO_DLV'], intervalSeconds: 2 }]);

    const inTransit = statusEvent('43', 'INT', 'In Transit');
    send({ type: 'LIVE_STATUS', event: inTransit });
    expect(actor.getSnapshot().context.order?.events).toEqual([EVENTS.picked, inTransit]);
    expect(actor.getSnapshot().context.order?.statusText).toBe('In Transit');
    // a replayed event after a reconnect is not shown twice
    send({ type: 'LIVE_STATUS', event: EVENTS.picked });
    expect(actor.getSnapshot().context.order?.events).toHaveLength(2);
    await waitFor(actor, (s) => s.matches({ viewing: { sync: 'current' } }));
    expect(reads).toBeGreaterThan(1);
  });

  it('shows a refused stream with its error and asks again on RETRY_LIVE', async () => {
    const got: string[] = [];
    const machine = simulationOrderMachine.provide({
      actors: {
        loadOrder: fromPromise(async () => ORDERS.scheduled),
        liveUpdates: fromCallback<AnyEventObject, { url: string }>(({ sendBack, receive }) => {
          sendBack({ type: 'LIVE_STATE', state: 'failed', error: 'UNAUTHORIZED ACCESS' });
          receive((e) => got.push(e.type));
        }),
      },
    });
    const actor = createActor(machine, { input: { orderId: 7 } }).start();
    await waitFor(actor, (s) => s.context.live === 'failed');
    expect(actor.getSnapshot().context.liveError).toBe('UNAUTHORIZED ACCESS');
    actor.send({ type: 'RETRY_LIVE' });
    expect(got).toEqual(['RETRY']);
  });
});

describe('picking a seller account', () => {
  it('an account picked while a search is on its way stays picked when the answer has it', async () => {
    let answer!: (accounts: typeof ACCOUNTS) => void;
    const machine = simulationPickerMachine.provide({
      actors: {
        loadAccounts: fromPromise(() => new Promise<typeof ACCOUNTS>((r) => (answer = r))),
      },
    });
    const actor = createActor(machine).start();
    answer(ACCOUNTS);
    await waitFor(actor, (s) => s.matches('ready'));
    actor.send({ type: 'SEARCH', value: 'kirana' });
    actor.send({ type: 'SEARCH_ACCOUNTS' });
    expect(actor.getSnapshot().matches('loadingAccounts')).toBe(true);
    actor.send({ type: 'CHOOSE_ACCOUNT', accountId: 11 });
    answer([ACCOUNTS[0]]);
    await waitFor(actor, (s) => s.matches('ready'));
    expect(actor.getSnapshot().context.accountId).toBe(11);
  });
});
