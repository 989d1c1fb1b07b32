import * as v from 'valibot';
import { countsSchema } from './account-contract';
import { pagedSchema } from './paging';
import { chargedWeightKg } from './weights';

// Weight discrepancies: a courier weighed a parcel at its hub and charges a heavier 0.5 kg slab
// than the seller's. The difference is held in the wallet; the seller accepts it (charged) or
// disputes it within 7 days with photos (staff send it to the courier and decide; a lost dispute
// may be escalated once). Without an answer by the deadline it is accepted by itself. Weight
// freeze: a product's weight and size fixed with photos and approved by staff; its parcels raise
// no discrepancy for the seller.

const BASE = '/api/v1/weight-discrepancies';
const STAFF = '/api/v1/corporate/weight-discrepancies';

export const API_WEIGHT = {
  discrepancies: BASE, // GET ?status=&searchPattern=&fromDate=&toDate=&carrierCode= → SellerDiscrepancyList
  exportCsv: `${BASE}/export`, // GET same filters → text/csv
  discrepancy: (id: number | string) => `${BASE}/${id}`, // GET → DiscrepancyDetail
  accept: (id: number | string) => `${BASE}/${id}/accept`, // POST → DiscrepancyDetail
  dispute: (id: number | string) => `${BASE}/${id}/dispute`, // POST DisputeDiscrepancyBody → DiscrepancyDetail
  escalate: (id: number | string) => `${BASE}/${id}/escalate`, // POST { note } → DiscrepancyDetail
  evidence: `${BASE}/evidence`, // POST multipart "file" (PNG, JPEG or WEBP up to 1 MB) → DiscrepancyPhoto
  freeze: (productId: number | string) => `/api/v1/products/${productId}/weight-freeze`, // GET → WeightFreezeRow | null; POST FreezeBody → WeightFreezeRow
  // staff
  staffList: STAFF, // GET paged, ?status=&searchPattern=&platformBorne= → StaffDiscrepancyList
  staffDiscrepancy: (id: number | string) => `${STAFF}/${id}`, // GET → DiscrepancyDetail
  sendToCourier: (id: number | string) => `${STAFF}/${id}/courier`, // POST → DiscrepancyDetail
  decide: (id: number | string) => `${STAFF}/${id}/decision`, // POST { outcome, note } → DiscrepancyDetail
  decideEscalation: (id: number | string) => `${STAFF}/${id}/escalation`, // POST { outcome, note } → DiscrepancyDetail
  courierFiles: '/api/v1/corporate/weight-discrepancy-files', // the upload engine's routes
  freezes: '/api/v1/corporate/weight-freezes', // GET ?status= → StaffFreezeList
  approveFreeze: (id: number | string) => `/api/v1/corporate/weight-freezes/${id}/approve`, // POST → WeightFreezeRow
  rejectFreeze: (id: number | string) => `/api/v1/corporate/weight-freezes/${id}/reject`, // POST { note } → WeightFreezeRow
} as const;

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

export const DiscrepancyPhotoSchema = v.object({ fileId: v.nullable(v.string()), url: v.string(), name: v.string() });
export type DiscrepancyPhoto = v.InferOutput<typeof DiscrepancyPhotoSchema>;

export const WeightEvidenceSchema = v.object({
  scalePhoto: DiscrepancyPhotoSchema,
  lengthPhoto: DiscrepancyPhotoSchema,
  breadthPhoto: DiscrepancyPhotoSchema,
  heightPhoto: DiscrepancyPhotoSchema,
});
export type WeightEvidence = v.InferOutput<typeof WeightEvidenceSchema>;

export const WeighedParcelSchema = v.object({
  deadWeightKg: v.number(),
  lengthCm: v.number(),
  breadthCm: v.number(),
  heightCm: v.number(),
  volumetricKg: v.number(),
  chargedKg: v.number(),
});
export type WeighedParcel = v.InferOutput<typeof WeighedParcelSchema>;

export const TimelineStepSchema = v.object({
  at: v.string(),
  status: v.picklist(DISCREPANCY_STATUSES),
  statusText: v.string(),
  note: v.string(),
  actor: v.string(),
});
export type TimelineStep = v.InferOutput<typeof TimelineStepSchema>;

export const DiscrepancyRowSchema = v.object({
  discrepancyId: v.number(),
  orderId: v.number(),
  orderNumber: v.string(),
  awb: v.string(),
  carrierCode: v.string(),
  carrierName: v.string(),
  source: v.string(),
  sellerChargedKg: v.number(),
  courierChargedKg: v.number(),
  /** forward + RTO difference with GST: held, and charged if the courier's weight stands */
  amountPaise: v.number(),
  status: v.picklist(DISCREPANCY_STATUSES),
  statusText: v.string(),
  raisedAt: v.string(),
  deadlineAt: v.string(),
  platformBorne: v.boolean(),
  /** staff lists only */
  companyName: v.optional(v.string()),
});
export type DiscrepancyRow = v.InferOutput<typeof DiscrepancyRowSchema>;

