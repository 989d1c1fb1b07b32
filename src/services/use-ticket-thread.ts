import { useMachine } from '@xstate/react';
import { useState } from 'react';
import { fromPromise } from 'xstate';
import { API_TICKETS } from '../domain/tickets-contract';
import {
  ticketThreadMachine,
  type ReplyRequest,
  type ThreadFile,
  type TicketChange,
} from '../machines/ticket-thread.machine';
import { call, sendFile } from './call';
import { inspector } from './inspector';
import { invalidate } from './invalidate';
import { useHttp } from './screen-services';
import type { Http } from './types';

// One ticket's thread for the seller (/help/tickets/:id) or staff (/dakiya/tickets/:id): the
// ticket-thread machine's calls go to that side's operations (src/domain/tickets-contract.ts); a
// change marks the ticket lists stale. A reply or a new ticket sends its files first, one upload
// each, then names them.

type Side = 'seller' | 'staff';

/** Uploads each picked file and answers their ids in order. */
export async function uploadTicketFiles(http: Http, side: Side, files: readonly ThreadFile[]): Promise<string[]> {
  const op = side === 'seller' ? API_TICKETS.upload : API_TICKETS.staffUpload;
  const ids: string[] = [];
  for (const f of files) ids.push((await sendFile(http, op, { blob: f.blob as Blob, name: f.name })).fileId);
  return ids;
}

async function reply(http: Http, side: Side, r: ReplyRequest) {
  const attachments = await uploadTicketFiles(http, side, r.files);
  const input = {
    params: { ticketId: r.ticketId },
    body: { message: r.message, attachments, requestKey: r.requestKey },
  };
  return call(http, side === 'seller' ? API_TICKETS.reply : API_TICKETS.staffReply, input);
}

export function useTicketThread(ticketId: number, side: Side) {
  const http = useHttp();
  const [machine] = useState(() => {
    const changed = <T>(p: Promise<T>) => p.then((t) => (invalidate('tickets'), t));
    return ticketThreadMachine.provide({
      actors: {
        loadTicket: fromPromise(({ input }: { input: { ticketId: number } }) =>
          call(http, side === 'seller' ? API_TICKETS.ticket : API_TICKETS.staffTicket, {
            params: { ticketId: input.ticketId },
          }),
        ),
        sendReply: fromPromise(({ input }: { input: ReplyRequest }) => changed(reply(http, side, input))),
        reopenTicket: fromPromise(({ input }: { input: { ticketId: number; reason: string } }) =>
          changed(
            call(http, API_TICKETS.reopen, { params: { ticketId: input.ticketId }, body: { reason: input.reason } }),
          ),
        ),
        updateTicket: fromPromise(({ input }: { input: { ticketId: number; change: TicketChange } }) =>
          changed(call(http, API_TICKETS.update, { params: { ticketId: input.ticketId }, body: input.change })),
        ),
        resolveTicket: fromPromise(({ input }: { input: { ticketId: number; resolution: string } }) =>
          changed(
            call(http, API_TICKETS.resolve, {
              params: { ticketId: input.ticketId },
              body: { resolution: input.resolution },
            }),
          ),
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
