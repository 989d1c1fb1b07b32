import { and, asc, desc, eq, inArray, isNotNull, isNull } from 'drizzle-orm';
import * as v from 'valibot';
import type { AppDeps } from '../../deps';
import { accounts, orders, packageTypes, pickupAddresses, productChannelMappings, products } from '../../db/schema';
import type { ChannelOrder } from '../../channels/adapter';
import { ApiError } from '../../http/errors';
import { cancelOrder, createOrder } from '../orders/service';
import { OrderBody } from '../../../src/domain/schemas/order';
import { issueText } from '../../../src/domain/schemas/labels';
import { PLATFORM_NAMES, type ChannelPlatform } from '../../../src/domain/channels';
import type { StoreRow } from './store-access';

// A channel's order becomes a Dakiya order through the same creation path as the form and the
// API (createOrder, checked by the same OrderBody), once: the orders' unique index on
// (org, channel, store, channel order id) keeps a repeated or concurrent delivery to one order.

export type Intake = {
  outcome: 'created' | 'duplicate' | 'cancelled' | 'skipped';
  orderId: number | null;
  message: string;
};

const NUMBER_PREFIX: Record<ChannelPlatform, string> = {
  SHOPIFY: 'SH',
  WOOCOMMERCE: 'WC',
  MAGENTO2: 'MG',
  WIX: 'WX',
  AMAZON: 'AZ',
};

async function existing(deps: AppDeps, store: StoreRow, channelOrderId: string) {
  const [row] = await deps.db
    .select({ id: orders.id, status: orders.status, orderNumber: orders.orderNumber })
    .from(orders)
    .where(
      and(
        eq(orders.orgId, store.orgId),
        eq(orders.channel, store.platform),
        eq(orders.channelStoreId, store.id),
        eq(orders.channelOrderId, channelOrderId),
      ),
    );
  return row ?? null;
}

/** Whom a channel's change is recorded under: the organisation's owner. */
async function ownerOf(deps: AppDeps, orgId: number): Promise<number> {
  const [owner] = await deps.db
    .select({ id: accounts.id })
    .from(accounts)
    .where(and(eq(accounts.orgId, orgId), inArray(accounts.role, ['OWNER', 'LOCKED_OWNER'])))
    .orderBy(asc(accounts.id))
    .limit(1);
  if (!owner) throw new Error('The store’s seller has no owner login');
  return owner.id;
}

/** The seller's primary verified pickup address, else the oldest verified one (null: none). */
export async function primaryPickup(deps: AppDeps, orgId: number): Promise<{ id: number; phone: string } | null> {
  const [a] = await deps.db
    .select({ id: pickupAddresses.id, phone: pickupAddresses.phone })
    .from(pickupAddresses)
    .where(
      and(eq(pickupAddresses.orgId, orgId), isNull(pickupAddresses.deletedAt), isNotNull(pickupAddresses.verifiedAt)),
    )
    .orderBy(desc(pickupAddresses.isPrimary), asc(pickupAddresses.id))
    .limit(1);
  return a ?? null;
}

async function pickupFor(deps: AppDeps, orgId: number): Promise<number> {
  const a = await primaryPickup(deps, orgId);
  if (!a) throw new Error('Add and verify a pickup address in Setup: channel orders ship from it');
  return a.id;
}

