import { LIMITS } from './constants';

// Remarks boxes (spec section 5 and 9): each hints 'max. 400 chars', and the server holds them to it.

export const REMARKS_MAX = LIMITS.remarksMax;
/** The hint under every remarks box. */
export const REMARKS_HINT = `max. ${REMARKS_MAX} chars`;
/** A remarks box's hint after its own words: "What the courier should know (max. 400 chars)". */
export const remarksHint = (words: string) => `${words} (${REMARKS_HINT})`;
