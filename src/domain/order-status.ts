// Order status codes, their display texts, and the allowed transitions (issue "Orders"). The
// server refuses any change not in this table; docs/order-status.md draws it.
//
// Forward orders start Ready To Ship; shipping (issue "Shipping") assigns a courier and AWB;
// courier scans move the order on; cancel is possible until pickup. Codes the spec shows on
// tracking (DLV, RTO_DLV, LST, RTO_INT) and the display texts it shows (Ready To Ship, In
// Transit, Ready For Pickup) are kept as they are.

export const FORWARD_STATUSES = {
  RTS: 'Ready To Ship',
  PKP_SCH: 'Pickup Scheduled',
  PKD: 'Picked Up',
  INT: 'In Transit',
  OFD: 'Out For Delivery',
  NDR: 'Delivery Attempt Failed',
  DLV: 'Delivered',
  RTO_INT: 'RTO In Transit',
  RTO_DLV: 'RTO Delivered',
  LST: 'Lost',
  DMG: 'Damaged',
  CAN: 'Cancelled',
  // a split order (docs/decisions/split-shipments.md): some packages booked, others to ship later;
  // some delivered, others not
  PART_SHP: 'Partially Shipped',
  PART_DLV: 'Partially Delivered',
} as const;
export type ForwardStatus = keyof typeof FORWARD_STATUSES;
export const FORWARD_STATUS_CODES = Object.keys(FORWARD_STATUSES) as ForwardStatus[];

export const RETURN_STATUSES = {
  RFP: 'Ready For Pickup',
  RPS: 'Return Pickup Scheduled',
  RPA: 'Return Pickup Attempted',
  RPF: 'Return Pickup Failed',
  RPKD: 'Return Picked Up',
  RINT: 'In Transit',
  RDLV: 'Return Delivered',
  RCAN: 'Return Cancelled',
  RLST: 'Lost',
} as const;
export type ReturnStatus = keyof typeof RETURN_STATUSES;

/**
 * Tracking pages show the first steps in the buyer's words (spec section 2). A return's page
 * exists once its pickup is booked: waiting for the courier (Pickup Scheduled) still reads
 * 'Return Confirmed' to the buyer, as Ready For Pickup does.
 */
export const BUYER_TITLES: Partial<Record<ForwardStatus | ReturnStatus, string>> = {
  RTS: 'Order Confirmed',
  INT: 'Order Shipped',
  RFP: 'Return Confirmed',
  RPS: 'Return Confirmed',
  RINT: 'Return Shipped',
};

/** Which status may follow which (forward orders). */
export const FORWARD_TRANSITIONS: Record<ForwardStatus, readonly ForwardStatus[]> = {
  RTS: ['PKP_SCH', 'CAN'],
  // a courier reassignment keeps the order Pickup Scheduled; cancelling the shipment sends it back to Ready To Ship
  PKP_SCH: ['PKP_SCH', 'PKD', 'RTS', 'CAN'],
  PKD: ['INT', 'LST', 'DMG', 'RTO_INT'],
  INT: ['OFD', 'NDR', 'LST', 'DMG', 'RTO_INT'],
  OFD: ['DLV', 'NDR', 'LST', 'DMG'],
  NDR: ['OFD', 'INT', 'RTO_INT', 'LST'],
  RTO_INT: ['RTO_DLV', 'LST', 'DMG'],
  DLV: [],
  RTO_DLV: [],
  LST: [],
  DMG: [],
  CAN: [],
  PART_SHP: [],
  PART_DLV: [],
};

export const RETURN_STATUS_CODES = Object.keys(RETURN_STATUSES) as ReturnStatus[];

/**
 * Which status may follow which (returns). A reassignment keeps a return Pickup Scheduled;
 * cancelling its shipment sends it back to Ready For Pickup; a pickup the courier could not make
 * (the buyer away, or the doorstep quality check failed) is Pickup Failed, from where the seller
 * books it again or cancels the return.
 */
export const RETURN_TRANSITIONS: Record<ReturnStatus, readonly ReturnStatus[]> = {
  RFP: ['RPS', 'RCAN'],
  RPS: ['RPS', 'RPA', 'RPKD', 'RPF', 'RFP', 'RCAN'],
  RPA: ['RPA', 'RPKD', 'RPF', 'RFP', 'RCAN'],
  RPF: ['RPS', 'RCAN'],
  RPKD: ['RINT', 'RDLV', 'RLST'],
  RINT: ['RDLV', 'RLST'],
  RDLV: [],
  RCAN: [],
  RLST: [],
};

/** A forward parcel the courier has not taken yet: ready to ship, or its pickup scheduled. */
export const FORWARD_BEFORE_PICKUP: readonly ForwardStatus[] = ['RTS', 'PKP_SCH'];

