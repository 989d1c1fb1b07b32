import { useMachine } from '@xstate/react';
import { useRef, useState } from 'react';
import { fromPromise } from 'xstate';
import type { RechargeLimits } from '../domain/wallet-rules';
import type { PaymentRequest } from '../machines/payment-popup.machine';
import { rechargeFormMachine } from '../machines/recharge-form.machine';
import { inspector } from './inspector';
import { notify } from './notify';
import { useHttp } from './screen-services';
import { usePaymentPopup } from './use-payment-popup';
import { API_WALLET } from '../domain/wallet-contract';
import { call } from './call';

// The wallet's recharge card: the recharge-form machine's calls go to the wallet API (offers, the
// coupon applied for the amount), its notices are shown, and its Pay starts the payment popup
// (opened on the click, so no blocker stops it).

export function useRechargeForm(limits: RechargeLimits) {
  const http = useHttp();
  const payment = usePaymentPopup();
  const pay = useRef(payment.pay);
  pay.current = payment.pay;
  const [machine] = useState(() =>
    rechargeFormMachine.provide({
      actors: {
        loadOffers: fromPromise(() => call(http, API_WALLET.coupons)),
        applyCoupon: fromPromise(({ input }: { input: { code: string; amount: number } }) =>
          call(http, API_WALLET.couponApply, { body: { couponCode: input.code, rechargeAmount: input.amount } }),
        ),
      },
      actions: {
        pay: (_, request: PaymentRequest) => pay.current(request),
        tell: (_, { message }: { message: string }) => notify({ kind: 'error', message }),
      },
    }),
  );
  const [state, send] = useMachine(machine, { inspect: inspector(), input: { limits } });
  return { state, send, payment };
}
