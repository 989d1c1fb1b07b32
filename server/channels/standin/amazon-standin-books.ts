import { createHmac, timingSafeEqual } from 'node:crypto';
import type { AppDeps } from '../../deps';
import { keptSecret } from '../settings';
import { AMAZON_IN_MARKETPLACE } from '../../../src/domain/channels';
import type { AmazonOrder, AmazonOrderItem } from '../amazon-orders';

// The stand-in Amazon's books: its sellers' orders in memory, and its tokens. Refresh, access
// and restricted data tokens are signed (HMAC under a server secret) and carry their seller,
// expiry and, for a restricted one, the one order it opens, so nothing else needs keeping.

export type StandinKind = 'MFN' | 'EASY' | 'AFN';
export interface StandinOrder extends AmazonOrder {
  items: AmazonOrderItem[];
  /** the full address and buyer, given only with a Restricted Data Token */
  restricted: { ShippingAddress: NonNullable<AmazonOrder['ShippingAddress']>; BuyerEmail: string };
  shipments: { packageReferenceId: string; carrierCode: string; carrierName: string; trackingNumber: string }[];
}

/** Access and restricted data tokens live this long, as LWA's and the Tokens API's do. */
export const TOKEN_SECONDS = 3600;

const books = new WeakMap<AppDeps, Map<string, StandinOrder[]>>();
let serial = 4_100_000;

export function ordersOf(deps: AppDeps, sellerId: string): StandinOrder[] {
  let all = books.get(deps);
  if (!all) books.set(deps, (all = new Map()));
  let list = all.get(sellerId);
  if (!list) all.set(sellerId, (list = []));
  return list;
}

async function sign(deps: AppDeps, what: string): Promise<string> {
  return createHmac('sha256', await keptSecret(deps, 'amazon-standin-tokens'))
    .update(what)
    .digest('base64url')
    .slice(0, 32);
}

async function signedPart(deps: AppDeps, token: string, prefix: string): Promise<string[] | null> {
  if (!token.startsWith(prefix)) return null;
  const body = token.slice(prefix.length);
  const dot = body.lastIndexOf('.');
  if (dot < 0) return null;
  const expected = Buffer.from(await sign(deps, `${prefix}${body.slice(0, dot)}`));
  const given = Buffer.from(body.slice(dot + 1));
  if (expected.length !== given.length || !timingSafeEqual(expected, given)) return null;
  return body.slice(0, dot).split('~');
}

/** The refresh token a seller's self-authorisation of the app gives (Seller Central › Develop apps). */
export async function standinRefreshToken(deps: AppDeps, sellerId: string): Promise<string> {
  return `Atzr|${sellerId}.${await sign(deps, `Atzr|${sellerId}`)}`;
}
export async function sellerOfRefresh(deps: AppDeps, token: string): Promise<string | null> {
  return (await signedPart(deps, token, 'Atzr|'))?.[0] ?? null;
}

export async function accessToken(deps: AppDeps, sellerId: string): Promise<string> {
  const body = `${sellerId}~${deps.now().getTime() + TOKEN_SECONDS * 1000}`;
  return `Atza|${body}.${await sign(deps, `Atza|${body}`)}`;
}
export async function restrictedToken(deps: AppDeps, sellerId: string, orderId: string): Promise<string> {
  const body = `${sellerId}~${deps.now().getTime() + TOKEN_SECONDS * 1000}~${orderId}`;
  return `Atz.sprdt|${body}.${await sign(deps, `Atz.sprdt|${body}`)}`;
}

/** Whom a token speaks for: its seller and (restricted) order, or why it is refused. */
export async function readToken(
  deps: AppDeps,
  token: string,
): Promise<{ sellerId: string; orderId: string | null } | 'invalid' | 'expired'> {
  const access = await signedPart(deps, token, 'Atza|');
  const rdt = access ? null : await signedPart(deps, token, 'Atz.sprdt|');
  const parts = access ?? rdt;
  if (!parts) return 'invalid';
  if (Number(parts[1]) <= deps.now().getTime()) return 'expired';
  return { sellerId: parts[0], orderId: rdt ? parts[2] : null };
}

/** A test order placed on the seller's Amazon.in account, as a buyer would. */
export function placeStandinOrder(
  deps: AppDeps,
  sellerId: string,
  opts: { kind?: StandinKind; cod?: boolean; pincode?: string } = {},
): StandinOrder {
  const kind = opts.kind ?? 'MFN';
  const at = deps
    .now()
    .toISOString()
    .replace(/\.\d{3}Z$/, 'Z');
  const id = `403-${String(++serial).padStart(7, '0')}-${String(serial * 7).slice(-7)}`;
  const pincode = opts.pincode ?? '411001';
  const order: StandinOrder = {
    AmazonOrderId: id,
    PurchaseDate: at,
    LastUpdateDate: at,
    OrderStatus: kind === 'AFN' ? 'Shipped' : 'Unshipped',
    FulfillmentChannel: kind === 'AFN' ? 'AFN' : 'MFN',
    PaymentMethod: opts.cod ? 'COD' : 'Other',
    ...(kind === 'EASY' ? { EasyShipShipmentStatus: 'PendingSchedule' } : {}),
    MarketplaceId: AMAZON_IN_MARKETPLACE,
    OrderTotal: { CurrencyCode: 'INR', Amount: '1299.00' },
    ShippingAddress: { City: 'Pune', StateOrRegion: 'MAHARASHTRA', PostalCode: pincode, CountryCode: 'IN' },
    items: [
      {
        ASIN: 'B0DAKIYA01',
        OrderItemId: `${serial}01`,
        SellerSKU: 'AZ-KURTA-M',
        Title: 'Block-print cotton kurta, M',
        QuantityOrdered: 1,
        ItemPrice: { CurrencyCode: 'INR', Amount: '1299.00' },
        ShippingPrice: { CurrencyCode: 'INR', Amount: '0.00' },
        PromotionDiscount: { CurrencyCode: 'INR', Amount: '0.00' },
      },
    ],
    restricted: {
      ShippingAddress: {
        Name: 'Ananya Deshpande',
        AddressLine1: 'Flat 7, Sai Krupa Apartments',
        AddressLine2: 'FC Road, Shivajinagar',
        City: 'Pune',
        StateOrRegion: 'MAHARASHTRA',
        PostalCode: pincode,
        CountryCode: 'IN',
        Phone: '+91 98220 45678',
      },
      BuyerEmail: 'x7ka2mq9@marketplace.amazon.in',
    },
    shipments: [],
  };
  ordersOf(deps, sellerId).push(order);
  return order;
}

/** The buyer cancels it on Amazon (only while it is unshipped, as Amazon allows). */
export function cancelStandinOrder(deps: AppDeps, sellerId: string, orderId: string): StandinOrder | null {
  const o = ordersOf(deps, sellerId).find((x) => x.AmazonOrderId === orderId);
  if (!o || o.OrderStatus === 'Shipped') return null;
  o.OrderStatus = 'Canceled';
  o.LastUpdateDate = deps
    .now()
    .toISOString()
    .replace(/\.\d{3}Z$/, 'Z');
  return o;
}
