import { pathOf } from '../domain/operation';
import { API_RETURNS, type BuyerReturnOffer, type Photo } from '../domain/returns-contract';
import type { BuyerReturnRequestInput } from '../domain/schemas/returns';
import { get, post } from './tracking-client';

// The buyer's return request from the tracking page of a delivered order, with the key of the
// SMS/email link (k). Loaded with its page only.

const withKey = (path: string, key: string) => `${path}?k=${encodeURIComponent(key)}`;

export const fetchReturnOffer = (trackingRef: string, key: string) =>
  get<BuyerReturnOffer>(withKey(pathOf(API_RETURNS.buyerOffer, { trackingRef }), key));
export const requestReturn = (trackingRef: string, body: BuyerReturnRequestInput) =>
  post<BuyerReturnOffer>(pathOf(API_RETURNS.buyerRequest, { trackingRef }), body);

export async function uploadBuyerReturnPhoto(trackingRef: string, key: string, file: Blob): Promise<Photo> {
  const form = new FormData();
  form.set('file', file);
  const res = await fetch(withKey(pathOf(API_RETURNS.buyerPhotos, { trackingRef }), key), {
    method: 'POST',
    body: form,
  });
  const body = (await res.json().catch(() => ({}))) as { data?: Photo; errorMessage?: string };
  if (!res.ok)
    throw {
      status: res.status,
      message: res.headers.get('x-error-message') ?? body.errorMessage ?? 'Something went wrong',
    };
  return body.data as Photo;
}
