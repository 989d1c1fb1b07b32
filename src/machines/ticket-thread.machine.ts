import { and, assign, fromPromise, setup } from 'xstate';
import {
  attachmentProblem,
  mayReopen,
  TICKET_RULES,
  TICKET_TEXT,
  type PickedFile,
  type TicketDetail,
  type TicketPriority,
  type TicketStatus,
} from '../domain/tickets-contract';
import { takeFailure } from './failure';

// One support ticket's thread (/help/tickets/:id for the seller, /dakiya/tickets/:id for staff):
// load it; write a reply with attachments; the seller reopens a resolved one within its window;
// staff change status, priority or assignee and resolve it. Every answer is the ticket as it now
// stands. A failed reply keeps the draft, its files and its request key, so sending it again adds
// it once.

export interface ThreadFile extends PickedFile {
  /** the browser's file, handed to the upload as it is */
  blob?: unknown;
}

export interface TicketChange {
  status?: TicketStatus;
  priority?: TicketPriority;
  ticketHandledBy?: number | null;
}

export interface ReplyRequest {
  ticketId: number;
  message: string;
  files: ThreadFile[];
  requestKey: string;
}

export interface TicketThreadContext {
  ticketId: number;
  ticket: TicketDetail | null;
  draft: string;
  files: ThreadFile[];
  /** the seller's reason to reopen, or staff's resolution */
  note: string;
  /** which reply this is: with the page's seed, the reply's request key */
  replyNumber: number;
  keySeed: string;
  error: string | null;
}

export type TicketThreadEvent =
  | { type: 'RETRY' }
  | { type: 'TYPE'; value: string }
  | { type: 'ATTACH'; files: ThreadFile[] }
  | { type: 'REMOVE_FILE'; index: number }
  | { type: 'SEND' }
  | { type: 'NOTE'; value: string }
  | { type: 'REOPEN'; now: Date }
  | { type: 'UPDATE'; change: TicketChange }
  | { type: 'RESOLVE' };

const minLength = (text: string, min: number) => text.trim().length >= min;

