import {
  API_SHIPPING,
  type AutoShipAnswer,
  type AutoShipRule,
  type RateAnswer,
  type ShipmentInfo,
} from '../domain/shipping-contract';
import type { RateQuery } from '../domain/schemas/shipping';
import type { DocumentKind } from '../machines/document-download.machine';
import { dataOf } from './answer';
import type { Http } from './types';

// Shipping's calls (src/domain/shipping-contract.ts).

export const fetchRates = (http: Http, q: RateQuery): Promise<RateAnswer> => dataOf(http.post(API_SHIPPING.rates, q));
export const fetchCourierQuotes = (http: Http, orderId: number): Promise<RateAnswer> =>
  dataOf(http.get(API_SHIPPING.courierQuotes(orderId)));
export const shipOrder = (
  http: Http,
  orderId: number,
  carrierCode: string,
  idempotencyKey: string,
  slotId: string | null = null,
): Promise<ShipmentInfo> =>
  dataOf(http.post(API_SHIPPING.ship(orderId), { carrierCode, idempotencyKey, ...(slotId ? { slotId } : {}) }));
/** A delivered order's proof of delivery (PDF). */
export const downloadProofOfDelivery = (http: Http, orderId: number): Promise<Blob> =>
  http.download(API_SHIPPING.proofOfDelivery(orderId));
export const fetchShipment = (http: Http, orderId: number): Promise<ShipmentInfo> =>
  dataOf(http.get(API_SHIPPING.shipment(orderId)));
export const cancelShipment = (http: Http, orderId: number): Promise<ShipmentInfo> =>
  dataOf(http.delete(API_SHIPPING.shipment(orderId)));
export const autoShip = (
  http: Http,
  orderIds: number[],
  rule: AutoShipRule | null,
  idempotencyKey: string,
): Promise<AutoShipAnswer> =>
  dataOf(http.post(API_SHIPPING.autoShip, { orderIds, idempotencyKey, ...(rule ? { rule } : {}) }));

const DOCUMENT_PATHS: Record<DocumentKind, string> = {
  LABELS: API_SHIPPING.labels,
  INVOICES: API_SHIPPING.invoices,
  MANIFEST: API_SHIPPING.manifest,
};
export const DOCUMENT_NAMES: Record<DocumentKind, string> = {
  LABELS: 'labels',
  INVOICES: 'invoices',
  MANIFEST: 'manifest',
};
export const downloadDocuments = (http: Http, kind: DocumentKind, orderIds: number[]): Promise<Blob> =>
  http.downloadPost(DOCUMENT_PATHS[kind], { orderIds });
export const downloadPendingDocuments = (
  http: Http,
  pendingDay: number,
  document: 'LABEL' | 'INVOICE',
): Promise<Blob> => http.downloadPost(API_SHIPPING.pendingDocuments, { pendingDay, document });
/** Moves the order's booked shipment to another courier: the old AWB cancelled and refunded, the new one booked and charged. */
export const reassignOrder = (
  http: Http,
  orderId: number,
  carrierCode: string,
  idempotencyKey: string,
): Promise<ShipmentInfo> => dataOf(http.post(API_SHIPPING.reassign(orderId), { carrierCode, idempotencyKey }));
