import * as v from 'valibot';
import { countsSchema } from './account-contract';
import { DisputeEvidenceSchema } from './disputes-contract';
import { pagedSchema } from './paging';
import { chargedWeightKg } from './weights';
import { operation } from './operation';
import { uploadOperations } from './uploads-contract';
import { numericId } from './params';
import { pagingEntries, sortEntries } from './paging';
import {
  DecisionBody,
  DisputeDiscrepancyBody,
  EscalateBody,
  FreezeBody,
  FreezeStatusFilter,
  PlatformBorneFilter,
  RejectFreezeBody,
  SellerDiscrepancyQuery,
} from './schemas/weight';
import {
  DISCREPANCY_STATUSES,
  EVIDENCE_SLOT_LABELS,
  EVIDENCE_SLOTS,
  FREEZE_STATUSES,
  OUTCOMES,
  WEIGHT_RULES,
  type EvidenceSlot,
} from './weight-rules';

// Weight discrepancies: a courier weighed a parcel at its hub and charges a heavier 0.5 kg slab
// than the seller's. The difference is held in the wallet; the seller accepts it (charged) or
// disputes it within 7 days with photos (staff send it to the courier and decide; a lost dispute
// may be escalated once). Without an answer by the deadline it is accepted by itself. Weight
// freeze: a product's weight and size fixed with photos and approved by staff; its parcels raise
// no discrepancy for the seller.

/** The courier files' upload operations (served by the upload engine, server/modules/uploads). */
export const WEIGHT_COURIER_FILES = uploadOperations('/api/v1/corporate/weight-discrepancy-files', 'corporate', {
  rowNoun: 'courier weight rows',
  fileStem: 'weight-discrepancies',
});

export * from './weight-rules';

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

/** A package of a split order's weighed parcel: its number and the AWB it travels under (a box's child AWB). */
export const WeighedPackageSchema = v.object({ packageNo: v.number(), awb: v.string() });
export type WeighedPackage = v.InferOutput<typeof WeighedPackageSchema>;

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
  /** on a split order: the packages the weighed parcel is made of (several: the seller picks one to dispute) */
  packages: v.array(WeighedPackageSchema),
  /** the package the seller disputed, once disputed */
  disputedPackage: v.nullable(WeighedPackageSchema),
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
  choosePackage: 'Package: choose the box the courier weighed',
  notInParcel: (packageNo: number, awb: string, orderNumber: string) =>
    `Package: AWB ${awb} of order ${orderNumber} carries no package ${packageNo}`,
  note: `Note must be ${WEIGHT_RULES.noteMin} to ${WEIGHT_RULES.noteMax} characters`,
  freezePhotos: `Photos: add 1 to ${WEIGHT_RULES.freezePhotosMax} photos of the product on a scale and measured`,
} as const;

/** The first thing a dispute draft lacks, in the server's words, or null when it may be sent. */
export function weightDisputeDraftError(d: {
  productCategory: string | null;
  photos: Partial<Record<EvidenceSlot, string | null>>;
  /** the parcel's packages (several on an order split by box) and the one picked */
  packages?: readonly WeighedPackage[];
  packageNo?: number | null;
}): string | null {
  if ((d.packages?.length ?? 0) > 1 && !d.packages!.some((p) => p.packageNo === d.packageNo))
    return WEIGHT_TEXT.choosePackage;
  for (const slot of EVIDENCE_SLOTS) if (!d.photos[slot]) return WEIGHT_TEXT.evidenceNeeded(slot);
  if (!d.productCategory) return WEIGHT_TEXT.chooseCategory;
  return null;
}

/** How a package reads in a picker and on the page: "Box 2 of 3 · AWB 1400…" (split by item: "Package"). */
export const weighedPackageText = (p: WeighedPackage, count: number) =>
  `${count > 1 ? `Box ${p.packageNo} of ${count}` : `Package ${p.packageNo}`} · AWB ${p.awb}`;

/** What a photo picker accepts (the server checks the bytes again). */
export const EVIDENCE_TYPES_ACCEPT = 'image/png,image/jpeg,image/webp';