/** A return the courier has not collected from the buyer yet. */
export const RETURN_BEFORE_PICKUP: readonly ReturnStatus[] = ['RFP', 'RPS', 'RPA', 'RPF'];

/** With a courier and on the move: what escalations and delays are about. */
export const IN_FLIGHT: readonly ForwardStatus[] = [
  'PKP_SCH',
  'PKD',
  'INT',
  'OFD',
  'NDR',
  'RTO_INT',
  'PART_SHP',
  'PART_DLV',
];

export function canMove(from: ForwardStatus, to: ForwardStatus): boolean {
  return FORWARD_TRANSITIONS[from]?.includes(to) ?? false;
}

export function canMoveReturn(from: ReturnStatus, to: ReturnStatus): boolean {
  return RETURN_TRANSITIONS[from]?.includes(to) ?? false;
}

/**
 * A split order's status follows its packages' (orderStatusOfPackages in split-shipments.ts), so it
 * may also take these steps, and only these (tests/domain/split-shipments.test.ts derives them from
 * every package move of two and three packages). A single-parcel order never takes them.
 */
export const SPLIT_ORDER_TRANSITIONS: Partial<Record<ForwardStatus, readonly ForwardStatus[]>> = {
  RTS: ['PART_SHP'],
  PKP_SCH: ['PART_SHP', 'PART_DLV'],
  PKD: ['OFD', 'NDR', 'PART_DLV', 'RTO_DLV'],
  INT: ['PART_DLV', 'RTO_DLV'],
  OFD: ['RTO_INT', 'RTO_DLV', 'PART_DLV'],
  NDR: ['DMG', 'RTO_DLV', 'PART_DLV'],
  PART_SHP: ['RTS', 'PKP_SCH', 'PART_DLV'],
  PART_DLV: ['DLV', 'PART_SHP'],
};

/** Final: no move in either table (a split order's partial statuses move on by the split steps). */
export const TERMINAL_FORWARD: readonly ForwardStatus[] = FORWARD_STATUS_CODES.filter(
  (s) => FORWARD_TRANSITIONS[s].length === 0 && !SPLIT_ORDER_TRANSITIONS[s]?.length,
);

/** Whether a split order's status may go from one to another: the forward table or a split step. */
export function canMoveSplit(from: ForwardStatus, to: ForwardStatus): boolean {
  return canMove(from, to) || (SPLIT_ORDER_TRANSITIONS[from]?.includes(to) ?? false);
}

/** Any order's status: a forward order's or a return's (the codes do not overlap). */
export type OrderStatus = ForwardStatus | ReturnStatus;

/** An order's status as sellers read it: a forward code's text, else a return's, else the code itself. */
export function statusText(code: string): string {
  return FORWARD_STATUSES[code as ForwardStatus] ?? RETURN_STATUSES[code as ReturnStatus] ?? code;
}

/** Whether an order may go from one status to another: forward within the forward table, a return within its own. */
export function canMoveStatus(from: string, to: string, split = false): boolean {
  if (from in FORWARD_TRANSITIONS && to in FORWARD_TRANSITIONS)
    return split
      ? canMoveSplit(from as ForwardStatus, to as ForwardStatus)
      : canMove(from as ForwardStatus, to as ForwardStatus);
  if (from in RETURN_TRANSITIONS && to in RETURN_TRANSITIONS)
    return canMoveReturn(from as ReturnStatus, to as ReturnStatus);
  return false;
}

/** What a seller may do to an order, by status (the server enforces the same). */
export const ORDER_ACTIONS = ['edit', 'cancel', 'archive', 'clone', 'escalate', 'ship', 'return'] as const;
export type OrderAction = (typeof ORDER_ACTIONS)[number];

const ACTIONS: Record<OrderAction, (s: ForwardStatus) => boolean> = {
  // details a courier has not seen yet
  edit: (s) => s === 'RTS',
  cancel: (s) => canMove(s, 'CAN'),
  // not while a parcel is on the move
  archive: (s) => !IN_FLIGHT.includes(s),
  clone: () => true,
  escalate: (s) => IN_FLIGHT.includes(s),
  ship: (s) => canMove(s, 'PKP_SCH') && s === 'RTS',
  // only a delivered order comes back (docs/decisions/returns.md)
  return: (s) => s === 'DLV',
};

export function allows(status: ForwardStatus, action: OrderAction): boolean {
  return ACTIONS[action](status);
}

const ACTION_WORDS: Record<OrderAction, string> = {
  edit: 'edited',
  cancel: 'cancelled',
  archive: 'archived',
  clone: 'cloned',
  escalate: 'escalated',
  ship: 'shipped',
  return: 'returned',
};

/** Why an action is refused, in the seller's words. */
export function refusal(status: ForwardStatus, action: OrderAction): string {
  return `An order that is ${FORWARD_STATUSES[status]} cannot be ${ACTION_WORDS[action]}`;
}
