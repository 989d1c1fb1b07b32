import { assign, fromPromise, setup } from 'xstate';
import type { PaymentModeRow } from '../domain/payment-modes-contract';
import {
  blankItem,
  blankOrderDraft,
  ERROR_FIELD_OF,
  orderDraftBody,
  PACKAGE_FIELDS,
  PRODUCT_CLEARS,
  SERVER_ERROR_FIELDS,
  withProduct,
  type DraftField,
  type ItemDraft,
  type OrderDraft,
} from '../domain/order-draft';
import type { OrderDetail } from '../domain/orders-contract';
import { checkForm } from '../domain/schemas/form-check';
import { fieldOfMessage, inSellerWords } from '../domain/schemas/labels';
import { OrderBody, type OrderInput } from '../domain/schemas/order';
import {
  defaultPickupAddress,
  type PackageTypeRow,
  type PickupAddressRow,
  type ProductRow,
} from '../domain/setup-contract';
import { failureText } from './failure';
import { removeKeepingOne, replaceAt, withoutErrors } from './rows';

// /orders/new: a forward order typed by hand. The draft lives here; every rule is the API's
// (OrderBody with its field labels), checked before sending, with every error under its field.
// A product found in the catalogue fills a line and the package's weight and size. A refusal
// from the server lands under the field it names. Saving ends the machine with the new order.
// `input.draft` starts from given values (a restored or prefilled draft).

export interface OrderFormContext {
  draft: OrderDraft;
  items: ItemDraft[];
  errors: Record<string, string>;
  pickups: PickupAddressRow[] | null;
  packages: PackageTypeRow[] | null;
  /** the seller's own payment modes (Premium; none on other plans) */
  paymentModes: PaymentModeRow[];
  found: ProductRow[] | null;
  numberCheck: { available: boolean; message: string } | null;
  /** the server's refusal of the last submit */
  saveError: string | null;
  saved: OrderDetail | null;
}

export type OrderFormEvent =
  | { type: 'SET'; field: DraftField; value: string | boolean }
  | { type: 'SET_ITEM'; index: number; field: keyof ItemDraft; value: string }
  | { type: 'ADD_LINE' }
  | { type: 'REMOVE_LINE'; index: number }
  | { type: 'ADD_PRODUCT'; product: ProductRow }
  | { type: 'FIND'; text: string }
  | { type: 'CHECK_NUMBER' }
  | { type: 'SUBMIT' };