export const ticketThreadMachine = setup({
  types: {
    context: {} as TicketThreadContext,
    events: {} as TicketThreadEvent,
    input: {} as { ticketId: number; keySeed: string },
  },
  actors: {
    loadTicket: fromPromise<TicketDetail, { ticketId: number }>(async () => {
      throw new Error('not provided');
    }),
    sendReply: fromPromise<TicketDetail, ReplyRequest>(async () => {
      throw new Error('not provided');
    }),
    reopenTicket: fromPromise<TicketDetail, { ticketId: number; reason: string }>(async () => {
      throw new Error('not provided');
    }),
    updateTicket: fromPromise<TicketDetail, { ticketId: number; change: TicketChange }>(async () => {
      throw new Error('not provided');
    }),
    resolveTicket: fromPromise<TicketDetail, { ticketId: number; resolution: string }>(async () => {
      throw new Error('not provided');
    }),
  },
  guards: {
    replyComplete: ({ context }) => minLength(context.draft, TICKET_RULES.replyMin),
    filesAcceptable: ({ context, event }) =>
      event.type === 'ATTACH' && attachmentProblem(event.files, context.files.length) === null,
    reopenable: ({ context, event }) =>
      event.type === 'REOPEN' && !!context.ticket && mayReopen(context.ticket, event.now),
    reasonComplete: ({ context }) => minLength(context.note, TICKET_RULES.replyMin),
    resolutionComplete: ({ context }) => minLength(context.note, TICKET_RULES.resolutionMin),
  },
  actions: {
    takeTicket: assign({ ticket: (_, ticket: TicketDetail) => ticket, error: null }),
    takeError: assign(takeFailure),
    /** after a reply, reopen or resolution: the form starts afresh, with a new key for the next reply */
    clearForm: assign({ draft: '', files: [], note: '' }),
    nextKey: assign({ replyNumber: ({ context }) => context.replyNumber + 1 }),
  },
}).createMachine({
  id: 'ticketThread',
  context: ({ input }) => ({
    ticketId: input.ticketId,
    ticket: null,
    draft: '',
    files: [],
    note: '',
    replyNumber: 1,
    keySeed: input.keySeed,
    error: null,
  }),
  initial: 'loading',
  states: {
    loading: {
      invoke: {
        id: 'loadTicket',
        src: 'loadTicket',
        input: ({ context }) => ({ ticketId: context.ticketId }),
        onDone: { target: 'viewing', actions: { type: 'takeTicket', params: ({ event }) => event.output } },
        onError: { target: 'loadFailed', actions: 'takeError' },
      },
    },
    loadFailed: { on: { RETRY: { target: 'loading', actions: assign({ error: null }) } } },
    viewing: {
      on: {
        TYPE: { actions: assign({ draft: ({ event }) => event.value.slice(0, TICKET_RULES.replyMax) }) },
        NOTE: { actions: assign({ note: ({ event }) => event.value.slice(0, TICKET_RULES.replyMax) }) },
        ATTACH: [
          {
            guard: 'filesAcceptable',
            actions: assign({ files: ({ context, event }) => [...context.files, ...event.files], error: null }),
          },
          { actions: assign({ error: ({ context, event }) => attachmentProblem(event.files, context.files.length) }) },
        ],
        REMOVE_FILE: {
          actions: assign({ files: ({ context, event }) => context.files.filter((_, i) => i !== event.index) }),
        },
        SEND: [
          { guard: 'replyComplete', target: 'replying', actions: assign({ error: null }) },
          { actions: assign({ error: TICKET_TEXT.replyLength }) },
        ],
        REOPEN: [
          { guard: and(['reopenable', 'reasonComplete']), target: 'reopening', actions: assign({ error: null }) },
          { guard: 'reopenable', actions: assign({ error: TICKET_TEXT.reopenReason }) },
          {
            actions: assign({
              error: ({ context }) =>
                context.ticket?.status === 'RESOLVED' ? TICKET_TEXT.reopenWindowClosed : TICKET_TEXT.notResolved,
            }),
          },
        ],
        UPDATE: { target: 'updating', actions: assign({ error: null }) },
        RESOLVE: [
          { guard: 'resolutionComplete', target: 'resolving', actions: assign({ error: null }) },
          { actions: assign({ error: TICKET_TEXT.resolutionLength }) },
        ],
      },
    },
    replying: {
      invoke: {
        id: 'sendReply',
        src: 'sendReply',
        input: ({ context }) => ({
          ticketId: context.ticketId,
          message: context.draft.trim(),
          files: context.files,
          requestKey: `${context.keySeed}-${context.replyNumber}`,
        }),
        onDone: {
          target: 'viewing',
          actions: [{ type: 'takeTicket', params: ({ event }) => event.output }, 'clearForm', 'nextKey'],
        },
        onError: { target: 'viewing', actions: 'takeError' },
      },
    },
    reopening: {
      invoke: {
        id: 'reopenTicket',
        src: 'reopenTicket',
        input: ({ context }) => ({ ticketId: context.ticketId, reason: context.note.trim() }),
        onDone: {
          target: 'viewing',
          actions: [{ type: 'takeTicket', params: ({ event }) => event.output }, 'clearForm'],
        },
        onError: { target: 'viewing', actions: 'takeError' },
      },
    },
    updating: {
      invoke: {
        id: 'updateTicket',
        src: 'updateTicket',
        input: ({ context, event }) => ({
          ticketId: context.ticketId,
          change: event.type === 'UPDATE' ? event.change : {},
        }),
        onDone: { target: 'viewing', actions: { type: 'takeTicket', params: ({ event }) => event.output } },
        onError: { target: 'viewing', actions: 'takeError' },
      },
    },
    resolving: {
      invoke: {
        id: 'resolveTicket',
        src: 'resolveTicket',
        input: ({ context }) => ({ ticketId: context.ticketId, resolution: context.note.trim() }),
        onDone: {
          target: 'viewing',
          actions: [{ type: 'takeTicket', params: ({ event }) => event.output }, 'clearForm'],
        },
        onError: { target: 'viewing', actions: 'takeError' },
      },
    },
  },
});
