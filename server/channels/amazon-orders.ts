import type { ChannelOrder } from './adapter';
import { istDay, rupees } from './http';

// Amazon's Orders API v0 order and its items in Dakiya's words. Without a Restricted Data Token
// an order's shipping address carries only its city, state and postal code; the buyer's name,
// street and phone come with one (an MFN order we ship), and nothing else is asked for.

export interface AmazonMoney {
  CurrencyCode?: string;
  Amount?: string;
}
export interface AmazonAddress {
  Name?: string;
  AddressLine1?: string;
  AddressLine2?: string;
  AddressLine3?: string;
  City?: string;
  StateOrRegion?: string;
  PostalCode?: string;
  CountryCode?: string;
  Phone?: string;
}
export interface AmazonOrder {
  AmazonOrderId: string;
  PurchaseDate: string;
  LastUpdateDate: string;
  OrderStatus: string;
  FulfillmentChannel?: 'MFN' | 'AFN';
  PaymentMethod?: string;
  EasyShipShipmentStatus?: string;
  MarketplaceId?: string;
  OrderTotal?: AmazonMoney;
  ShippingAddress?: AmazonAddress;
  BuyerInfo?: { BuyerEmail?: string; BuyerName?: string };
}
export interface AmazonOrderItem {
  ASIN: string;
  OrderItemId: string;
  SellerSKU?: string;
  Title?: string;
  QuantityOrdered: number;
  ItemPrice?: AmazonMoney;
  ShippingPrice?: AmazonMoney;
  PromotionDiscount?: AmazonMoney;
  ShippingDiscount?: AmazonMoney;
}

/** Amazon ships it itself: Fulfilled by Amazon, or an Easy Ship order Amazon's courier collects. */
export function amazonShips(o: AmazonOrder): boolean {
  return o.FulfillmentChannel === 'AFN' || !!o.EasyShipShipmentStatus;
}

/** An MFN order ready to ship (paid, not cancelled): the only kind whose address we ask for. */
export function weShip(o: AmazonOrder): boolean {
  return !amazonShips(o) && (o.OrderStatus === 'Unshipped' || o.OrderStatus === 'PartiallyShipped');
}

/** Orders not yet taken: pending payment waits (Amazon may still drop it), the rest are taken. */
export function takeable(o: AmazonOrder): boolean {
  return o.OrderStatus !== 'Pending' && o.OrderStatus !== 'PendingAvailability';
}

const sum = (items: AmazonOrderItem[], pick: (i: AmazonOrderItem) => AmazonMoney | undefined) =>
  items.reduce((total, i) => total + rupees(pick(i)?.Amount), 0);

/** The order as a channel order; `contactPhone` stands in for the buyer's phone Amazon keeps. */
export function amazonOrder(o: AmazonOrder, items: AmazonOrderItem[], contactPhone = ''): ChannelOrder {
  const a = o.ShippingAddress ?? {};
  const channelShips = amazonShips(o);
  const lines = [a.AddressLine1, a.AddressLine2, a.AddressLine3].filter(Boolean) as string[];
  return {
    channelOrderId: o.AmazonOrderId,
    orderNumber: o.AmazonOrderId,
    orderDate: istDay(o.PurchaseDate),
    paymentMethod: o.PaymentMethod === 'COD' ? 'COD' : 'PPD',
    buyerName: a.Name || 'Amazon buyer',
    buyerPhone: a.Phone || contactPhone,
    buyerEmail: o.BuyerInfo?.BuyerEmail ?? '',
    shipping: {
      line1: lines[0] ?? [a.City, a.StateOrRegion].filter(Boolean).join(', '),
      line2: lines.slice(1).join(', ') || (lines.length ? [a.City, a.StateOrRegion].filter(Boolean).join(', ') : ''),
      pincode: (a.PostalCode ?? '').replace(/\s/g, ''),
    },
    items: items.map((i) => ({
      channelProductId: i.SellerSKU || i.ASIN,
      name: i.Title || i.SellerSKU || i.ASIN,
      sku: i.SellerSKU || i.ASIN,
      quantity: i.QuantityOrdered,
      // ItemPrice is the line's price (unit price times quantity)
      unitPrice: i.QuantityOrdered ? Math.round((rupees(i.ItemPrice?.Amount) / i.QuantityOrdered) * 100) / 100 : 0,
      grams: 0,
    })),
    discount: sum(items, (i) => i.PromotionDiscount) + sum(items, (i) => i.ShippingDiscount),
    shippingCharges: sum(items, (i) => i.ShippingPrice),
    cancelled: o.OrderStatus === 'Canceled',
    fulfilment: channelShips ? 'EASY' : 'SELF',
    note: channelShips
      ? `${o.FulfillmentChannel === 'AFN' ? 'Fulfilled by Amazon' : 'Amazon Easy Ship'}, shipped by Amazon (Amazon status ${o.OrderStatus})`
      : '',
  };
}
