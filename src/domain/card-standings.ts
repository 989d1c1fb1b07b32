// Where a seller's rate card stands in time: apart from the pricing contract, so the one label
// table (display-labels.ts) reads them without the contract's schemas.

export const CARD_STANDINGS = ['IN_FORCE', 'UPCOMING', 'ENDED'] as const;
