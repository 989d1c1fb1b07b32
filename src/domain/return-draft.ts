// A return being put together (issue "Returns"), by the seller for a delivered order or on its
// own, or by the buyer from the tracking page: which items and how many, why, and the photos.
// Pure rules the machines' guards and the screens share; the server checks the same again.

/** An item of the order that may be returned: `ordered` is the most that can come back. */
export interface ReturnableItem {
  sku: string;
  name: string;
  ordered: number;
  unitPricePaise: number;
}

/** A reason from GET reasons; a reason with sub-reasons needs one of them. */
export interface ReturnReasonOption {
  code: string;
  label: string;
  subReasons: readonly { code: string; label: string }[];
}

/** The quantities chosen, by SKU (0 or absent: not returned). */
export type ReturnQuantities = Record<string, number>;

export const MAX_RETURN_PHOTOS = 4;

/** A quantity within 0..ordered, whole. */
export function clampQuantity(value: number, ordered: number): number {
  if (!Number.isFinite(value)) return 0;
  return Math.max(0, Math.min(ordered, Math.floor(value)));
}

/** The items chosen with their quantities, in the order's order. */
export function chosenItems(items: readonly ReturnableItem[], quantities: ReturnQuantities) {
  return items
    .filter((i) => (quantities[i.sku] ?? 0) > 0)
    .map((i) => ({ sku: i.sku, name: i.name, quantity: quantities[i.sku], unitPricePaise: i.unitPricePaise }));
}

/** What stops the items step, or null. */
export function itemsProblem(items: readonly ReturnableItem[], quantities: ReturnQuantities): string | null {
  return chosenItems(items, quantities).length === 0 ? 'Choose at least one item to return' : null;
}

/** What stops the reason step, or null. */
export function reasonProblem(
  reasons: readonly ReturnReasonOption[],
  reason: string | null,
  subReason: string | null,
): string | null {
  const chosen = reasons.find((r) => r.code === reason);
  if (!chosen) return 'Choose a reason for the return';
  if (chosen.subReasons.length > 0 && !chosen.subReasons.some((s) => s.code === subReason))
    return 'Choose what exactly is wrong';
  return null;
}

/** The value of the items coming back. */
export function returnValuePaise(items: readonly ReturnableItem[], quantities: ReturnQuantities): number {
  return chosenItems(items, quantities).reduce((sum, i) => sum + i.quantity * i.unitPricePaise, 0);
}
