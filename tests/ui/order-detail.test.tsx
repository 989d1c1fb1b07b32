// @vitest-environment jsdom
import { act, cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { Route, Routes } from 'react-router-dom';
import { afterEach, describe, expect, it } from 'vitest';
import { pathOf } from '../../src/domain/operation';
import { API_ORDERS } from '../../src/domain/orders-contract';
import { dismissNotice } from '../../src/services/notify';
import { OrderDetailScreen } from '../../src/ui/screens/orders/order-detail-screen';
import { fakeHttp, renderScreen } from './helpers';
import { orderDetail } from './order-detail-fixture';

// The order page's dialogs open from its buttons and close again; the weight dialog sends what
// the seller typed.

afterEach(() => {
  act(() => dismissNotice());
  cleanup();
});

const OPEN = orderDetail({
  status: 'RTS',
  statusText: 'Ready to ship',
  actions: { edit: true, cancel: false, archive: false, clone: true, escalate: false, ship: false, return: true },
});

function renderOrder() {
  const fake = fakeHttp({
    [`GET ${pathOf(API_ORDERS.order, { orderId: 4 })}`]: () => ({ data: OPEN }),
    [`POST ${pathOf(API_ORDERS.dimensions, { orderId: 4 })}`]: () => ({ data: OPEN }),
  });
  renderScreen(
    <Routes>
      <Route path="/orders/:orderId" element={<OrderDetailScreen />} />
    </Routes>,
    { http: fake.http, path: '/orders/4' },
  );
  return fake;
}

describe('the order page’s dialogs', () => {
  it('opens the return dialog from Initiate return and closes it', async () => {
    renderOrder();
    fireEvent.click(await screen.findByRole('button', { name: 'Initiate return' }));
    const dialog = await screen.findByRole('dialog', { name: 'Return for DEMOCOD1-2-1' });
    fireEvent.keyDown(dialog, { key: 'Escape' });
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Return for DEMOCOD1-2-1' })).toBeNull());
  });

  it('sends the weight and size as typed', async () => {
    const { calls } = renderOrder();
    fireEvent.click(await screen.findByRole('button', { name: 'Edit weight' }));
    fireEvent.change(await screen.findByLabelText('Length (cm)'), { target: { value: '25' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() =>
      expect(calls.find((c) => c.method === 'POST')?.body).toEqual({
        lengthCm: 25,
        breadthCm: 15,
        heightCm: 10,
        deadWeightKg: 0.5,
      }),
    );
  });
});
