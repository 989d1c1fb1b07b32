import type { AppDeps } from '../../deps';
import type { MagentoOrder, MagentoProduct } from '../magento-orders';
import { magentoTime } from '../magento-orders';

// The stand-in Magento store's books (in memory, one per server) and the search criteria its
// list endpoints read from bracketed query parameters, as Magento's REST framework does.

export interface StandinShipment {
  entity_id: number;
  increment_id: string;
  order_id: number;
  created_at: string;
  items: { order_item_id: number; qty: number; sku: string }[];
  tracks: { entity_id: number; track_number: string; title: string; carrier_code: string; order_id: number }[];
  comments: { comment: string; is_visible_on_front: number }[];
}
export interface StandinOrder extends MagentoOrder {
  grand_total: number;
  order_currency_code: string;
  /** whether the payment was captured (an invoice): a shipped, invoiced order is complete */
  invoiced: boolean;
  status_histories: { entity_id: number; comment: string; is_customer_notified: number; created_at: string }[];
  items: (MagentoOrder['items'][number] & { qty_shipped: number })[];
}
export interface MagentoBooks {
  /** Stores › Configuration › Services › OAuth › Allow OAuth Access Tokens to be used as standalone Bearer tokens */
  bearerAllowed: boolean;
  products: MagentoProduct[];
  orders: StandinOrder[];
  shipments: StandinShipment[];
  nextId: number;
}

const books = new WeakMap<AppDeps, MagentoBooks>();

export function magentoBooks(deps: AppDeps): MagentoBooks {
  let b = books.get(deps);
  if (!b) {
    b = {
      bearerAllowed: false,
      products: [
        {
          id: 11,
          sku: 'MG-DUPATTA-01',
          name: 'Kanjeevaram silk dupatta',
          price: 1899,
          weight: 0.3,
          type_id: 'simple',
          status: 1,
        },
        {
          id: 12,
          sku: 'MG-PLANTER-02',
          name: 'Terracotta planter',
          price: 649,
          weight: 1.2,
          type_id: 'simple',
          status: 1,
        },
        {
          id: 13,
          sku: 'MG-KURTA',
          name: 'Block-print kurta',
          price: 1299,
          weight: 0.4,
          type_id: 'configurable',
          status: 1,
        },
        {
          id: 14,
          sku: 'MG-KURTA-M',
          name: 'Block-print kurta, M',
          price: 1299,
          weight: 0.4,
          type_id: 'simple',
          status: 1,
        },
      ],
      orders: [],
      shipments: [],
      nextId: 100,
    };
    books.set(deps, b);
  }
  return b;
}

/** A new order as the storefront's checkout would place it: pending, processing once paid. */
export function placeStandinOrder(
  deps: AppDeps,
  b: MagentoBooks,
  f: { sku?: string; quantity?: number; payment?: string; postcode?: string; name?: string },
): StandinOrder {
  const p = b.products.find((x) => x.sku === f.sku && x.type_id === 'simple') ?? b.products[0];
  const quantity = Math.max(1, Math.floor(f.quantity ?? 1));
  const [firstname, lastname = ''] = (f.name || 'Ananya Rao').split(' ');
  const address = {
    firstname,
    lastname,
    street: ['14, 2nd Cross, Indiranagar', 'HAL 2nd Stage'],
    city: 'Bengaluru',
    region: 'Karnataka',
    postcode: f.postcode || '560038',
    country_id: 'IN',
    telephone: '9845012345',
    email: 'ananya.rao@example.in',
  };
  const now = magentoTime(deps.now());
  const entity = ++b.nextId;
  const cod = f.payment === 'cod';
  const order: StandinOrder = {
    entity_id: entity,
    increment_id: String(entity).padStart(9, '0'),
    state: cod ? 'new' : 'processing',
    status: cod ? 'pending' : 'processing',
    created_at: now,
    updated_at: now,
    customer_email: address.email,
    customer_firstname: firstname,
    customer_lastname: lastname,
    billing_address: address,
    payment: { method: cod ? 'cashondelivery' : 'checkmo' },
    items: [
      {
        item_id: ++b.nextId,
        product_id: p.id,
        sku: p.sku,
        name: p.name,
        qty_ordered: quantity,
        qty_shipped: 0,
        price: p.price ?? 0,
        weight: p.weight ?? 0,
        product_type: 'simple',
        parent_item_id: null,
      },
    ],
    discount_amount: 0,
    shipping_amount: 0,
    grand_total: (p.price ?? 0) * quantity,
    order_currency_code: 'INR',
    invoiced: !cod,
    status_histories: [],
    extension_attributes: { shipping_assignments: [{ shipping: { address } }] },
  };
  b.orders.push(order);
  return order;
}

