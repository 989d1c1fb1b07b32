import { and, eq, gte, inArray, isNotNull, lt } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { files, orderItems, orders, organisations, shipments } from '../../db/schema';
import { ApiError, notFound } from '../../http/errors';
import { formatDate, istDay } from '../../../src/domain/format';
import { invoiceTotals } from '../../../src/domain/gst-invoice';
import { carrierName } from '../../../src/domain/shipping/carriers';
import { manifestsPdf, type ManifestData } from '../../documents/manifest';
import { taxInvoicesPdf, type TaxInvoiceData } from '../../documents/tax-invoice';
import { labelsFor } from './label-data';
import { documentTemplateFor } from '../document-templates/template-for';
import { productImagesBySku } from '../document-templates/product-images';
import { pickupOf } from '../orders/pickup-of';

// Tax invoices (any of the seller's orders) and pickup manifests (shipped ones), and the home
// page's "documents of shipments waiting N days for pickup".

async function ownOrders(db: Db, orgId: number, orderIds: number[]) {
  const ids = [...new Set(orderIds)];
  const rows = await db
    .select()
    .from(orders)
    .where(and(eq(orders.orgId, orgId), inArray(orders.id, ids)));
  const missing = ids.filter((id) => !rows.some((r) => r.id === id));
  if (missing.length) throw new ApiError(404, `No such order${missing.length > 1 ? 's' : ''}: ${missing.join(', ')}`);
  return ids.map((id) => rows.find((r) => r.id === id)!);
}

async function image(db: Db, fileId: string | null): Promise<Buffer | null> {
  if (!fileId) return null;
  const [f] = await db.select({ content: files.content }).from(files).where(eq(files.id, fileId));
  return f ? Buffer.from(f.content, 'base64') : null;
}

export async function invoicesPdf(db: Db, orgId: number, orderIds: number[], now: Date): Promise<Buffer> {
  const list = await ownOrders(db, orgId, orderIds);
  const [org] = await db.select().from(organisations).where(eq(organisations.id, orgId));
  const items = await db
    .select()
    .from(orderItems)
    .where(
      inArray(
        orderItems.orderId,
        list.map((o) => o.id),
      ),
    );
  const live = await db
    .select({ orderId: shipments.orderId, awb: shipments.awb })
    .from(shipments)
    .where(
      and(
        inArray(
          shipments.orderId,
          list.map((o) => o.id),
        ),
        eq(shipments.state, 'BOOKED'),
      ),
    );
  const template = await documentTemplateFor(db, orgId, 'INVOICE');
  const [logo, signature, images] = await Promise.all([
    template.showLogo ? image(db, org.companyLogoFileId) : null,
    template.showSignature ? image(db, org.companySignFileId) : null,
    template.showItemImages
      ? productImagesBySku(
          db,
          orgId,
          items.map((i) => i.sku),
        )
      : new Map<string, Buffer>(),
  ]);
  const data: TaxInvoiceData[] = list.map((o) => {
    const from = pickupOf(o);
    const intra = from.state === o.billing.state;
    return {
      invoiceNumber: `INV/${o.orderNumber}`,
      invoiceDate: formatDate(istDay(now)),
      orderNumber: o.orderNumber,
      orderDate: formatDate(o.orderDate),
      awb: live.find((s) => s.orderId === o.id)?.awb ?? null,
      seller: {
        name: org.companyName,
        gstin: '',
        address: [from.line1, from.line2, `${from.city} - ${from.pincode}`].filter(Boolean),
        state: from.state,
      },
      buyer: {
        name: o.buyerName,
        phone: o.buyerPhone,
        address: [o.billing.line1, o.billing.line2, `${o.billing.city} - ${o.billing.pincode}`].filter(Boolean),
        state: o.billing.state,
      },
      placeOfSupply: o.billing.state,
      totals: invoiceTotals(
        items
          .filter((i) => i.orderId === o.id)
          .map((i) => ({
            name: i.name,
            hsnCode: i.hsnCode,
            quantity: i.quantity,
            unitPricePaise: i.unitPricePaise,
            taxRatePercent: i.taxRatePercent,
          })),
        o.discountPaise,
        o.shippingChargesPaise,
        intra,
      ),
      paymentMethod: o.paymentMethod as 'PPD' | 'COD',
      advance: o.advancePaidAt && o.advancePaise > 0 ? { paidPaise: o.advancePaise, duePaise: o.codAmountPaise } : null,
      logo,
      signature,
      itemImages: items.filter((i) => i.orderId === o.id).map((i) => images.get(i.sku.toLowerCase()) ?? null),
      print: template,
    };
  });
  return taxInvoicesPdf(data);
}

