import type { ChannelPlatform } from '../../src/domain/channels';
import type { OrderStatus } from '../../src/domain/order-status';

// One interface for every sales channel: the Shopify, WooCommerce and Magento 2 adapters implement it
// against the platforms' documented APIs, and the same code reaches a real store or the local
// stand-in (docs/simulated.md).

/** A channel's order in Dakiya's words (rupees, an Indian address), before it becomes an order. */
export interface ChannelOrder {
  channelOrderId: string;
  /** the store's own number for it (#1001), used for the order number */
  orderNumber: string;
  /** yyyy-MM-dd */
  orderDate: string;
  paymentMethod: 'COD' | 'PPD';
  buyerName: string;
  buyerPhone: string;
  buyerEmail: string;
  shipping: { line1: string; line2: string; pincode: string };
  items: { channelProductId: string; name: string; sku: string; quantity: number; unitPrice: number; grams: number }[];
  discount: number;
  shippingCharges: number;
  cancelled: boolean;
  /** EASY when the marketplace ships it itself (Amazon's Easy Ship and FBA): shown, never booked here */
  fulfilment?: 'SELF' | 'EASY';
  /** what the order's note says of where it came from, beyond the store's name */
  note?: string;
}

export interface ChannelProduct {
  channelProductId: string;
  name: string;
  sku: string;
  price: number;
  weightKg: number;
}

/** What happened to a channel order's shipment, to tell its store. */
export interface ShipmentNews {
  channelOrderId: string;
  status: OrderStatus;
  awb: string | null;
  carrierName: string;
  trackingUrl: string;
}

/** What a poll asks of our side: whether an order is here already, and the seller's phone. */
export interface PollSeller {
  /** whether this store's order is already one of ours (it need not be read in full again) */
  known(channelOrderId: string): Promise<boolean>;
  /** the phone put on an order the platform gives no buyer phone for: the seller's pickup phone */
  contactPhone(): Promise<string>;
}

/** One fetch of a polled store: its orders, each with the cursor that fetches it again. */
export interface PolledOrders {
  orders: { order: ChannelOrder | (() => Promise<ChannelOrder>); cursor: string }[];
  cursor: string;
}

/** A webhook as the platform names it: its delivery id (for dedupe) and topic (orders/create, order.updated, …). */
export interface WebhookHead {
  deliveryId: string;
  topic: string;
}

export interface ChannelAdapter {
  platform: ChannelPlatform;
  /** the store's display name */
  storeName(): Promise<string>;
  /** subscribes the store's order webhooks to this address (idempotent: an existing subscription is kept) */
  subscribe(address: string): Promise<void>;
  /** the store's recent orders (sync now) */
  fetchOrders(): Promise<ChannelOrder[]>;
  /**
   * For a store that sends no order webhooks (Magento 2, Amazon): the orders changed since the
   * cursor (null: the first fetch, from the given time), each with the cursor that fetches it
   * again, and the cursor the next fetch resumes from. An order may come as a read still to make
   * (Amazon reads a new order's items and address only when it is taken).
   */
  ordersSince?(cursor: string | null, from: Date, seller: PollSeller): Promise<PolledOrders>;
  /** the store's products, one per variant with a SKU */
  fetchProducts(): Promise<ChannelProduct[]>;
  /** a webhook's order payload as a channel order (null when it carries none) */
  orderOf(payload: unknown): ChannelOrder | null;
  /** the order as the store has it now, for platforms whose events may arrive out of order (Wix) */
  currentOrder?(channelOrderId: string): Promise<ChannelOrder | null>;
  /** tells the store the shipment's news: fulfilment with tracking, its events, a cancellation */
  writeBack(news: ShipmentNews): Promise<string>;
}

/** A platform's answer that is not a success: kept in the sync log with its status. */
export class ChannelHttpError extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
  }
}