// The operations: each declared once, served by server/modules/weight/routes.ts, sent by the
// browser with call() and by the server's tests with the same typed call.

const TAG = 'weight-discrepancies';
const STAFF_TAG = 'corporate';
const BASE = '/api/v1/weight-discrepancies';
const STAFF = '/api/v1/corporate/weight-discrepancies';
const FREEZES = '/api/v1/corporate/weight-freezes';
const IdParam = v.object({ discrepancyId: numericId('discrepancyId') });
const ProductParam = v.object({ productId: numericId('productId') });
const FreezeParam = v.object({ freezeId: numericId('freezeId') });
const sellerQuery = v.object({ ...pagingEntries, ...sortEntries(['raisedAt'], 'raisedAt'), ...SellerDiscrepancyQuery });
const NOT_YOURS = { 404: 'no such weight discrepancy of yours' } as const;
const NO_SUCH = 'no such weight discrepancy';
const NO_PRODUCT = 'no such product of yours';
/** The 413 of a photo over 1 MB (server/modules/files/service.ts IMAGE_TOO_LARGE) */
const IMAGE_TOO_LARGE = 'Image must be at most 1 MB';

export const API_WEIGHT = {
  // seller
  discrepancies: operation({
    method: 'get',
    path: BASE,
    tag: TAG,
    query: sellerQuery,
    summary:
      "The seller's weight discrepancies, newest first: filters by status, courier, raised dates and search (AWB, order), with counts by status and the money held",
    response: SellerDiscrepancyListSchema,
  }),
  exportCsv: operation({
    method: 'get',
    path: `${BASE}/export`,
    tag: TAG,
    query: sellerQuery,
    summary: "The seller's weight discrepancies under the list's filters as CSV",
    returns: 'text/csv attachment weight-discrepancies.csv',
    response: { file: 'text/csv' },
  }),
  evidence: operation({
    method: 'post',
    path: `${BASE}/evidence`,
    tag: TAG,
    multipart: true,
    summary:
      'Uploads one photo for a weight dispute or a weight freeze (field "file"; PNG, JPEG or WEBP up to 1 MB, checked by its content)',
    // the disputes' own upload: a photo just stored always has its file's id
    response: DisputeEvidenceSchema,
    errors: { 413: IMAGE_TOO_LARGE, 415: 'not a PNG, JPEG or WEBP image' },
  }),
  discrepancy: operation({
    method: 'get',
    path: `${BASE}/:discrepancyId`,
    tag: TAG,
    params: IdParam,
    summary: 'One weight discrepancy: both weights, the hub photo, the money held, the timeline and what may be done',
    response: DiscrepancyDetailSchema,
    errors: NOT_YOURS,
  }),
  accept: operation({
    method: 'post',
    path: `${BASE}/:discrepancyId/accept`,
    tag: TAG,
    params: IdParam,
    summary: "Accepts the courier's weight: the held difference is charged (once)",
    response: DiscrepancyDetailSchema,
    errors: { ...NOT_YOURS, 409: 'answered already', 422: 'the time to answer has passed, or the wallet cannot pay' },
  }),
  dispute: operation({
    method: 'post',
    path: `${BASE}/:discrepancyId/dispute`,
    tag: TAG,
    params: IdParam,
    body: DisputeDiscrepancyBody,
    summary:
      "Disputes the courier's weight within 7 days: photos of the package on a scale and with a tape measure on each side (label visible) and the product's category",
    response: DiscrepancyDetailSchema,
    errors: { ...NOT_YOURS, 409: 'answered already', 422: 'the time to answer has passed' },
  }),
  escalate: operation({
    method: 'post',
    path: `${BASE}/:discrepancyId/escalate`,
    tag: TAG,
    params: IdParam,
    body: EscalateBody,
    summary: 'Escalates a rejected dispute, once, within 7 days of the rejection',
    response: DiscrepancyDetailSchema,
    errors: { ...NOT_YOURS, 409: 'not rejected, or escalated already', 422: 'the time to escalate has passed' },
  }),
  freeze: operation({
    method: 'get',
    path: '/api/v1/products/:productId/weight-freeze',
    tag: TAG,
    params: ProductParam,
    summary: "The product's newest weight-freeze request, or null",
    response: v.nullable(WeightFreezeRowSchema),
    errors: { 404: NO_PRODUCT },
  }),
  requestFreeze: operation({
    method: 'post',
    path: '/api/v1/products/:productId/weight-freeze',
    tag: TAG,
    params: ProductParam,
    body: FreezeBody,
    summary:
      "Asks to freeze a product's weight and size, with photos; once staff approve, its parcels raise no weight discrepancy for the seller",
    response: WeightFreezeRowSchema,
    errors: { 404: NO_PRODUCT, 409: 'a request is waiting already' },
  }),
  // staff
  staffList: operation({
    method: 'get',
    path: STAFF,
    tag: STAFF_TAG,
    query: v.object({
      ...pagingEntries,
      ...sortEntries(['raisedAt'], 'raisedAt'),
      ...SellerDiscrepancyQuery,
      platformBorne: PlatformBorneFilter,
    }),
    summary:
      'Weight discrepancies of every seller, newest first: filters by status, courier, dates, whether the platform bears it, and search (AWB, order, company), with counts',
    response: StaffDiscrepancyListSchema,
  }),
  staffDiscrepancy: operation({
    method: 'get',
    path: `${STAFF}/:discrepancyId`,
    tag: STAFF_TAG,
    params: IdParam,
    summary: 'One weight discrepancy with its evidence and timeline, for staff',
    response: DiscrepancyDetailSchema,
    errors: { 404: NO_SUCH },
  }),
  sendToCourier: operation({
    method: 'post',
    path: `${STAFF}/:discrepancyId/courier`,
    tag: STAFF_TAG,
    params: IdParam,
    summary: "Files a disputed (or platform-borne) discrepancy with its courier (the adapter's claim call)",
    response: DiscrepancyDetailSchema,
    errors: { 404: NO_SUCH, 409: 'not disputed' },
  }),
  decide: operation({
    method: 'post',
    path: `${STAFF}/:discrepancyId/decision`,
    tag: STAFF_TAG,
    params: IdParam,
    body: DecisionBody,
    summary:
      'Decides a dispute the courier has: SELLER releases the held money, COURIER charges it; with a note the seller reads',
    response: DiscrepancyDetailSchema,
    errors: { 404: NO_SUCH, 409: 'not with the courier, or decided already' },
  }),
  decideEscalation: operation({
    method: 'post',
    path: `${STAFF}/:discrepancyId/escalation`,
    tag: STAFF_TAG,
    params: IdParam,
    body: DecisionBody,
    summary: 'Decides an escalation for good: SELLER refunds the charge (once), COURIER lets it stand',
    response: DiscrepancyDetailSchema,
    errors: { 404: NO_SUCH, 409: 'not escalated, or decided already' },
  }),
  freezes: operation({
    method: 'get',
    path: FREEZES,
    tag: STAFF_TAG,
    query: v.object({ status: FreezeStatusFilter }),
    summary: 'Weight-freeze requests, newest first, with counts by status',
    response: StaffFreezeListSchema,
  }),
  approveFreeze: operation({
    method: 'post',
    path: `${FREEZES}/:freezeId/approve`,
    tag: STAFF_TAG,
    params: FreezeParam,
    summary: "Approves a waiting weight-freeze request: the product's parcels raise no discrepancy for the seller",
    response: WeightFreezeRowSchema,
    errors: { 404: 'no such request', 409: 'decided already' },
  }),
  rejectFreeze: operation({
    method: 'post',
    path: `${FREEZES}/:freezeId/reject`,
    tag: STAFF_TAG,
    params: FreezeParam,
    body: RejectFreezeBody,
    summary: 'Rejects a waiting weight-freeze request with a note the seller reads',
    response: WeightFreezeRowSchema,
    errors: { 404: 'no such request', 409: 'decided already' },
  }),
};
