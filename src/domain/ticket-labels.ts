import type { TicketCategory, TicketPriority, TicketStatus } from './ticket-rules';

// A ticket's category, state and priority in words: apart from the tickets contract, so the one
// label table (display-labels.ts) reads them without the contract's schemas.

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

export const TICKET_PRIORITY_LABELS: Record<TicketPriority, string> = {
  LOW: 'Low',
  MEDIUM: 'Medium',
  HIGH: 'High',
  URGENT: 'Urgent',
};
