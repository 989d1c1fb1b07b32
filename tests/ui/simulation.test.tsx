// @vitest-environment jsdom
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { Route, Routes } from 'react-router-dom';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { SimulationOrder } from '../../src/domain/live-events-contract';
import { setTokenSource } from '../../src/services/http';
import { StaffSimulationOrderScreen } from '../../src/ui/screens/corporate/simulation-order-screen';
import { StaffSimulationScreen } from '../../src/ui/screens/corporate/simulation-screen';
import { fakeHttp, fakeSession, page, renderScreen } from './helpers';

// The staff simulation screens over a fake API, with the order's event stream answered by a
// stubbed fetch: the stream's frames go through the real reader and machines to the screen.

const staff = fakeSession({
  claims: { sub: '9', st: 'LITE', at: 'DAKIYA', oid: 0, scope: [], role: 'ADMIN', exp: 0, iat: 0 } as never,
});

const event = (eventId: string, status: string, statusText: string, location: string) => ({
  eventId,
  orderId: 7,
  orderNumber: 'ORD-000007',
  trackingNumber: '14000000000007',
  status,
  statusText,
  at: '2026-11-26T06:30:00.000Z',
  location,
  remark: null,
});

const order = (status: string, statusText: string, nextSteps: string[], events: unknown[]): SimulationOrder =>
  ({
    orderId: 7,
    orderNumber: 'ORD-000007',
    sellerName: 'Aarav Traders',
    trackingNumber: '14000000000007',
    courierName: 'Delhivery',
    status,
    statusText,
    nextSteps,
    running: null,
    events,
  }) as SimulationOrder;

/** fetch answers the events URL with a stream the test writes to. */
function stubStream() {
  let writer!: ReadableStreamDefaultController<Uint8Array>;
  const requests: { url: string; headers: Record<string, string> }[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init: RequestInit) => {
      requests.push({ url: String(url), headers: init.headers as Record<string, string> });
      const body = new ReadableStream<Uint8Array>({ start: (c) => void (writer = c) });
      return new Response(body, { headers: { 'content-type': 'text/event-stream' } });
    }),
  );
  return {
    requests,
    write: (text: string) => writer.enqueue(new TextEncoder().encode(text)),
    end: () => writer.close(),
  };
}

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('the staff simulation of one order', () => {
  it('shows the order live: each event arrives on the screen, steps go to the server, an end is quiet', async () => {
    setTokenSource({ current: () => 'staff-token', renew: async () => null });
    const stream = stubStream();
    let reads = 0;
    const picked = event('41', 'PKD', 'Picked Up', 'Bhiwandi hub');
    const moved = event('42', 'INT', 'In Transit', 'Pune hub');
    const { http, calls } = fakeHttp({
      'GET /api/v1/corporate/simulation/orders/7': () => ({
        data: reads++
          ? order('INT', 'In Transit', ['OFD', 'NDR', 'RTO_INT'], [picked, moved])
          : order('PKD', 'Picked Up', ['INT', 'RTO_INT'], [picked]),
      }),
      'POST /api/v1/corporate/simulation/orders/7/steps': () => ({
        data: order('OFD', 'Out For Delivery', ['DLV', 'NDR'], [picked, moved]),
      }),
    });
    renderScreen(
      <Routes>
        <Route path="dakiya/simulation/:orderId" element={<StaffSimulationOrderScreen />} />
      </Routes>,
      { http, session: staff, path: '/dakiya/simulation/7' },
    );
    await screen.findByRole('heading', { name: 'ORD-000007' });
    await screen.findByText('Live');
    expect(stream.requests[0].url).toMatch(/\/api\/v1\/corporate\/simulation\/orders\/7\/events$/);
    expect(stream.requests[0].headers).toMatchObject({ authorization: 'Bearer staff-token' });

    stream.write(`: ping\n\nid: 42\nevent: status\ndata: ${JSON.stringify(moved)}\n\n`);
    const events = screen.getByRole('list', { name: 'Status events' });
    await within(events).findByText('In Transit');
    await screen.findByRole('button', { name: 'Out for delivery' });
    expect(calls.filter((c) => c.method === 'GET')).toHaveLength(2);

    fireEvent.click(screen.getByRole('button', { name: 'Out for delivery' }));
    await screen.findByRole('button', { name: 'Delivered' });
    expect(calls.find((c) => c.method === 'POST')?.body).toEqual({ step: 'OFD' });

    fireEvent.change(screen.getByLabelText('Interval (seconds)'), { target: { value: '0' } });
    fireEvent.click(screen.getByRole('button', { name: 'Run' }));
    await screen.findByText('Interval (seconds) must be a whole number from 1 to 60');

    // the order can move no further: the server says `event: end` and the stream closes quietly
    stream.write('event: end\ndata:\n\n');
    await screen.findByText('Live updates ended');
    expect(screen.queryByRole('button', { name: 'Reconnect' })).toBeNull();
  });

  it('passes a refused stream on with the server’s words, and reconnects on asking', async () => {
    setTokenSource({ current: () => 'staff-token', renew: async () => null });
    let tries = 0;
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => {
        tries++;
        return new Response('{}', { status: 403, headers: { 'x-error-message': 'UNAUTHORIZED ACCESS' } });
      }),
    );
    const { http } = fakeHttp({
      'GET /api/v1/corporate/simulation/orders/7': () => ({ data: order('PKD', 'Picked Up', ['INT'], []) }),
    });
    renderScreen(
      <Routes>
        <Route path="dakiya/simulation/:orderId" element={<StaffSimulationOrderScreen />} />
      </Routes>,
      { http, session: staff, path: '/dakiya/simulation/7' },
    );
    await screen.findByText('UNAUTHORIZED ACCESS');
    expect(screen.getByText('Not live')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Reconnect' }));
    await waitFor(() => expect(tries).toBe(2));
  });
});

