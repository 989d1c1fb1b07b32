// Weight discrepancies' and weight freezes' rules, statuses and their words: read by the contract's
// schemas, the request schemas (src/domain/schemas/weight.ts) and the screens.

export const WEIGHT_RULES = {
  /** days the seller has to accept or dispute */
  answerDays: 7,
  /** days after a rejection in which it may be escalated */
  escalateDays: 7,
  noteMin: 5,
  noteMax: 500,
  freezePhotosMin: 1,
  freezePhotosMax: 5,
} as const;

export const DISCREPANCY_STATUSES = [
  'NEW',
  'ACCEPTED',
  'DISPUTED',
  'WITH_COURIER',
  'RESOLVED',
  'REJECTED',
  'ESCALATED',
  'FINAL',
] as const;
export type DiscrepancyStatus = (typeof DISCREPANCY_STATUSES)[number];
export const DISCREPANCY_STATUS_LABELS: Record<DiscrepancyStatus, string> = {
  NEW: 'New',
  ACCEPTED: 'Accepted',
  DISPUTED: 'Disputed',
  WITH_COURIER: 'With courier',
  RESOLVED: 'Resolved for you',
  REJECTED: 'Rejected',
  ESCALATED: 'Escalated',
  FINAL: 'Final',
};
/** Statuses that still wait on someone: counted beside the delay counts. */
export const OPEN_DISCREPANCY_STATUSES: readonly DiscrepancyStatus[] = [
  'NEW',
  'DISPUTED',
  'WITH_COURIER',
  'REJECTED',
  'ESCALATED',
];

export const OUTCOMES = ['SELLER', 'COURIER'] as const;
export type Outcome = (typeof OUTCOMES)[number];
export const OUTCOME_LABELS: Record<Outcome, string> = {
  SELLER: "The seller's weight stands",
  COURIER: "The courier's weight stands",
};

export const PRODUCT_CATEGORIES = [
  'APPAREL',
  'ELECTRONICS',
  'HOME_KITCHEN',
  'BEAUTY',
  'BOOKS',
  'TOYS',
  'JEWELLERY',
  'OTHER',
] as const;
export type ProductCategory = (typeof PRODUCT_CATEGORIES)[number];
export const PRODUCT_CATEGORY_LABELS: Record<ProductCategory, string> = {
  APPAREL: 'Apparel',
  ELECTRONICS: 'Electronics',
  HOME_KITCHEN: 'Home and kitchen',
  BEAUTY: 'Beauty and personal care',
  BOOKS: 'Books',
  TOYS: 'Toys',
  JEWELLERY: 'Jewellery',
  OTHER: 'Other',
};

/** The four photos a dispute needs: the package on a scale, and a tape measure on each side, the label visible. */
export const EVIDENCE_SLOTS = ['scalePhoto', 'lengthPhoto', 'breadthPhoto', 'heightPhoto'] as const;
export type EvidenceSlot = (typeof EVIDENCE_SLOTS)[number];
export const EVIDENCE_SLOT_LABELS: Record<EvidenceSlot, string> = {
  scalePhoto: 'Photo on the scale',
  lengthPhoto: 'Length photo',
  breadthPhoto: 'Breadth photo',
  heightPhoto: 'Height photo',
};

export const FREEZE_STATUSES = ['PENDING', 'APPROVED', 'REJECTED'] as const;
export type FreezeStatus = (typeof FREEZE_STATUSES)[number];
export const FREEZE_STATUS_LABELS: Record<FreezeStatus, string> = {
  PENDING: 'Waiting for approval',
  APPROVED: 'Frozen',
  REJECTED: 'Rejected',
};
