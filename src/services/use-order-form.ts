import { useMachine } from '@xstate/react';
import { useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { fromPromise } from 'xstate';
import { orderFormMachine } from '../machines/order-form.machine';
import { inspector } from './inspector';
import { invalidate } from './invalidate';
import { notify } from './notify';
import { API_ORDERS } from '../domain/orders-contract';
import { API_SETUP, type PackageTypeRow, type PickupAddressRow, type ProductRow } from '../domain/setup-contract';
import { API_PRODUCTS } from '../domain/setup-contract';
import { call } from './call';
import type { Http } from './types';
import { useHttp, useScreenSession } from './screen-services';
import { planAllowsFeature } from '../domain/plans';
import { mayUse } from '../domain/permissions';
import { API_PAYMENT_MODES, type PaymentModeRow } from '../domain/payment-modes-contract';

// The add-order form's one binding: the order-form machine's reads and its create go to the
// orders API; a saved order is announced and opened, and the orders list is stale.

// what the order form picks from
const fetchVerifiedPickups = async (http: Http): Promise<PickupAddressRow[]> =>
  (await call(http, API_SETUP.addresses, { query: { recordsPerPage: 100 } })).items.filter((a) => a.verified);
const fetchActivePackages = async (http: Http): Promise<PackageTypeRow[]> =>
  (await call(http, API_SETUP.packageTypes, { query: { recordsPerPage: 100 } })).items.filter(
    (p) => p.status === 'ACTIVE',
  );
const searchProducts = async (http: Http, searchPattern: string): Promise<ProductRow[]> =>
  (await call(http, API_PRODUCTS.products, { query: { searchPattern, recordsPerPage: 8 } })).items.filter(
    (p) => p.enabled,
  );

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
        checkNumber: fromPromise(({ input }) =>
          call(http, API_ORDERS.numberAvailable, { query: { orderNumber: input.orderNumber } }),
        ),
        createOrder: fromPromise(({ input }) => call(http, API_ORDERS.create, { body: input })),
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
