import { assign, fromPromise, setup } from 'xstate';
import type { SellerRateCard, StaffRateCards } from '../domain/pricing-contract';
import { checkRateCardDraft, draftOf, rateCardSavedText, type RateCardDraft } from '../domain/pricing/rate-card-draft';
import type { SellerRateCardInput } from '../domain/schemas/pricing';
import { takeFailure } from './failure';

// Staff keep one seller's own rate cards (/dakiya/rate-cards/:orgId): the cards are read, a new
// card opens as a copy of the couriers' default cards (or an existing card as it stands), the
// draft is checked with the server's schema before it goes, and a saved card reads the list
// again. A refusal (an overlapping validity, the seller's plan) is said beside the form and the
// draft stays for another try.

export interface RateCardEditorInput {
  orgId: number;
  /** today in India, yyyy-mm-dd: a new card's first day */
  today: string;
}

export interface RateCardEditorContext extends RateCardEditorInput {
  data: StaffRateCards | null;
  /** the card being edited; null for a new one */
  cardId: number | null;
  draft: RateCardDraft;
  /** the courier whose rates the form shows */
  courier: string | null;
  errors: Record<string, string>;
  error: string | null;
  notice: string | null;
}

export type RateCardEditorEvent =
  | { type: 'RETRY' }
  | { type: 'NEW' }
  | { type: 'EDIT'; cardId: number }
  | { type: 'PICK_COURIER'; carrierCode: string }
  | { type: 'FIELD'; name: string; value: string }
  | { type: 'SUBMIT' }
  | { type: 'CANCEL' };

export interface RateCardSaveRequest {
  orgId: number;
  cardId: number | null;
  body: SellerRateCardInput;
}

const codesOf = (c: RateCardEditorContext) => (c.data?.defaults ?? []).map((d) => d.carrierCode);
const check = (c: RateCardEditorContext) => checkRateCardDraft(c.draft, codesOf(c));

export const rateCardEditorMachine = setup({
  types: {
    context: {} as RateCardEditorContext,
    events: {} as RateCardEditorEvent,
    input: {} as RateCardEditorInput,
  },
  actors: {
    load: fromPromise<StaffRateCards, { orgId: number }>(async () => {
      throw new Error('load not provided');
    }),
    save: fromPromise<SellerRateCard, RateCardSaveRequest>(async () => {
      throw new Error('save not provided');
    }),
  },
  actions: {
    open: assign(({ context, event }) => {
      const data = context.data!;
      const card = event.type === 'EDIT' ? (data.cards.find((c) => c.cardId === event.cardId) ?? null) : null;
      return {
        cardId: card?.cardId ?? null,
        draft: draftOf(data.defaults, card, context.today),
        courier: card?.couriers[0]?.carrierCode ?? data.defaults[0]?.carrierCode ?? null,
        errors: {},
        error: null,
        notice: null,
      };
    }),
    setField: assign(({ context, event }) => {
      if (event.type !== 'FIELD') return {};
      const { [event.name]: _gone, form: _form, ...errors } = context.errors;
      return { draft: { ...context.draft, [event.name]: event.value }, errors, error: null };
    }),
    showErrors: assign(({ context }) => {
      const result = check(context);
      const errors = result.ok ? {} : result.errors;
      // the courier shown moves to the first one with a wrong field
      const wrong = Object.keys(errors).find((k) => k.includes('.'));
      return { errors, courier: wrong ? wrong.split('.')[0]! : context.courier };
    }),
  },
  guards: {
    draftValid: ({ context }) => check(context).ok,
    planAllows: ({ context }) => context.data?.planAllows === true,
    /** a card of this seller, while their plan allows a card at all */
    knownCard: ({ context, event }) =>
      event.type === 'EDIT' &&
      context.data?.planAllows === true &&
      context.data.cards.some((c) => c.cardId === event.cardId),
  },
}).createMachine({
  id: 'rateCardEditor',
  context: ({ input }) => ({
    ...input,
    data: null,
    cardId: null,
    draft: {},
    courier: null,
    errors: {},
    error: null,
    notice: null,
  }),
  initial: 'loading',
  states: {
    loading: {
      invoke: {
        id: 'load',
        src: 'load',
        input: ({ context }) => ({ orgId: context.orgId }),
        onDone: { target: 'ready', actions: assign({ data: ({ event }) => event.output, error: null }) },
        onError: { target: 'failed', actions: assign(takeFailure) },
      },
    },
    failed: {
      on: { RETRY: 'loading' },
    },
    ready: {
      on: {
        NEW: { guard: 'planAllows', target: 'editing', actions: 'open' },
        EDIT: { guard: 'knownCard', target: 'editing', actions: 'open' },
      },
    },
    editing: {
      on: {
        FIELD: { actions: 'setField' },
        PICK_COURIER: { actions: assign({ courier: ({ event }) => event.carrierCode }) },
        SUBMIT: [
          { guard: 'draftValid', target: 'submitting', actions: assign({ errors: {}, error: null }) },
          { actions: 'showErrors' },
        ],
        CANCEL: { target: 'ready', actions: assign({ errors: {}, error: null }) },
      },
    },
    submitting: {
      invoke: {
        id: 'save',
        src: 'save',
        input: ({ context }) => ({
          orgId: context.orgId,
          cardId: context.cardId,
          // entered only from a valid draft
          body: (check(context) as { output: SellerRateCardInput }).output,
        }),
        onDone: {
          target: 'loading',
          actions: assign({ notice: ({ event }) => rateCardSavedText(event.output), cardId: null }),
        },
        onError: { target: 'editing', actions: assign(takeFailure) },
      },
    },
  },
});
