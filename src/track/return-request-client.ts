import { pathOf } from '../domain/operation';
import { API_RETURNS, type BuyerReturnOffer, type Photo } from '../domain/returns-contract';
import type { BuyerReturnRequestInput } from '../domain/schemas/returns';
import { buyerGet, buyerPost, buyerUpload } from './buyer-call';

// The buyer's return request from the tracking page of a delivered order, with the key of the
// SMS/email link (k). Loaded with its page only.

const withKey = (path: string, key: string) => `${path}?k=${encodeURIComponent(key)}`;

export const fetchReturnOffer = (trackingRef: string, key: string) =>
  buyerGet<BuyerReturnOffer>(withKey(pathOf(API_RETURNS.buyerOffer, { trackingRef }), key));
export const requestReturn = (trackingRef: string, body: BuyerReturnRequestInput) =>
  buyerPost<BuyerReturnOffer>(pathOf(API_RETURNS.buyerRequest, { trackingRef }), body);

export function uploadBuyerReturnPhoto(trackingRef: string, key: string, file: Blob): Promise<Photo> {
  const form = new FormData();
  form.set('file', file);
  return buyerUpload<Photo>(withKey(pathOf(API_RETURNS.buyerPhotos, { trackingRef }), key), form);
}
