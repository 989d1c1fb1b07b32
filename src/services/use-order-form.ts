import { useMachine } from '@xstate/react';
import { useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { fromPromise } from 'xstate';
import { orderFormMachine } from '../machines/order-form.machine';
import { inspector } from './inspector';
import { invalidate } from './invalidate';
import { notify } from './notify';
import {
  createOrder,
  fetchActivePackages,
  fetchVerifiedPickups,
  orderNumberAvailable,
  searchProducts,
} from './orders-client';
import { useHttp, useScreenSession } from './screen-services';
import { planAllowsFeature } from '../domain/plans';
import { mayUse } from '../domain/permissions';
import { API_PAYMENT_MODES, type PaymentModeRow } from '../domain/payment-modes-contract';
import { call } from './call';

// The add-order form's one binding: the order-form machine's reads and its create go to the
// orders API; a saved order is announced and opened, and the orders list is stale.

export function useOrderForm() {
  const http = useHttp();
  const navigate = useNavigate();
  const { account } = useScreenSession();
  // payment modes are asked for only where the plan has them and the role may read them
  const offersModes =
    !!account &&
    planAllowsFeature(account.subscriptionType, 'customPaymentModes') &&
    mayUse(account.role, account.permissions, 'setup.view');
  const [machine] = useState(() =>
    orderFormMachine.provide({
      actors: {
        loadOptions: fromPromise(async () => {
          const [pickups, packages, paymentModes] = await Promise.all([
            fetchVerifiedPickups(http),
            fetchActivePackages(http),
            offersModes ? call(http, API_PAYMENT_MODES.modes).catch((): PaymentModeRow[] => []) : [],
          ]);
          return { pickups, packages, paymentModes };
        }),
        searchProducts: fromPromise(({ input }) => searchProducts(http, input.text)),
        checkNumber: fromPromise(({ input }) => orderNumberAvailable(http, input.orderNumber)),
        createOrder: fromPromise(({ input }) => createOrder(http, input)),
      },
      actions: {
        needsAttention: () => notify({ kind: 'error', message: 'Some fields need attention' }),
        saved: ({ context }) => {
          const o = context.saved!;
          notify({ kind: 'info', message: `Order ${o.orderNumber} added` });
          invalidate('orders');
          navigate(`/orders/${o.orderId}`);
        },
      },
    }),
  );
  return useMachine(machine, { input: {}, inspect: inspector() });
}
