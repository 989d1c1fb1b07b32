import { and, assign, fromPromise, not, setup } from 'xstate';
import type { CouponQuote, CouponRow } from '../domain/wallet-contract';
import type { PaymentRequest } from './payment-popup.machine';
import {
  checkRechargeAmount,
  COUPON_NOT_APPLIED,
  couponBlocksPayment,
  couponCodeError,
  normaliseCouponCode,
  type RechargeLimits,
} from '../domain/wallet-rules';
import { failureText } from './failure';

// The wallet's recharge card: the amount (typed or a quick pick), the optional coupon code (its
// length checked here, then applied by the server for that amount, which answers the bonus), the
// offers on show, and Pay: a wrong amount is said at its field, a typed code not applied blocks
// paying, and a good request goes to the payment popup (its own machine, started by the binding).

export interface RechargeFormContext {
  limits: RechargeLimits;
  amount: string;
  coupon: string;
  quote: CouponQuote | null;
  amountError: string | null;
  /** the code's length error or the server's refusal of it */
  codeError: string | null;
  offers: CouponRow[];
}

export type RechargeFormEvent =
  { type: 'AMOUNT'; value: string } | { type: 'COUPON'; value: string } | { type: 'APPLY' } | { type: 'PAY' };

const amountOf = (c: RechargeFormContext) => checkRechargeAmount(c.amount, c.limits);

export const rechargeFormMachine = setup({
  types: {
    context: {} as RechargeFormContext,
    events: {} as RechargeFormEvent,
    input: {} as { limits: RechargeLimits },
  },
  actors: {
    loadOffers: fromPromise<CouponRow[]>(async () => {
      throw new Error('loadOffers not provided');
    }),
    applyCoupon: fromPromise<CouponQuote, { code: string; amount: number }>(async () => {
      throw new Error('applyCoupon not provided');
    }),
  },
  guards: {
    amountOk: ({ context }) => amountOf(context).ok,
    codeOk: ({ context }) => context.coupon.trim() !== '' && couponCodeError(context.coupon) === null,
    couponPending: ({ context }) => couponBlocksPayment(context.coupon, context.quote?.couponCode ?? null),
  },
  actions: {
    checkAmount: assign({
      amountError: ({ context }) => {
        const r = amountOf(context);
        return r.ok ? null : r.error;
      },
    }),
    checkCode: assign({ codeError: ({ context }) => couponCodeError(context.coupon.trim()) }),
    /** start the payment with this request (supplied by the binding: the payment popup) */
    pay: (_, _params: PaymentRequest) => {},
    /** say something beside the card (supplied by the binding: a notice) */
    tell: (_, _params: { message: string }) => {},
  },
}).createMachine({
  id: 'rechargeForm',
  context: ({ input }) => ({
    limits: input.limits,
    amount: '500',
    coupon: '',
    quote: null,
    amountError: null,
    codeError: null,
    offers: [],
  }),
  type: 'parallel',
  states: {
    // the active coupons shown as offers; none shown when they cannot be read
    offers: {
      initial: 'loading',
      states: {
        loading: {
          invoke: {
            id: 'loadOffers',
            src: 'loadOffers',
            onDone: { target: 'shown', actions: assign({ offers: ({ event }) => event.output }) },
            onError: 'none',
          },
        },
        shown: {},
        none: {},
      },
    },
    form: {
      initial: 'editing',
      on: {
        // a new amount forgets the quote (it was for the old one)
        AMOUNT: { target: '.editing', actions: assign({ amount: ({ event }) => event.value, quote: null }) },
        // an edit (or clearing the field) forgets the last code's quote and refusal
        COUPON: {
          target: '.editing',
          actions: assign({ coupon: ({ event }) => normaliseCouponCode(event.value), quote: null, codeError: null }),
        },
      },
      states: {
        editing: {
          on: {
            APPLY: [
              { guard: and(['amountOk', 'codeOk']), target: 'applying', actions: 'checkAmount' },
              // a wrong amount is said at its field; a code of the wrong length at its own
              { actions: ['checkAmount', 'checkCode'] },
            ],
            PAY: [
              { guard: not('amountOk'), actions: 'checkAmount' },
              {
                guard: 'couponPending',
                actions: ['checkAmount', { type: 'tell', params: { message: COUPON_NOT_APPLIED } }],
              },
              {
                actions: [
                  'checkAmount',
                  {
                    type: 'pay',
                    params: ({ context }) => ({
                      rechargeAmount: (amountOf(context) as { rupees: number }).rupees,
                      couponCode: context.quote?.couponCode,
                    }),
                  },
                ],
              },
            ],
          },
        },
        applying: {
          invoke: {
            id: 'applyCoupon',
            src: 'applyCoupon',
            input: ({ context }) => ({
              code: context.coupon.trim(),
              amount: (amountOf(context) as { rupees: number }).rupees,
            }),
            onDone: { target: 'editing', actions: assign({ quote: ({ event }) => event.output }) },
            onError: {
              target: 'editing',
              actions: assign({ quote: null, codeError: ({ event }) => failureText(event.error) }),
            },
          },
        },
      },
    },
  },
});
