import { describe, expect, it } from 'vitest';
import { createActor, fromPromise } from 'xstate';
import { ticketThreadMachine, type ReplyRequest } from '../../src/machines/ticket-thread.machine';
import { attachmentProblem, TICKET_TEXT, ticketPrefill, getHelpLink } from '../../src/domain/tickets-contract';
import { describeModel } from './describe-model';
import { model, PAST_WINDOW, PDF, ticket, WITHIN_WINDOW } from './models/ticket-thread.model';

describeModel(model, (a, e) => {
  expect([a.context.error, a.context.draft, a.context.note, a.context.ticket?.status]).toEqual([
    e.context.error,
    e.context.draft,
    e.context.note,
    e.context.ticket?.status,
  ]);
  // the page shows a ticket once loaded, and keeps showing it through every call
  if (!a.matches('loading') && !a.matches('loadFailed')) expect(a.context.ticket).not.toBeNull();
  if (a.matches('reopening')) expect(a.context.ticket.status).toBe('RESOLVED');
});

const tick = () => new Promise((r) => setTimeout(r, 0));

describe('ticket thread rules', () => {
  it('a failed reply keeps its draft, files and request key; the next reply has a new key', async () => {
    const sent: ReplyRequest[] = [];
    let fail = true;
    const machine = ticketThreadMachine.provide({
      actors: {
        loadTicket: fromPromise(async () => ticket('AWAITING_SELLER')),
        sendReply: fromPromise(async ({ input }: { input: ReplyRequest }) => {
          sent.push(input);
          if (fail) throw { status: 0, message: 'No Internet Connection' };
          return ticket('IN_PROGRESS');
        }),
      },
    });
    const a = createActor(machine, { input: { ticketId: 123, keySeed: 'seed1234' } }).start();
    await tick();
    a.send({ type: 'SEND' });
    expect(a.getSnapshot().context.error).toBe(TICKET_TEXT.replyLength);
    a.send({ type: 'TYPE', value: '  Here is the invoice  ' });
    a.send({ type: 'ATTACH', files: [PDF] });
    a.send({ type: 'SEND' });
    await tick();
    expect(a.getSnapshot().context).toMatchObject({
      error: 'No Internet Connection',
      draft: '  Here is the invoice  ',
    });
    fail = false;
    a.send({ type: 'SEND' });
    await tick();
    expect(sent.map((x) => [x.message, x.files.length, x.requestKey])).toEqual([
      ['Here is the invoice', 1, 'seed1234-1'],
      ['Here is the invoice', 1, 'seed1234-1'],
    ]);
    expect(a.getSnapshot().context).toMatchObject({ draft: '', files: [], replyNumber: 2, error: null });
  });

  it('reopens only within the window and with a reason', async () => {
    const machine = ticketThreadMachine.provide({
      actors: {
        loadTicket: fromPromise(async () => ticket('RESOLVED')),
        reopenTicket: fromPromise(async () => ticket('OPEN')),
      },
    });
    const a = createActor(machine, { input: { ticketId: 123, keySeed: 'seed1234' } }).start();
    await tick();
    a.send({ type: 'REOPEN', now: WITHIN_WINDOW });
    expect(a.getSnapshot().context.error).toBe(TICKET_TEXT.reopenReason);
    a.send({ type: 'NOTE', value: 'Still not delivered' });
    a.send({ type: 'REOPEN', now: PAST_WINDOW });
    expect(a.getSnapshot().context.error).toBe(TICKET_TEXT.reopenWindowClosed);
    a.send({ type: 'REOPEN', now: WITHIN_WINDOW });
    await tick();
    expect(a.getSnapshot().context.ticket?.status).toBe('OPEN');
  });

  it('checks picked files by type, size and count; a Get help link prefills the form', () => {
    expect(attachmentProblem([PDF], 0)).toBeNull();
    expect(attachmentProblem([{ ...PDF, size: 3 * 1024 * 1024 }], 0)).toBe(TICKET_TEXT.attachmentTooLarge);
    expect(attachmentProblem([PDF], 5)).toBe(TICKET_TEXT.attachmentsTooMany);
    const link = getHelpLink({ category: 'NDR', orderId: 7, awb: '1400' });
    expect(link).toBe('/help?category=NDR&orderId=7&awb=1400#new-ticket');
    expect(ticketPrefill(link.slice(5, link.indexOf('#')))).toEqual({ category: 'NDR', reference: '1400', orderId: 7 });
    expect(ticketPrefill('?category=BOGUS')).toEqual({ category: '', reference: '', orderId: undefined });
  });
});
