import type { B2bCarrierQuote, B2bOrderDetail, B2bQuotes } from '../../../src/domain/b2b-contract';
import { b2bShipmentMachine } from '../../../src/machines/b2b-shipment.machine';
import type { MachineModel } from '../model-harness';

// A ₹1,20,000 consignment in two invoices (it needs an e-way bill each), at each step of its page.
const invoice = (invoiceId: number, bill: boolean) => ({
  invoiceId,
  valuePaise: 6_000_000,
  ewayBill: bill ? { ewayBillNumber: `39100270391${invoiceId}`, status: 'ACT' } : null,
});
const order = (
  status: string,
  state: B2bOrderDetail['booking']['state'],
  bills: [boolean, boolean],
  failure: string | null = null,
) =>
  ({
    orderId: 7,
    status,
    booking: { state, failure },
    invoices: [invoice(1, bills[0]), invoice(2, bills[1])],
    ewayBillRequired: true,
    actions: {
      book: state === 'NONE',
      cancel: state === 'BOOKED' && ['RTS', 'PKP_SCH'].includes(status),
      documents: state === 'BOOKED',
    },
  }) as unknown as B2bOrderDetail;

export const ORDERS = {
  fresh: order('RTS', 'NONE', [false, false]),
  oneBill: order('RTS', 'NONE', [true, false]),
  billed: order('RTS', 'NONE', [true, true]),
  pending: order('RTS', 'PENDING', [true, true]),
  refused: order('RTS', 'FAILED', [true, true], 'Pickup location is not registered with Delhivery'),
  booked: order('PKP_SCH', 'BOOKED', [true, true]),
  moving: order('INT', 'BOOKED', [true, true]),
  delivered: order('DLV', 'BOOKED', [true, true]),
  cancelled: order('CAN', 'BOOKED', [true, true]),
};

const quote = (carrierCode: string, totalPaise: number | null): B2bCarrierQuote => ({
  carrierCode,
  carrierName: carrierCode === 'GT' ? 'Gati' : 'Delhivery LTL',
  quote: totalPaise === null ? null : ({ totalPaise } as B2bCarrierQuote['quote']),
  refusal: totalPaise === null ? 'No rate from East to North-East' : null,
});
const quotes = (list: B2bCarrierQuote[]) => ({ quotes: list }) as B2bQuotes;
export const QUOTES = quotes([quote('GT', 1_854_600), quote('DE-LTL', 1_620_000)]);
const NONE_SERVE = quotes([quote('GT', null)]);

export const model: MachineModel = {
  name: 'b2b-shipment',
  machine: b2bShipmentMachine,
  options: {
    input: { orderId: 7, idempotencyKey: 'k-1' },
    promiseActors: ['fetchOrder', 'saveEwayBill', 'loadQuotes', 'book', 'cancel'],
    events: () => [
      { type: 'GENERATE', invoiceId: 1 },
      { type: 'ENTER', invoiceId: 2 },
      { type: 'SET_BILL', field: 'transDistance', value: '350' },
      // invoice 1's bill extended in its own dialog: its new validity shows wherever the page is
      { type: 'BILL_CHANGED', invoice: { ...invoice(1, true), expiresAt: '2026-12-02T18:29:59.999Z' } },
      { type: 'SET_BILL', field: 'ewayBillNumber', value: '3910 0270 3912' },
      { type: 'SET_BILL', field: 'ewayBillDate', value: '2026-11-29' },
      { type: 'CHOOSE', carrierCode: 'GT' },
      { type: 'xstate.done.actor.fetchOrder', output: ORDERS.fresh },
      { type: 'xstate.done.actor.fetchOrder', output: ORDERS.pending },
      { type: 'xstate.done.actor.fetchOrder', output: ORDERS.billed },
      { type: 'xstate.done.actor.fetchOrder', output: ORDERS.booked },
      { type: 'xstate.done.actor.fetchOrder', output: ORDERS.cancelled },
      { type: 'xstate.error.actor.fetchOrder', error: { status: 0, message: 'You are offline' } },
      { type: 'xstate.done.actor.saveEwayBill', output: { invoiceId: 1 } },
      { type: 'xstate.error.actor.saveEwayBill', error: { status: 502, message: 'The e-way bill portal is busy' } },
      { type: 'xstate.done.actor.readBilled', output: ORDERS.oneBill },
      { type: 'xstate.done.actor.readBilled', output: ORDERS.billed },
      { type: 'xstate.error.actor.readBilled', error: { status: 0, message: 'You are offline' } },
      { type: 'xstate.done.actor.loadQuotes', output: QUOTES },
      { type: 'xstate.done.actor.loadQuotes', output: NONE_SERVE },
      { type: 'xstate.error.actor.loadQuotes', error: { status: 500, message: 'Something went wrong' } },
      { type: 'xstate.done.actor.book', output: ORDERS.booked },
      { type: 'xstate.done.actor.book', output: ORDERS.pending },
      { type: 'xstate.done.actor.book', output: ORDERS.refused },
      { type: 'xstate.error.actor.book', error: { status: 422, message: 'Insufficient wallet balance' } },
      { type: 'xstate.done.actor.readPending', output: ORDERS.pending },
      { type: 'xstate.done.actor.readPending', output: ORDERS.booked },
      { type: 'xstate.done.actor.readPending', output: ORDERS.refused },
      { type: 'xstate.error.actor.readPending', error: { status: 0, message: 'You are offline' } },
      { type: 'xstate.done.actor.refreshOrder', output: ORDERS.moving },
      { type: 'xstate.done.actor.refreshOrder', output: ORDERS.delivered },
      { type: 'xstate.error.actor.refreshOrder', error: { status: 0, message: 'You are offline' } },
      { type: 'xstate.done.actor.cancel', output: ORDERS.cancelled },
      { type: 'xstate.error.actor.cancel', error: { status: 409, message: 'The carrier has picked the boxes up' } },
    ],
    limit: 20_000,
    serializeState: (s) =>
      JSON.stringify([
        s.value,
        s.context.order?.status ?? null,
        s.context.order?.booking.state ?? null,
        s.context.order?.invoices.map((i: { ewayBill: unknown }) => !!i.ewayBill) ?? null,
        s.context.quotes?.quotes.length ?? null,
        s.context.chosen,
        s.context.bill,
        Object.keys(s.context.errors).length,
        s.context.error !== null,
        s.context.notice?.kind ?? null,
      ]),
  },
};
