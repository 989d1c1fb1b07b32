import type { ChannelOrder, ChannelProduct } from './adapter';
import { istDay, rupees } from './http';

// Magento 2's REST shapes as Dakiya reads them (Sales and Catalog entities), and the search
// criteria its list endpoints take as bracketed query parameters.

export interface MagentoAddress {
  firstname?: string;
  lastname?: string;
  street?: string[];
  city?: string;
  region?: string;
  postcode?: string;
  country_id?: string;
  telephone?: string;
  email?: string;
}
export interface MagentoOrderItem {
  item_id: number;
  product_id?: number;
  sku: string;
  name: string;
  qty_ordered: number;
  price: number;
  weight?: number | null;
  product_type?: string;
  /** set on a configurable product's child line: the parent line carries the price */
  parent_item_id?: number | null;
}
export interface MagentoOrder {
  entity_id: number;
  increment_id: string;
  state: string;
  status: string;
  /** yyyy-MM-dd HH:mm:ss in UTC */
  created_at: string;
  updated_at: string;
  customer_email?: string;
  customer_firstname?: string;
  customer_lastname?: string;
  billing_address?: MagentoAddress;
  payment?: { method: string };
  items: MagentoOrderItem[];
  discount_amount?: number;
  shipping_amount?: number;
  extension_attributes?: { shipping_assignments?: { shipping?: { address?: MagentoAddress } }[] };
}
export interface MagentoProduct {
  id: number;
  sku: string;
  name: string;
  price?: number;
  weight?: number;
  type_id?: string;
  status?: number;
}
export interface MagentoList<T> {
  items: T[];
  total_count: number;
}

/** Magento's own time format ("2026-11-29 16:40:00", UTC) as an instant, and back. */
export const magentoInstant = (t: string) => `${t.replace(' ', 'T')}Z`;
export const magentoTime = (d: Date) => d.toISOString().slice(0, 19).replace('T', ' ');

/** A kilogram figure from the store's weight unit (Stores › Configuration › General › Locale: kgs or lbs). */
export const kilograms = (weight: unknown, unit: string) => rupees(weight) * (unit === 'lbs' ? 0.45359237 : 1);

/** Magento's order (lines keyed by SKU, the catalogue's mapping) in Dakiya's words. */
export function magentoOrder(o: MagentoOrder, weightUnit = 'kgs'): ChannelOrder {
  const ship = o.extension_attributes?.shipping_assignments?.[0]?.shipping?.address ?? o.billing_address ?? {};
  const [line1 = '', ...rest] = ship.street ?? [];
  return {
    channelOrderId: String(o.entity_id),
    orderNumber: o.increment_id,
    orderDate: istDay(magentoInstant(o.created_at)),
    paymentMethod: o.payment?.method === 'cashondelivery' ? 'COD' : 'PPD',
    buyerName: [ship.firstname, ship.lastname].filter(Boolean).join(' ').trim(),
    buyerPhone: ship.telephone || o.billing_address?.telephone || '',
    buyerEmail: o.customer_email ?? ship.email ?? '',
    shipping: {
      line1,
      line2: [...rest, ship.city].filter(Boolean).join(', '),
      pincode: (ship.postcode ?? '').replace(/\s/g, ''),
    },
    // a configurable product's child line repeats its parent's: the parent carries the SKU and price
    items: o.items
      .filter((l) => !l.parent_item_id)
      .map((l) => ({
        channelProductId: l.sku,
        name: l.name,
        sku: l.sku,
        quantity: Math.round(l.qty_ordered),
        unitPrice: rupees(l.price),
        grams: Math.round(kilograms(l.weight, weightUnit) * 1000),
      })),
    // Magento keeps a discount as a negative amount
    discount: Math.abs(rupees(o.discount_amount)),
    shippingCharges: rupees(o.shipping_amount),
    cancelled: o.state === 'canceled',
  };
}

export function magentoProduct(p: MagentoProduct, weightUnit = 'kgs'): ChannelProduct {
  return {
    channelProductId: p.sku,
    name: p.name,
    sku: p.sku,
    price: rupees(p.price),
    weightKg: Math.max(0.01, kilograms(p.weight, weightUnit)),
  };
}

export interface SearchCriteria {
  /** each group is ANDed with the others; a group's filters are ORed */
  filters?: { field: string; value: string; condition: 'eq' | 'gt' | 'gteq' | 'lt' | 'in' }[][];
  sort?: { field: string; direction: 'ASC' | 'DESC' }[];
  pageSize: number;
  currentPage: number;
}

/** searchCriteria as Magento's REST list endpoints read it: bracketed keys in the query string. */
export function searchQuery(c: SearchCriteria): string {
  const q = new URLSearchParams();
  (c.filters ?? []).forEach((group, g) =>
    group.forEach((f, i) => {
      const at = `searchCriteria[filter_groups][${g}][filters][${i}]`;
      q.set(`${at}[field]`, f.field);
      q.set(`${at}[value]`, f.value);
      q.set(`${at}[condition_type]`, f.condition);
    }),
  );
  (c.sort ?? []).forEach((s, i) => {
    q.set(`searchCriteria[sortOrders][${i}][field]`, s.field);
    q.set(`searchCriteria[sortOrders][${i}][direction]`, s.direction);
  });
  q.set('searchCriteria[pageSize]', String(c.pageSize));
  q.set('searchCriteria[currentPage]', String(c.currentPage));
  return q.toString();
}
