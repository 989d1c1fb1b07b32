import * as v from 'valibot';
import { countsSchema, pagedSchema } from './account-contract';

// The help desk: a seller raises a support ticket (about an order or AWB of theirs, or none),
// both sides write in its thread, staff assign, prioritise and resolve it, and the seller may
// reopen a resolved ticket for a few days. docs/decisions/help-desk.md.

export const API_TICKETS = {
  tickets: '/api/v1/tickets', // GET ?status=&searchPattern=&pageNumber=&recordsPerPage= → SellerTicketList; POST RaiseTicketBody → TicketDetail
  ticket: (id: number | string) => `/api/v1/tickets/${id}`, // GET → TicketDetail
  comments: (id: number | string) => `/api/v1/tickets/${id}/comments`, // POST TicketReplyBody → TicketDetail
  reopen: (id: number | string) => `/api/v1/tickets/${id}/reopen`, // POST { reason } → TicketDetail
  attachments: '/api/v1/tickets/attachments', // POST multipart "file" (PDF, PNG, JPEG or WEBP) → TicketAttachment
  attachment: (id: number | string, fileId: string) => `/api/v1/tickets/${id}/attachments/${fileId}`, // GET file
  references: '/api/v1/tickets/references', // GET ?search= → TicketReference[] (the seller's own orders)
  // staff
  staffList: '/api/v1/corporate/tickets', // GET ?status=&priority=&assignee=&breached=&searchPattern=… → StaffTicketList
  staffTicket: (id: number | string) => `/api/v1/corporate/tickets/${id}`, // GET → TicketDetail; PUT TicketUpdateBody (the fields given change)
  staffComments: (id: number | string) => `/api/v1/corporate/tickets/${id}/comments`, // POST TicketReplyBody
  staffResolve: (id: number | string) => `/api/v1/corporate/tickets/${id}/resolve`, // POST { resolution }
  staffAttachments: '/api/v1/corporate/tickets/attachments', // POST multipart "file"
  staffAttachment: (id: number | string, fileId: string) => `/api/v1/corporate/tickets/${id}/attachments/${fileId}`,
  assignees: '/api/v1/corporate/tickets/assignees', // GET → TicketAssignee[]
  cannedReplies: '/api/v1/corporate/ticket-canned-replies', // GET → CannedReply[]; POST { title, body }
  cannedReply: (id: number | string) => `/api/v1/corporate/ticket-canned-replies/${id}`, // DELETE
} as const;

export const TICKET_CATEGORIES = [
  'SHIPMENT',
  'PICKUP',
  'NDR',
  'WEIGHT',
  'COD',
  'BILLING',
  'ACCOUNT',
  'TECHNICAL',
  'OTHER',
] as const;
export type TicketCategory = (typeof TICKET_CATEGORIES)[number];
export const TICKET_CATEGORY_LABELS: Record<TicketCategory, string> = {
  SHIPMENT: 'Shipment delayed or stuck',
  PICKUP: 'Pickup not done',
  NDR: 'Delivery failed (NDR)',
  WEIGHT: 'Weight discrepancy',
  COD: 'COD remittance',
  BILLING: 'Wallet and billing',
  ACCOUNT: 'Account and KYC',
  TECHNICAL: 'Technical problem',
  OTHER: 'Something else',
};

export const TICKET_STATUSES = ['OPEN', 'IN_PROGRESS', 'AWAITING_SELLER', 'RESOLVED', 'CLOSED'] as const;
export type TicketStatus = (typeof TICKET_STATUSES)[number];
export const TICKET_STATUS_LABELS: Record<TicketStatus, string> = {
  OPEN: 'Open',
  IN_PROGRESS: 'In progress',
  AWAITING_SELLER: 'Awaiting your reply',
  RESOLVED: 'Resolved',
  CLOSED: 'Closed',
};
/** Staff read "awaiting seller" where the seller reads "awaiting your reply". */
export const STAFF_TICKET_STATUS_LABELS: Record<TicketStatus, string> = {
  ...TICKET_STATUS_LABELS,
  AWAITING_SELLER: 'Awaiting seller',
};

export const TICKET_PRIORITIES = ['LOW', 'MEDIUM', 'HIGH', 'URGENT'] as const;
export type TicketPriority = (typeof TICKET_PRIORITIES)[number];
export const TICKET_PRIORITY_LABELS: Record<TicketPriority, string> = {
  LOW: 'Low',
  MEDIUM: 'Medium',
  HIGH: 'High',
  URGENT: 'Urgent',
};

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

export const TICKET_RULES = {
  subjectMin: 5,
  subjectMax: 120,
  descriptionMin: 20,
  descriptionMax: 4000,
  replyMin: 2,
  replyMax: 4000,
  resolutionMin: 10,
  resolutionMax: 2000,
  attachmentsMax: 5,
  attachmentMaxBytes: 2 * 1024 * 1024,
  /** days after resolution in which the seller may reopen */
  reopenDays: 7,
  cannedTitleMax: 80,
} as const;

export const ATTACHMENT_TYPES = ['application/pdf', 'image/png', 'image/jpeg', 'image/webp'] as const;

export const TICKET_TEXT = {
  attachmentWrongType: 'Attachments: only PDF, PNG, JPEG or WEBP files are accepted',
  attachmentTooLarge: 'Attachments: a file must be at most 2 MB',
  attachmentsTooMany: `Attachments: at most ${TICKET_RULES.attachmentsMax} files`,
  attachmentUnknown: 'Attachments: a file was not found; attach it again',
  referenceNotFound: 'Order or AWB: not found among your orders',
  reopenWindowClosed: `A ticket can be reopened within ${TICKET_RULES.reopenDays} days of its resolution; raise a new one`,
  notResolved: 'Only a resolved ticket can be reopened',
  closed: 'This ticket is closed; raise a new one',
  resolvedReply: 'This ticket is resolved; reopen it to write again',
  reopenReason: 'Reason: say why the ticket is not resolved',
  replyLength: `Message must be ${TICKET_RULES.replyMin} to ${TICKET_RULES.replyMax} characters`,
  resolutionLength: `Resolution must be ${TICKET_RULES.resolutionMin} to ${TICKET_RULES.resolutionMax} characters`,
} as const;

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
