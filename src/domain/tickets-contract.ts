import * as v from 'valibot';
import { countsSchema } from './account-contract';
import { operation } from './operation';
import { pagedSchema, pagingEntries } from './paging';
import { numericId } from './params';
import {
  CannedReplyBody,
  RaiseTicketBody,
  ReopenTicketBody,
  ResolveTicketBody,
  TicketAssigneeFilter,
  TicketBreachedFilter,
  TicketPriorityFilter,
  TicketQueueOrder,
  TicketReplyBody,
  TicketStatusFilter,
  TicketSupportLineFilter,
  TicketUpdateBody,
} from './schemas/tickets';
import {
  TICKET_CATEGORIES,
  TICKET_PRIORITIES,
  TICKET_RULES,
  TICKET_STATUSES,
  TICKET_TEXT,
  type TicketCategory,
  type TicketPriority,
  type TicketStatus,
} from './ticket-rules';

// The help desk: a seller raises a support ticket (about an order or AWB of theirs, or none),
// both sides write in its thread, staff assign, prioritise and resolve it, and the seller may
// reopen a resolved ticket for a few days. docs/decisions/help-desk.md.

export { TICKET_CATEGORIES, TICKET_PRIORITIES, TICKET_RULES, TICKET_STATUSES, TICKET_TEXT };
import {
  STAFF_TICKET_STATUS_LABELS,
  TICKET_CATEGORY_LABELS,
  TICKET_PRIORITY_LABELS,
  TICKET_STATUS_LABELS,
} from './ticket-labels';
export type { TicketCategory, TicketPriority, TicketStatus };
export { STAFF_TICKET_STATUS_LABELS, TICKET_CATEGORY_LABELS, TICKET_PRIORITY_LABELS, TICKET_STATUS_LABELS };

/** Hours to the first staff answer and to resolution, counted from when the ticket was raised (or reopened). */
export const TICKET_SLA_HOURS: Record<TicketPriority, { firstResponse: number; resolution: number }> = {
  URGENT: { firstResponse: 1, resolution: 8 },
  HIGH: { firstResponse: 4, resolution: 24 },
  MEDIUM: { firstResponse: 8, resolution: 48 },
  LOW: { firstResponse: 24, resolution: 96 },
};

/** Premium's SLA based support: about half the hours, the first answer within two hours at most. */
export const PREMIUM_TICKET_SLA_HOURS: Record<TicketPriority, { firstResponse: number; resolution: number }> = {
  URGENT: { firstResponse: 0.5, resolution: 4 },
  HIGH: { firstResponse: 1, resolution: 12 },
  MEDIUM: { firstResponse: 2, resolution: 24 },
  LOW: { firstResponse: 2, resolution: 48 },
};

/** A new ticket's priority from its category: money stuck and parcels stuck come first. */
export const CATEGORY_PRIORITY: Record<TicketCategory, TicketPriority> = {
  SHIPMENT: 'HIGH',
  PICKUP: 'HIGH',
  NDR: 'HIGH',
  WEIGHT: 'MEDIUM',
  COD: 'HIGH',
  BILLING: 'MEDIUM',
  ACCOUNT: 'MEDIUM',
  TECHNICAL: 'MEDIUM',
  OTHER: 'LOW',
};

export const ATTACHMENT_TYPES = ['application/pdf', 'image/png', 'image/jpeg', 'image/webp'] as const;

/** DKY-TKT-000123: the number sellers and staff quote. */
export const ticketNumber = (id: number): string => `DKY-TKT-${String(id).padStart(6, '0')}`;

/** The ticket id in a ticket number or a plain number typed in a search, or null. */
export function ticketIdOf(text: string): number | null {
  const m = /^(?:DKY-TKT-)?0*(\d{1,9})$/i.exec(text.trim());
  return m ? Number(m[1]) : null;
}

/** Whether a ticket has missed its first answer or its resolution (the staff queue's red flag). */
export function slaBreached(
  t: { firstResponseDue: Date; resolutionDue: Date; firstResponseAt: Date | null; resolutionTs: Date | null },
  now: Date,
): boolean {
  const answered = t.firstResponseAt ?? now;
  const resolved = t.resolutionTs ?? now;
  return answered > t.firstResponseDue || resolved > t.resolutionDue;
}

/** How long a ticket took to resolve, as people say it: "45 min", "3 h 20 min", "2 days 4 h"; "—" while open. */
export function resolutionTimeText(minutes: number | null): string {
  if (minutes === null) return '—';
  const m = Math.max(0, Math.round(minutes));
  if (m < 60) return `${m} min`;
  const hours = Math.floor(m / 60);
  if (hours < 24) return m % 60 ? `${hours} h ${m % 60} min` : `${hours} h`;
  const days = Math.floor(hours / 24);
  return `${days} ${days === 1 ? 'day' : 'days'}${hours % 24 ? ` ${hours % 24} h` : ''}`;
}

