import { and, eq, inArray } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { files, orderItems, orders, organisations, shipments } from '../../db/schema';
import { ApiError } from '../../http/errors';
import { formatDate } from '../../../src/domain/format';
import { CARRIER_BY_CODE } from '../../../src/domain/shipping/carriers';
import { labelsPdf, type LabelData, type LabelLayout } from '../../documents/shipping-label';

// The seller's shipping documents for orders that have a live shipment.

/** Label data of the orders, in the order asked; orders of another seller read as missing. */
export async function labelData(db: Db, orgId: number, orderIds: number[]): Promise<LabelData[]> {
  const ids = [...new Set(orderIds)];
  const rows = await db
    .select({ o: orders, s: shipments })
    .from(orders)
    .leftJoin(shipments, and(eq(shipments.orderId, orders.id), eq(shipments.state, 'BOOKED')))
    .where(and(eq(orders.orgId, orgId), inArray(orders.id, ids)));
  const found = new Map(rows.map((r) => [r.o.id, r]));
  const missing = ids.filter((id) => !found.has(id));
  if (missing.length) throw new ApiError(404, `No such order${missing.length > 1 ? 's' : ''}: ${missing.join(', ')}`);
  const unshipped = rows.filter((r) => !r.s).map((r) => r.o.orderNumber);
  if (unshipped.length)
    throw new ApiError(
      409,
      `Ship these orders first: ${unshipped.slice(0, 10).join(', ')}${unshipped.length > 10 ? ` and ${unshipped.length - 10} more` : ''}`,
    );
  const items = await db.select().from(orderItems).where(inArray(orderItems.orderId, ids));
  const [org] = await db
    .select({ name: organisations.companyName, logoId: organisations.companyLogoFileId })
    .from(organisations)
    .where(eq(organisations.id, orgId));
  const [logoFile] = org.logoId
    ? await db.select({ content: files.content }).from(files).where(eq(files.id, org.logoId))
    : [];
  // one buffer for every label: pdfkit embeds it once
  const logo = logoFile ? Buffer.from(logoFile.content, 'base64') : null;
  return ids.map((id) => {
    const { o, s } = found.get(id)!;
    return {
      awb: s!.awb,
      carrierName: CARRIER_BY_CODE.get(s!.carrierCode)?.name ?? s!.carrierCode,
      routingCode: s!.routingCode,
      orderNumber: o.orderNumber,
      orderDate: formatDate(o.orderDate),
      paymentMethod: o.paymentMethod as 'PPD' | 'COD',
      codAmountPaise: o.codAmountPaise,
      totalPaise: o.totalPaise,
      sellerName: org.name,
      buyer: { name: o.buyerName, phone: o.buyerPhone, ...o.shipping },
      returnTo: {
        name: o.pickup.entityName,
        phone: o.pickup.phone,
        line1: o.pickup.line1,
        line2: o.pickup.line2,
        city: o.pickup.city,
        state: o.pickup.state,
        pincode: o.pickup.pincode,
      },
      items: items.filter((i) => i.orderId === id).map((i) => ({ name: i.name, sku: i.sku, quantity: i.quantity })),
      deadWeightKg: o.deadWeightKg,
      chargedWeightKg: s!.chargedWeightKg,
      dimensionsCm: `${o.lengthCm} × ${o.breadthCm} × ${o.heightCm}`,
      logo,
    };
  });
}

export async function labelsFor(db: Db, orgId: number, orderIds: number[], layout: LabelLayout): Promise<Buffer> {
  const [org] = await db
    .select({ merged: organisations.mergedShippingLabelsAllowed })
    .from(organisations)
    .where(eq(organisations.id, orgId));
  return labelsPdf(await labelData(db, orgId, orderIds), layout, org?.merged ?? false);
}
