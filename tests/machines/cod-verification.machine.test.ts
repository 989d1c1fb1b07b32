import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';
import { codConfirmationMachine } from '../../src/machines/cod-confirmation.machine';
import type { BuyerVerificationView } from '../../src/domain/cod-verification-contract';
import type { CancelReason } from '../../src/domain/cod-verification';
import { describeModel } from './describe-model';
import { model, VIEW as MODEL_VIEW } from './models/cod-confirmation.model';

const VIEW = MODEL_VIEW as BuyerVerificationView;

// The buyer's COD confirmation page: model-based, and the answers it sends.

describeModel(model, (a, e) =>
  expect([a.context.view?.state, a.context.reason, a.context.error, a.context.paymentUrl, a.context.txn]).toEqual([
    e.context.view?.state,
    e.context.reason,
    e.context.error,
    e.context.paymentUrl,
    e.context.txn,
  ]),
);

describe('the buyer’s COD confirmation', () => {
  it('a cancellation asks for a reason, then sends it with the answer', async () => {
    const sent: unknown[] = [];
    const actor = createActor(
      codConfirmationMachine.provide({
        actors: {
          fetchView: fromPromise(async () => VIEW),
          cancelOrder: fromPromise<BuyerVerificationView, { token: string; cancelReason: CancelReason }>(
            async ({ input }) => {
              sent.push(input);
              const out: BuyerVerificationView = {
                ...VIEW,
                state: 'CANCELLED',
                answeredText: 'You cancelled this order already',
              };
              return out;
            },
          ),
        },
      }),
      { input: { token: 't1' } },
    ).start();
    actor.send({ type: 'OPEN' });
    await waitFor(actor, (s) => s.matches('choosing'));
    actor.send({ type: 'CANCEL' });
    actor.send({ type: 'SUBMIT' });
    expect(actor.getSnapshot().context.error).toBe('Choose a reason');
    actor.send({ type: 'REASON', reason: 'CHANGED_MIND' });
    actor.send({ type: 'SUBMIT' });
    await waitFor(actor, (s) => s.matches('answered'));
    expect(sent).toEqual([{ token: 't1', cancelReason: 'CHANGED_MIND' }]);
  });

  it('back from an unpaid payment, the buyer may choose again with the reason said', async () => {
    const actor = createActor(
      codConfirmationMachine.provide({ actors: { checkPayment: fromPromise(async () => VIEW) } }),
      { input: { token: 't2' } },
    ).start();
    actor.send({ type: 'RETURNED_FROM_PAYMENT', txn: 'DKYCV9' });
    await waitFor(actor, (s) => s.matches('choosing'));
    expect(actor.getSnapshot().context.error).toMatch(/^The payment did not go through/);
  });
});
