import { useMachine } from '@xstate/react';
import { useState } from 'react';
import { fromPromise } from 'xstate';
import { ticketThreadMachine, type ReplyRequest, type TicketChange } from '../machines/ticket-thread.machine';
import { inspector } from './inspector';
import { invalidate } from './invalidate';
import { useHttp } from './screen-services';
import { fetchTicket, reopenTicket, replyToTicket, resolveTicket, updateTicket } from './tickets-client';

// One ticket's thread for the seller (/help/tickets/:id) or staff (/dakiya/tickets/:id): the
// ticket-thread machine's calls go to that side's routes; a change marks the ticket lists stale.

export function useTicketThread(ticketId: number, side: 'seller' | 'staff') {
  const http = useHttp();
  const [machine] = useState(() => {
    const changed = <T>(p: Promise<T>) => p.then((t) => (invalidate('tickets'), t));
    return ticketThreadMachine.provide({
      actors: {
        loadTicket: fromPromise(({ input }: { input: { ticketId: number } }) =>
          fetchTicket(http, side, input.ticketId),
        ),
        sendReply: fromPromise(({ input }: { input: ReplyRequest }) => changed(replyToTicket(http, side, input))),
        reopenTicket: fromPromise(({ input }: { input: { ticketId: number; reason: string } }) =>
          changed(reopenTicket(http, input.ticketId, input.reason)),
        ),
        updateTicket: fromPromise(({ input }: { input: { ticketId: number; change: TicketChange } }) =>
          changed(updateTicket(http, input.ticketId, input.change)),
        ),
        resolveTicket: fromPromise(({ input }: { input: { ticketId: number; resolution: string } }) =>
          changed(resolveTicket(http, input.ticketId, input.resolution)),
        ),
      },
    });
  });
  // random per page (getRandomValues works outside secure contexts too, unlike randomUUID)
  const [keySeed] = useState(() =>
    Array.from(crypto.getRandomValues(new Uint8Array(8)), (b) => b.toString(16).padStart(2, '0')).join(''),
  );
  return useMachine(machine, { inspect: inspector(), input: { ticketId, keySeed } });
}
