import { API_ORDER_VIEWS, type OrderView } from '../domain/order-views';
import { dataOf } from './answer';
import type { Http } from './types';

// The login's saved views of the order list.

export const fetchOrderViews = (http: Http): Promise<OrderView[]> => dataOf(http.get(API_ORDER_VIEWS.views));

export const saveOrderView = (
  http: Http,
  body: { viewName: string; filters: Record<string, string> },
): Promise<OrderView> => dataOf(http.post(API_ORDER_VIEWS.views, body));

const deleted = (http: Http, viewId: number): Promise<{ deleted: true }> =>
  dataOf(http.delete(API_ORDER_VIEWS.view(viewId)));

export const deleteOrderView = async (http: Http, viewId: number): Promise<{ viewId: number }> => {
  await deleted(http, viewId);
  return { viewId };
};
