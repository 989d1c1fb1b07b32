import {
  API_TICKETS,
  type CannedReply,
  type TicketAssignee,
  type TicketAttachment,
  type TicketDetail,
  type TicketReference,
} from '../domain/tickets-contract';
import type { RaiseTicketInput } from '../domain/schemas/tickets';
import type { ReplyRequest, ThreadFile, TicketChange } from '../machines/ticket-thread.machine';
import { dataOf } from './answer';
import type { Http } from './types';

// The help desk's calls (src/domain/tickets-contract.ts). A reply or a new ticket sends its
// files first, one upload each, then names them.

type Side = 'seller' | 'staff';

const uploadPath = (side: Side) => (side === 'seller' ? API_TICKETS.attachments : API_TICKETS.staffAttachments);

export function uploadTicketFile(http: Http, side: Side, file: ThreadFile): Promise<TicketAttachment> {
  const form = new FormData();
  form.set('file', file.blob as Blob, file.name);
  return dataOf(http.upload(uploadPath(side), form));
}

async function uploadAll(http: Http, side: Side, files: readonly ThreadFile[]): Promise<string[]> {
  const ids: string[] = [];
  for (const f of files) ids.push((await uploadTicketFile(http, side, f)).fileId);
  return ids;
}

export const fetchTicketReferences = (http: Http, search: string): Promise<TicketReference[]> =>
  dataOf(http.get(API_TICKETS.references, { search }));

export async function raiseTicket(
  http: Http,
  body: Omit<RaiseTicketInput, 'attachments'>,
  files: readonly ThreadFile[],
): Promise<TicketDetail> {
  const attachments = await uploadAll(http, 'seller', files);
  return dataOf(http.post(API_TICKETS.tickets, { ...body, attachments }));
}

export const fetchTicket = (http: Http, side: Side, ticketId: number): Promise<TicketDetail> =>
  dataOf(http.get(side === 'seller' ? API_TICKETS.ticket(ticketId) : API_TICKETS.staffTicket(ticketId)));

export async function replyToTicket(http: Http, side: Side, r: ReplyRequest): Promise<TicketDetail> {
  const attachments = await uploadAll(http, side, r.files);
  const path = side === 'seller' ? API_TICKETS.comments(r.ticketId) : API_TICKETS.staffComments(r.ticketId);
  return dataOf(http.post(path, { message: r.message, attachments, requestKey: r.requestKey }));
}

export const reopenTicket = (http: Http, ticketId: number, reason: string): Promise<TicketDetail> =>
  dataOf(http.post(API_TICKETS.reopen(ticketId), { reason }));

/** Where an attachment is read: through the ticket that carries it. */
export const ticketAttachmentPath = (side: Side, ticketId: number, fileId: string): string =>
  side === 'seller' ? API_TICKETS.attachment(ticketId, fileId) : API_TICKETS.staffAttachment(ticketId, fileId);

// staff (the queue goes through the list view)
export const updateTicket = (http: Http, ticketId: number, change: TicketChange): Promise<TicketDetail> =>
  dataOf(http.put(API_TICKETS.staffTicket(ticketId), change));
export const resolveTicket = (http: Http, ticketId: number, resolution: string): Promise<TicketDetail> =>
  dataOf(http.post(API_TICKETS.staffResolve(ticketId), { resolution }));
export const fetchAssignees = (http: Http): Promise<TicketAssignee[]> => dataOf(http.get(API_TICKETS.assignees));
export const fetchCannedReplies = (http: Http): Promise<CannedReply[]> => dataOf(http.get(API_TICKETS.cannedReplies));
export const addCannedReply = (http: Http, body: { title: string; message: string }): Promise<CannedReply> =>
  dataOf(http.post(API_TICKETS.cannedReplies, body));
export const deleteCannedReply = (http: Http, id: number): Promise<{ deleted: boolean }> =>
  dataOf(http.delete(API_TICKETS.cannedReply(id)));
