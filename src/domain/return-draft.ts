import type { BuyerReturnOffer, Photo, ReturnReasonRow, Returnable } from './returns-contract';
import { QC_NEEDS_EXPECTED, type QcCheckKind, type RefundDecision, type ReturnToKind } from './returns';
import type { BuyerReturnRequestInput, InitiateReturnInput, QcInput, StandaloneReturnInput } from './schemas/returns';
import { rupeesOf } from './money';

// A return being put together (issue "Returns"), by the seller for a delivered order or on its
// own, or by the buyer from the tracking page: which items and how many, why, the photos, where
// it goes back to and what the courier checks at the door. Pure rules the machines' guards and
// the screens share, and the request bodies they send; the server checks the same again.

/** An item that may come back: `ordered` is the most that can. `key`: its order line, or its SKU. */
export interface ReturnableItem {
  key: string;
  orderItemId: number | null;
  sku: string;
  name: string;
  ordered: number;
  unitPricePaise: number;
}

export type ReturnReasonOption = Pick<ReturnReasonRow, 'label' | 'subReasons'> & { code: string };

/** The quantities chosen, by item key (0 or absent: not returned). */
export type ReturnQuantities = Record<string, number>;

/** The seller's place a return may go back to. */
export interface ReturnToOption {
  kind: ReturnToKind;
  id: number;
  label: string;
}

export interface QcChoice {
  kind: QcCheckKind;
  expected: string;
}

export const MAX_RETURN_PHOTOS = 5;

/** What stops a step of the buyer's request, by key (the buyer's page words them in Hindi too). */
export const RETURN_PROBLEMS = {
  noItems: 'Choose at least one item to return',
  noReason: 'Choose a reason for the return',
  noSubReason: 'Choose what exactly is wrong',
};

/** A quantity within 0..ordered, whole. */
export function clampQuantity(value: number, ordered: number): number {
  if (!Number.isFinite(value)) return 0;
  return Math.max(0, Math.min(ordered, Math.floor(value)));
}

/** The items chosen with their quantities, in the order's order. */
export function chosenItems(items: readonly ReturnableItem[], quantities: ReturnQuantities) {
  return items.filter((i) => (quantities[i.key] ?? 0) > 0).map((i) => ({ ...i, quantity: quantities[i.key] }));
}

/** What stops the items step, or null. */
export function itemsProblem(items: readonly ReturnableItem[], quantities: ReturnQuantities): string | null {
  return chosenItems(items, quantities).length === 0 ? RETURN_PROBLEMS.noItems : null;
}

/** What stops the reason step, or null. */
export function reasonProblem(
  reasons: readonly ReturnReasonOption[],
  reason: string | null,
  subReason: string | null,
): string | null {
  const chosen = reasons.find((r) => r.code === reason);
  if (!chosen) return RETURN_PROBLEMS.noReason;
  if (chosen.subReasons.length > 0 && !chosen.subReasons.some((s) => s.code === subReason))
    return RETURN_PROBLEMS.noSubReason;
  return null;
}

/** What stops the quality-check step, or null. */
export function qcProblem(enabled: boolean, checks: readonly QcChoice[]): string | null {
  if (!enabled) return null;
  if (checks.length === 0) return 'Choose at least one check, or turn the quality check off';
  const missing = checks.find((c) => QC_NEEDS_EXPECTED.includes(c.kind) && !c.expected.trim());
  return missing ? 'Say what the courier compares against for each colour, size or serial check' : null;
}

/** The value of the items coming back. */
export function returnValuePaise(items: readonly ReturnableItem[], quantities: ReturnQuantities): number {
  return chosenItems(items, quantities).reduce((sum, i) => sum + i.quantity * i.unitPricePaise, 0);
}

/** The items of a delivered order that may come back. */
export function returnableItems(r: Returnable): ReturnableItem[] {
  return r.items
    .filter((i) => i.returnableQuantity > 0)
    .map((i) => ({
      key: String(i.orderItemId),
      orderItemId: i.orderItemId,
      sku: i.sku,
      name: i.name,
      ordered: i.returnableQuantity,
      unitPricePaise: i.unitPricePaise,
    }));
}

