import type { ApiRouter } from '../../http/router';
import type { AppDeps } from '../../deps';
import { notFound } from '../../http/errors';
import { API_TICKETS } from '../../../src/domain/tickets-contract';
import { ATTACHMENT_MAX_BODY, receiveAttachment, ticketFile } from './attachments';
import { fileResponse } from '../files/service';
import * as canned from './canned-replies';
import * as tickets from './service';
import * as thread from './thread';

// The help desk's operations (src/domain/tickets-contract.ts): who may call each, and its handler.

const SELLERS = { kind: 'user', accountTypes: ['SELLER'] } as const;
const STAFF = { kind: 'user', accountTypes: ['DAKIYA'] } as const;

/** A stored attachment as a download, or 404 when the ticket does not carry it. */
async function attachmentAnswer(deps: AppDeps, ticketId: number, fileId: string, orgId: number | null) {
  const file = await ticketFile(deps.db, ticketId, fileId, orgId);
  if (!file) throw notFound('Attachment not found');
  return fileResponse(file);
}

export function registerTicketRoutes(router: ApiRouter, deps: AppDeps) {
  // seller
  router.route(API_TICKETS.tickets, {
    access: SELLERS,
    permission: 'tickets.view',
    handler: ({ caller, query }) => tickets.sellerTickets(deps.db, caller.orgId, query, deps.now()),
  });
  router.route(API_TICKETS.references, {
    access: SELLERS,
    permission: 'tickets.manage',
    handler: ({ caller, query }) => tickets.ticketReferences(deps.db, caller.orgId, query.search),
  });
  router.route(API_TICKETS.upload, {
    access: SELLERS,
    permission: 'tickets.manage',
    maxBody: ATTACHMENT_MAX_BODY,
    handler: ({ c, caller }) => receiveAttachment(deps, c, caller.orgId),
  });
  router.route(API_TICKETS.raise, {
    access: SELLERS,
    permission: 'tickets.manage',
    handler: ({ caller, body }) => tickets.raiseTicket(deps, caller, body),
  });
  router.route(API_TICKETS.ticket, {
    access: SELLERS,
    permission: 'tickets.view',
    handler: ({ caller, params }) => tickets.ticketDetail(deps.db, params.ticketId, caller.orgId, deps.now()),
  });
  router.route(API_TICKETS.reply, {
    access: SELLERS,
    permission: 'tickets.manage',
    handler: ({ caller, params, body }) => thread.reply(deps, caller, params.ticketId, body),
  });
  router.route(API_TICKETS.reopen, {
    access: SELLERS,
    permission: 'tickets.manage',
    handler: ({ caller, params, body }) => thread.reopen(deps, caller, params.ticketId, body.reason),
  });
  router.route(API_TICKETS.attachment, {
    access: SELLERS,
    permission: 'tickets.view',
    handler: ({ caller, params }) => attachmentAnswer(deps, params.ticketId, params.fileId, caller.orgId),
  });

  // staff
  router.route(API_TICKETS.staffList, {
    access: STAFF,
    staffPermission: 'tickets.manage',
    handler: ({ caller, query }) => tickets.staffTickets(deps.db, query, caller.accountId, deps.now()),
  });
  router.route(API_TICKETS.assignees, {
    access: STAFF,
    staffPermission: 'tickets.manage',
    handler: () => canned.assignees(deps.db),
  });
  router.route(API_TICKETS.cannedReplies, {
    access: STAFF,
    staffPermission: 'tickets.manage',
    handler: () => canned.cannedReplies(deps.db),
  });
  router.route(API_TICKETS.addCannedReply, {
    access: STAFF,
    staffPermission: 'tickets.manage',
    handler: ({ caller, body }) => canned.addCannedReply(deps.db, caller.accountId, body, deps.now()),
  });
  router.route(API_TICKETS.deleteCannedReply, {
    access: STAFF,
    staffPermission: 'tickets.manage',
    handler: ({ params }) => canned.deleteCannedReply(deps.db, params.cannedReplyId, deps.now()),
  });
  router.route(API_TICKETS.staffUpload, {
    access: STAFF,
    staffPermission: 'tickets.manage',
    maxBody: ATTACHMENT_MAX_BODY,
    handler: ({ c }) => receiveAttachment(deps, c, null),
  });
  router.route(API_TICKETS.staffTicket, {
    access: STAFF,
    staffPermission: 'tickets.manage',
    handler: ({ params }) => tickets.ticketDetail(deps.db, params.ticketId, null, deps.now()),
  });
  router.route(API_TICKETS.update, {
    access: STAFF,
    staffPermission: 'tickets.manage',
    handler: ({ caller, params, body }) => thread.update(deps, caller.accountId, params.ticketId, body),
  });
  router.route(API_TICKETS.staffReply, {
    access: STAFF,
    staffPermission: 'tickets.manage',
    handler: ({ caller, params, body }) =>
      thread.reply(deps, { accountId: caller.accountId, orgId: null }, params.ticketId, body),
  });
  router.route(API_TICKETS.resolve, {
    access: STAFF,
    staffPermission: 'tickets.manage',
    handler: ({ caller, params, body }) => thread.resolve(deps, caller.accountId, params.ticketId, body.resolution),
  });
  router.route(API_TICKETS.staffAttachment, {
    access: STAFF,
    staffPermission: 'tickets.manage',
    handler: ({ params }) => attachmentAnswer(deps, params.ticketId, params.fileId, null),
  });
}
