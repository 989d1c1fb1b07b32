import { useMachine } from '@xstate/react';
import { useEffect, useRef, useState } from 'react';
import { fromPromise } from 'xstate';
import { paymentPopupMachine, type PaymentRequest } from '../machines/payment-popup.machine';
import { inspector } from './inspector';
import { invalidate } from './invalidate';
import { openPopup } from './popup';
import { useHttp } from './screen-services';
import { API_WALLET, PAYMENT_MESSAGE, type PaymentMessage } from '../domain/wallet-contract';
import { call } from './call';

// The wallet recharge's one binding: the payment-popup machine's calls go to the wallet API, its
// window is the gateway's popup (450×600, opened on the click so no blocker stops it), the
// popup's result message wakes it, and a paid recharge makes the wallet stale.

export const PAYMENT_POPUP = { name: 'dakiya-payment', width: 450, height: 600 } as const;

export function usePaymentPopup() {
  const http = useHttp();
  const popup = useRef<Window | null>(null);
  const [machine] = useState(() =>
    paymentPopupMachine.provide({
      actors: {
        startPayment: fromPromise(({ input }: { input: PaymentRequest }) =>
          call(http, API_WALLET.startPayment, { body: input }),
        ),
        checkPayment: fromPromise(({ input }: { input: { merchantTransactionId: string } }) =>
          call(http, API_WALLET.payment, { params: { merchantTransactionId: input.merchantTransactionId } }),
        ),
        cancelPayment: fromPromise(({ input }: { input: { merchantTransactionId: string } }) =>
          call(http, API_WALLET.cancelPayment, { params: { merchantTransactionId: input.merchantTransactionId } }),
        ),
        isPopupClosed: fromPromise(async () => !popup.current || popup.current.closed),
      },
      actions: {
        openPopup: ({ context }) => {
          // the window opened on the click (a popup opened after an await is blocked); now it goes to the gateway
          if (popup.current && !popup.current.closed) popup.current.location.href = context.payment!.url;
          else
            popup.current = openPopup(
              context.payment!.url,
              PAYMENT_POPUP.name,
              PAYMENT_POPUP.width,
              PAYMENT_POPUP.height,
            );
        },
        closePopup: () => {
          if (popup.current && !popup.current.closed) popup.current.close();
        },
        paid: () => invalidate('wallet'),
      },
    }),
  );
  const [state, send] = useMachine(machine, { inspect: inspector() });
  const txn = state.context.payment?.merchantTransactionId;
  useEffect(() => {
    const listener = (e: MessageEvent) => {
      const data = e.data as PaymentMessage | undefined;
      if (e.origin === window.location.origin && data?.type === PAYMENT_MESSAGE && data.merchantTransactionId === txn)
        send({ type: 'RESULT' });
    };
    window.addEventListener('message', listener);
    return () => window.removeEventListener('message', listener);
  }, [send, txn]);
  return {
    state,
    pay(request: PaymentRequest) {
      popup.current = openPopup('about:blank', PAYMENT_POPUP.name, PAYMENT_POPUP.width, PAYMENT_POPUP.height);
      send({ type: 'START', request });
    },
    retry: () => send({ type: 'RETRY' }),
  };
}
