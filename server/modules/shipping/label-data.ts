import { and, eq, inArray } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { files, orderItems, orders, organisations, shipments, type PickupCopy } from '../../db/schema';
import { ApiError } from '../../http/errors';
import { formatDate } from '../../../src/domain/format';
import { carrierName } from '../../../src/domain/shipping/carriers';
import { labelsPdf, type LabelAddress, type LabelData, type LabelLayout } from '../../documents/shipping-label';
import { documentTemplateFor } from '../document-templates/template-for';
import { labelPaymentModes } from '../payment-modes/label-modes';
import { livePickupAddresses, productImagesBySku } from '../document-templates/product-images';
import { returnAddressChoice } from '../../../src/domain/documents/template-rules';
import type { LabelTemplate } from '../../../src/domain/documents/template-settings';
import { pickupOf } from '../orders/pickup-of';

// The seller's shipping documents for orders that have a live shipment, printed with the seller's
// label template (layout, item lines and images, brand colour, message, return address).

/** The return address the template chose, or null for each order's own pickup address. */
async function templateReturnAddress(db: Db, orgId: number, template: LabelTemplate): Promise<LabelAddress | null> {
  const live = await livePickupAddresses(db, orgId);
  const choice = returnAddressChoice(
    template,
    live.map((a) => a.id),
  );
  if (choice.source === 'RTO')
    return {
      name: template.rtoName,
      phone: template.rtoPhone,
      line1: template.rtoLine1,
      line2: template.rtoLine2,
      city: template.rtoCity,
      state: template.rtoState,
      pincode: template.rtoPincode,
    };
  const chosen = live.find((a) => a.id === choice.pickupAddressId);
  return chosen
    ? {
        name: chosen.entityName,
        phone: chosen.phone,
        line1: chosen.addressLine1,
        line2: chosen.addressLine2 ?? '',
        city: chosen.city,
        state: chosen.state,
        pincode: chosen.pincode,
      }
    : null;
}

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
  const modes = await labelPaymentModes(db, ids);
  const [org] = await db
    .select({ name: organisations.companyName, logoId: organisations.companyLogoFileId })
    .from(organisations)
    .where(eq(organisations.id, orgId));
  const [logoFile] = org.logoId
    ? await db.select({ content: files.content }).from(files).where(eq(files.id, org.logoId))
    : [];
  // one buffer for every label: pdfkit embeds it once
  const logo = logoFile ? Buffer.from(logoFile.content, 'base64') : null;
  const template = await documentTemplateFor(db, orgId, 'LABEL');
  const returnTo = await templateReturnAddress(db, orgId, template);
  const images =
    template.showProductDetails && template.showItemImages
      ? await productImagesBySku(
          db,
          orgId,
          items.map((i) => i.sku),
        )
      : new Map<string, Buffer>();
  return ids.map((id) => {
    const { o, s } = found.get(id)!;
    return {
      awb: s!.awb,
      carrierName: carrierName(s!.carrierCode),
      routingCode: s!.routingCode,
      orderNumber: o.orderNumber,
      orderDate: formatDate(o.orderDate),
      paymentMethod: o.paymentMethod as 'PPD' | 'COD',
      codAmountPaise: o.codAmountPaise,
      totalPaise: o.totalPaise,
      sellerName: org.name,
      buyer: { name: o.buyerName, phone: o.buyerPhone, ...o.shipping },
      returnTo: returnTo ?? {
        ...placeOf(pickupOf(o)),
      },
      items: items
        .filter((i) => i.orderId === id)
        .map((i) => ({
          name: i.name,
          sku: i.sku,
          quantity: i.quantity,
          image: images.get(i.sku.toLowerCase()) ?? null,
        })),
      deadWeightKg: o.deadWeightKg,
      chargedWeightKg: s!.chargedWeightKg,
      dimensionsCm: `${o.lengthCm} × ${o.breadthCm} × ${o.heightCm}`,
      logo,
      print: template,
      paymentMode: modes.get(id) ?? null,
    };
  });
}

/**
 * The labels of the orders in one PDF. `layout` asked in the request wins (A4 prints four to a page
 * when the account may merge labels or its template is A4 four-up); without one the template's
 * page layout prints.
 */
export async function labelsFor(db: Db, orgId: number, orderIds: number[], layout?: LabelLayout): Promise<Buffer> {
  const [org] = await db
    .select({ merged: organisations.mergedShippingLabelsAllowed })
    .from(organisations)
    .where(eq(organisations.id, orgId));
  const data = await labelData(db, orgId, orderIds);
  const fourUp = (await documentTemplateFor(db, orgId, 'LABEL')).pageLayout === 'A4_FOUR_UP';
  const printed: LabelLayout = layout ?? (fourUp ? 'A4' : '4x6');
  return labelsPdf(data, printed, fourUp || (org?.merged ?? false));
}

/** The label's return-to block from a pickup copy. */
const placeOf = (p: PickupCopy) => ({
  name: p.entityName,
  phone: p.phone,
  line1: p.line1,
  line2: p.line2,
  city: p.city,
  state: p.state,
  pincode: p.pincode,
});
