import * as v from 'valibot';
import { countsSchema } from './account-contract';
import {
  DISPUTE_CATEGORIES,
  DISPUTE_RULES,
  DISPUTE_STATUSES,
  type DisputeCategory,
  type DisputeStatus,
} from './dispute-kinds';
import { IMAGE_TOO_LARGE } from './constants';
import { operation } from './operation';
import { STAFF_TAG, staffActionsOf } from './staff-action';
import { numericId } from './params';
import { pagedSchema, pagingEntries } from './paging';
import {
  AcceptDisputeBody,
  DisputeCategoryFilter,
  DisputeStatusFilter,
  RaiseDisputeBody,
  RejectDisputeBody,
} from './schemas/disputes';

// Paths, shapes and rules of delivery disputes: a seller's claim, within a few days of a
// delivery (or of a return reaching the seller), that the parcel went wrong; staff send it to the
// courier and accept it (crediting the wallet once per shipment) or reject it with a note.

export { DISPUTE_CATEGORIES, DISPUTE_RULES, DISPUTE_STATUSES };
import { DISPUTE_CATEGORY_LABELS, DISPUTE_STATUS_LABELS } from './dispute-kinds';
export type { DisputeCategory, DisputeStatus };
export { DISPUTE_CATEGORY_LABELS, DISPUTE_STATUS_LABELS };

const nullableString = v.nullable(v.string());

/** A category's words for one parcel: for a return to origin, "not received" is the seller's own. */
export function disputeCategoryText(category: DisputeCategory, deliveryStatus: string | null): string {
  if (category === 'NOT_RECEIVED' && deliveryStatus === 'RTO_DLV') return 'Return not received';
  return DISPUTE_CATEGORY_LABELS[category] ?? category;
}

/** A parcel the buyer says never came has no box to photograph; every other claim needs a photo. */
export const evidenceRequired = (category: DisputeCategory): boolean => category !== 'NOT_RECEIVED';

/** The last moment a delivery at `deliveredAt` may be disputed. */
export const disputeDeadline = (deliveredAt: Date | string): Date =>
  new Date(new Date(deliveredAt).getTime() + DISPUTE_RULES.windowDays * 86_400_000);

/**
 * The most an accepted dispute may credit: what the seller stands to lose on the parcel, that is
 * the order's value (as the seller declared it) plus what the seller paid to ship it (freight,
 * COD fee and GST), plus the return charge with GST when it came back. Never more, so a claim
 * cannot pay out beyond the parcel and its charges.
 */
export function maxDisputeCredit(p: {
  orderTotalPaise: number;
  shipmentTotalPaise: number;
  rtoChargePaise: number;
  returned: boolean;
  gstPercent: number;
}): number {
  const rto = p.returned ? p.rtoChargePaise + Math.round((p.rtoChargePaise * p.gstPercent) / 100) : 0;
  return p.orderTotalPaise + p.shipmentTotalPaise + rto;
}

export const DisputeEvidenceSchema = v.object({ fileId: v.string(), url: v.string(), name: v.string() });
export type DisputeEvidence = v.InferOutput<typeof DisputeEvidenceSchema>;

export const DisputeRowSchema = v.object({
  disputeId: v.number(),
  orderId: v.number(),
  orderNumber: v.string(),
  awb: v.string(),
  carrierCode: v.string(),
  carrierName: v.string(),
  /** DLV or RTO_DLV */
  deliveryStatus: v.string(),
  deliveredAt: v.string(),
  category: v.picklist(DISPUTE_CATEGORIES),
  categoryText: v.string(),
  description: v.string(),
  evidence: v.array(DisputeEvidenceSchema),
  status: v.picklist(DISPUTE_STATUSES),
  statusText: v.string(),
  maxCreditPaise: v.number(),
  raisedAt: v.string(),
  courierClaimRef: nullableString,
  sentToCourierAt: nullableString,
  creditedPaise: v.nullable(v.number()),
  staffNote: nullableString,
  resolvedAt: nullableString,
  /** staff lists only: the seller's company */
  companyName: v.optional(v.string()),
});
export type DisputeRow = v.InferOutput<typeof DisputeRowSchema>;

const DisputeCountsSchema = countsSchema(DISPUTE_STATUSES);
export type DisputeCounts = v.InferOutput<typeof DisputeCountsSchema>;

/** A page of disputes with counts by status (the seller's own, or every seller's for staff). */
export const StaffDisputeListSchema = v.object({
  ...pagedSchema(DisputeRowSchema).entries,
  counts: DisputeCountsSchema,
});
export type StaffDisputeList = v.InferOutput<typeof StaffDisputeListSchema>;
export const SellerDisputeListSchema = StaffDisputeListSchema;
export type SellerDisputeList = StaffDisputeList;

export const DisputeEligibilitySchema = v.object({
  /** true when a new dispute may be raised now */
  eligible: v.boolean(),
  /** why not, in the seller's words (null when eligible) */
  reason: nullableString,
  awb: nullableString,
  deliveryStatus: nullableString,
  deliveredAt: nullableString,
  deadline: nullableString,
  maxCreditPaise: v.nullable(v.number()),
  /** the shipment's newest dispute, when there is one */
  dispute: v.nullable(DisputeRowSchema),
});
export type DisputeEligibility = v.InferOutput<typeof DisputeEligibilitySchema>;

/** An image picked for upload, as the browser describes it (a File fits). */
export interface EvidenceFile {
  name: string;
  size: number;
  type: string;
}

export const EVIDENCE_TYPES = ['image/png', 'image/jpeg', 'image/webp'] as const;

