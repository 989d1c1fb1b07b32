import { useMachine } from '@xstate/react';
import { useState } from 'react';
import { fromPromise } from 'xstate';
import type { BuyerLinkPaymentStart, BuyerLinkView } from '../domain/buyer-link';
import type { CancelReason } from '../domain/cod-verification';
import { buyerLinkPaymentMachine } from '../machines/buyer-link-payment.machine';
import { useOpenedFrom } from './buyer-page-parts';
import { trackInspector } from './inspector';

// The one binding of a buyer's pay-by-link page (COD confirmation, advance payment) to its
// machine: the page's calls by the link's token, the browser sent to the gateway's page, and the
// machine told how the page was opened (from the link, or back from the gateway with ?txn=…).

/** A link page's calls (its *-buyer-client.ts); only a COD link takes an answer. */
export interface BuyerLinkCalls {
  fetchView: (token: string) => Promise<BuyerLinkView>;
  startPayment: (token: string) => Promise<BuyerLinkPaymentStart>;
  checkPayment: (token: string, txn: string) => Promise<BuyerLinkView>;
  confirmOrder?: (token: string) => Promise<BuyerLinkView>;
  cancelOrder?: (token: string, cancelReason: CancelReason) => Promise<BuyerLinkView>;
}

const notOffered = (): Promise<never> => Promise.reject(new Error('This link takes no answer'));

export function useBuyerLinkPayment(calls: BuyerLinkCalls, token: string, txn: string | undefined) {
  const [machine] = useState(() =>
    buyerLinkPaymentMachine.provide({
      actors: {
        fetchView: fromPromise<BuyerLinkView, { token: string }>(({ input }) => calls.fetchView(input.token)),
        startPayment: fromPromise<BuyerLinkPaymentStart, { token: string }>(({ input }) =>
          calls.startPayment(input.token),
        ),
        checkPayment: fromPromise<BuyerLinkView, { token: string; txn: string }>(({ input }) =>
          calls.checkPayment(input.token, input.txn),
        ),
        confirmOrder: fromPromise<BuyerLinkView, { token: string }>(({ input }) =>
          calls.confirmOrder ? calls.confirmOrder(input.token) : notOffered(),
        ),
        cancelOrder: fromPromise<BuyerLinkView, { token: string; cancelReason: CancelReason }>(({ input }) =>
          calls.cancelOrder ? calls.cancelOrder(input.token, input.cancelReason) : notOffered(),
        ),
      },
      actions: {
        openPayment: ({ context }) => {
          if (context.paymentUrl) window.location.assign(context.paymentUrl);
        },
      },
    }),
  );
  const [state, send] = useMachine(machine, { input: { token }, inspect: trackInspector() });
  useOpenedFrom(send, txn);
  return [state, send] as const;
}
