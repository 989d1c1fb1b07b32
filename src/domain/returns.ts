import type { ReturnStatus } from './order-status';

// Returns (issue "Returns and reverse pickups"): the reasons a buyer sends a parcel back, with
// their sub-reasons; what a courier checks at the doorstep; what the seller decides for the buyer;
// the list's tabs; and the return's own rules (what the seller may do at each status).

export interface ReasonEntry {
  label: string;
  subReasons: Record<string, string>;
}

/** Our reasons, each with its sub-reasons (the form asks for both; GET reasons answers these). */
export const RETURN_REASONS = {
  DAMAGED: {
    label: 'Product damaged',
    subReasons: {
      BROKEN: 'Broken or cracked',
      TORN_STAINED: 'Torn or stained',
      LEAKING: 'Leaking or spilled',
      PACKAGING: 'Outer packaging damaged',
    },
  },
  DEFECTIVE: {
    label: 'Defective or not working',
    subReasons: {
      DEAD_ON_ARRIVAL: 'Does not switch on or work at all',
      PART_NOT_WORKING: 'A part does not work',
      MISSING_PARTS: 'Parts or accessories missing',
    },
  },
  WRONG_ITEM: {
    label: 'Wrong item sent',
    subReasons: {
      DIFFERENT_PRODUCT: 'A different product',
      WRONG_COLOUR: 'Wrong colour',
      WRONG_SIZE: 'Wrong size',
      WRONG_QUANTITY: 'Wrong quantity',
    },
  },
  SIZE_FIT: {
    label: 'Size or fit',
    subReasons: {
      TOO_SMALL: 'Too small',
      TOO_LARGE: 'Too large',
      FIT_NOT_AS_EXPECTED: 'Fit not as expected',
    },
  },
  NOT_AS_DESCRIBED: {
    label: 'Not as described',
    subReasons: {
      QUALITY: 'Quality below expectation',
      LOOKS_DIFFERENT: 'Looks different from the pictures',
      MATERIAL: 'Material different',
    },
  },
  NO_LONGER_NEEDED: {
    label: 'No longer needed',
    subReasons: {
      ORDERED_BY_MISTAKE: 'Ordered by mistake',
      BETTER_PRICE: 'Found a better price',
      ARRIVED_LATE: 'Arrived too late',
    },
  },
  OTHER: {
    label: 'Other',
    subReasons: { OTHER: 'Other (see the comment)' },
  },
} as const satisfies Record<string, ReasonEntry>;
export type ReturnReason = keyof typeof RETURN_REASONS;
export const RETURN_REASON_CODES = Object.keys(RETURN_REASONS) as ReturnReason[];
export const ALL_SUB_REASON_CODES = [
  ...new Set(RETURN_REASON_CODES.flatMap((r) => Object.keys(RETURN_REASONS[r].subReasons))),
];

/** Whether a sub-reason belongs to a reason. */
export function subReasonOf(reason: string, subReason: string): boolean {
  const entry = (RETURN_REASONS as Record<string, ReasonEntry>)[reason];
  return Boolean(entry && subReason in entry.subReasons);
}

export function reasonText(reason: string): string {
  return (RETURN_REASONS as Record<string, ReasonEntry>)[reason]?.label ?? reason;
}

export function subReasonText(reason: string, subReason: string): string {
  return (RETURN_REASONS as Record<string, ReasonEntry>)[reason]?.subReasons[subReason] ?? subReason;
}

/** What a courier may check at the buyer's door before taking the parcel. */
export const QC_CHECKS = {
  PRODUCT_IMAGE: 'Product matches its image',
  SKU: 'SKU matches',
  COLOUR: 'Colour matches',
  SIZE: 'Size matches',
  SERIAL: 'Serial number or IMEI matches',
  UNUSED_WITH_TAGS: 'Unused, with tags on',
} as const;
export type QcCheckKind = keyof typeof QC_CHECKS;
export const QC_CHECK_KINDS = Object.keys(QC_CHECKS) as QcCheckKind[];

/** Checks where the seller must say what the courier compares against (the colour, the size, the serial). */
export const QC_NEEDS_EXPECTED: readonly QcCheckKind[] = ['COLOUR', 'SIZE', 'SERIAL'];

/** A check's outcome: PENDING until the courier is at the door. */
export const QC_RESULTS = ['PENDING', 'PASSED', 'FAILED'] as const;
export type QcResult = (typeof QC_RESULTS)[number];

/** What the seller decided for the buyer (recorded for reports; the money moves in the seller's store). */
export const REFUND_DECISIONS = {
  REFUND: 'Refund',
  EXCHANGE: 'Exchange',
  STORE_CREDIT: 'Store credit',
  NONE: 'No refund',
} as const;
export type RefundDecision = keyof typeof REFUND_DECISIONS;
export const REFUND_DECISION_CODES = Object.keys(REFUND_DECISIONS) as RefundDecision[];