/** Until when a resolved ticket may be reopened. */
export const reopenUntil = (resolutionTs: Date | string): Date =>
  new Date(new Date(resolutionTs).getTime() + TICKET_RULES.reopenDays * 86_400_000);

export function mayReopen(t: { status: TicketStatus; resolutionTs: string | Date | null }, now: Date): boolean {
  return t.status === 'RESOLVED' && !!t.resolutionTs && now <= reopenUntil(t.resolutionTs);
}

/** The statuses staff may move a ticket to by hand (resolving needs the resolution text: its own call). */
export const STAFF_MOVES: Record<TicketStatus, readonly TicketStatus[]> = {
  OPEN: ['IN_PROGRESS', 'AWAITING_SELLER'],
  IN_PROGRESS: ['AWAITING_SELLER'],
  AWAITING_SELLER: ['IN_PROGRESS'],
  RESOLVED: ['CLOSED'],
  CLOSED: [],
};
export const RESOLVABLE: readonly TicketStatus[] = ['OPEN', 'IN_PROGRESS', 'AWAITING_SELLER'];

/** The new-ticket form's prefill from a "Get help" link: /help?category=NDR&orderId=12&awb=… */
export function ticketPrefill(search: string): { category: TicketCategory | ''; reference: string; orderId?: number } {
  const q = new URLSearchParams(search);
  const category = (TICKET_CATEGORIES as readonly string[]).includes(q.get('category') ?? '')
    ? (q.get('category') as TicketCategory)
    : '';
  const orderId = /^\d{1,9}$/.test(q.get('orderId') ?? '') ? Number(q.get('orderId')) : undefined;
  return { category, reference: (q.get('awb') ?? q.get('order') ?? '').slice(0, 40), orderId };
}

/** The address of the new-ticket form about an order. */
export function getHelpLink(p: {
  category: TicketCategory;
  orderId?: number;
  orderNumber?: string;
  awb?: string | null;
}) {
  const q = new URLSearchParams({ category: p.category });
  if (p.orderId) q.set('orderId', String(p.orderId));
  if (p.awb) q.set('awb', p.awb);
  else if (p.orderNumber) q.set('order', p.orderNumber);
  return `/help?${q.toString()}#new-ticket`;
}

const nullableString = v.nullable(v.string());

export const TicketAttachmentSchema = v.object({
  fileId: v.string(),
  name: v.string(),
  contentType: v.string(),
  byteSize: v.number(),
});
export type TicketAttachment = v.InferOutput<typeof TicketAttachmentSchema>;

export const TicketCommentSchema = v.object({
  commentId: v.number(),
  /** SELLER, STAFF or SYSTEM (a status change said in the thread) */
  authorKind: v.picklist(['SELLER', 'STAFF', 'SYSTEM']),
  authorName: v.string(),
  body: v.string(),
  attachments: v.array(TicketAttachmentSchema),
  createdAt: v.string(),
});
export type TicketComment = v.InferOutput<typeof TicketCommentSchema>;

export const TicketRowSchema = v.object({
  ticketId: v.number(),
  ticketNumber: v.string(),
  category: v.picklist(TICKET_CATEGORIES),
  categoryText: v.string(),
  orderId: v.nullable(v.number()),
  orderNumber: nullableString,
  awb: nullableString,
  subject: v.string(),
  status: v.picklist(TICKET_STATUSES),
  statusText: v.string(),
  priority: v.picklist(TICKET_PRIORITIES),
  createdAt: v.string(),
  updatedAt: v.string(),
  firstResponseDue: v.string(),
  resolutionDue: v.string(),
  breached: v.boolean(),
  /** the support line the plan promised when the ticket was raised or reopened: ROUND_THE_CLOCK (24×7) or WORKING_HOURS */
  supportLine: v.picklist(['ROUND_THE_CLOCK', 'WORKING_HOURS']),
  ticketHandledBy: v.nullable(v.number()),
  handlerName: nullableString,
  /** what was done, as the seller reads it (set when resolved) */
  resolution: nullableString,
  resolutionTs: nullableString,
  /** minutes from raising to resolving (a reopened ticket counts from its first raising), null until resolved */
  resolutionMinutes: v.nullable(v.number()),
  /** staff lists only: the seller's company */
  companyName: v.optional(v.string()),
});
export type TicketRow = v.InferOutput<typeof TicketRowSchema>;

