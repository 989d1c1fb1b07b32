import { API_ORDERS, type OrderDetail, type UnprocessableRow } from '../domain/orders-contract';
import { API_SETUP, type PackageTypeRow, type PickupAddressRow, type ProductRow } from '../domain/setup-contract';
import { API_PRODUCTS } from '../domain/setup-contract';
import type { Paged } from '../domain/paging';
import type { OrderInput } from '../domain/schemas/order';
import { dataOf } from './answer';
import { call } from './call';
import type { Http } from './types';

// The orders area's calls (src/domain/orders-contract.ts).

export type BulkAnswer = { done: number[]; refused: { orderId: number; reason: string }[] };

export const fetchStatusCounts = (http: Http): Promise<Record<string, number>> => dataOf(http.get(API_ORDERS.counts));
export const createOrder = (http: Http, body: OrderInput): Promise<OrderDetail> =>
  dataOf(http.post(API_ORDERS.orders, body));
export const fetchOrder = (http: Http, id: number | string): Promise<OrderDetail> =>
  dataOf(http.get(API_ORDERS.order(id)));
export const orderNumberAvailable = (
  http: Http,
  orderNumber: string,
): Promise<{ available: boolean; message: string }> => dataOf(http.get(API_ORDERS.numberAvailable, { orderNumber }));
export const cancelOrder = (http: Http, id: number): Promise<OrderDetail> => dataOf(http.put(API_ORDERS.cancel(id)));
export const cloneOrder = (http: Http, id: number): Promise<OrderDetail> => dataOf(http.post(API_ORDERS.clone(id)));
export const updateDimensions = (
  http: Http,
  id: number,
  body: { lengthCm: number; breadthCm: number; heightCm: number; deadWeightKg: number },
): Promise<OrderDetail> => dataOf(http.post(API_ORDERS.dimensions(id), body));
export const updateOrderNumber = (http: Http, id: number, orderNumber: string): Promise<OrderDetail> =>
  dataOf(http.put(API_ORDERS.orderNumber(id), { orderNumber }));
export const escalateOrder = (http: Http, id: number, reason: string): Promise<OrderDetail> =>
  dataOf(http.post(API_ORDERS.escalation(id), { reason }));
export const archiveOrders = (http: Http, orderIds: number[], archived: boolean): Promise<BulkAnswer> =>
  dataOf(http.put(API_ORDERS.archive, { orderIds, archived }));
export const escalateOrders = (http: Http, orderIds: number[], reason: string): Promise<BulkAnswer> =>
  dataOf(http.post(API_ORDERS.escalations, { orderIds, reason }));
export const fetchUnprocessable = (http: Http): Promise<UnprocessableRow[]> =>
  dataOf(http.get(API_ORDERS.unprocessable));

// what the order form picks from
export const fetchVerifiedPickups = async (http: Http): Promise<PickupAddressRow[]> =>
  (await call(http, API_SETUP.addresses, { query: { recordsPerPage: 100 } })).items.filter((a) => a.verified);
export const fetchActivePackages = async (http: Http): Promise<PackageTypeRow[]> =>
  (await call(http, API_SETUP.packageTypes, { query: { recordsPerPage: 100 } })).items.filter(
    (p) => p.status === 'ACTIVE',
  );
export const searchProducts = async (http: Http, searchPattern: string): Promise<ProductRow[]> =>
  (await dataOf<Paged<ProductRow>>(http.get(API_PRODUCTS.products, { searchPattern, recordsPerPage: 8 }))).items.filter(
    (p) => p.enabled,
  );