/** The draft the order form would have sent: mapped products give their weight, size and tax. */
async function draftOf(deps: AppDeps, store: StoreRow, o: ChannelOrder, pickupAddressId: number) {
  const ids = o.items.map((i) => i.channelProductId).filter(Boolean);
  const mapped = ids.length
    ? await deps.db
        .select({ channelProductId: productChannelMappings.channelProductId, product: products })
        .from(productChannelMappings)
        .innerJoin(products, eq(products.id, productChannelMappings.productId))
        .where(
          and(
            eq(productChannelMappings.orgId, store.orgId),
            eq(productChannelMappings.storeId, String(store.id)),
            inArray(productChannelMappings.channelProductId, ids),
          ),
        )
    : [];
  const productOf = (id: string) => mapped.find((m) => m.channelProductId === id)?.product;
  const [box] = await deps.db
    .select({ id: packageTypes.id })
    .from(packageTypes)
    .where(and(eq(packageTypes.orgId, store.orgId), eq(packageTypes.status, 'ACTIVE')))
    .orderBy(asc(packageTypes.id))
    .limit(1);
  const weight = o.items.reduce(
    (kg, i) => kg + i.quantity * (productOf(i.channelProductId)?.weightKg ?? i.grams / 1000),
    0,
  );
  const largest = mapped
    .map((m) => m.product)
    .sort((a, b) => b.lengthCm * b.breadthCm * b.heightCm - a.lengthCm * a.breadthCm * a.heightCm)[0];
  return {
    orderNumber: `${NUMBER_PREFIX[store.platform as ChannelPlatform]}${o.orderNumber}`
      .replace(/[^A-Za-z0-9\-_/#.]/g, '')
      .slice(0, 40),
    orderDate: o.orderDate,
    channel: store.platform,
    fulfilment: o.fulfilment ?? 'SELF',
    paymentMethod: o.paymentMethod,
    buyerName: o.buyerName,
    buyerPhone: o.buyerPhone,
    buyerEmail: o.buyerEmail,
    shipping: o.shipping,
    billingSameAsShipping: true,
    items: o.items.map((i) => {
      const p = productOf(i.channelProductId);
      return {
        productId: p?.id ?? null,
        name: i.name.slice(0, 100),
        sku: p?.sku ?? i.sku,
        quantity: i.quantity,
        unitPrice: i.unitPrice,
        taxRatePercent: p?.taxRatePercent ?? 0,
        hsnCode: p?.hsnCode ?? '',
      };
    }),
    discount: o.discount,
    shippingCharges: o.shippingCharges,
    // the largest mapped product's size, else the seller's first package type, else a small parcel
    ...(largest
      ? { packageTypeId: null, lengthCm: largest.lengthCm, breadthCm: largest.breadthCm, heightCm: largest.heightCm }
      : box
        ? { packageTypeId: box.id }
        : { packageTypeId: null, lengthCm: 20, breadthCm: 15, heightCm: 10 }),
    deadWeightKg: Math.max(0.05, Math.round(weight * 100) / 100),
    pickupAddressId,
  };
}

/** Makes the channel's order ours, once; a cancelled store order cancels ours while unshipped. */
export async function takeChannelOrder(deps: AppDeps, store: StoreRow, o: ChannelOrder): Promise<Intake> {
  const had = await existing(deps, store, o.channelOrderId);
  const storeName = PLATFORM_NAMES[store.platform as ChannelPlatform];
  if (had) {
    if (o.cancelled && had.status === 'RTS') {
      const accountId = await ownerOf(deps, store.orgId);
      await cancelOrder(deps, { orgId: store.orgId, accountId }, had.id);
      return {
        outcome: 'cancelled',
        orderId: had.id,
        message: `${had.orderNumber} cancelled in ${storeName}, cancelled here`,
      };
    }
    return { outcome: 'duplicate', orderId: had.id, message: `${had.orderNumber} already here` };
  }
  if (o.cancelled)
    return { outcome: 'skipped', orderId: null, message: `#${o.orderNumber} was cancelled in ${storeName}` };
  const draft = await draftOf(deps, store, o, await pickupFor(deps, store.orgId));
  const parsed = v.safeParse(OrderBody, draft);
  if (!parsed.success) throw new Error(`#${o.orderNumber}: ${issueText(parsed.issues[0])}`);
  const accountId = await ownerOf(deps, store.orgId);
  const channelRef = {
    storeId: store.id,
    channelOrderId: o.channelOrderId,
    note: [`From ${storeName} ${store.name || store.storeUrl}`, o.note].filter(Boolean).join('; '),
  };
  for (const orderNumber of [parsed.output.orderNumber, '']) {
    try {
      const made = await createOrder(
        deps,
        { orgId: store.orgId, accountId },
        { ...parsed.output, orderNumber },
        { channelRef },
      );
      return { outcome: 'created', orderId: made.orderId, message: `#${o.orderNumber} became ${made.orderNumber}` };
    } catch (e) {
      if (!(e instanceof ApiError) || e.status !== 409) throw e;
      // a concurrent delivery made it first, or the store's number is taken here: then ours numbers it
      const raced = await existing(deps, store, o.channelOrderId);
      if (raced) return { outcome: 'duplicate', orderId: raced.id, message: `${raced.orderNumber} already here` };
    }
  }
  throw new Error(`#${o.orderNumber} could not be numbered`);
}
