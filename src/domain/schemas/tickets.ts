import * as v from 'valibot';
import { TICKET_CATEGORIES, TICKET_PRIORITIES, TICKET_RULES, TICKET_STATUSES, TICKET_TEXT } from '../ticket-rules';
import { recordIdField } from './fields';
import { oneOf } from './choice';

// Inputs of the help desk: the seller's new ticket and replies, and staff's changes, replies,
// resolutions and canned replies. Each message names its field by key; labels.ts turns it into
// the field's label for the seller.

const FILE_ID = /^[A-Za-z0-9_-]{8,64}$/;
const between = (key: string, min: number, max: number) => `${key} must be ${min} to ${max} characters`;
const text = (key: string, min: number, max: number) =>
  v.pipe(
    v.string(`${key} is required`),
    v.trim(),
    v.minLength(min, between(key, min, max)),
    v.maxLength(max, between(key, min, max)),
  );

export const attachmentIdsField = v.optional(
  v.pipe(
    v.array(
      v.pipe(v.string('attachments must be a list of uploaded files'), v.regex(FILE_ID, TICKET_TEXT.attachmentUnknown)),
      'attachments must be a list of uploaded files',
    ),
    v.maxLength(TICKET_RULES.attachmentsMax, TICKET_TEXT.attachmentsTooMany),
  ),
  [],
);

export const RaiseTicketBody = v.object({
  category: v.picklist(TICKET_CATEGORIES, 'category: choose what the ticket is about'),
  orderId: v.optional(recordIdField('orderId')),
  /** an order number or AWB typed or picked in the form; resolved among the seller's own orders */
  reference: v.optional(v.pipe(v.string('reference must be text'), v.trim(), v.maxLength(40, 'reference is too long'))),
  subject: text('subject', TICKET_RULES.subjectMin, TICKET_RULES.subjectMax),
  description: text('description', TICKET_RULES.descriptionMin, TICKET_RULES.descriptionMax),
  attachments: attachmentIdsField,
});
export type RaiseTicketInput = v.InferOutput<typeof RaiseTicketBody>;

export const TicketReplyBody = v.object({
  message: text('message', TICKET_RULES.replyMin, TICKET_RULES.replyMax),
  attachments: attachmentIdsField,
  /** the browser's key for this reply: a repeat (a retried request) adds it once */
  requestKey: v.pipe(v.string('requestKey is required'), v.regex(/^[A-Za-z0-9_-]{8,64}$/, 'requestKey is not valid')),
});
export type TicketReplyInput = v.InferOutput<typeof TicketReplyBody>;

export const ReopenTicketBody = v.object({
  reason: text('reason', TICKET_RULES.replyMin, TICKET_RULES.replyMax),
});

export const ResolveTicketBody = v.object({
  resolution: text('resolution', TICKET_RULES.resolutionMin, TICKET_RULES.resolutionMax),
});

export const TicketUpdateBody = v.object({
  status: v.optional(oneOf(TICKET_STATUSES, 'status', 'ticketStatus')),
  priority: v.optional(oneOf(TICKET_PRIORITIES, 'priority', 'ticketPriority')),
  /** a staff account's id, or null to unassign */
  ticketHandledBy: v.optional(v.nullable(recordIdField('ticketHandledBy'))),
});
export type TicketUpdateInput = v.InferOutput<typeof TicketUpdateBody>;

export const CannedReplyBody = v.object({
  title: text('title', 3, TICKET_RULES.cannedTitleMax),
  message: text('message', TICKET_RULES.replyMin, TICKET_RULES.replyMax),
});

export const TicketStatusFilter = v.optional(oneOf(TICKET_STATUSES, 'status', 'ticketStatus'));
export const TicketPriorityFilter = v.optional(oneOf(TICKET_PRIORITIES, 'priority', 'ticketPriority'));
/** 'me', 'none' (unassigned) or a staff account's id */
export const TicketAssigneeFilter = v.optional(
  v.pipe(v.string(), v.regex(/^(me|none|\d{1,9})$/, 'assignee must be me, none or a staff account')),
);
export const TicketBreachedFilter = v.optional(v.picklist(['true', 'false'], 'breached must be true or false'));
/** The staff queue: tickets of the 24×7 line (Pro, Premium) or of working hours (Free, Lite). */
export const TicketSupportLineFilter = v.optional(oneOf(['ROUND_THE_CLOCK', 'WORKING_HOURS'], 'supportLine'));
/** The staff queue's order: newest first, or the 24×7 line first and then the earliest first answer due. */
export const TicketQueueOrder = v.optional(v.picklist(['newest', 'due'], 'order must be newest or due'), 'newest');
