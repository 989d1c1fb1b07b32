import { assign, fromPromise, setup } from 'xstate';
import type { B2bOrderDetail, B2bQuotes } from '../domain/b2b-contract';
import { B2B_ORDER_LIMITS } from '../domain/b2b/order-facts';
import {
  b2bQuestionOf,
  blankB2bDraft,
  blankBox,
  blankGoodsLine,
  blankInvoice,
  checkB2bOrder,
  type B2bDraftField,
  type B2bDraftParts,
  type B2bOrderDraft,
  type B2bQuestion,
  type BoxDraft,
  type DraftWarehouse,
  type GoodsLineDraft,
  type InvoiceDraft,
} from '../domain/b2b/order-draft';
import { GOODS_LINES_MAX } from '../domain/b2b/goods-lines';
import { removeKeepingOne, replaceAt, withoutAt, withoutErrors } from './rows';
import type { B2bOrderInput } from '../domain/schemas/b2b';
import { fieldOfMessage, inSellerWords } from '../domain/schemas/labels';
import { failureText } from './failure';

// /b2b/orders/new: a B2B order typed by hand. The draft lives here; every rule is the API's
// (its body schema with its field labels), checked before sending, with every error under its
// field. The consignee is typed or picked from the seller's consignee warehouses; boxes and
// invoices are rows (an invoice's file is uploaded as it is picked), each with rows of its goods; an appointment carries up to
// five purchase-order numbers. The freight quote follows the draft: a change waits a moment,
// then the rate calculator is asked again once the draft can be priced. Saving ends the machine
// with the new order. `input` may start from given values (a restored or prefilled draft).

export interface B2bOrderFormContext extends B2bDraftParts {
  warehouses: DraftWarehouse[] | null;
  quotes: B2bQuotes | null;
  quoteError: string | null;
  /** the invoice row whose file is on its way */
  uploadingIndex: number | null;
  errors: Record<string, string>;
  saveError: string | null;
  saved: B2bOrderDetail | null;
}

/** A file picked for an invoice, as the browser describes it (a File fits). */
export interface InvoiceFile {
  name: string;
  size: number;
  type: string;
}

export type B2bOrderFormEvent =
  | { type: 'SET'; field: B2bDraftField; value: string | boolean }
  | { type: 'SET_BOX'; index: number; field: keyof BoxDraft; value: string }
  | { type: 'ADD_BOX' }
  | { type: 'REMOVE_BOX'; index: number }
  | { type: 'SET_INVOICE'; index: number; field: 'number' | 'date' | 'value' | 'ewayBillNumber'; value: string }
  | { type: 'ADD_INVOICE' }
  | { type: 'REMOVE_INVOICE'; index: number }
  | { type: 'SET_GOODS'; index: number; line: number; field: keyof GoodsLineDraft; value: string }
  | { type: 'ADD_GOODS'; index: number }
  | { type: 'REMOVE_GOODS'; index: number; line: number }
  | { type: 'ATTACH'; index: number; file: InvoiceFile }
  | { type: 'DETACH'; index: number }
  | { type: 'SET_PO'; index: number; value: string }
  | { type: 'ADD_PO' }
  | { type: 'REMOVE_PO'; index: number }
  | { type: 'RETRY' }
  | { type: 'SUBMIT' };

/** The events that change what the quote depends on. */
const CHANGES = ['SET', 'SET_BOX', 'ADD_BOX', 'REMOVE_BOX', 'SET_INVOICE', 'ADD_INVOICE', 'REMOVE_INVOICE'] as const;

/** An invoice's goods lines changed by `next`. */
const withGoods = (
  invoices: InvoiceDraft[],
  index: number,
  next: (lines: GoodsLineDraft[]) => GoodsLineDraft[],
): InvoiceDraft[] => replaceAt(invoices, index, (i) => ({ ...i, goods: next(i.goods) }));

/** How long the draft stays still before it is priced again. */
export const B2B_QUOTE_DEBOUNCE_MS = 600;

