import type { ChannelAdapter, ShipmentNews } from './adapter';
import { callStore } from './http';
import {
  magentoOrder,
  magentoProduct,
  magentoTime,
  searchQuery,
  type MagentoList,
  type MagentoOrder,
  type MagentoProduct,
  type SearchCriteria,
} from './magento-orders';
import { FORWARD_STATUSES, type ForwardStatus } from '../../src/domain/order-status';

// Magento 2 (Magento Open Source and Adobe Commerce) through its REST API
// (https://developer.adobe.com/commerce/webapi/rest/): an integration's access token sent as a
// bearer token, orders pulled by search criteria on updated_at (Magento has no order webhooks),
// products by SKU, and a shipment with its track, then order comments, written back.

export interface MagentoCredentials {
  accessToken: string;
}

/** Orders a page; Magento's default cap on a page is 300. */
const ORDER_PAGE = 50;
/** Pages one fetch reads at most; the cursor carries the rest to the next fetch. */
const ORDER_PAGES = 20;
const PRODUCT_PAGE = 100;
const PRODUCT_PAGES = 10;
/** Magento's carrier code for a carrier it has no module for: the title names it. */
const CUSTOM_CARRIER = 'custom';

/** The comment the buyer sees on the order as its shipment moves. */
export function magentoCommentFor(news: ShipmentNews): string {
  const words = FORWARD_STATUSES[news.status as ForwardStatus] ?? news.status;
  if (news.status === 'PKP_SCH')
    return `Shipped with ${news.carrierName}. Tracking number ${news.awb}. Track it at ${news.trackingUrl}`;
  return `Shipment ${news.awb ?? ''}: ${words}. Track it at ${news.trackingUrl}`.replace('  ', ' ');
}

export function magentoAdapter(fetcher: typeof fetch, baseUrl: string, creds: MagentoCredentials): ChannelAdapter {
  const call = <T>(path: string, init: { method?: string; json?: unknown } = {}) =>
    callStore<T>(fetcher, `${baseUrl}/rest/V1/${path}`, {
      ...init,
      headers: { authorization: `Bearer ${creds.accessToken}` },
    });
  let unit: Promise<string> | null = null;
  /** the store's weight unit, asked once per adapter */
  const weightUnit = () =>
    (unit ??= call<{ id: number; weight_unit?: string }[]>('store/storeConfigs').then(
      (list) => list.find((c) => c.id !== 0)?.weight_unit ?? 'kgs',
    ));
  const orders = (c: SearchCriteria) => call<MagentoList<MagentoOrder>>(`orders?${searchQuery(c)}`);

  return {
    platform: 'MAGENTO2',
    async storeName() {
      const groups = await call<{ id: number; name: string }[]>('store/storeGroups');
      // the token's reach is checked here too: the orders need Magento_Sales access
      await orders({ pageSize: 1, currentPage: 1 });
      return groups.find((g) => g.id !== 0)?.name ?? new URL(baseUrl).host;
    },
    async subscribe() {
      // Magento Open Source sends no order webhooks: its orders are fetched on a schedule instead
    },
    async fetchOrders() {
      const [list, u] = await Promise.all([
        orders({ sort: [{ field: 'created_at', direction: 'DESC' }], pageSize: ORDER_PAGE, currentPage: 1 }),
        weightUnit(),
      ]);
      return list.items.map((o) => magentoOrder(o, u));
    },
    async ordersSince(cursor, from) {
      const since = cursor ?? magentoTime(from);
      const u = await weightUnit();
      const taken: MagentoOrder[] = [];
      for (let page = 1; page <= ORDER_PAGES; page++) {
        const list = await orders({
          filters: [[{ field: 'updated_at', value: since, condition: 'gteq' }]],
          sort: [
            { field: 'updated_at', direction: 'ASC' },
            { field: 'entity_id', direction: 'ASC' },
          ],
          pageSize: ORDER_PAGE,
          currentPage: page,
        });
        taken.push(...list.items);
        // past its last page Magento answers the last page again: the count says when to stop
        if (page * ORDER_PAGE >= list.total_count || !list.items.length) break;
      }
      const newest = taken.reduce((at, o) => (o.updated_at > at ? o.updated_at : at), since);
      return { orders: taken.map((o) => ({ order: magentoOrder(o, u), cursor: o.updated_at })), cursor: newest };
    },
    async fetchProducts() {
      const u = await weightUnit();
      const all: MagentoProduct[] = [];
      for (let page = 1; page <= PRODUCT_PAGES; page++) {
        const list = await call<MagentoList<MagentoProduct>>(
          `products?${searchQuery({ pageSize: PRODUCT_PAGE, currentPage: page })}`,
        );
        all.push(...list.items);
        if (page * PRODUCT_PAGE >= list.total_count || !list.items.length) break;
      }
      // a configurable product is its simple children's parent: only the children are shipped
      return all.filter((p) => p.sku && p.type_id !== 'configurable').map((p) => magentoProduct(p, u));
    },
    orderOf(payload) {
      const o = payload as MagentoOrder;
      return o && typeof o === 'object' && 'entity_id' in o && Array.isArray(o.items) ? magentoOrder(o) : null;
    },
    async writeBack(news) {
      const id = news.channelOrderId;
      const comment = magentoCommentFor(news);
      if (news.status === 'PKP_SCH') {
        // a retried write-back finds the shipment the first try made, and ships nothing twice
        const shipments = await call<MagentoList<{ entity_id: number; tracks?: { track_number: string }[] }>>(
          `shipments?${searchQuery({ filters: [[{ field: 'order_id', value: id, condition: 'eq' }]], pageSize: 50, currentPage: 1 })}`,
        );
        const had = shipments.items.find((s) => s.tracks?.some((t) => t.track_number === news.awb));
        if (had) return `shipment ${had.entity_id} already has tracking ${news.awb}`;
        const shipmentId = await call<number>(`order/${id}/ship`, {
          method: 'POST',
          json: {
            notify: true,
            appendComment: true,
            comment: { comment, is_visible_on_front: 1 },
            tracks: [{ track_number: news.awb, title: news.carrierName, carrier_code: CUSTOM_CARRIER }],
          },
        });
        return `shipment ${shipmentId} with tracking ${news.awb}`;
      }
      await call(`orders/${id}/comments`, {
        method: 'POST',
        json: { statusHistory: { comment, is_customer_notified: 1, is_visible_on_front: 1, parent_id: Number(id) } },
      });
      return 'comment added';
    },
  };
}
