import type { OrderStatus } from './order-status';

// Sales channels Dakiya connects to, and the pure rules of what each is told as a shipment moves.

export const CHANNEL_PLATFORMS = ['SHOPIFY', 'WOOCOMMERCE', 'MAGENTO2', 'WIX', 'AMAZON'] as const;
export type ChannelPlatform = (typeof CHANNEL_PLATFORMS)[number];
export const PLATFORM_NAMES: Record<ChannelPlatform, string> = {
  SHOPIFY: 'Shopify',
  WOOCOMMERCE: 'WooCommerce',
  MAGENTO2: 'Magento 2',
  WIX: 'Wix',
  AMAZON: 'Amazon',
};

/** Whether an order source is a store Dakiya connects to (its orders arrive by themselves). */
export const connectsAsChannel = (source: string) => (CHANNEL_PLATFORMS as readonly string[]).includes(source);

export const STORE_STATUSES = ['AUTHORISING', 'CONNECTED', 'FAILED', 'DISCONNECTED'] as const;
export type StoreStatus = (typeof STORE_STATUSES)[number];
export const STORE_STATUS_NAMES: Record<StoreStatus, string> = {
  AUTHORISING: 'Waiting for approval',
  CONNECTED: 'Connected',
  FAILED: 'Failed',
  DISCONNECTED: 'Disconnected',
};

export const SYNC_KINDS = ['CONNECT', 'FETCH', 'WEBHOOK', 'WRITE_BACK'] as const;
export const SYNC_OUTCOMES = ['OK', 'ERROR', 'RETRY'] as const;
export const SYNC_KIND_NAMES: Record<(typeof SYNC_KINDS)[number], string> = {
  CONNECT: 'Connect',
  FETCH: 'Fetch',
  WEBHOOK: 'Webhook',
  WRITE_BACK: 'Update to store',
};

/** Write-backs are tried this many times, a minute apart and doubling, before they are left as errors. */
export const WRITE_BACK_ATTEMPTS = 6;

/** Shopify's fulfilment event for a Dakiya status (null: nothing to tell). */
export type ShopifyEventStatus = 'in_transit' | 'out_for_delivery' | 'attempted_delivery' | 'delivered' | 'failure';
export function shopifyEventFor(status: OrderStatus): ShopifyEventStatus | null {
  switch (status) {
    case 'PKD':
    case 'INT':
      return 'in_transit';
    case 'OFD':
      return 'out_for_delivery';
    case 'NDR':
      return 'attempted_delivery';
    case 'DLV':
      return 'delivered';
    case 'LST':
    case 'DMG':
    case 'RTO_INT':
      return 'failure';
    default:
      return null;
  }
}

/**
 * Statuses a store hears about: booked (fulfilled with tracking) and each move of the parcel.
 * Cancellations go the other way only (a store's cancelled order cancels ours while it is
 * unshipped), so the two never echo each other.
 */
export function storeHears(status: OrderStatus): boolean {
  return status === 'PKP_SCH' || shopifyEventFor(status) !== null;
}

/** WooCommerce's order status for a Dakiya status (null: the store's status stays, a note is added). */
export function wooStatusFor(status: OrderStatus): 'completed' | null {
  return status === 'PKP_SCH' ? 'completed' : null;
}

/** What the connect flow tells the seller. */
export const MSG_CHANNELS = {
  cancelledInShopify: 'The install was cancelled in Shopify. Connect again when you are ready.',
  cancelledInWix: 'The install was cancelled in Wix. Connect again when you are ready.',
  notConnected: 'The store could not be connected. Try again.',
  magentoRefused:
    'Magento refused this token: activate the integration under System › Extensions › Integrations with access to Sales and Catalog, and set Stores › Configuration › Services › OAuth › Consumer Settings › Allow OAuth Access Tokens to be used as standalone Bearer tokens to Yes',
  connected: (name: string) => `${name} is connected. New orders will appear in Orders.`,
} as const;

/** Amazon India's marketplace id, on the Selling Partner API's Europe endpoint. */
export const AMAZON_IN_MARKETPLACE = 'A21TJRUUN4KGV';

/** Amazon ships Easy Ship and Fulfilled-by-Amazon orders itself: such an order is never booked here. */
export function channelShipsRefusal(o: {
  channel: string;
  fulfilment: string;
  channelStoreId: number | null;
}): string | null {
  return o.channel === 'AMAZON' && o.fulfilment === 'EASY' && o.channelStoreId !== null
    ? 'Amazon ships this order (Easy Ship or Fulfilled by Amazon): it is not booked through Dakiya'
    : null;
}