const CONSIGNEE_FIELDS: B2bDraftField[] = [
  'consigneeWarehouseId',
  'businessName',
  'gstin',
  'contactName',
  'contactPhone',
  'contactEmail',
  'addressLine1',
  'addressLine2',
  'pincode',
];

const questionOf = (c: B2bOrderFormContext) => b2bQuestionOf(c.draft, c.boxes, c.invoices, c.warehouses ?? []);

/** Keys the server's refusal may name, each shown under its field. */
const SERVER_FIELDS = [
  'consigneeWarehouseId',
  'consignee',
  'originWarehouseId',
  'goodsDescription',
  'orderNumber',
  'boxes',
  'invoices',
  'freightPayer',
  'risk',
  'handover',
  'appointment',
];

export const b2bOrderFormMachine = setup({
  types: {
    context: {} as B2bOrderFormContext,
    events: {} as B2bOrderFormEvent,
    input: {} as { today?: string; draft?: Partial<B2bOrderDraft>; boxes?: BoxDraft[]; invoices?: InvoiceDraft[] },
    output: {} as { orderId: number; orderNumber: string },
  },
  actors: {
    loadWarehouses: fromPromise<DraftWarehouse[]>(async () => {
      throw new Error('loadWarehouses not provided');
    }),
    quote: fromPromise<B2bQuotes, B2bQuestion>(async () => {
      throw new Error('quote not provided');
    }),
    uploadInvoice: fromPromise<{ fileId: string }, { file: InvoiceFile }>(async () => {
      throw new Error('uploadInvoice not provided');
    }),
    createOrder: fromPromise<B2bOrderDetail, B2bOrderInput>(async () => {
      throw new Error('createOrder not provided');
    }),
  },
  delays: { DEBOUNCE: B2B_QUOTE_DEBOUNCE_MS },
  guards: {
    valid: ({ context }) => checkB2bOrder(context).ok,
    priceable: ({ context }) => questionOf(context) !== null,
    canAddPo: ({ context }) => context.poNumbers.length < B2B_ORDER_LIMITS.poNumbersMax,
    knownInvoice: ({ context, event }) => event.type === 'ATTACH' && event.index < context.invoices.length,
    canAddInvoice: ({ context }) => context.invoices.length < B2B_ORDER_LIMITS.invoicesMax,
    canAddGoods: ({ context, event }) =>
      event.type === 'ADD_GOODS' && (context.invoices[event.index]?.goods.length ?? GOODS_LINES_MAX) < GOODS_LINES_MAX,
  },
  actions: {
    /** the draft needs fixing before it is sent (provided: a notice) */
    needsAttention: () => {},
    /** the order is saved (provided: a notice and its page) */
    saved: () => {},
    set: assign(({ context, event }) => {
      if (event.type !== 'SET') return {};
      const consignee = CONSIGNEE_FIELDS.includes(event.field) ? ['consignee', 'consigneeWarehouseId'] : [];
      const appointment = ['appointment', 'appointmentDate', 'slotStart', 'slotEnd'].includes(event.field)
        ? ['appointment']
        : [];
      return {
        draft: { ...context.draft, [event.field]: event.value },
        errors: withoutErrors(context.errors, [event.field, ...consignee, ...appointment]),
      };
    }),
    setBox: assign(({ context, event }) =>
      event.type === 'SET_BOX'
        ? {
            boxes: replaceAt(context.boxes, event.index, (b) => ({ ...b, [event.field]: event.value })),
            errors: withoutErrors(context.errors, ['boxes']),
          }
        : {},
    ),
    addBox: assign({ boxes: ({ context }) => [...context.boxes, blankBox()] }),
    removeBox: assign({
      boxes: ({ context, event }) =>
        event.type === 'REMOVE_BOX' ? removeKeepingOne(context.boxes, event.index, blankBox) : context.boxes,
    }),
    setInvoice: assign(({ context, event }) =>
      event.type === 'SET_INVOICE'
        ? {
            invoices: replaceAt(context.invoices, event.index, (i) => ({ ...i, [event.field]: event.value })),
            errors: withoutErrors(context.errors, ['invoices']),
          }
        : {},
    ),
    addInvoice: assign({ invoices: ({ context }) => [...context.invoices, blankInvoice()] }),
    removeInvoice: assign({
      invoices: ({ context, event }) =>
        event.type === 'REMOVE_INVOICE'
          ? removeKeepingOne(context.invoices, event.index, blankInvoice)
          : context.invoices,
    }),
    setGoods: assign(({ context, event }) =>
      event.type === 'SET_GOODS'
        ? {
            invoices: withGoods(context.invoices, event.index, (lines) =>
              replaceAt(lines, event.line, (l) => ({ ...l, [event.field]: event.value })),
            ),
            errors: withoutErrors(context.errors, ['invoices']),
          }
        : {},
    ),
    addGoods: assign({
      invoices: ({ context, event }) =>
        event.type === 'ADD_GOODS'
          ? withGoods(context.invoices, event.index, (lines) => [...lines, blankGoodsLine()])
          : context.invoices,
    }),
    removeGoods: assign({
      invoices: ({ context, event }) =>
        event.type === 'REMOVE_GOODS'
          ? withGoods(context.invoices, event.index, (lines) => withoutAt(lines, event.line))
          : context.invoices,
    }),
    detach: assign({
      invoices: ({ context, event }) =>
        event.type === 'DETACH'
          ? replaceAt(context.invoices, event.index, (i) => ({ ...i, fileId: null, fileName: null }))
          : context.invoices,
    }),
    setPo: assign({
      poNumbers: ({ context, event }) =>
        event.type === 'SET_PO' ? replaceAt(context.poNumbers, event.index, () => event.value) : context.poNumbers,
      errors: ({ context }) => withoutErrors(context.errors, ['appointment']),
    }),
    addPo: assign({ poNumbers: ({ context }) => [...context.poNumbers, ''] }),
    removePo: assign({
      poNumbers: ({ context, event }) =>
        event.type === 'REMOVE_PO' ? withoutAt(context.poNumbers, event.index) : context.poNumbers,
    }),
    showErrors: assign({
      errors: ({ context }) => {
        const r = checkB2bOrder(context);
        return r.ok ? {} : r.errors;
      },
    }),
  },
}).createMachine({
  id: 'b2bOrderForm',
  context: ({ input }) => ({
    draft: { ...blankB2bDraft(), ...input.draft },
    boxes: input.boxes?.length ? input.boxes : [blankBox()],
    invoices: input.invoices?.length ? input.invoices : [blankInvoice(input.today)],
    poNumbers: [],
    warehouses: null,
    quotes: null,
    quoteError: null,
    uploadingIndex: null,
    errors: {},
    saveError: null,
    saved: null,
  }),
  initial: 'editing',
  states: {
    editing: {
      type: 'parallel',
      states: {
        // the seller's own and consignee warehouses, read once (again on RETRY)
        options: {
          initial: 'loading',
          states: {
            loading: {
              invoke: {
                id: 'loadWarehouses',
                src: 'loadWarehouses',
                onDone: {
                  target: 'loaded',
                  actions: assign(({ context, event }) => {
                    // the only own warehouse is the origin to start with
                    const own = event.output.filter((w) => w.warehouseKind === 'OWN');
                    return {
                      warehouses: event.output,
                      draft:
                        own.length === 1 && !context.draft.originWarehouseId
                          ? { ...context.draft, originWarehouseId: String(own[0].warehouseId) }
                          : context.draft,
                    };
                  }),
                },
                onError: 'unavailable',
              },
            },
            loaded: {},
            unavailable: { on: { RETRY: 'loading' } },
          },
        },
        // the live quote: a change waits a moment, then the draft is priced when it can be
        quote: {
          initial: 'idle',
          on: Object.fromEntries(CHANGES.map((type) => [type, { target: '.waiting', reenter: true }])),
          states: {
            idle: {},
            waiting: {
              after: {
                DEBOUNCE: [
                  { guard: 'priceable', target: 'quoting' },
                  { target: 'idle', actions: assign({ quotes: null, quoteError: null }) },
                ],
              },
            },
            quoting: {
              invoke: {
                id: 'quote',
                src: 'quote',
                input: ({ context }) => questionOf(context)!,
                onDone: { target: 'idle', actions: assign({ quotes: ({ event }) => event.output, quoteError: null }) },
                onError: {
                  target: 'idle',
                  actions: assign({ quotes: null, quoteError: ({ event }) => failureText(event.error) }),
                },
              },
            },
          },
        },
        form: {
          initial: 'filling',
          // typing goes on while a submit is on its way
          on: {
            SET: { actions: 'set' },
            SET_BOX: { actions: 'setBox' },
            ADD_BOX: { actions: 'addBox' },
            REMOVE_BOX: { actions: 'removeBox' },
            SET_INVOICE: { actions: 'setInvoice' },
            ADD_INVOICE: { guard: 'canAddInvoice', actions: 'addInvoice' },
            REMOVE_INVOICE: { actions: 'removeInvoice' },
            SET_GOODS: { actions: 'setGoods' },
            ADD_GOODS: { guard: 'canAddGoods', actions: 'addGoods' },
            REMOVE_GOODS: { actions: 'removeGoods' },
            SET_PO: { actions: 'setPo' },
            ADD_PO: { guard: 'canAddPo', actions: 'addPo' },
            REMOVE_PO: { actions: 'removePo' },
          },
          states: {
            filling: {
              on: {
                ATTACH: {
                  guard: 'knownInvoice',
                  target: 'uploading',
                  actions: assign(({ context, event }) => ({
                    uploadingIndex: event.index,
                    invoices: replaceAt(context.invoices, event.index, (i) => ({ ...i, fileName: event.file.name })),
                  })),
                },
                DETACH: { actions: 'detach' },
                SUBMIT: [
                  { guard: 'valid', target: 'submitting', actions: assign({ errors: {}, saveError: null }) },
                  { actions: ['showErrors', 'needsAttention'] },
                ],
              },
            },
            // an invoice's file, stored as it is picked (one at a time; typing goes on)
            uploading: {
              invoke: {
                id: 'uploadInvoice',
                src: 'uploadInvoice',
                input: ({ event }) => ({
                  file: event.type === 'ATTACH' ? event.file : { name: '', size: 0, type: '' },
                }),
                onDone: {
                  target: 'filling',
                  actions: assign(({ context, event }) => ({
                    invoices: replaceAt(context.invoices, context.uploadingIndex!, (i) => ({
                      ...i,
                      fileId: event.output.fileId,
                    })),
                    uploadingIndex: null,
                    errors: withoutErrors(context.errors, ['invoiceFile']),
                  })),
                },
                onError: {
                  target: 'filling',
                  actions: assign(({ context, event }) => ({
                    invoices: replaceAt(context.invoices, context.uploadingIndex!, (i) => ({
                      ...i,
                      fileId: null,
                      fileName: null,
                    })),
                    uploadingIndex: null,
                    errors: { ...context.errors, invoiceFile: failureText(event.error) },
                  })),
                },
              },
            },
            submitting: {
              invoke: {
                id: 'createOrder',
                src: 'createOrder',
                input: ({ context }) => {
                  const r = checkB2bOrder(context);
                  return (r.ok ? r.output : null) as B2bOrderInput;
                },
                onDone: {
                  target: '#b2bOrderForm.saved',
                  actions: [assign({ saved: ({ event }) => event.output }), 'saved'],
                },
                onError: {
                  target: 'filling',
                  actions: assign(({ context, event }) => {
                    const message = failureText(event.error);
                    const field = fieldOfMessage(message, SERVER_FIELDS);
                    return {
                      saveError: message,
                      errors: field ? { ...context.errors, [field]: inSellerWords(message) } : context.errors,
                    };
                  }),
                },
              },
            },
          },
        },
      },
    },
    saved: { type: 'final' },
  },
  output: ({ context }) => ({ orderId: context.saved!.orderId, orderNumber: context.saved!.orderNumber }),
});
