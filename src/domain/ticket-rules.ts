// The help desk's fixed sets and limits: what a ticket may be, and the texts its refusals say.
// Apart from the contract so the inputs' schemas (schemas/tickets.ts) read them too.

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

export const TICKET_STATUSES = ['OPEN', 'IN_PROGRESS', 'AWAITING_SELLER', 'RESOLVED', 'CLOSED'] as const;
export type TicketStatus = (typeof TICKET_STATUSES)[number];

export const TICKET_PRIORITIES = ['LOW', 'MEDIUM', 'HIGH', 'URGENT'] as const;
export type TicketPriority = (typeof TICKET_PRIORITIES)[number];

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
