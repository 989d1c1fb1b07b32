import * as v from 'valibot';
import type { ApiRouter } from '../../http/router';
import type { AppDeps } from '../../deps';
import { notFound } from '../../http/errors';
import { numericId } from '../../../src/domain/params';
import { pagingEntries } from '../../../src/domain/paging';
import {
  API_TICKETS,
  CannedReplySchema,
  SellerTicketListSchema,
  StaffTicketListSchema,
  TICKET_TEXT,
  TicketAssigneeSchema,
  TicketAttachmentSchema,
  TicketDetailSchema,
  TicketReferenceSchema,
} from '../../../src/domain/tickets-contract';
import {
  CannedReplyBody,
  RaiseTicketBody,
  ReopenTicketBody,
  ResolveTicketBody,
  TicketAssigneeFilter,
  TicketBreachedFilter,
  TicketQueueOrder,
  TicketSupportLineFilter,
  TicketPriorityFilter,
  TicketReplyBody,
  TicketStatusFilter,
  TicketUpdateBody,
} from '../../../src/domain/schemas/tickets';
import { ATTACHMENT_MAX_BODY, receiveAttachment, ticketFile } from './attachments';
import { fileResponse } from '../files/service';
import * as canned from './canned-replies';
import * as tickets from './service';
import * as thread from './thread';

const TAG = 'tickets';
const SELLERS = { kind: 'user', accountTypes: ['SELLER'] } as const;
const STAFF = { kind: 'user', accountTypes: ['DAKIYA'] } as const;
const idParam = v.object({ ticketId: numericId('ticketId') });
const fileParams = v.object({
  ticketId: numericId('ticketId'),
  fileId: v.pipe(v.string(), v.regex(/^[A-Za-z0-9_-]{8,64}$/, 'fileId is not valid')),
});
const ATTACHMENT_ERRORS = { 413: TICKET_TEXT.attachmentTooLarge, 415: TICKET_TEXT.attachmentWrongType };

/** A stored attachment as a download, or 404 when the ticket does not carry it. */
async function attachmentAnswer(deps: AppDeps, ticketId: number, fileId: string, orgId: number | null) {
  const file = await ticketFile(deps.db, ticketId, fileId, orgId);
  if (!file) throw notFound('Attachment not found');
  return fileResponse(file);
}

