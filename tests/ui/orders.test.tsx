import { pathOf } from '../../src/domain/operation';
// @vitest-environment jsdom
import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { API_ORDERS, type OrderBatchRow, type OrderRow } from '../../src/domain/orders-contract';
import type { CsvUploadRow } from '../../src/domain/uploads-contract';
import { OrdersScreen } from '../../src/ui/screens/orders/orders-screen';
import { OrdersUploadScreen } from '../../src/ui/screens/orders/orders-upload-screen';
import { OrdersV2Screen } from '../../src/ui/screens/orders/orders-v2-screen';
import { API_ORDER_VIEWS } from '../../src/domain/order-views-contract';
import { ACCOUNT, fakeHttp, fakeSession, page, renderScreen, screensThatSaveFiles } from './helpers';

screensThatSaveFiles();

const ORDER: OrderRow = {
  orderId: 7,
  orderNumber: 'BULK-1001',
  status: 'RTS',
  statusText: 'Ready To Ship',
  archived: false,
  channel: 'DAKIYA',
  paymentMethod: 'COD',
  fulfilment: 'SELF',
  orderDate: '2026-11-20',
  buyerName: 'Buyer One',
  buyerPhone: '9810000001',
  city: 'Bengaluru',
  state: 'Karnataka',
  pincode: '560038',
  totalPaise: 24_000,
  codAmountPaise: 24_000,
  itemCount: 2,
  deadWeightKg: 0.4,
  volWeightKg: 0.1,
  chargedWeightKg: 0.5,
  awb: null,
  carrierCode: null,
  escalated: false,
  createdAt: '2026-11-20T06:30:00Z',
  codVerification: null,
  paymentModeCode: null,
  advancePaise: 0,
  advancePaid: false,
  risk: null,
};

describe('bulk upload orders', () => {
  it('updates orders by CSV and says how many changed; the batches tab links each batch to its orders', async () => {
    const done: CsvUploadRow = {
      uploadId: 4,
      kind: 'ORDER_UPDATES',
      fileName: 'weights.csv',
      status: 'DONE',
      percent: 100,
      totalRows: 2,
      processedRows: 2,
      result: { created: 1, rejected: 1, errorFileUrl: pathOf(API_ORDERS.updates.errorCsv, { uploadId: 4 }) },
      error: null,
      createdAt: '2026-11-20T06:30:00Z',
      finishedAt: '2026-11-20T06:30:01Z',
    };
    const batch: OrderBatchRow = {
      batchId: 3,
      fileName: 'festive.csv',
      uploadedAt: '2026-11-20T06:00:00Z',
      status: 'DONE',
      rowsRejected: 10,
      orders: 490,
      readyToShip: 480,
      inTransit: 6,
      delivered: 2,
      cancelled: 2,
      returned: 0,
    };
    const { http, calls } = fakeHttp({
      [`GET ${API_ORDERS.uploads.latest.path}`]: () => ({ data: null }),
      [`GET ${API_ORDERS.uploads.history.path}`]: () => page([]),
      [`GET ${API_ORDERS.updates.latest.path}`]: () => ({ data: null }),
      [`GET ${API_ORDERS.updates.history.path}`]: () => page([]),
      [`UPLOAD ${API_ORDERS.updates.upload.path}`]: () => ({
        data: { ...done, status: 'PENDING', percent: 0, result: null },
      }),
      [`GET ${pathOf(API_ORDERS.updates.status, { uploadId: '4' })}`]: () => ({ data: done }),
      [`DOWNLOAD ${pathOf(API_ORDERS.updates.errorCsv, { uploadId: 4 })}`]: () => new Blob(['x']),
      [`DOWNLOAD ${API_ORDERS.updates.sample.path}`]: () => new Blob(['orderNumber']),
      [`GET ${API_ORDERS.batches.path}`]: () => page([batch]),
    });
    renderScreen(<OrdersUploadScreen />, { http });
    fireEvent.mouseDown(screen.getByRole('tab', { name: 'Update orders' }));
    fireEvent.click(await screen.findByRole('button', { name: 'Download sample update CSV' }));
    await waitFor(() =>
      expect(calls.some((c) => c.method === 'DOWNLOAD' && c.path === API_ORDERS.updates.sample.path)).toBe(true),
    );
    fireEvent.change(screen.getByLabelText('Order updates CSV file'), {
      target: { files: [new File(['orderNumber,deadWeightKg\nB-1,2'], 'weights.csv', { type: 'text/csv' })] },
    });
    // one step: choosing the file uploads it (no Upload button to find)
    expect(screen.queryByRole('button', { name: 'Upload' })).toBeNull();
    await screen.findByText('1 order updated, 1 row rejected');
    fireEvent.click(screen.getByRole('button', { name: 'Download error CSV' }));
    await waitFor(() =>
      expect(
        calls.some((c) => c.method === 'DOWNLOAD' && c.path === pathOf(API_ORDERS.updates.errorCsv, { uploadId: 4 })),
      ).toBe(true),
    );
    expect(calls.some((c) => c.path === API_ORDERS.uploads.upload.path && c.method === 'UPLOAD')).toBe(false);

    fireEvent.mouseDown(screen.getByRole('tab', { name: 'Batches' }));
    const row = await screen.findByRole('row', { name: /festive\.csv/ });
    expect(within(row).getByText('490')).toBeTruthy();
    fireEvent.click(within(row).getByRole('link', { name: 'Orders of batch #3' }));
    expect(screen.getByTestId('location').textContent).toBe('/orders?batch=3');
  });
});

