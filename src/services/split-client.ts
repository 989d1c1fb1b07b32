import { API_SPLIT, type OrderPackages } from '../domain/split-contract';
import type { RateAnswer, ShipmentInfo } from '../domain/shipping-contract';
import type { SplitInput } from '../domain/schemas/split';
import { dataOf } from './answer';
import type { Http } from './types';

// Split shipments' calls (src/domain/split-contract.ts).

export const fetchPackages = (http: Http, orderId: number): Promise<OrderPackages> =>
  dataOf(http.get(API_SPLIT.packages(orderId)));
export const saveSplit = (http: Http, orderId: number, body: SplitInput): Promise<OrderPackages> =>
  dataOf(http.put(API_SPLIT.packages(orderId), body));
export const removeSplit = (http: Http, orderId: number): Promise<OrderPackages> =>
  dataOf(http.delete(API_SPLIT.packages(orderId)));
export const fetchPackageQuotes = (http: Http, orderId: number, packageNo: number): Promise<RateAnswer> =>
  dataOf(http.get(API_SPLIT.packageQuotes(orderId, packageNo)));
export const fetchBoxQuotes = (http: Http, orderId: number): Promise<RateAnswer> =>
  dataOf(http.get(API_SPLIT.boxQuotes(orderId)));
export const shipPackage = (
  http: Http,
  orderId: number,
  packageNo: number,
  carrierCode: string,
  idempotencyKey: string,
): Promise<ShipmentInfo> =>
  dataOf(http.post(API_SPLIT.shipPackage(orderId, packageNo), { carrierCode, idempotencyKey }));
export const shipBoxes = (
  http: Http,
  orderId: number,
  carrierCode: string,
  idempotencyKey: string,
): Promise<ShipmentInfo> => dataOf(http.post(API_SPLIT.shipBoxes(orderId), { carrierCode, idempotencyKey }));
export const downloadPackageLabel = (http: Http, orderId: number, packageNo: number): Promise<Blob> =>
  http.download(API_SPLIT.packageLabel(orderId, packageNo));