export function registerTicketRoutes(router: ApiRouter, deps: AppDeps) {
  // seller
  router.add({
    method: 'get',
    path: API_TICKETS.tickets,
    tag: TAG,
    access: SELLERS,
    permission: 'tickets.view',
    query: v.object({ ...pagingEntries, status: TicketStatusFilter }),
    summary:
      "The organisation's support tickets, newest first, a page at a time: by status and a search (ticket number, subject, AWB, order), with counts by status",
    response: SellerTicketListSchema,
    handler: ({ caller, query }) => tickets.sellerTickets(deps.db, caller.orgId, query, deps.now()),
  });
  router.add({
    method: 'get',
    path: API_TICKETS.references,
    tag: TAG,
    access: SELLERS,
    permission: 'tickets.manage',
    query: v.object({ search: v.optional(v.pipe(v.string(), v.trim(), v.maxLength(40, 'search is too long')), '') }),
    summary: "The seller's own orders whose number or AWB starts with the search: what a ticket may be about",
    response: v.array(TicketReferenceSchema),
    handler: ({ caller, query }) => tickets.ticketReferences(deps.db, caller.orgId, query.search),
  });
  router.add({
    method: 'post',
    path: API_TICKETS.attachments,
    tag: TAG,
    access: SELLERS,
    permission: 'tickets.manage',
    multipart: true,
    maxBody: ATTACHMENT_MAX_BODY,
    summary:
      'Uploads one attachment for a ticket or reply (field "file"; PDF, PNG, JPEG or WEBP up to 2 MB, checked by content)',
    response: TicketAttachmentSchema,
    errors: ATTACHMENT_ERRORS,
    handler: ({ c, caller }) => receiveAttachment(deps, c, caller.orgId),
  });
  router.add({
    method: 'post',
    path: API_TICKETS.tickets,
    tag: TAG,
    access: SELLERS,
    permission: 'tickets.manage',
    body: RaiseTicketBody,
    summary:
      "Raises a ticket: category, an order (by id, order number or AWB) of the seller's own or none, subject, description and attachments; priority and SLA follow the category",
    response: TicketDetailSchema,
    errors: { 404: "the order or AWB is not among the seller's" },
    handler: ({ caller, body }) => tickets.raiseTicket(deps, caller, body),
  });
  router.add({
    method: 'get',
    path: API_TICKETS.ticket(':ticketId'),
    tag: TAG,
    access: SELLERS,
    permission: 'tickets.view',
    params: idParam,
    summary: "One of the organisation's tickets with its thread",
    response: TicketDetailSchema,
    errors: { 404: 'no such ticket' },
    handler: ({ caller, params }) => tickets.ticketDetail(deps.db, params.ticketId, caller.orgId, deps.now()),
  });
  router.add({
    method: 'post',
    path: API_TICKETS.comments(':ticketId'),
    tag: TAG,
    access: SELLERS,
    permission: 'tickets.manage',
    params: idParam,
    body: TicketReplyBody,
    summary: 'Replies in the thread (once per request key); support hears by email',
    response: TicketDetailSchema,
    errors: { 404: 'no such ticket', 409: 'resolved (reopen it first) or closed' },
    handler: ({ caller, params, body }) => thread.reply(deps, caller, params.ticketId, body),
  });
  router.add({
    method: 'post',
    path: API_TICKETS.reopen(':ticketId'),
    tag: TAG,
    access: SELLERS,
    permission: 'tickets.manage',
    params: idParam,
    body: ReopenTicketBody,
    summary: 'Reopens a resolved ticket within 7 days of its resolution, with the reason',
    response: TicketDetailSchema,
    errors: { 404: 'no such ticket', 409: 'not resolved, or the window has closed' },
    handler: ({ caller, params, body }) => thread.reopen(deps, caller, params.ticketId, body.reason),
  });
  router.add({
    method: 'get',
    path: API_TICKETS.attachment(':ticketId', ':fileId'),
    tag: TAG,
    access: SELLERS,
    permission: 'tickets.view',
    params: fileParams,
    summary: "An attachment of one of the organisation's tickets",
    response: { file: '*/*' },
    errors: { 404: 'no such ticket or attachment' },
    handler: ({ caller, params }) => attachmentAnswer(deps, params.ticketId, params.fileId, caller.orgId),
  });

  // staff
  router.add({
    method: 'get',
    path: API_TICKETS.staffList,
    tag: 'corporate',
    access: STAFF,
    staffPermission: 'tickets.manage',
    query: v.object({
      ...pagingEntries,
      status: TicketStatusFilter,
      priority: TicketPriorityFilter,
      assignee: TicketAssigneeFilter,
      breached: TicketBreachedFilter,
      supportLine: TicketSupportLineFilter,
      order: TicketQueueOrder,
    }),
    summary:
      "The ticket queue: every seller's tickets, newest first (or order=due: the 24×7 line's first, then the earliest first answer due), filtered by status, priority, assignee (me, none or an id), breached SLA, support line and a search, with counts by status",
    response: StaffTicketListSchema,
    handler: ({ caller, query }) => tickets.staffTickets(deps.db, query, caller.accountId, deps.now()),
  });
  router.add({
    method: 'get',
    path: API_TICKETS.assignees,
    tag: 'corporate',
    access: STAFF,
    staffPermission: 'tickets.manage',
    summary: 'Staff accounts a ticket may be assigned to',
    response: v.array(TicketAssigneeSchema),
    handler: () => canned.assignees(deps.db),
  });
  router.add({
    method: 'get',
    path: API_TICKETS.cannedReplies,
    tag: 'corporate',
    access: STAFF,
    staffPermission: 'tickets.manage',
    summary: 'The canned replies staff share',
    response: v.array(CannedReplySchema),
    handler: () => canned.cannedReplies(deps.db),
  });
  router.add({
    method: 'post',
    path: API_TICKETS.cannedReplies,
    tag: 'corporate',
    access: STAFF,
    staffPermission: 'tickets.manage',
    body: CannedReplyBody,
    summary: 'Adds a canned reply',
    response: CannedReplySchema,
    handler: ({ caller, body }) => canned.addCannedReply(deps.db, caller.accountId, body, deps.now()),
  });
  router.add({
    method: 'delete',
    path: API_TICKETS.cannedReply(':cannedReplyId'),
    tag: 'corporate',
    access: STAFF,
    staffPermission: 'tickets.manage',
    params: v.object({ cannedReplyId: numericId('cannedReplyId') }),
    summary: 'Removes a canned reply',
    response: v.object({ deleted: v.boolean() }),
    errors: { 404: 'no such canned reply' },
    handler: ({ params }) => canned.deleteCannedReply(deps.db, params.cannedReplyId, deps.now()),
  });
  router.add({
    method: 'post',
    path: API_TICKETS.staffAttachments,
    tag: 'corporate',
    access: STAFF,
    staffPermission: 'tickets.manage',
    multipart: true,
    maxBody: ATTACHMENT_MAX_BODY,
    summary: 'Uploads one attachment for a staff reply (PDF, PNG, JPEG or WEBP up to 2 MB, checked by content)',
    response: TicketAttachmentSchema,
    errors: ATTACHMENT_ERRORS,
    handler: ({ c }) => receiveAttachment(deps, c, null),
  });
  router.add({
    method: 'get',
    path: API_TICKETS.staffTicket(':ticketId'),
    tag: 'corporate',
    access: STAFF,
    staffPermission: 'tickets.manage',
    params: idParam,
    summary: 'One ticket with its thread, for staff',
    response: TicketDetailSchema,
    errors: { 404: 'no such ticket' },
    handler: ({ params }) => tickets.ticketDetail(deps.db, params.ticketId, null, deps.now()),
  });
  router.add({
    method: 'put',
    path: API_TICKETS.staffTicket(':ticketId'),
    tag: 'corporate',
    access: STAFF,
    staffPermission: 'tickets.manage',
    params: idParam,
    body: TicketUpdateBody,
    summary: "Changes a ticket's status, priority (its SLA due times follow) or assignee (ticketHandledBy)",
    response: TicketDetailSchema,
    errors: { 404: 'no such ticket', 409: 'a move the status does not allow' },
    handler: ({ caller, params, body }) => thread.update(deps, caller.accountId, params.ticketId, body),
  });
  router.add({
    method: 'post',
    path: API_TICKETS.staffComments(':ticketId'),
    tag: 'corporate',
    access: STAFF,
    staffPermission: 'tickets.manage',
    params: idParam,
    body: TicketReplyBody,
    summary: 'Replies to the seller (once per request key); the ticket then awaits the seller, who hears by email',
    response: TicketDetailSchema,
    errors: { 404: 'no such ticket', 409: 'closed' },
    handler: ({ caller, params, body }) =>
      thread.reply(deps, { accountId: caller.accountId, orgId: null }, params.ticketId, body),
  });
  router.add({
    method: 'post',
    path: API_TICKETS.staffResolve(':ticketId'),
    tag: 'corporate',
    access: STAFF,
    staffPermission: 'tickets.manage',
    params: idParam,
    body: ResolveTicketBody,
    summary:
      'Resolves a ticket with the resolution the seller reads (resolutionTs); the seller may reopen it for 7 days',
    response: TicketDetailSchema,
    errors: { 404: 'no such ticket', 409: 'resolved or closed already' },
    handler: ({ caller, params, body }) => thread.resolve(deps, caller.accountId, params.ticketId, body.resolution),
  });
  router.add({
    method: 'get',
    path: API_TICKETS.staffAttachment(':ticketId', ':fileId'),
    tag: 'corporate',
    access: STAFF,
    staffPermission: 'tickets.manage',
    params: fileParams,
    summary: 'An attachment of any ticket, for staff',
    response: { file: '*/*' },
    errors: { 404: 'no such ticket or attachment' },
    handler: ({ params }) => attachmentAnswer(deps, params.ticketId, params.fileId, null),
  });
}
