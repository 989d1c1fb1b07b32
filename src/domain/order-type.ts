// What an order is. A forward order goes from the seller to a buyer; a return comes back from the
// buyer and moves through its own status table (docs/decisions/returns.md). B2B adds its type here.

export const ORDER_TYPE = {
  FORWARD: 'FORWARD',
  RETURN: 'RETURN',
} as const;

export type OrderType = (typeof ORDER_TYPE)[keyof typeof ORDER_TYPE];

export const ORDER_TYPES: readonly OrderType[] = Object.values(ORDER_TYPE);
