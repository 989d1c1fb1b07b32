// @vitest-environment jsdom
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { API_NDR, type RtoRow } from '../../src/domain/ndr-contract';
import { pathOf } from '../../src/domain/operation';
import { RtoScreen } from '../../src/ui/screens/ndr/rto-screen';
import { fakeHttp, renderScreen } from './helpers';

// The returns view: a return that came back shows its charges and is acknowledged once.

const ROW: RtoRow = {
  orderId: 41,
  orderNumber: 'MC-4101',
  shipmentId: 9,
  awb: '14000000000041',
  carrierCode: 'DE',
  carrierName: 'Delhivery Surface',
  customerName: 'Kavya Reddy',
  paymentMethod: 'COD',
  stage: 'DELIVERED',
  stageText: 'RTO delivered',
  initiatedAt: '2026-11-20T04:30:00.000Z',
  deliveredAt: '2026-11-23T06:30:00.000Z',
  rtoChargePaise: 8850,
  codFeeRefundPaise: 3600,
  ack: null,
  ackNote: '',
  ackAt: null,
};

describe('returns to origin', () => {
  it('shows a delivered return with its charges and sends the seller’s word on it', async () => {
    let acked: RtoRow = ROW;
    const { http, calls } = fakeHttp({
      [`GET ${API_NDR.rto.path}`]: () => ({
        data: {
          items: [acked],
          total: 1,
          pageNumber: 0,
          recordsPerPage: 10,
          counts: { INITIATED: 2, IN_TRANSIT: 1, DELIVERED: 1 },
        },
      }),
      [`POST ${pathOf(API_NDR.rtoAcknowledge, { orderId: 41 })}`]: (body) => {
        acked = { ...ROW, ack: 'DAMAGED', ackNote: (body as { note: string }).note };
        return { data: acked };
      },
    });
    renderScreen(<RtoScreen />, { http, path: '/rto?tab=DELIVERED' });
    const table = await screen.findByRole('table', { name: 'Returns: RTO delivered' });
    await within(table).findByText('MC-4101');
    expect(within(table).getByText('RTO ₹88.50')).toBeTruthy();
    expect(within(table).getByText('COD fee refunded ₹36.00')).toBeTruthy();
    expect(screen.getByRole('button', { name: /^RTO initiated/ }).textContent).toContain('2');
    fireEvent.click(screen.getByRole('button', { name: 'Acknowledge MC-4101' }));
    const dialog = await screen.findByRole('dialog');
    fireEvent.click(within(dialog).getByLabelText('Received damaged'));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Acknowledge' }));
    await within(dialog).findByText('Note must say what is wrong (at least 5 characters)');
    fireEvent.change(within(dialog).getByLabelText('Note'), { target: { value: 'Box crushed, vase broken' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Acknowledge' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(calls.find((c) => c.method === 'POST')?.body).toEqual({
      outcome: 'DAMAGED',
      note: 'Box crushed, vase broken',
    });
    await within(table).findByText('Received damaged');
  });
});
