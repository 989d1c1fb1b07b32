import { describe, expect, it, vi } from 'vitest';
import { createActor, fromPromise, SimulatedClock, waitFor } from 'xstate';
import type { B2bInvoiceRow } from '../../src/domain/b2b-contract';
import { b2bMissingEwayBills, B2B_POLL_MS } from '../../src/domain/b2b/shipment-rules';
import { b2bShipmentMachine } from '../../src/machines/b2b-shipment.machine';
import { describeModel } from './describe-model';
import { model as b2bOrderForm } from './models/b2b-order-form.model';
import { model as b2bShipment, ORDERS, QUOTES } from './models/b2b-shipment.model';

// Model-based suites of the B2B flows (the order page's shipment), with the rules they keep.

describeModel(b2bShipment, (a) => {
  // the page never asks a carrier while an invoice still wants its e-way bill
  if (a.matches('quotes') || a.matches('booking')) expect(b2bMissingEwayBills(a.context.order)).toEqual([]);
  // cancelling is offered only before pickup
  if (a.matches({ booked: 'still' })) expect(a.can({ type: 'CANCEL' })).toBe(a.context.order.actions.cancel);
  if (a.matches({ ewayBill: 'saving' })) expect(a.context.errors).toEqual({});
});

const resolved = <T, I>(value: T) => fromPromise<T, I>(async () => value);

describe('the B2B order page', () => {
  it('asks for each e-way bill, then books the cheapest carrier once with one key, and waits out a pending booking', async () => {
    const clock = new SimulatedClock();
    const booked: unknown[] = [];
    const saved: unknown[] = [];
    let reads = 0;
    const changed = vi.fn();
    const machine = b2bShipmentMachine.provide({
      actors: {
        fetchOrder: fromPromise(async () => [ORDERS.fresh, ORDERS.oneBill, ORDERS.billed][reads++] ?? ORDERS.booked),
        saveEwayBill: fromPromise(async ({ input }) => (saved.push(input), {}) as B2bInvoiceRow),
        loadQuotes: resolved(QUOTES),
        book: fromPromise(async ({ input }) => (booked.push(input), ORDERS.pending)),
      },
      actions: { orderChanged: changed },
    });
    const actor = createActor(machine, { input: { orderId: 7, idempotencyKey: 'k-1' }, clock }).start();
    await waitFor(actor, (s) => s.matches({ ewayBill: 'idle' }));
    actor.send({ type: 'GENERATE', invoiceId: 1 });
    actor.send({ type: 'SAVE' });
    expect(actor.getSnapshot().context.errors).toEqual({ transDistance: 'Distance (km) is required' });
    actor.send({ type: 'SET_BILL', field: 'transDistance', value: '350' });
    actor.send({ type: 'SAVE' });
    await waitFor(actor, (s) => s.matches({ ewayBill: 'idle' }) && s.context.order === ORDERS.oneBill);
    // an invoice that has its bill is not offered again
    expect(actor.getSnapshot().can({ type: 'GENERATE', invoiceId: 1 })).toBe(false);
    actor.send({ type: 'ENTER', invoiceId: 2 });
    actor.send({ type: 'SET_BILL', field: 'ewayBillNumber', value: '3910 0270' });
    actor.send({ type: 'SET_BILL', field: 'ewayBillDate', value: '2026-11-29' });
    actor.send({ type: 'SET_BILL', field: 'transDistance', value: '350' });
    actor.send({ type: 'SAVE' });
    expect(actor.getSnapshot().context.errors).toEqual({ ewayBillNumber: 'E-way bill number must be 12 digits' });
    actor.send({ type: 'SET_BILL', field: 'ewayBillNumber', value: '3910 0270 3912' });
    actor.send({ type: 'SAVE' });
    await waitFor(actor, (s) => s.matches({ quotes: 'choosing' }));
    expect(actor.getSnapshot().context.chosen).toBe('DE-LTL');
    actor.send({ type: 'BOOK' });
    await waitFor(actor, (s) => s.matches({ pending: 'waiting' }));
    clock.increment(B2B_POLL_MS);
    await waitFor(actor, (s) => s.matches('booked'));
    expect(booked).toEqual([{ orderId: 7, carrierCode: 'DE-LTL', idempotencyKey: 'k-1' }]);
    expect(saved).toEqual([
      {
        orderId: 7,
        invoiceId: 1,
        mode: 'GENERATE',
        body: { transDistance: 350, vehicleNumber: null, overDimensional: false },
      },
      {
        orderId: 7,
        invoiceId: 2,
        mode: 'ENTER',
        body: { ewayBillNumber: '391002703912', ewayBillDate: '2026-11-29', transDistance: 350 },
      },
    ]);
    expect(changed).toHaveBeenCalledTimes(2);
  });

  it('goes back to the quotes with the carrier words when a pending booking is refused', async () => {
    const clock = new SimulatedClock();
    const machine = b2bShipmentMachine.provide({
      actors: {
        fetchOrder: fromPromise(async () => ORDERS.refused),
        loadQuotes: resolved(QUOTES),
      },
    });
    const actor = createActor(machine, { input: { orderId: 7, idempotencyKey: 'k' }, clock }).start();
    await waitFor(actor, (s) => s.matches({ quotes: 'choosing' }));
    expect(actor.getSnapshot().context.order?.booking.failure).toMatch(/not registered/);
  });
});

describeModel(b2bOrderForm, (a) => {
  // a submit on its way was checked first; the form always has a box row and an invoice row
  if (a.matches({ editing: { form: 'submitting' } })) expect(a.context.errors).toEqual({});
  expect(a.context.boxes.length).toBeGreaterThan(0);
  expect(a.context.invoices.length).toBeGreaterThan(0);
  expect(a.context.poNumbers.length).toBeLessThanOrEqual(5);
  if (a.status === 'done') expect(a.output).toEqual({ orderId: 41, orderNumber: 'ORD-000041' });
});