export const TicketDetailSchema = v.object({
  ...TicketRowSchema.entries,
  description: v.string(),
  attachments: v.array(TicketAttachmentSchema),
  /** until when the seller may reopen it (resolved tickets), else null */
  reopenUntil: nullableString,
  comments: v.array(TicketCommentSchema),
});
export type TicketDetail = v.InferOutput<typeof TicketDetailSchema>;

const TicketCountsSchema = countsSchema(TICKET_STATUSES);
export type TicketCounts = v.InferOutput<typeof TicketCountsSchema>;

/** A page of tickets with counts by status (the seller's own, or every seller's for staff). */
export const StaffTicketListSchema = v.object({
  ...pagedSchema(TicketRowSchema).entries,
  counts: TicketCountsSchema,
});
export type StaffTicketList = v.InferOutput<typeof StaffTicketListSchema>;
export const SellerTicketListSchema = StaffTicketListSchema;
export type SellerTicketList = StaffTicketList;

export const TicketReferenceSchema = v.object({ orderId: v.number(), orderNumber: v.string(), awb: nullableString });
export type TicketReference = v.InferOutput<typeof TicketReferenceSchema>;

export const TicketAssigneeSchema = v.object({ accountId: v.number(), name: v.string(), email: v.string() });
export type TicketAssignee = v.InferOutput<typeof TicketAssigneeSchema>;

export const CannedReplySchema = v.object({ cannedReplyId: v.number(), title: v.string(), body: v.string() });
export type CannedReply = v.InferOutput<typeof CannedReplySchema>;

/** A file picked for a ticket or reply, as the browser describes it (the server sniffs the bytes again). */
export interface PickedFile {
  name: string;
  size: number;
  type: string;
}

/** Why picked files cannot go with the `already` attached ones, or null. */
export function attachmentProblem(files: readonly PickedFile[], already: number): string | null {
  if (already + files.length > TICKET_RULES.attachmentsMax) return TICKET_TEXT.attachmentsTooMany;
  if (files.some((f) => !(ATTACHMENT_TYPES as readonly string[]).includes(f.type)))
    return TICKET_TEXT.attachmentWrongType;
  if (files.some((f) => f.size > TICKET_RULES.attachmentMaxBytes)) return TICKET_TEXT.attachmentTooLarge;
  return null;
}

// The help desk's operations, served by server/modules/tickets/routes.ts. The seller's are
// tagged tickets, staff's corporate (as the staff console's other operations).

const TAG = 'tickets';
const STAFF_TAG = 'corporate';
const IdParam = v.object({ ticketId: numericId('ticketId') });
const FileParams = v.object({
  ticketId: numericId('ticketId'),
  fileId: v.pipe(v.string(), v.regex(/^[A-Za-z0-9_-]{8,64}$/, 'fileId is not valid')),
});
const ATTACHMENT_ERRORS = { 413: TICKET_TEXT.attachmentTooLarge, 415: TICKET_TEXT.attachmentWrongType };
const noTicket = 'no such ticket';