export const orderFormMachine = setup({
  types: {
    context: {} as OrderFormContext,
    events: {} as OrderFormEvent,
    input: {} as { today?: string; draft?: Partial<OrderDraft> },
    output: {} as { orderId: number; orderNumber: string },
  },
  actors: {
    loadOptions: fromPromise<{
      pickups: PickupAddressRow[];
      packages: PackageTypeRow[];
      paymentModes: PaymentModeRow[];
    }>(async () => {
      throw new Error('loadOptions not provided');
    }),
    searchProducts: fromPromise<ProductRow[], { text: string }>(async () => {
      throw new Error('searchProducts not provided');
    }),
    checkNumber: fromPromise<{ available: boolean; message: string }, { orderNumber: string }>(async () => {
      throw new Error('checkNumber not provided');
    }),
    createOrder: fromPromise<OrderDetail, OrderInput>(async () => {
      throw new Error('createOrder not provided');
    }),
  },
  guards: {
    valid: ({ context }) => checkForm(OrderBody, orderDraftBody(context.draft, context.items)).ok,
    hasText: ({ event }) => event.type === 'FIND' && event.text.trim() !== '',
    hasNumber: ({ context }) => context.draft.orderNumber.trim() !== '',
  },
  actions: {
    /** the draft needs fixing before it is sent (provided: a notice) */
    needsAttention: () => {},
    /** the order is saved (provided: a notice and its page) */
    saved: () => {},
    set: assign(({ context, event }) => {
      if (event.type !== 'SET') return {};
      const clears = [
        ERROR_FIELD_OF[event.field] ?? event.field,
        ...(PACKAGE_FIELDS.includes(event.field) ? ['form'] : []),
      ];
      return { draft: { ...context.draft, [event.field]: event.value }, errors: withoutErrors(context.errors, clears) };
    }),
    setItem: assign(({ context, event }) =>
      event.type === 'SET_ITEM'
        ? {
            items: replaceAt(context.items, event.index, (it) => ({ ...it, [event.field]: event.value })),
            errors: withoutErrors(context.errors, ['items']),
          }
        : {},
    ),
    addLine: assign({ items: ({ context }) => [...context.items, blankItem()] }),
    removeLine: assign({
      items: ({ context, event }) =>
        event.type === 'REMOVE_LINE' ? removeKeepingOne(context.items, event.index, blankItem) : context.items,
    }),
    addProduct: assign(({ context, event }) => {
      if (event.type !== 'ADD_PRODUCT') return {};
      const next = withProduct(context.draft, context.items, event.product);
      return { ...next, errors: withoutErrors(context.errors, PRODUCT_CLEARS) };
    }),
    showErrors: assign({
      errors: ({ context }) => {
        const r = checkForm(OrderBody, orderDraftBody(context.draft, context.items));
        return r.ok ? {} : r.errors;
      },
    }),
  },
}).createMachine({
  id: 'orderForm',
  context: ({ input }) => ({
    draft: { ...blankOrderDraft(input.today), ...input.draft },
    items: [blankItem()],
    errors: {},
    pickups: null,
    packages: null,
    paymentModes: [],
    found: null,
    numberCheck: null,
    saveError: null,
    saved: null,
  }),
  initial: 'editing',
  states: {
    editing: {
      type: 'parallel',
      states: {
        // verified pickup addresses and active package types, read once
        options: {
          initial: 'loading',
          states: {
            loading: {
              invoke: {
                id: 'loadOptions',
                src: 'loadOptions',
                onDone: {
                  target: 'loaded',
                  actions: assign(({ context, event }) => {
                    // the only verified address (or the verified primary) is chosen to start with
                    const id = defaultPickupAddress(event.output.pickups);
                    return {
                      pickups: event.output.pickups,
                      packages: event.output.packages,
                      paymentModes: event.output.paymentModes,
                      draft:
                        id !== null && !context.draft.pickupAddressId
                          ? { ...context.draft, pickupAddressId: String(id) }
                          : context.draft,
                    };
                  }),
                },
                onError: 'unavailable',
              },
            },
            loaded: {},
            unavailable: {},
          },
        },
        // finding products in the catalogue
        search: {
          initial: 'idle',
          states: {
            idle: { on: { FIND: { guard: 'hasText', target: 'searching' } } },
            searching: {
              invoke: {
                id: 'searchProducts',
                src: 'searchProducts',
                input: ({ event }) => ({ text: event.type === 'FIND' ? event.text.trim() : '' }),
                onDone: { target: 'idle', actions: assign({ found: ({ event }) => event.output }) },
                onError: { target: 'idle', actions: assign({ found: null }) },
              },
            },
          },
        },
        // whether a typed order number is free
        number: {
          initial: 'idle',
          states: {
            idle: { on: { CHECK_NUMBER: { guard: 'hasNumber', target: 'checking' } } },
            checking: {
              invoke: {
                id: 'checkNumber',
                src: 'checkNumber',
                input: ({ context }) => ({ orderNumber: context.draft.orderNumber.trim() }),
                onDone: { target: 'idle', actions: assign({ numberCheck: ({ event }) => event.output }) },
                onError: { target: 'idle', actions: assign({ numberCheck: null }) },
              },
            },
          },
        },
        form: {
          initial: 'filling',
          // typing goes on while a submit is on its way
          on: {
            SET: { actions: 'set' },
            SET_ITEM: { actions: 'setItem' },
            ADD_LINE: { actions: 'addLine' },
            REMOVE_LINE: { actions: 'removeLine' },
            ADD_PRODUCT: { actions: 'addProduct' },
          },
          states: {
            filling: {
              on: {
                SUBMIT: [
                  { guard: 'valid', target: 'submitting', actions: assign({ errors: {}, saveError: null }) },
                  { actions: ['showErrors', 'needsAttention'] },
                ],
              },
            },
            submitting: {
              invoke: {
                id: 'createOrder',
                src: 'createOrder',
                input: ({ context }) => {
                  const r = checkForm(OrderBody, orderDraftBody(context.draft, context.items));
                  return (r.ok ? r.output : null) as OrderInput;
                },
                onDone: {
                  target: '#orderForm.saved',
                  actions: [assign({ saved: ({ event }) => event.output }), 'saved'],
                },
                onError: {
                  target: 'filling',
                  actions: assign(({ context, event }) => {
                    const message = failureText(event.error);
                    const field = fieldOfMessage(message, SERVER_ERROR_FIELDS);
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