export const DISPUTE_FORM_TEXT = {
  chooseCategory: 'Category: choose what went wrong',
  description: `Description must be ${DISPUTE_RULES.descriptionMin} to ${DISPUTE_RULES.descriptionMax} characters`,
  evidenceNeeded: 'Evidence: add at least one image of the parcel',
  tooManyImages: `Evidence: at most ${DISPUTE_RULES.evidenceMax} images`,
  imageTooLarge: 'Image must be at most 1 MB',
  imageWrongType: 'Only PNG, JPEG or WEBP images are accepted',
} as const;

/** Why a picked file cannot be added (the server sniffs the bytes again), or null. */
export function evidenceFileError(file: EvidenceFile, already: number, maxBytes: number): string | null {
  if (already >= DISPUTE_RULES.evidenceMax) return DISPUTE_FORM_TEXT.tooManyImages;
  if (!(EVIDENCE_TYPES as readonly string[]).includes(file.type)) return DISPUTE_FORM_TEXT.imageWrongType;
  if (file.size > maxBytes) return DISPUTE_FORM_TEXT.imageTooLarge;
  return null;
}

/** The first thing a draft dispute lacks, in the words the server would use, or null when it may be sent. */
export function disputeDraftError(d: {
  category: DisputeCategory | null;
  description: string;
  evidenceCount: number;
}): string | null {
  if (!d.category) return DISPUTE_FORM_TEXT.chooseCategory;
  const n = d.description.trim().length;
  if (n < DISPUTE_RULES.descriptionMin || n > DISPUTE_RULES.descriptionMax) return DISPUTE_FORM_TEXT.description;
  if (d.evidenceCount === 0 && evidenceRequired(d.category)) return DISPUTE_FORM_TEXT.evidenceNeeded;
  return null;
}

// The operations: each declared once, served by server/modules/disputes/routes.ts, sent by the
// browser with call() (src/services/call.ts) and by the server's tests with the same typed call.

const TAG = 'disputes';
const IdParam = v.object({ disputeId: numericId('disputeId') });
const ListQuery = v.object({ ...pagingEntries, status: DisputeStatusFilter, category: DisputeCategoryFilter });
const NO_DISPUTE = 'no such dispute';
const STAFF = '/api/v1/corporate/disputes';
/** A staff decision on one dispute. */
const staffAction = staffActionsOf(`${STAFF}/:disputeId`, IdParam, DisputeRowSchema, NO_DISPUTE);

export const API_DISPUTES = {
  // seller
  eligibility: operation({
    method: 'get',
    path: '/api/v1/disputes/eligibility/:orderId',
    tag: TAG,
    params: v.object({ orderId: numericId('orderId') }),
    summary:
      "Whether the order's shipment may be disputed now (delivered or RTO delivered, within the window, none open), with its newest dispute",
    response: DisputeEligibilitySchema,
    errors: { 404: 'no such order' },
  }),
  evidence: operation({
    method: 'post',
    path: '/api/v1/disputes/evidence',
    tag: TAG,
    multipart: true,
    summary:
      'Uploads one evidence image for a dispute (field "file"; PNG, JPEG or WEBP up to 1 MB, checked by its content)',
    response: DisputeEvidenceSchema,
    errors: { 413: IMAGE_TOO_LARGE, 415: 'not a PNG, JPEG or WEBP image' },
  }),
  raise: operation({
    method: 'post',
    path: '/api/v1/disputes',
    tag: TAG,
    body: RaiseDisputeBody,
    summary:
      'Raises a dispute on a delivered or RTO delivered shipment within 3 days: category, description and evidence images (one open dispute per shipment)',
    response: DisputeRowSchema,
    errors: {
      404: 'no such order',
      409: 'a dispute is open for this shipment, or one was accepted',
      422: 'not delivered, or the window has closed',
    },
  }),
  disputes: operation({
    method: 'get',
    path: '/api/v1/disputes',
    tag: TAG,
    query: ListQuery,
    summary:
      "The seller's disputes, newest first, a page at a time: by status, category and a search (AWB, order), with counts by status",
    response: SellerDisputeListSchema,
  }),
  dispute: operation({
    method: 'get',
    path: '/api/v1/disputes/:disputeId',
    tag: TAG,
    params: IdParam,
    summary: "One of the seller's disputes, with its status and the staff's note",
    response: DisputeRowSchema,
    errors: { 404: NO_DISPUTE },
  }),
  // staff
  staffList: operation({
    method: 'get',
    path: STAFF,
    tag: STAFF_TAG,
    query: ListQuery,
    summary:
      'Delivery disputes of every seller, newest first: filters by status, category and search (AWB, order, company), with counts by status',
    response: StaffDisputeListSchema,
  }),
  staffDispute: operation({
    method: 'get',
    path: `${STAFF}/:disputeId`,
    tag: STAFF_TAG,
    params: IdParam,
    summary: 'One dispute with its evidence, for staff',
    response: DisputeRowSchema,
    errors: { 404: NO_DISPUTE },
  }),
  sendToCourier: staffAction(
    'courier',
    undefined,
    "Files an open dispute with its courier (the adapter's claim call); the dispute is then with the courier",
    'not open',
  ),
  accept: staffAction(
    'accept',
    AcceptDisputeBody,
    "Accepts a dispute the courier has: credits the seller's wallet once per shipment, at most the order value plus the shipment's charges",
    'not with the courier, or settled already',
  ),
  reject: staffAction(
    'reject',
    RejectDisputeBody,
    'Rejects an open dispute or one with the courier, with a note the seller reads',
    'settled already',
  ),
} as const;
