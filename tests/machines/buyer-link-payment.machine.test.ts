import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';
import { buyerLinkPaymentMachine } from '../../src/machines/buyer-link-payment.machine';
import type { BuyerLinkPaymentStart, BuyerLinkView } from '../../src/domain/buyer-link';
import type { BuyerVerificationView } from '../../src/domain/cod-verification-contract';
import type { CancelReason } from '../../src/domain/cod-verification';
import { describeModel } from './describe-model';
import { advanceView, COD_VIEW, model } from './models/buyer-link-payment.model';

// A buyer's pay-by-link pages (COD confirmation, advance payment): model-based, and what they send.

const answering = <I>(view: BuyerLinkView) => fromPromise<BuyerLinkView, I>(async () => view);

describeModel(model, (a, e) => {
  expect(a.context).toEqual(e.context);
  // a settled link is final, and says so: the advance paid, or the COD order answered
  if (a.matches('settled')) {
    const view = a.context.view;
    expect('paid' in view ? view.paid : view.answeredText).toBeTruthy();
  }
  // a refusal stands only on a link that takes answers
  if (a.matches('refused')) expect(a.context.view).toHaveProperty('answeredText');
  expect(a.status).toBe(e.status);
  if (a.status === 'done') expect(a.output).toEqual({ view: a.context.view, paymentUrl: a.context.paymentUrl });
});

describe('the buyer’s COD confirmation', () => {
  it('a cancellation asks for a reason, then sends it with the answer', async () => {
    const sent: unknown[] = [];
    const actor = createActor(
      buyerLinkPaymentMachine.provide({
        actors: {
          fetchView: answering(COD_VIEW),
          cancelOrder: fromPromise<BuyerLinkView, { token: string; cancelReason: CancelReason }>(async ({ input }) => {
            sent.push(input);
            const out: BuyerVerificationView = {
              ...COD_VIEW,
              state: 'CANCELLED',
              answeredText: 'You cancelled this order already',
            };
            return out;
          }),
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
    await waitFor(actor, (s) => s.matches('settled'));
    expect(sent).toEqual([{ token: 't1', cancelReason: 'CHANGED_MIND' }]);
  });

  it('back from an unpaid payment, the buyer may choose again with the reason said', async () => {
    const actor = createActor(buyerLinkPaymentMachine.provide({ actors: { checkPayment: answering(COD_VIEW) } }), {
      input: { token: 't2' },
    }).start();
    actor.send({ type: 'RETURNED_FROM_PAYMENT', txn: 'DKYCV9' });
    await waitFor(actor, (s) => s.matches('choosing'));
    expect(actor.getSnapshot().context.error).toMatch(/^The payment did not go through. You can try again/);
  });
});

describe('the buyer’s advance payment', () => {
  it('takes no confirm or cancel: only the payment', async () => {
    const actor = createActor(
      buyerLinkPaymentMachine.provide({ actors: { fetchView: answering(advanceView(false)) } }),
      { input: { token: 't3' } },
    ).start();
    actor.send({ type: 'OPEN' });
    await waitFor(actor, (s) => s.matches('choosing'));
    actor.send({ type: 'CONFIRM' });
    actor.send({ type: 'CANCEL' });
    expect(actor.getSnapshot().value).toBe('choosing');
  });

  it('a payment refused for an advance leaves the buyer on the page with the reason said', async () => {
    const actor = createActor(
      buyerLinkPaymentMachine.provide({
        actors: {
          fetchView: answering(advanceView(false)),
          startPayment: fromPromise<BuyerLinkPaymentStart, { token: string }>(async () => {
            throw Object.assign(new Error('Paying online is not available at the moment'), { status: 409 });
          }),
        },
      }),
      { input: { token: 't4' } },
    ).start();
    actor.send({ type: 'OPEN' });
    await waitFor(actor, (s) => s.matches('choosing'));
    actor.send({ type: 'PAY' });
    await waitFor(actor, (s) => s.matches('choosing') && s.context.error !== null);
    expect(actor.getSnapshot().context.error).toBe('Paying online is not available at the moment');
  });

  it('back from an unpaid payment, the advance page says to try again', async () => {
    const actor = createActor(
      buyerLinkPaymentMachine.provide({ actors: { checkPayment: answering(advanceView(false)) } }),
      { input: { token: 't5' } },
    ).start();
    actor.send({ type: 'RETURNED_FROM_PAYMENT', txn: 'DKYAD1' });
    await waitFor(actor, (s) => s.matches('choosing'));
    expect(actor.getSnapshot().context.error).toBe('The payment did not go through. Please try again.');
  });
});
