// The kinds of delivery disputes and their rules, apart from the contract so the dispute inputs'
// schemas (src/domain/schemas/disputes.ts) can use them without importing the contract back.

export const DISPUTE_CATEGORIES = ['NOT_RECEIVED', 'EMPTY_BOX', 'DAMAGED_BOX', 'WRONG_ITEM'] as const;
export type DisputeCategory = (typeof DISPUTE_CATEGORIES)[number];

export const DISPUTE_STATUSES = ['OPEN', 'WITH_COURIER', 'ACCEPTED', 'REJECTED'] as const;
export type DisputeStatus = (typeof DISPUTE_STATUSES)[number];

export const DISPUTE_RULES = {
  /** days after Delivered or RTO Delivered in which a dispute may be raised */
  windowDays: 3,
  descriptionMin: 20,
  descriptionMax: 1000,
  evidenceMax: 5,
  noteMin: 5,
  noteMax: 500,
} as const;

/** A claim's category in words. */
export const DISPUTE_CATEGORY_LABELS: Record<DisputeCategory, string> = {
  NOT_RECEIVED: 'Not received by the buyer',
  EMPTY_BOX: 'Empty box',
  DAMAGED_BOX: 'Damaged box',
  WRONG_ITEM: 'Wrong item',
};

/** A dispute's state in words. */
export const DISPUTE_STATUS_LABELS: Record<DisputeStatus, string> = {
  OPEN: 'Open',
  WITH_COURIER: 'With courier',
  ACCEPTED: 'Accepted',
  REJECTED: 'Rejected',
};