describe('choosing the order to simulate', () => {
  const row = {
    accountId: 3,
    firstName: 'Aarav',
    lastName: 'Shah',
    email: 'seller@demo.dakiya.in',
    phone: '9876543210',
    role: 'OWNER',
    enabled: true,
    orgId: 2,
    companyName: 'Aarav Traders',
    createdAt: '2026-11-01T00:00:00.000Z',
  };

  it('makes a test order on the seller account chosen and opens it', async () => {
    const { http, calls } = fakeHttp({
      'GET /api/v1/corporate/accounts': () => page([row]),
      'POST /api/v1/corporate/simulation/test-orders': () => ({ data: order('PKP_SCH', 'Pickup Scheduled', [], []) }),
    });
    renderScreen(<StaffSimulationScreen />, { http, session: staff, path: '/dakiya/simulation' });
    await screen.findByRole('option', { name: 'Aarav Traders · seller@demo.dakiya.in' });
    fireEvent.click(screen.getByRole('button', { name: 'Create test order' }));
    await screen.findByText('Choose a seller account for the test order');
    fireEvent.change(screen.getByLabelText('Seller account'), { target: { value: '3' } });
    fireEvent.click(screen.getByRole('button', { name: 'Create test order' }));
    await waitFor(() => expect(screen.getByTestId('location').textContent).toBe('/dakiya/simulation/7'));
    expect(calls.find((c) => c.method === 'POST')?.body).toEqual({ accountId: 3 });
  });

  it('says what an order reference must be, and finds an order by its AWB', async () => {
    const { http } = fakeHttp({
      'GET /api/v1/corporate/accounts': () => page([row]),
      'GET /api/v1/corporate/simulation/awbs/14000000000008': () => ({ data: { orderId: 8 } }),
    });
    renderScreen(<StaffSimulationScreen />, { http, session: staff, path: '/dakiya/simulation' });
    const ref = await screen.findByLabelText('Order ID or AWB');
    fireEvent.change(ref, { target: { value: 'ORD#7' } });
    fireEvent.click(screen.getByRole('button', { name: 'Open order' }));
    await screen.findByText(/Order ID or AWB must be an order number up to 9 digits/);
    fireEvent.change(ref, { target: { value: '14000000000008' } });
    fireEvent.click(screen.getByRole('button', { name: 'Open order' }));
    await waitFor(() => expect(screen.getByTestId('location').textContent).toBe('/dakiya/simulation/8'));
  });
});
