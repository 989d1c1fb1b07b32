import { rechargeFormMachine } from '../../../src/machines/recharge-form.machine';
import type { MachineModel } from '../model-harness';

export const LIMITS = { minRupees: 100, maxRupees: 500000 };
export const QUOTE = { couponCode: 'DIWALI10', bonusPaise: 5000, message: 'You get ₹50.00 bonus' };

export const model: MachineModel = {
  name: 'recharge-form',
  machine: rechargeFormMachine,
  options: {
    input: { limits: LIMITS },
    promiseActors: ['loadOffers', 'applyCoupon'],
    provide: { actions: { pay: () => {}, tell: () => {} } },
    events: () => [
      { type: 'xstate.done.actor.loadOffers', output: [{ couponCode: 'DIWALI10', description: '10% bonus' }] },
      { type: 'xstate.error.actor.loadOffers', error: { status: 0, message: 'You are offline' } },
      { type: 'AMOUNT', value: '50' },
      { type: 'COUPON', value: 'diwali10' },
      { type: 'COUPON', value: 'ab' },
      { type: 'xstate.done.actor.applyCoupon', output: QUOTE },
      { type: 'xstate.error.actor.applyCoupon', error: { status: 400, message: 'Coupon code has expired' } },
    ],
    serializeState: (s) =>
      JSON.stringify([
        s.value,
        s.context.amount,
        s.context.coupon,
        s.context.quote !== null,
        s.context.amountError !== null,
        s.context.codeError !== null,
        s.context.offers.length,
      ]),
  },
};