/** One manifest per courier and pickup address among the orders' live shipments. */
export async function manifestPdf(db: Db, orgId: number, orderIds: number[], now: Date): Promise<Buffer> {
  const list = await ownOrders(db, orgId, orderIds);
  const live = await db
    .select()
    .from(shipments)
    .where(
      and(
        inArray(
          shipments.orderId,
          list.map((o) => o.id),
        ),
        eq(shipments.state, 'BOOKED'),
      ),
    );
  const unshipped = list.filter((o) => !live.some((s) => s.orderId === o.id)).map((o) => o.orderNumber);
  if (unshipped.length) throw new ApiError(409, `Ship these orders first: ${unshipped.slice(0, 10).join(', ')}`);
  const groups = new Map<string, ManifestData>();
  for (const s of live) {
    const o = list.find((x) => x.id === s.orderId)!;
    const from = pickupOf(o);
    const key = `${s.carrierCode}|${from.addressId}`;
    if (!groups.has(key)) {
      groups.set(key, {
        manifestNumber: `MF-${orgId}-${s.carrierCode}-${istDay(now).replace(/-/g, '')}-${from.addressId}`,
        carrierName: carrierName(s.carrierCode),
        pickup: {
          name: from.entityName,
          phone: from.phone,
          address: `${from.line1}, ${from.city} - ${from.pincode}`,
        },
        date: formatDate(istDay(now)),
        parcels: [],
      });
    }
    groups.get(key)!.parcels.push({
      awb: s.awb,
      orderNumber: o.orderNumber,
      buyer: o.buyerName,
      city: o.shipping.city,
      paymentMethod: o.paymentMethod,
      codAmountPaise: o.codAmountPaise,
      weightKg: s.chargedWeightKg,
    });
  }
  return manifestsPdf([...groups.values()]);
}

/** Orders whose shipment was booked `pendingDay` days ago (IST) and still waits for pickup. */
export async function pendingPickupOrders(db: Db, orgId: number, pendingDay: number, now: Date): Promise<number[]> {
  const day = new Date(`${istDay(new Date(now.getTime() - pendingDay * 86_400_000))}T00:00:00+05:30`);
  const rows = await db
    .select({ id: orders.id })
    .from(orders)
    .where(
      and(
        eq(orders.orgId, orgId),
        eq(orders.status, 'PKP_SCH'),
        isNotNull(orders.shipmentBookedAt),
        gte(orders.shipmentBookedAt, day),
        lt(orders.shipmentBookedAt, new Date(day.getTime() + 86_400_000)),
      ),
    );
  return rows.map((r) => r.id);
}

/** Labels or invoices of the shipments booked pendingDay days ago and still waiting for pickup; 404 when none. */
export async function pendingDocumentsPdf(
  db: Db,
  orgId: number,
  pendingDay: number,
  document: 'LABEL' | 'INVOICE',
  now: Date,
): Promise<{ fileName: string; pdf: Buffer }> {
  const ids = await pendingPickupOrders(db, orgId, pendingDay, now);
  if (ids.length === 0)
    throw notFound(
      `Nothing to download: no shipment booked ${pendingDay === 0 ? 'today' : `${pendingDay} day${pendingDay === 1 ? '' : 's'} ago`} waits for pickup`,
    );
  const pdf = document === 'LABEL' ? await labelsFor(db, orgId, ids) : await invoicesPdf(db, orgId, ids, now);
  return { fileName: `${document === 'LABEL' ? 'labels' : 'invoices'}-pending-${pendingDay}d.pdf`, pdf };
}
