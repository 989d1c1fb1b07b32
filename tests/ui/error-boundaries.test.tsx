import { pathOf } from '../../src/domain/operation';
// @vitest-environment jsdom
import { act, cleanup, fireEvent, screen, within } from '@testing-library/react';
import { Route, Routes } from 'react-router-dom';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { API_ORDERS, type OrderDetail } from '../../src/domain/orders-contract';
import { MSG } from '../../src/domain/messages';
import { dismissNotice } from '../../src/services/notify';
import { BROKEN_PAGE, brokenPanel, PanelBoundary, RouteBoundary } from '../../src/ui/kit/error-boundary';
import { OrderDetailScreen } from '../../src/ui/screens/orders/order-detail-screen';
import { SellerShell } from '../../src/ui/screens/shell/seller-shell';
import { fakeHttp, renderScreen } from './helpers';
import { orderDetail } from './order-detail-fixture';

// A render error shows a card where the broken part was: a panel's card keeps its page, a route's
// card keeps the shell's menu. Never a white page.

beforeEach(() => {
  // React reports each caught render error on the console; the cards are what these tests read
  vi.spyOn(console, 'error').mockImplementation(() => {});
  vi.spyOn(console, 'warn').mockImplementation(() => {});
});
afterEach(() => {
  vi.restoreAllMocks();
  act(() => dismissNotice());
  cleanup();
});

let fail = true;
function Thrower(): never | string {
  if (fail) throw new Error('broken panel');
  return 'panel back';
}

/** A delivered COD order as the order page reads it; `pickup` is what the test breaks. */
const ORDER = (pickup: unknown): OrderDetail => orderDetail({ pickup });

describe('error boundaries', () => {
  it('an order whose pickup is empty shows the pickup card’s error inside the page, with the menu and the buyer', async () => {
    const { http } = fakeHttp({ [`GET ${pathOf(API_ORDERS.order, { orderId: 4 })}`]: () => ({ data: ORDER({}) }) });
    renderScreen(
      <Routes>
        <Route path="/orders/:orderId" element={<OrderDetailScreen />} />
      </Routes>,
      { http, path: '/orders/4' },
    );
    const card = await screen.findByRole('alert', { name: brokenPanel('Package and pickup') });
    expect(within(card).getByText(MSG.genericError)).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'Order DEMOCOD1-2-1' })).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'Buyer' })).toBeTruthy();
    expect(screen.getByText(/Farhan Ali/)).toBeTruthy();
    expect(within(screen.getByRole('navigation', { name: 'Main' })).getByRole('link', { name: 'Home' })).toBeTruthy();
  });

  it('a panel that throws renders its card and the rest of the page; Try again renders it anew', () => {
    fail = true;
    renderScreen(
      <div>
        <h1>Order page</h1>
        <PanelBoundary label="Shipment">
          <Thrower />
        </PanelBoundary>
        <p>History stays</p>
      </div>,
    );
    expect(screen.getByRole('alert', { name: brokenPanel('Shipment') })).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'Order page' })).toBeTruthy();
    expect(screen.getByText('History stays')).toBeTruthy();
    fail = false;
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(screen.getByText('panel back')).toBeTruthy();
    expect(screen.queryByRole('alert', { name: brokenPanel('Shipment') })).toBeNull();
  });

  it('a route whose screen throws shows its card inside the seller shell: the menu stays', () => {
    fail = true;
    renderScreen(
      <RouteBoundary shell={SellerShell}>
        <Thrower />
      </RouteBoundary>,
      { path: '/orders/4' },
    );
    expect(screen.getByRole('alert', { name: BROKEN_PAGE })).toBeTruthy();
    const nav = screen.getByRole('navigation', { name: 'Main' });
    expect(within(nav).getByRole('link', { name: 'Home' })).toBeTruthy();
    expect(within(nav).getByRole('link', { name: 'Home' })).toBeTruthy();
  });
});
