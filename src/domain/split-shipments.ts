import type { ForwardStatus } from './order-status';
import { wholeRupeesDown } from './money';

// Split shipments (issue "Split shipments"): one order shipped as several packages, by item
// (each package its own AWB, booked now or later) or by box (one multi-piece shipment: child
// AWBs under a master AWB, for couriers that take one). The pure rules shared by the split
// dialog and the server: what a valid split is, how a COD amount is shared between packages,
// and the order's status derived from its packages' (docs/decisions/split-shipments.md).

export const SPLIT_MODES = ['BY_ITEM', 'BY_BOX'] as const;
export type SplitMode = (typeof SPLIT_MODES)[number];
export const SPLIT_MODE_LABELS: Record<SplitMode, string> = {
  BY_ITEM: 'By item: each package its own shipment',
  BY_BOX: 'By box: one multi-piece shipment',
};

export const MIN_PACKAGES = 2;
export const MAX_PACKAGES = 10;

/** A status a package of a split order can have (the order's own partial states are not a package's). */
export type PackageStatus = Exclude<ForwardStatus, 'PART_SHP' | 'PART_DLV' | 'CAN'>;

/** Packages still with the courier, least advanced first: a split order waits for its slowest. */
const IN_FLIGHT_RANK: readonly PackageStatus[] = ['PKP_SCH', 'PKD', 'INT', 'NDR', 'OFD', 'RTO_INT'];
/** When every package has ended without a delivery: a return home outranks a loss. */
const ENDED_RANK: readonly PackageStatus[] = ['RTO_DLV', 'DMG', 'LST'];

/**
 * The order's status from its packages' statuses:
 * 1. all the same → that status;
 * 2. some not yet booked (RTS) beside booked ones → Partially Shipped;
 * 3. some delivered but not all → Partially Delivered;
 * 4. any still with the courier → the least advanced of those;
 * 5. all ended without a delivery → RTO Delivered, else Damaged, else Lost.
 */
export function orderStatusOfPackages(statuses: readonly PackageStatus[]): ForwardStatus {
  if (!statuses.length) return 'RTS';
  if (statuses.every((s) => s === statuses[0])) return statuses[0];
  if (statuses.includes('RTS')) return 'PART_SHP';
  if (statuses.includes('DLV')) return 'PART_DLV';
  const moving = IN_FLIGHT_RANK.find((s) => statuses.includes(s));
  if (moving) return moving;
  return ENDED_RANK.find((s) => statuses.includes(s)) ?? statuses[0];
}

/** An order line as the split sees it. */
export interface SplitItem {
  itemId: number;
  name: string;
  quantity: number;
  unitPricePaise: number;
}

export interface PackageLine {
  itemId: number;
  quantity: number;
}

export interface PackageDraft {
  lines: PackageLine[];
  deadWeightKg: number;
  lengthCm: number;
  breadthCm: number;
  heightCm: number;
}

/** Why a split cannot be saved, in the seller's words; null when it can. */
export function splitProblem(items: readonly SplitItem[], packages: readonly PackageDraft[]): string | null {
  if (packages.length < MIN_PACKAGES) return `Packages: a split needs at least ${MIN_PACKAGES} packages`;
  if (packages.length > MAX_PACKAGES) return `Packages: an order splits into ${MAX_PACKAGES} packages at most`;
  const byId = new Map(items.map((i) => [i.itemId, i]));
  const placed = new Map<number, number>();
  for (const [n, p] of packages.entries()) {
    const lines = p.lines.filter((l) => l.quantity > 0);
    if (!lines.length) return `Package ${n + 1} has no items`;
    for (const l of lines) {
      if (!byId.has(l.itemId)) return `Package ${n + 1}: no such item in this order`;
      if (!Number.isInteger(l.quantity)) return `Package ${n + 1}: quantities are whole numbers`;
      placed.set(l.itemId, (placed.get(l.itemId) ?? 0) + l.quantity);
    }
  }
  for (const i of items) {
    const q = placed.get(i.itemId) ?? 0;
    if (q < i.quantity) return `${i.name}: ${i.quantity - q} of ${i.quantity} not in any package`;
    if (q > i.quantity) return `${i.name}: ${q} packed but the order has ${i.quantity}`;
  }
  return null;
}

