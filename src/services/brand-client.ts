import { API_TRACKING, type BuyerNotificationSetting } from '../domain/tracking-contract';
import type { BrandConfig, BrandFeature } from '../domain/brand';
import { dataOf } from './answer';
import type { Http } from './types';
import { API_ACCOUNT } from '../domain/account-contract';
import { sendFile } from './call';

// The seller's brand on the tracking page and the buyer messages (src/domain/tracking-contract.ts).

export const fetchBrand = (http: Http): Promise<BrandConfig> => dataOf(http.get(API_TRACKING.brand));
export const saveBrand = (http: Http, config: BrandConfig): Promise<BrandConfig> =>
  dataOf(http.put(API_TRACKING.brand, config));
export const setBrandFeature = (http: Http, featureName: BrandFeature, enabled: boolean): Promise<BrandConfig> =>
  dataOf(http.put(API_TRACKING.brandFeature, { featureName, enabled }));
export const uploadBrandImage = async (http: Http, file: File): Promise<string> => {
  const form = new FormData();
  form.set('file', file);
  return (await dataOf<{ url: string }>(http.upload(API_TRACKING.brandImages, form))).url;
};
export const fetchNotificationSettings = (http: Http): Promise<BuyerNotificationSetting[]> =>
  dataOf(http.get(API_TRACKING.notificationSettings));
export const saveNotificationSettings = (
  http: Http,
  list: BuyerNotificationSetting[],
): Promise<BuyerNotificationSetting[]> => dataOf(http.put(API_TRACKING.notificationSettings, list));
export const uploadLogo = async (http: Http, file: File): Promise<string> =>
  (await sendFile(http, API_ACCOUNT.companyImage, { blob: file }, { params: { name: 'logo' } })).url;
