// What an order is. A forward order goes from the seller to a buyer; a return comes back from the
// buyer and moves through its own status table (docs/decisions/returns.md). A B2B order is a
// consignment of boxes and invoices from the seller's warehouse to a business, booked as a lorry
// receipt; it keeps the forward status table but never shows in a forward list or filter, each of
// which asks for FORWARD by name (docs/decisions/b2b-orders.md).

export const ORDER_TYPE = {
  FORWARD: 'FORWARD',
  RETURN: 'RETURN',
  B2B: 'B2B',
} as const;

export type OrderType = (typeof ORDER_TYPE)[keyof typeof ORDER_TYPE];

export const ORDER_TYPES: readonly OrderType[] = Object.values(ORDER_TYPE);