export const DiscrepancyDetailSchema = v.object({
  ...DiscrepancyRowSchema.entries,
  zone: v.string(),
  seller: WeighedParcelSchema,
  courier: WeighedParcelSchema,
  forwardPaise: v.number(),
  rtoPaise: v.number(),
  gstPaise: v.number(),
  /** HELD, CHARGED, RELEASED or NONE (a platform-borne one) */
  holdState: v.string(),
  hubPhoto: v.nullable(DiscrepancyPhotoSchema),
  outcome: v.nullable(v.picklist(OUTCOMES)),
  autoAccepted: v.boolean(),
  productCategory: v.nullable(v.string()),
  disputeNote: v.nullable(v.string()),
  evidence: v.nullable(WeightEvidenceSchema),
  courierClaimRef: v.nullable(v.string()),
  decisionNote: v.nullable(v.string()),
  escalationNote: v.nullable(v.string()),
  finalNote: v.nullable(v.string()),
  /** what the seller may do now */
  canAccept: v.boolean(),
  canDispute: v.boolean(),
  canEscalate: v.boolean(),
  escalateBy: v.nullable(v.string()),
  timeline: v.array(TimelineStepSchema),
});
export type DiscrepancyDetail = v.InferOutput<typeof DiscrepancyDetailSchema>;

const CountsSchema = countsSchema(DISCREPANCY_STATUSES);
export type DiscrepancyCounts = v.InferOutput<typeof CountsSchema>;

export const SellerDiscrepancyListSchema = v.object({
  ...pagedSchema(DiscrepancyRowSchema).entries,
  counts: CountsSchema,
  /** total held in the wallet for open discrepancies */
  heldPaise: v.number(),
});
export type SellerDiscrepancyList = v.InferOutput<typeof SellerDiscrepancyListSchema>;

export const StaffDiscrepancyListSchema = v.object({
  ...pagedSchema(DiscrepancyRowSchema).entries,
  counts: CountsSchema,
});
export type StaffDiscrepancyList = v.InferOutput<typeof StaffDiscrepancyListSchema>;

export const FREEZE_STATUSES = ['PENDING', 'APPROVED', 'REJECTED'] as const;
export type FreezeStatus = (typeof FREEZE_STATUSES)[number];
export const FREEZE_STATUS_LABELS: Record<FreezeStatus, string> = {
  PENDING: 'Waiting for approval',
  APPROVED: 'Frozen',
  REJECTED: 'Rejected',
};

export const WeightFreezeRowSchema = v.object({
  freezeId: v.number(),
  productId: v.number(),
  productName: v.string(),
  sku: v.string(),
  weightKg: v.number(),
  lengthCm: v.number(),
  breadthCm: v.number(),
  heightCm: v.number(),
  chargedKg: v.number(),
  photos: v.array(DiscrepancyPhotoSchema),
  status: v.picklist(FREEZE_STATUSES),
  statusText: v.string(),
  staffNote: v.nullable(v.string()),
  requestedAt: v.string(),
  decidedAt: v.nullable(v.string()),
  companyName: v.optional(v.string()),
});
export type WeightFreezeRow = v.InferOutput<typeof WeightFreezeRowSchema>;

export const StaffFreezeListSchema = v.object({
  items: v.array(WeightFreezeRowSchema),
  counts: countsSchema(FREEZE_STATUSES),
});
export type StaffFreezeList = v.InferOutput<typeof StaffFreezeListSchema>;

/** The slab a parcel is charged at: max(dead, L×B×H/5000), up in 0.5 kg slabs. */
export function weighed(p: { deadWeightKg: number; lengthCm: number; breadthCm: number; heightCm: number }) {
  const volumetricKg = Math.round(((p.lengthCm * p.breadthCm * p.heightCm) / 5000) * 1000) / 1000;
  return { ...p, volumetricKg, chargedKg: chargedWeightKg(p.deadWeightKg, p) };
}

/** When the seller's answer is due, from when the discrepancy was raised. */
export const answerDeadline = (raisedAt: Date | string): Date =>
  new Date(new Date(raisedAt).getTime() + WEIGHT_RULES.answerDays * 86_400_000);

export const WEIGHT_TEXT = {
  evidenceNeeded: (slot: EvidenceSlot) => `${EVIDENCE_SLOT_LABELS[slot]}: add the photo`,
  chooseCategory: 'Product category: choose what the parcel holds',
  note: `Note must be ${WEIGHT_RULES.noteMin} to ${WEIGHT_RULES.noteMax} characters`,
  freezePhotos: `Photos: add 1 to ${WEIGHT_RULES.freezePhotosMax} photos of the product on a scale and measured`,
} as const;

/** The first thing a dispute draft lacks, in the server's words, or null when it may be sent. */
export function weightDisputeDraftError(d: {
  productCategory: string | null;
  photos: Partial<Record<EvidenceSlot, string | null>>;
}): string | null {
  for (const slot of EVIDENCE_SLOTS) if (!d.photos[slot]) return WEIGHT_TEXT.evidenceNeeded(slot);
  if (!d.productCategory) return WEIGHT_TEXT.chooseCategory;
  return null;
}

/** What a photo picker accepts (the server checks the bytes again). */
export const EVIDENCE_TYPES_ACCEPT = 'image/png,image/jpeg,image/webp';