// ---- search criteria -------------------------------------------------------------------------

type Filter = { field: string; value: string; condition_type: string };
export interface ParsedCriteria {
  groups: Filter[][];
  sort: { field: string; direction: string }[];
  pageSize: number | null;
  currentPage: number;
}

/** searchCriteria[...] query keys into their structure (null when no searchCriteria was sent). */
export function parseCriteria(query: Record<string, string>): ParsedCriteria | null {
  const keys = Object.keys(query).filter((k) => k.startsWith('searchCriteria'));
  if (!keys.length) return null;
  const groups: Record<string, Record<string, Partial<Filter>>> = {};
  const sorts: Record<string, { field?: string; direction?: string }> = {};
  for (const k of keys) {
    const f = /^searchCriteria\[filter_groups\]\[(\d+)\]\[filters\]\[(\d+)\]\[(field|value|condition_type)\]$/.exec(k);
    if (f) ((groups[f[1]] ??= {})[f[2]] ??= {})[f[3] as keyof Filter] = query[k];
    const s = /^searchCriteria\[sortOrders\]\[(\d+)\]\[(field|direction)\]$/.exec(k);
    if (s) (sorts[s[1]] ??= {})[s[2] as 'field' | 'direction'] = query[k];
  }
  return {
    groups: Object.values(groups).map((g) =>
      Object.values(g).map((x) => ({
        field: x.field ?? '',
        value: x.value ?? '',
        condition_type: x.condition_type ?? 'eq',
      })),
    ),
    sort: Object.values(sorts).map((x) => ({ field: x.field ?? '', direction: (x.direction ?? 'ASC').toUpperCase() })),
    pageSize: query['searchCriteria[pageSize]'] !== undefined ? Number(query['searchCriteria[pageSize]']) : null,
    currentPage: Math.max(1, Number(query['searchCriteria[currentPage]'] ?? 1) || 1),
  };
}

const CONDITIONS = ['eq', 'neq', 'gt', 'gteq', 'lt', 'lteq', 'in', 'like'] as const;
export const badCondition = (c: ParsedCriteria) =>
  c.groups.flat().find((f) => !(CONDITIONS as readonly string[]).includes(f.condition_type));

function matches(row: Record<string, unknown>, f: Filter): boolean {
  const have = String(row[f.field] ?? '');
  const cmp = (a: string, b: string) => {
    const [na, nb] = [Number(a), Number(b)];
    return a !== '' && b !== '' && !Number.isNaN(na) && !Number.isNaN(nb) ? na - nb : a.localeCompare(b);
  };
  switch (f.condition_type) {
    case 'eq':
      return cmp(have, f.value) === 0;
    case 'neq':
      return cmp(have, f.value) !== 0;
    case 'gt':
      return cmp(have, f.value) > 0;
    case 'gteq':
      return cmp(have, f.value) >= 0;
    case 'lt':
      return cmp(have, f.value) < 0;
    case 'lteq':
      return cmp(have, f.value) <= 0;
    case 'in':
      return f.value.split(',').includes(have);
    default:
      return have.includes(f.value.replace(/%/g, ''));
  }
}

/**
 * One page of rows as Magento answers a search: groups ANDed, a group's filters ORed, sorted,
 * and a page past the last answered with the last page (Magento's own behaviour).
 */
export function searchRows<T extends object>(rows: T[], c: ParsedCriteria): { items: T[]; total_count: number } {
  const kept = rows.filter((r) => c.groups.every((g) => g.some((f) => matches(r as Record<string, unknown>, f))));
  const sorted = [...kept].sort((a, b) => {
    for (const s of c.sort) {
      const [x, y] = [(a as Record<string, unknown>)[s.field], (b as Record<string, unknown>)[s.field]];
      const d = typeof x === 'number' && typeof y === 'number' ? x - y : String(x ?? '').localeCompare(String(y ?? ''));
      if (d) return s.direction === 'DESC' ? -d : d;
    }
    return 0;
  });
  if (!c.pageSize) return { items: sorted, total_count: sorted.length };
  const last = Math.max(1, Math.ceil(sorted.length / c.pageSize));
  const page = Math.min(c.currentPage, last);
  return { items: sorted.slice((page - 1) * c.pageSize, page * c.pageSize), total_count: sorted.length };
}
