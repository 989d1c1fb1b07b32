import { ticketThreadMachine } from '../../../src/machines/ticket-thread.machine';
import type { TicketDetail, TicketStatus } from '../../../src/domain/tickets-contract';
import type { MachineModel } from '../model-harness';

export const RESOLVED_AT = '2026-11-20T05:00:00.000Z';
export const WITHIN_WINDOW = new Date('2026-11-22T05:00:00.000Z');
export const PAST_WINDOW = new Date('2026-11-28T05:00:00.000Z');

export const ticket = (status: TicketStatus, over: Partial<TicketDetail> = {}): TicketDetail => ({
  ticketId: 123,
  ticketNumber: 'DKY-TKT-000123',
  category: 'SHIPMENT',
  categoryText: 'Shipment delayed or stuck',
  orderId: 7,
  orderNumber: 'ORD-000007',
  awb: '14000000000001',
  subject: 'Parcel stuck in transit',
  status,
  statusText: status,
  priority: 'HIGH',
  createdAt: '2026-11-19T05:00:00.000Z',
  updatedAt: '2026-11-19T05:00:00.000Z',
  firstResponseDue: '2026-11-19T09:00:00.000Z',
  resolutionDue: '2026-11-20T05:00:00.000Z',
  breached: false,
  supportLine: 'WORKING_HOURS',
  ticketHandledBy: null,
  handlerName: null,
  resolutionTs: status === 'RESOLVED' ? RESOLVED_AT : null,
  resolutionMinutes: status === 'RESOLVED' ? 1440 : null,
  description: 'The parcel has not moved for four days at the hub.',
  attachments: [],
  resolution: status === 'RESOLVED' ? 'The hub moved it' : null,
  reopenUntil: status === 'RESOLVED' ? '2026-11-27T05:00:00.000Z' : null,
  comments: [],
  ...over,
});

export const PDF = { name: 'invoice.pdf', size: 4096, type: 'application/pdf' };
const refusal = { status: 409, message: 'This ticket is closed; raise a new one' };

export const model: MachineModel = {
  name: 'ticket-thread',
  machine: ticketThreadMachine,
  options: {
    input: { ticketId: 123, keySeed: 'page1abc' },
    promiseActors: ['loadTicket', 'sendReply', 'reopenTicket', 'updateTicket', 'resolveTicket'],
    events: () => [
      { type: 'xstate.done.actor.loadTicket', output: ticket('AWAITING_SELLER') },
      { type: 'xstate.done.actor.loadTicket', output: ticket('RESOLVED') },
      { type: 'xstate.error.actor.loadTicket', error: { status: 404, message: 'Ticket not found' } },
      { type: 'TYPE', value: 'Thank you, please keep me posted.' },
      { type: 'NOTE', value: 'It came back to the hub again.' },
      { type: 'ATTACH', files: [PDF] },
      { type: 'ATTACH', files: [{ name: 'tool.exe', size: 10, type: 'application/x-msdownload' }] },
      { type: 'REMOVE_FILE', index: 0 },
      { type: 'REOPEN', now: WITHIN_WINDOW },
      { type: 'REOPEN', now: PAST_WINDOW },
      { type: 'UPDATE', change: { status: 'IN_PROGRESS' } },
      { type: 'xstate.done.actor.sendReply', output: ticket('IN_PROGRESS') },
      { type: 'xstate.error.actor.sendReply', error: refusal },
      { type: 'xstate.done.actor.reopenTicket', output: ticket('OPEN') },
      { type: 'xstate.error.actor.reopenTicket', error: refusal },
      { type: 'xstate.done.actor.updateTicket', output: ticket('IN_PROGRESS') },
      { type: 'xstate.error.actor.updateTicket', error: refusal },
      { type: 'xstate.done.actor.resolveTicket', output: ticket('RESOLVED') },
      { type: 'xstate.error.actor.resolveTicket', error: refusal },
    ],
    limit: 30000,
    serializeState: (s) =>
      JSON.stringify([
        s.value,
        s.context.ticket?.status ?? null,
        s.context.draft.length > 0,
        s.context.note.length,
        s.context.error,
      ]),
  },
};