describe('the orders list', () => {
  it('sends the filters kept in the URL, including an upload batch, and clears the batch', async () => {
    const { http, calls } = fakeHttp({
      [`GET ${API_ORDERS.counts.path}`]: () => ({ data: { RTS: 1 } }),
      [`GET ${API_ORDERS.orders.path}`]: () => page([ORDER]),
    });
    renderScreen(<OrdersScreen />, { http, path: '/orders?batch=3&payment=COD&q=BULK' });
    await screen.findByRole('row', { name: /BULK-1001/ });
    const first = calls.find((c) => c.path === API_ORDERS.orders.path)!.body as Record<string, string>;
    expect(first).toMatchObject({ batchId: '3', orderPaymentMethodFilter: 'COD', searchPattern: 'BULK' });
    screen.getByText('Showing the orders of upload batch #3');
    fireEvent.click(screen.getByRole('button', { name: 'Show all orders' }));
    await waitFor(() => expect(screen.getByTestId('location').textContent).toBe('/orders?payment=COD&q=BULK'));
    await waitFor(() =>
      expect(
        (calls.filter((c) => c.path === API_ORDERS.orders.path).at(-1)!.body as Record<string, string>).batchId,
      ).toBeUndefined(),
    );
  });
});

describe('the orders list filtered by COD verification', () => {
  it('waits for the account to say the plan before it asks for rows, then asks with the filter', async () => {
    const { http, calls } = fakeHttp({
      [`GET ${API_ORDERS.counts.path}`]: () => ({ data: { RTS: 1 } }),
      [`GET ${API_ORDERS.orders.path}`]: () => page([ORDER]),
    });
    const path = '/orders?verification=CONFIRMED';
    renderScreen(<OrdersScreen />, { http, path, session: fakeSession({ account: null }) });
    await act(async () => {});
    expect(screen.getByRole('status').textContent).toContain('Loading orders');
    expect(calls.filter((c) => c.path === API_ORDERS.orders.path)).toEqual([]);
    cleanup();
    const pro = fakeSession({ account: { ...ACCOUNT, subscriptionType: 'PRO' } });
    renderScreen(<OrdersScreen />, { http, path, session: pro });
    await screen.findByRole('row', { name: /BULK-1001/ });
    const asked = calls.filter((c) => c.path === API_ORDERS.orders.path);
    expect(asked.map((c) => (c.body as Record<string, string>).codVerificationFilter)).toEqual(['CONFIRMED']);
  });
});

describe('the beta orders page (/orders_v2)', () => {
  it('lists the orders with their actions, saves the filters as a view, and moves by keyboard', async () => {
    const second = { ...ORDER, orderId: 8, orderNumber: 'BULK-1002', status: 'DLV' as const, statusText: 'Delivered' };
    const { http, calls } = fakeHttp({
      [`GET ${API_ORDERS.counts.path}`]: () => ({ data: { RTS: 1, DLV: 1 } }),
      [`GET ${API_ORDERS.orders.path}`]: () => page([ORDER, second]),
      [`GET ${API_ORDER_VIEWS.views.path}`]: () => ({ data: [] }),
      [`POST ${API_ORDER_VIEWS.save.path}`]: (body) => ({
        data: { viewId: 1, createdAt: '2026-11-20T06:30:00Z', ...(body as object) },
      }),
    });
    renderScreen(<OrdersV2Screen />, { http, path: '/orders_v2?payment=COD' });
    await screen.findByRole('row', { name: /BULK-1001/ });
    // the same list and bulk actions as /orders, and a Ship button on the row that can ship
    expect(screen.getByRole('navigation', { name: 'Order status' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Ship BULK-1001' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Ship BULK-1002' })).toBeNull();
    // a view of the filters on screen, its name checked by label first
    fireEvent.click(screen.getByRole('button', { name: 'Save view' }));
    const dialog = await screen.findByRole('dialog', { name: 'Save this view' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save view' }));
    expect(await within(dialog).findByText('View name is required')).toBeTruthy();
    fireEvent.change(within(dialog).getByLabelText(/View name/), { target: { value: 'COD orders' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save view' }));
    const link = await screen.findByRole('link', { name: 'COD orders' });
    expect(link.getAttribute('href')).toBe('/orders_v2?payment=COD');
    expect(calls.find((c) => c.method === 'POST')!.body).toEqual({
      viewName: 'COD orders',
      filters: { payment: 'COD' },
    });
    // j moves the cursor to the first row, j again to the second, x selects it, Enter opens it
    fireEvent.keyDown(document.body, { key: 'j' });
    await waitFor(() =>
      expect(screen.getByRole('row', { name: /BULK-1001/ }).getAttribute('aria-current')).toBe('true'),
    );
    fireEvent.keyDown(document.body, { key: 'j' });
    fireEvent.keyDown(document.body, { key: 'x' });
    await waitFor(() =>
      expect(screen.getByRole('checkbox', { name: 'Select BULK-1002' })).toHaveProperty('checked', true),
    );
    fireEvent.keyDown(document.body, { key: '?' });
    expect(await screen.findByRole('dialog', { name: 'Keyboard shortcuts' })).toBeTruthy();
    fireEvent.keyDown(document.body, { key: 'Escape' });
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Keyboard shortcuts' })).toBeNull());
    fireEvent.keyDown(document.body, { key: 'Enter' });
    await waitFor(() => expect(screen.getByTestId('location').textContent).toBe('/orders/8'));
  });
});
