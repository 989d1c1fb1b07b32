import { API_NDR, type BuyerNdrView } from '../domain/ndr-contract';
import type { BuyerNdrAnswer } from '../domain/schemas/ndr';
import { buyerGet, buyerPost } from './buyer-call';

// The buyer's answer to a failed delivery, by the token of the SMS link (loaded with its page
// only, so the tracking page does not carry the NDR contract).

export const fetchBuyerNdr = (token: string) => buyerGet<BuyerNdrView>(API_NDR.buyer(encodeURIComponent(token)));
export const answerBuyerNdr = (token: string, body: BuyerNdrAnswer) =>
  buyerPost<BuyerNdrView>(API_NDR.buyer(encodeURIComponent(token)), body);
