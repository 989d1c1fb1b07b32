import { describe, expect, it } from 'vitest';
import { createActor, fromPromise } from 'xstate';
import { codVerificationPanelMachine } from '../../src/machines/cod-verification-panel.machine';
import type { OrderVerification } from '../../src/domain/cod-verification-contract';
import { describeModel } from './describe-model';
import { model, PENDING } from './models/cod-verification-panel.model';

// The order page's COD verification panel: model-based, then its two moves.

describeModel(model, (actual, expected) => expect(actual.context).toEqual(expected.context));

describe('the COD verification panel', () => {
  const tick = () => new Promise((r) => setTimeout(r, 0));
  it('overrides only after the seller confirms, and holds the answer', async () => {
    const calls: number[] = [];
    const actor = createActor(
      codVerificationPanelMachine.provide({
        actors: {
          load: fromPromise(async () => PENDING as OrderVerification),
          override: fromPromise<OrderVerification, { orderId: number }>(async ({ input }) => {
            calls.push(input.orderId);
            return { ...(PENDING as OrderVerification), overridden: true, mayOverride: false, shippingRefusal: null };
          }),
        },
      }),
      { input: { orderId: 7 } },
    ).start();
    await tick();
    actor.send({ type: 'OVERRIDE' });
    expect(actor.getSnapshot().value).toBe('confirming');
    actor.send({ type: 'CANCEL' });
    expect(calls).toEqual([]);
    actor.send({ type: 'OVERRIDE' });
    actor.send({ type: 'CONFIRM' });
    await tick();
    expect(calls).toEqual([7]);
    expect(actor.getSnapshot().context.verification).toMatchObject({ overridden: true, shippingRefusal: null });
    // nothing is left to override
    actor.send({ type: 'OVERRIDE' });
    expect(actor.getSnapshot().value).toBe('ready');
  });
});
