import { useMachine } from '@xstate/react';
import { useState } from 'react';
import { fromPromise } from 'xstate';
import { API_WALLET, PAYMENT_MESSAGE, type PaymentMessage, type PaymentResult } from '../domain/wallet-contract';
import { paymentResultMachine } from '../machines/payment-result.machine';
import { call } from './call';
import { http } from './http';
import { inspector } from './inspector';

// The gateway's return page bound to the status call: the answer goes to the opener, then the window closes.

export function usePaymentResult(gateway: string, txn: string) {
  const [machine] = useState(() =>
    paymentResultMachine.provide({
      actors: {
        checkStatus: fromPromise<PaymentResult, void>(() =>
          call(http, API_WALLET.paymentStatus, { params: { gateway }, body: { merchantTransactionId: txn } }),
        ),
      },
      actions: {
        postResult: ({ context }) => {
          const message: PaymentMessage = {
            type: PAYMENT_MESSAGE,
            merchantTransactionId: txn,
            result: context.result!,
          };
          window.opener?.postMessage(message, window.location.origin);
        },
        closeWindow: () => window.close(),
      },
    }),
  );
  return useMachine(machine, { inspect: inspector() });
}