/** Where a return goes back to: one of the seller's pickup addresses or warehouses. */
export const RETURN_TO_KINDS = ['PICKUP_ADDRESS', 'WAREHOUSE'] as const;
export type ReturnToKind = (typeof RETURN_TO_KINDS)[number];

/** How a return came to be. */
export const RETURN_SOURCES = {
  SELLER: 'Created by the seller',
  BUYER: 'Asked for by the buyer',
  CSV: 'Bulk upload',
} as const;
export type ReturnSource = keyof typeof RETURN_SOURCES;

/** The returns list's tabs, each a set of return statuses (ALL: every one). */
export const RETURN_TABS = {
  ALL: 'All',
  READY: 'Ready for pickup',
  SCHEDULED: 'Pickup scheduled',
  FAILED: 'Pickup failed',
  IN_TRANSIT: 'In transit',
  DELIVERED: 'Delivered',
  CLOSED: 'Cancelled or lost',
} as const;
export type ReturnTab = keyof typeof RETURN_TABS;
export const RETURN_TAB_CODES = Object.keys(RETURN_TABS) as ReturnTab[];
export const RETURN_TAB_STATUSES: Record<Exclude<ReturnTab, 'ALL'>, readonly ReturnStatus[]> = {
  READY: ['RFP'],
  SCHEDULED: ['RPS', 'RPA'],
  FAILED: ['RPF'],
  IN_TRANSIT: ['RPKD', 'RINT'],
  DELIVERED: ['RDLV'],
  CLOSED: ['RCAN', 'RLST'],
};

/** The list's QC filter. */
export const QC_FILTERS = {
  WITH: 'With QC',
  WITHOUT: 'Without QC',
  PASSED: 'QC passed',
  FAILED: 'QC failed',
} as const;
export type QcFilter = keyof typeof QC_FILTERS;

/** A buyer's return request, as the seller sees it. */
export const RETURN_REQUEST_STATES = {
  PENDING: 'Waiting for you',
  APPROVED: 'Approved',
  REJECTED: 'Rejected',
} as const;
export type ReturnRequestState = keyof typeof RETURN_REQUEST_STATES;

/** The seller's return settings when none were saved. */
export const DEFAULT_RETURN_SETTINGS = { returnWindowDays: 7, autoApprove: false } as const;
export const RETURN_WINDOW_MAX_DAYS = 90;

/** What the seller may do to a return, by status (the server enforces the same). */
export const RETURN_ACTIONS = ['ship', 'cancelShipment', 'reassign', 'cancel', 'label', 'exchange'] as const;
export type ReturnAction = (typeof RETURN_ACTIONS)[number];

const BOOKED: readonly ReturnStatus[] = ['RPS', 'RPA'];
const RULES: Record<ReturnAction, (s: ReturnStatus, hasExchange: boolean) => boolean> = {
  ship: (s) => s === 'RFP' || s === 'RPF',
  cancelShipment: (s) => BOOKED.includes(s),
  reassign: (s) => s === 'RPS',
  cancel: (s) => s === 'RFP' || s === 'RPF' || BOOKED.includes(s),
  label: (s) => BOOKED.includes(s) || s === 'RPKD' || s === 'RINT',
  exchange: (s, hasExchange) => !hasExchange && s !== 'RCAN' && s !== 'RLST' && s !== 'RPF',
};

export function returnAllows(status: ReturnStatus, action: ReturnAction, hasExchange = false): boolean {
  return RULES[action](status, hasExchange);
}

/** Every action at once (the detail's `actions`). */
export function returnActions(status: ReturnStatus, hasExchange: boolean): Record<ReturnAction, boolean> {
  return Object.fromEntries(RETURN_ACTIONS.map((a) => [a, returnAllows(status, a, hasExchange)])) as Record<
    ReturnAction,
    boolean
  >;
}

/** Return numbers: RET- and a running number of the seller's own. */
export const RETURN_NUMBER_PREFIX = 'RET-';
export const returnNumber = (n: number) => `${RETURN_NUMBER_PREFIX}${String(n).padStart(6, '0')}`;

/**
 * What the courier compares against for a check the seller left without words: the returned
 * products themselves (their SKUs, or their names and quantities). Colour, size and serial are
 * the seller's to say; a given text is kept as given.
 */
export function qcExpected(
  kind: QcCheckKind,
  given: string,
  items: readonly { name: string; sku: string; quantity: number }[],
): string {
  if (given.trim() || QC_NEEDS_EXPECTED.includes(kind)) return given.trim();
  const list = (text: (i: (typeof items)[number]) => string) =>
    items
      .map((i) => `${text(i)} × ${i.quantity}`)
      .join(', ')
      .slice(0, 200);
  return kind === 'SKU' ? list((i) => i.sku || i.name) : list((i) => i.name);
}
