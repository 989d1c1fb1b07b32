import {
  API_PRICING,
  type SellerRateCard,
  type SellerRateCardView,
  type StaffRateCards,
} from '../domain/pricing-contract';
import type { RateCardSaveRequest } from '../machines/rate-card-editor.machine';
import { dataOf } from './answer';
import type { Http } from './types';

// Customised pricing: a seller's own rate cards (staff) and the card in force (the seller).

export const fetchStaffRateCards = (http: Http, orgId: number): Promise<StaffRateCards> =>
  dataOf(http.get(API_PRICING.staffCards(orgId)));

export const saveRateCard = (http: Http, r: RateCardSaveRequest): Promise<SellerRateCard> =>
  dataOf(
    r.cardId === null
      ? http.post(API_PRICING.staffCards(r.orgId), r.body)
      : http.put(API_PRICING.staffCard(r.orgId, r.cardId), r.body),
  );

export const fetchSellerRateCard = (http: Http): Promise<SellerRateCardView> =>
  dataOf(http.get(API_PRICING.sellerCard));
