import { API_NDR, type BuyerNdrView } from '../domain/ndr-contract';
import { pathOf } from '../domain/operation';
import type { BuyerNdrAnswer } from '../domain/schemas/ndr';
import { buyerGet, buyerPost } from './buyer-call';

// The buyer's answer to a failed delivery, by the token of the SMS link (loaded with its page
// only, so the tracking page does not carry the NDR contract).

export const fetchBuyerNdr = (token: string) => buyerGet<BuyerNdrView>(pathOf(API_NDR.buyer, { token }));
export const answerBuyerNdr = (token: string, body: BuyerNdrAnswer) =>
  buyerPost<BuyerNdrView>(pathOf(API_NDR.buyerAnswer, { token }), body);
