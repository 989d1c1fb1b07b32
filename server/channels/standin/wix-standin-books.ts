import { randomBytes, randomUUID } from 'node:crypto';
import type { AppDeps } from '../../deps';
import type { WixOrder } from '../wix-orders';

// The stand-in Wix's books: the sites the app is installed on (each with two products and the
// orders placed there, with their fulfilments), the access tokens minted for them, and each
// site's request window. Kept in memory per server.

/** An access token lives four hours (Wix's Create Access Token answers expires_in 14400). */
export const ACCESS_SECONDS = 14_400;
/** The stand-in's request window per site: this many calls a minute, then 429. */
export const SITE_RATE = { requests: 200, windowMs: 60_000 };

export interface WixStandinProduct {
  id: string;
  name: string;
  sku: string;
  price: number;
  weight: number;
}
export interface WixStandinFulfillment {
  id: string;
  createdDate: string;
  lineItems: { id: string; quantity: number }[];
  trackingInfo?: { trackingNumber: string; shippingProvider: string; trackingLink: string };
}
export interface WixSite {
  instanceId: string;
  /** the site's own id (Wix's tenantId, the metasite) */
  tenantId: string;
  name: string;
  products: WixStandinProduct[];
  orders: (WixOrder & { fulfillmentStatus: string })[];
  fulfillments: Map<string, WixStandinFulfillment[]>;
  /** webhook deliveries sent, newest last, with the status Dakiya answered */
  deliveries: { eventType: string; status: number }[];
  window: { from: number; count: number };
  throttled: number;
}

interface Grant {
  instanceId: string;
  expiresAt: number;
}

const books = new WeakMap<
  AppDeps,
  {
    sites: Map<string, WixSite>;
    accessTokens: Map<string, Grant>;
    nextNumber: number;
  }
>();

export function wixBooks(deps: AppDeps) {
  let b = books.get(deps);
  if (!b) {
    b = {
      sites: new Map(),
      accessTokens: new Map(),
      nextNumber: 10001,
    };
    books.set(deps, b);
  }
  return b;
}

export const opaque = (prefix: string) => `${prefix}.${randomBytes(24).toString('base64url')}`;

/** A new site with the app added, its two products on the shelf. */
export function addSite(deps: AppDeps, name: string): WixSite {
  const product = (productName: string, sku: string, price: number, weight: number) => ({
    id: randomUUID(),
    name: productName,
    sku,
    price,
    weight,
  });
  const site: WixSite = {
    instanceId: randomUUID(),
    tenantId: randomUUID(),
    name,
    products: [
      product('Terracotta planter', 'WIX-PLANT-01', 899, 1.1),
      product('Kalamkari table runner', 'WIX-RUNR-02', 649, 0.35),
    ],
    orders: [],
    fulfillments: new Map(),
    deliveries: [],
    window: { from: 0, count: 0 },
    throttled: 0,
  };
  wixBooks(deps).sites.set(site.instanceId, site);
  return site;
}

/** The stand-in's sites, for tests that look at what a site was told. */
export const standinWixSites = (deps: AppDeps) => [...wixBooks(deps).sites.values()];
export const standinWixSite = (deps: AppDeps, instanceId: string) => wixBooks(deps).sites.get(instanceId);
