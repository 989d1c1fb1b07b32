import { idOfPurposeToken, purposeToken } from '../tracking/purpose-token';

// The buyer's advance payment link: the order's id under the purpose "advance".

const PURPOSE = 'advance';

export const advanceToken = (secret: Uint8Array, orderId: number) => purposeToken(secret, PURPOSE, orderId);

/** The order a token stands for, or null when it is not one of ours. */
export const orderIdOfAdvanceToken = (secret: Uint8Array, token: string) => idOfPurposeToken(secret, PURPOSE, token);