export const API_TICKETS = {
  // seller
  tickets: operation({
    method: 'get',
    path: '/api/v1/tickets',
    tag: TAG,
    query: v.object({ ...pagingEntries, status: TicketStatusFilter }),
    summary:
      "The organisation's support tickets, newest first, a page at a time: by status and a search (ticket number, subject, AWB, order), with counts by status",
    response: SellerTicketListSchema,
  }),
  references: operation({
    method: 'get',
    path: '/api/v1/tickets/references',
    tag: TAG,
    query: v.object({ search: v.optional(v.pipe(v.string(), v.trim(), v.maxLength(40, 'search is too long')), '') }),
    summary: "The seller's own orders whose number or AWB starts with the search: what a ticket may be about",
    response: v.array(TicketReferenceSchema),
  }),
  upload: operation({
    method: 'post',
    path: '/api/v1/tickets/attachments',
    tag: TAG,
    multipart: true,
    summary:
      'Uploads one attachment for a ticket or reply (field "file"; PDF, PNG, JPEG or WEBP up to 2 MB, checked by content)',
    response: TicketAttachmentSchema,
    errors: ATTACHMENT_ERRORS,
  }),
  raise: operation({
    method: 'post',
    path: '/api/v1/tickets',
    tag: TAG,
    body: RaiseTicketBody,
    summary:
      "Raises a ticket: category, an order (by id, order number or AWB) of the seller's own or none, subject, description and attachments; priority and SLA follow the category",
    response: TicketDetailSchema,
    errors: { 404: "the order or AWB is not among the seller's" },
  }),
  ticket: operation({
    method: 'get',
    path: '/api/v1/tickets/:ticketId',
    tag: TAG,
    params: IdParam,
    summary: "One of the organisation's tickets with its thread",
    response: TicketDetailSchema,
    errors: { 404: noTicket },
  }),
  reply: operation({
    method: 'post',
    path: '/api/v1/tickets/:ticketId/comments',
    tag: TAG,
    params: IdParam,
    body: TicketReplyBody,
    summary: 'Replies in the thread (once per request key); support hears by email',
    response: TicketDetailSchema,
    errors: { 404: noTicket, 409: 'resolved (reopen it first) or closed' },
  }),
  reopen: operation({
    method: 'post',
    path: '/api/v1/tickets/:ticketId/reopen',
    tag: TAG,
    params: IdParam,
    body: ReopenTicketBody,
    summary: 'Reopens a resolved ticket within 7 days of its resolution, with the reason',
    response: TicketDetailSchema,
    errors: { 404: noTicket, 409: 'not resolved, or the window has closed' },
  }),
  attachment: operation({
    method: 'get',
    path: '/api/v1/tickets/:ticketId/attachments/:fileId',
    tag: TAG,
    params: FileParams,
    summary: "An attachment of one of the organisation's tickets",
    response: { file: '*/*' },
    errors: { 404: 'no such ticket or attachment' },
  }),

  // staff
  staffList: operation({
    method: 'get',
    path: '/api/v1/corporate/tickets',
    tag: STAFF_TAG,
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
  }),
  assignees: operation({
    method: 'get',
    path: '/api/v1/corporate/tickets/assignees',
    tag: STAFF_TAG,
    summary: 'Staff accounts a ticket may be assigned to',
    response: v.array(TicketAssigneeSchema),
  }),
  cannedReplies: operation({
    method: 'get',
    path: '/api/v1/corporate/ticket-canned-replies',
    tag: STAFF_TAG,
    summary: 'The canned replies staff share',
    response: v.array(CannedReplySchema),
  }),
  addCannedReply: operation({
    method: 'post',
    path: '/api/v1/corporate/ticket-canned-replies',
    tag: STAFF_TAG,
    body: CannedReplyBody,
    summary: 'Adds a canned reply',
    response: CannedReplySchema,
  }),
  deleteCannedReply: operation({
    method: 'delete',
    path: '/api/v1/corporate/ticket-canned-replies/:cannedReplyId',
    tag: STAFF_TAG,
    params: v.object({ cannedReplyId: numericId('cannedReplyId') }),
    summary: 'Removes a canned reply',
    response: v.object({ deleted: v.boolean() }),
    errors: { 404: 'no such canned reply' },
  }),
  staffUpload: operation({
    method: 'post',
    path: '/api/v1/corporate/tickets/attachments',
    tag: STAFF_TAG,
    multipart: true,
    summary: 'Uploads one attachment for a staff reply (PDF, PNG, JPEG or WEBP up to 2 MB, checked by content)',
    response: TicketAttachmentSchema,
    errors: ATTACHMENT_ERRORS,
  }),
  staffTicket: operation({
    method: 'get',
    path: '/api/v1/corporate/tickets/:ticketId',
    tag: STAFF_TAG,
    params: IdParam,
    summary: 'One ticket with its thread, for staff',
    response: TicketDetailSchema,
    errors: { 404: noTicket },
  }),
  update: operation({
    method: 'put',
    path: '/api/v1/corporate/tickets/:ticketId',
    tag: STAFF_TAG,
    params: IdParam,
    body: TicketUpdateBody,
    summary: "Changes a ticket's status, priority (its SLA due times follow) or assignee (ticketHandledBy)",
    response: TicketDetailSchema,
    errors: { 404: noTicket, 409: 'a move the status does not allow' },
  }),
  staffReply: operation({
    method: 'post',
    path: '/api/v1/corporate/tickets/:ticketId/comments',
    tag: STAFF_TAG,
    params: IdParam,
    body: TicketReplyBody,
    summary: 'Replies to the seller (once per request key); the ticket then awaits the seller, who hears by email',
    response: TicketDetailSchema,
    errors: { 404: noTicket, 409: 'closed' },
  }),
  resolve: operation({
    method: 'post',
    path: '/api/v1/corporate/tickets/:ticketId/resolve',
    tag: STAFF_TAG,
    params: IdParam,
    body: ResolveTicketBody,
    summary:
      'Resolves a ticket with the resolution the seller reads (resolutionTs); the seller may reopen it for 7 days',
    response: TicketDetailSchema,
    errors: { 404: noTicket, 409: 'resolved or closed already' },
  }),
  staffAttachment: operation({
    method: 'get',
    path: '/api/v1/corporate/tickets/:ticketId/attachments/:fileId',
    tag: STAFF_TAG,
    params: FileParams,
    summary: 'An attachment of any ticket, for staff',
    response: { file: '*/*' },
    errors: { 404: 'no such ticket or attachment' },
  }),
};