/** Each package's value: its items at the order's prices. */
export function packageValues(items: readonly SplitItem[], packages: readonly { lines: PackageLine[] }[]): number[] {
  const price = new Map(items.map((i) => [i.itemId, i.unitPricePaise]));
  return packages.map((p) => p.lines.reduce((sum, l) => sum + (price.get(l.itemId) ?? 0) * l.quantity, 0));
}

/**
 * A COD amount shared between packages by their value, in whole rupees where it can be (the
 * courier's agent collects cash), the remainder on the last package so the shares add up.
 */
export function codShares(codAmountPaise: number, values: readonly number[]): number[] {
  if (!values.length) return [];
  const total = values.reduce((a, b) => a + b, 0);
  const shares = values.map((v, i) =>
    i === values.length - 1
      ? 0
      : total > 0
        ? wholeRupeesDown((codAmountPaise * v) / total)
        : wholeRupeesDown(codAmountPaise / values.length),
  );
  shares[shares.length - 1] = codAmountPaise - shares.reduce((a, b) => a + b, 0);
  return shares;
}

/** "1 of 2": a package's place in its order, as labels and the tracking page print it. */
export const packageOf = (packageNo: number, count: number) => `${packageNo} of ${count}`;

/** A split with one line per item kept in the first package: where the dialog starts. */
export function startingSplit(items: readonly SplitItem[], count = MIN_PACKAGES): PackageLine[][] {
  return Array.from({ length: count }, (_, n) =>
    items.map((i, k) => ({
      itemId: i.itemId,
      quantity: items.length >= count ? (k % count === n ? i.quantity : 0) : n === 0 ? i.quantity : 0,
    })),
  );
}

/** The split dialog's package as typed: quantities by item, weight and size as the fields hold them. */
export interface PackageDraftText {
  quantities: Record<number, number>;
  deadWeightKg: string;
  lengthCm: string;
  breadthCm: string;
  heightCm: string;
}
export type PackageSizeField = 'deadWeightKg' | 'lengthCm' | 'breadthCm' | 'heightCm';
export const PACKAGE_SIZE_LABELS: Record<PackageSizeField, string> = {
  deadWeightKg: 'Weight (kg)',
  lengthCm: 'Length (cm)',
  breadthCm: 'Breadth (cm)',
  heightCm: 'Height (cm)',
};

/** The order's own parcel: where each package's size starts. */
export interface OrderParcel {
  deadWeightKg: number;
  lengthCm: number;
  breadthCm: number;
  heightCm: number;
}

/** New packages for the dialog: the items spread as startingSplit does, the order's size, its weight shared. */
export function startingDrafts(
  items: readonly SplitItem[],
  parcel: OrderParcel,
  count = MIN_PACKAGES,
): PackageDraftText[] {
  const share = Math.max(0.01, Math.round((parcel.deadWeightKg / count) * 100) / 100);
  return startingSplit(items, count).map((lines) => ({
    quantities: Object.fromEntries(lines.map((l) => [l.itemId, l.quantity])),
    deadWeightKg: String(share),
    lengthCm: String(parcel.lengthCm),
    breadthCm: String(parcel.breadthCm),
    heightCm: String(parcel.heightCm),
  }));
}

/** The split's request body from the dialog's packages, or why it cannot be saved yet. */
export function splitBodyOf(
  splitMode: SplitMode,
  items: readonly SplitItem[],
  drafts: readonly PackageDraftText[],
): { body: { splitMode: SplitMode; packages: PackageDraft[] } } | { problem: string } {
  const packages: PackageDraft[] = [];
  for (const [n, d] of drafts.entries()) {
    const size = {} as Record<PackageSizeField, number>;
    for (const field of Object.keys(PACKAGE_SIZE_LABELS) as PackageSizeField[]) {
      const value = Number(d[field].trim());
      if (!d[field].trim() || !Number.isFinite(value) || value <= 0)
        return { problem: `Package ${n + 1}: ${PACKAGE_SIZE_LABELS[field]} must be a positive number` };
      size[field] = value;
    }
    packages.push({
      ...size,
      lines: items
        .map((i) => ({ itemId: i.itemId, quantity: d.quantities[i.itemId] ?? 0 }))
        .filter((l) => l.quantity > 0),
    });
  }
  const problem = splitProblem(items, packages);
  return problem ? { problem } : { body: { splitMode, packages } };
}