/** The items the buyer may send back. */
export function offerItems(o: BuyerReturnOffer): ReturnableItem[] {
  return o.items
    .filter((i) => i.returnableQuantity > 0)
    .map((i) => ({
      key: String(i.orderItemId),
      orderItemId: i.orderItemId,
      sku: i.sku,
      name: i.name,
      ordered: i.returnableQuantity,
      unitPricePaise: 0,
    }));
}

/** The return's own fields, as the seller typed them for an order sold elsewhere (text as typed). */
export interface StandaloneDetails {
  orderNumber: string;
  buyerName: string;
  buyerPhone: string;
  buyerEmail: string;
  line1: string;
  line2: string;
  pincode: string;
  lengthCm: string;
  breadthCm: string;
  heightCm: string;
  deadWeightKg: string;
}

/** Everything the seller chose, as the review shows it and the create call sends it. */
export interface ReturnDraft {
  orderId: number | null;
  items: (ReturnableItem & { quantity: number })[];
  reason: string;
  subReason: string;
  comment: string;
  photos: Photo[];
  standalone: StandaloneDetails | null;
  returnTo: { kind: ReturnToKind; id: number } | null;
  qc: QcChoice[] | null;
  refundDecision: RefundDecision;
}

const qcBody = (qc: QcChoice[] | null): QcInput | null =>
  qc && qc.length ? { checks: qc.map((c) => ({ kind: c.kind, expected: c.expected.trim() })) } : null;

const common = (d: ReturnDraft) => ({
  reason: d.reason as InitiateReturnInput['reason'],
  subReason: d.subReason,
  comment: d.comment.trim(),
  photoFileIds: d.photos.map((p) => p.fileId),
  returnToKind: d.returnTo?.kind ?? 'PICKUP_ADDRESS',
  returnToId: d.returnTo?.id ?? 0,
  qc: qcBody(d.qc),
  refundDecision: d.refundDecision,
});

/** POST initiate: a delivered order's return. */
/** (The binding adds the dialog's idempotency key.) */
export function initiateBody(d: ReturnDraft): Omit<InitiateReturnInput, 'idempotencyKey'> {
  return {
    forwardOrderId: d.orderId ?? 0,
    items: d.items.map((i) => ({ orderItemId: i.orderItemId ?? 0, quantity: i.quantity })),
    ...common(d),
  };
}

const num = (s: string) => Number(s.trim() || NaN);

/** POST standalone: the server names any wrong field by its label. */
export function standaloneBody(d: ReturnDraft): Omit<StandaloneReturnInput, 'idempotencyKey'> {
  const s = d.standalone;
  return {
    orderNumber: s?.orderNumber.trim() ?? '',
    channel: 'DAKIYA',
    buyerName: s?.buyerName.trim() ?? '',
    buyerPhone: s?.buyerPhone.trim() ?? '',
    buyerEmail: s?.buyerEmail.trim() ?? '',
    buyerAddress: { line1: s?.line1.trim() ?? '', line2: s?.line2.trim() ?? '', pincode: s?.pincode.trim() ?? '' },
    items: d.items.map((i) => ({
      name: i.name,
      sku: i.sku,
      quantity: i.quantity,
      unitPrice: rupeesOf(i.unitPricePaise),
    })),
    ...common(d),
    lengthCm: num(s?.lengthCm ?? ''),
    breadthCm: num(s?.breadthCm ?? ''),
    heightCm: num(s?.heightCm ?? ''),
    deadWeightKg: num(s?.deadWeightKg ?? ''),
  } as StandaloneReturnInput;
}

/** The buyer's POST. */
export function buyerRequestBody(
  key: string,
  items: readonly ReturnableItem[],
  quantities: ReturnQuantities,
  reason: string,
  subReason: string,
  comment: string,
  photos: readonly Photo[],
): BuyerReturnRequestInput {
  return {
    key,
    items: chosenItems(items, quantities).map((i) => ({ orderItemId: i.orderItemId ?? 0, quantity: i.quantity })),
    reason: reason as BuyerReturnRequestInput['reason'],
    subReason,
    comment: comment.trim(),
    photoFileIds: photos.map((p) => p.fileId),
  };
}
