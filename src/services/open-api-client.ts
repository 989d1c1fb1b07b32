import {
  API_OPEN,
  type ApiKeyRow,
  type NewApiKey,
  type WebhookDeliveryDetail,
  type WebhookDeliveryRow,
  type WebhookEndpointRow,
  type WebhookSecret,
} from '../domain/open-api-contract';
import type { Paged } from '../domain/paging';
import type { WebhookEndpointInput } from '../domain/schemas/open-api';
import { dataOf } from './answer';
import type { Http } from './types';

// The open API area's calls (src/domain/open-api-contract.ts).

export const fetchApiKeys = (http: Http): Promise<ApiKeyRow[]> => dataOf(http.get(API_OPEN.keys));
export const createApiKey = (http: Http, name: string): Promise<NewApiKey> =>
  dataOf(http.post(API_OPEN.keys, { name }));
export const revokeApiKey = (http: Http, id: number): Promise<ApiKeyRow> => dataOf(http.delete(API_OPEN.key(id)));

export const fetchEndpoints = (http: Http): Promise<WebhookEndpointRow[]> => dataOf(http.get(API_OPEN.endpoints));
export const createEndpoint = (http: Http, body: WebhookEndpointInput): Promise<WebhookEndpointRow> =>
  dataOf(http.post(API_OPEN.endpoints, body));
export const deleteEndpoint = (http: Http, id: number): Promise<WebhookEndpointRow> =>
  dataOf(http.delete(API_OPEN.endpoint(id)));
export const setEndpointEnabled = (http: Http, id: number, enabled: boolean): Promise<WebhookEndpointRow> =>
  dataOf(http.put(API_OPEN.endpointStatus(id), { enabled }));
export const fetchSecret = (http: Http, id: number): Promise<WebhookSecret> =>
  dataOf(http.get(API_OPEN.endpointSecret(id)));
export const rotateSecret = (http: Http, id: number): Promise<WebhookSecret> =>
  dataOf(http.post(API_OPEN.rotateSecret(id), {}));
export const fetchDeliveries = (http: Http, id: number): Promise<Paged<WebhookDeliveryRow>> =>
  dataOf(http.get(`${API_OPEN.deliveries(id)}?recordsPerPage=50`));
export const fetchDelivery = (http: Http, id: number): Promise<WebhookDeliveryDetail> =>
  dataOf(http.get(API_OPEN.delivery(id)));
export const replayDelivery = (http: Http, id: number): Promise<WebhookDeliveryDetail> =>
  dataOf(http.post(API_OPEN.replay(id), {}));
