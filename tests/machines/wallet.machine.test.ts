import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, SimulatedClock } from 'xstate';
import { paymentPopupMachine } from '../../src/machines/payment-popup.machine';
import type { CouponRow, PaymentResult, PaymentRow } from '../../src/domain/wallet-contract';
import { paymentResultMachine } from '../../src/machines/payment-result.machine';
import { describeModel } from './describe-model';
import { model as paymentPopup } from './models/payment-popup.model';
import { model as paymentResult } from './models/payment-result.model';
import { model as countdown } from './models/countdown.model';
import { LIMITS, model as rechargeForm, QUOTE } from './models/recharge-form.model';
import { rechargeFormMachine } from '../../src/machines/recharge-form.machine';
import { COUPON_NOT_APPLIED, rechargeAmountError } from '../../src/domain/wallet-rules';

describeModel(paymentPopup, (a, e) =>
  expect([a.context.error, a.context.result?.status]).toEqual([e.context.error, e.context.result?.status]),
);
describeModel(paymentResult, (a, e) => expect(a.context.result).toEqual(e.context.result));
describeModel(rechargeForm, (a, e) =>
  expect([a.context.amount, a.context.coupon, a.context.quote, a.context.amountError, a.context.codeError]).toEqual([
    e.context.amount,
    e.context.coupon,
    e.context.quote,
    e.context.amountError,
    e.context.codeError,
  ]),
);
describeModel(countdown, (a, e) => expect(a.context.remaining).toBe(e.context.remaining));

const flush = () => new Promise((r) => setTimeout(r, 0));

describe('payment popup rules', () => {
  it("checks every 10 seconds whether the popup was closed, then says 'Transaction cancelled by user'", async () => {
    const clock = new SimulatedClock();
    let closed = false;
    const opened: string[] = [];
    const machine = paymentPopupMachine.provide({
      actors: {
        startPayment: fromPromise(async () => ({
          paymentOrderId: 'T1',
          merchantTransactionId: 'T1',
          url: 'http://gw/pay/1',
          gateway: 'phonepe',
          amountPaise: 50000,
          bonusPaise: 0,
        })),
        isPopupClosed: fromPromise(async () => closed),
        cancelPayment: fromPromise<PaymentRow, { merchantTransactionId: string }>(async () => ({
          merchantTransactionId: 'T1',
          gateway: 'phonepe',
          amountPaise: 50000,
          bonusPaise: 0,
          couponCode: null,
          status: 'CANCELLED',
          detail: '',
          createdAt: '',
          settledAt: null,
        })),
      },
      actions: { openPopup: ({ context }) => void opened.push(context.payment!.url) },
    });
    const actor = createActor(machine, { clock }).start();
    actor.send({ type: 'START', request: { rechargeAmount: 500 } });
    await flush();
    expect(opened).toEqual(['http://gw/pay/1']);
    clock.increment(9_999);
    expect(actor.getSnapshot().value).toEqual({ popupOpen: 'waiting' });
    clock.increment(1);
    await flush();
    expect(actor.getSnapshot().value).toEqual({ popupOpen: 'waiting' });
    closed = true;
    clock.increment(9_999);
    await flush();
    expect(actor.getSnapshot().value).toEqual({ popupOpen: 'waiting' });
    clock.increment(1);
    await flush();
    await flush();
    expect(actor.getSnapshot().value).toBe('cancelled');
    expect(actor.getSnapshot().context.error).toBe('Transaction cancelled by user');
  });
});

describe('payment result page rules', () => {
  it('counts down from 5 while asking, shows the answer, and closes 1 second after posting it', async () => {
    const clock = new SimulatedClock();
    const answers = [
      new Error('Something went wrong'),
      { success: false, status: 'PENDING', amount: 500, source: 'DAKIYA', date: '' },
      { success: true, status: 'SUCCESS', amount: 500, source: 'DAKIYA', date: '' },
    ];
    const posted: unknown[] = [];
    let closed = false;
    const machine = paymentResultMachine.provide({
      actors: {
        checkStatus: fromPromise<PaymentResult, void>(async () => {
          const next = answers.shift()!;
          if (next instanceof Error) throw next;
          return next as PaymentResult;
        }),
      },
      actions: {
        postResult: ({ context }) => void posted.push(context.result),
        closeWindow: () => void (closed = true),
      },
    });
    const actor = createActor(machine, { clock }).start();
    const remaining = () =>
      (actor.getSnapshot().children.countdown?.getSnapshot() as { context: { remaining: number } } | undefined)?.context
        .remaining;
    expect(remaining()).toBe(5);
    await flush();
    clock.increment(1000);
    expect(remaining()).toBe(4);
    clock.increment(1000); // recheck after the error
    await flush();
    clock.increment(2000); // pending: ask again
    await flush();
    expect(actor.getSnapshot().value).toBe('shown');
    expect(posted).toEqual([{ success: true, status: 'SUCCESS', amount: 500, source: 'DAKIYA', date: '' }]);
    expect(closed).toBe(false);
    clock.increment(1000);
    expect(closed).toBe(true);
  });
});

describe('recharge form rules', () => {
  const start = (apply: (input: { code: string; amount: number }) => Promise<typeof QUOTE>) => {
    const paid: unknown[] = [];
    const told: string[] = [];
    const machine = rechargeFormMachine.provide({
      actors: {
        loadOffers: fromPromise(async (): Promise<CouponRow[]> => []),
        applyCoupon: fromPromise(({ input }: { input: { code: string; amount: number } }) => apply(input)),
      },
      actions: {
        pay: (_, request) => paid.push(request),
        tell: (_, { message }) => told.push(message),
      },
    });
    return { a: createActor(machine, { input: { limits: LIMITS } }).start(), paid, told };
  };

  it('says a wrong amount at its field and pays nothing', () => {
    const { a, paid } = start(async () => QUOTE);
    a.send({ type: 'AMOUNT', value: '99.999' });
    a.send({ type: 'PAY' });
    expect(a.getSnapshot().context.amountError).toBe(rechargeAmountError(LIMITS));
    expect(paid).toEqual([]);
  });

  it('applies the upper-cased code for the amount, and a typed code not applied blocks paying', async () => {
    const asked: unknown[] = [];
    const { a, paid, told } = start(async (input) => (asked.push(input), QUOTE));
    a.send({ type: 'COUPON', value: 'diwali10' });
    a.send({ type: 'PAY' });
    expect(told).toEqual([COUPON_NOT_APPLIED]);
    a.send({ type: 'APPLY' });
    await flush();
    expect(asked).toEqual([{ code: 'DIWALI10', amount: 500 }]);
    a.send({ type: 'PAY' });
    expect(paid).toEqual([{ rechargeAmount: 500, couponCode: 'DIWALI10' }]);
    // a new amount forgets the quote: the code must be applied again
    a.send({ type: 'AMOUNT', value: '1000' });
    expect(a.getSnapshot().context.quote).toBeNull();
  });

  it('says a code of the wrong length without asking the server', () => {
    const { a } = start(async () => {
      throw new Error('not asked');
    });
    a.send({ type: 'COUPON', value: 'ab' });
    a.send({ type: 'APPLY' });
    expect(a.getSnapshot().context.codeError).toMatch(/must be 3 to 20 characters/);
    expect(a.getSnapshot().matches({ form: 'editing' })).toBe(true);
  });
});
