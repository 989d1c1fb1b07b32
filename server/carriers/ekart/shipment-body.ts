import type { ShipmentRequest } from '../adapter';
import { CourierError } from '../courier-error';
import { istDay } from '../../../src/domain/format';
import { EKART_MAX_COD_RUPEES, type EkartLocation, type EkartShipment } from './shapes';
import { rupeesOf } from '../../../src/domain/money';

// The product's booking in Ekart's create shape: weight in grams, sizes in whole centimetres,
// amounts in rupees, phones as ten digits, and our client reference as Ekart's order number (so a
// repeat is the same order at Ekart). The seller on Ekart's side is the account holder, whose
// name, address and GSTIN the account was opened with.

export interface AccountHolder {
  gstin: string;
  address: string;
}

/** The last ten digits of an Indian phone (+91 98450 12345 → 9845012345). */
export const tenDigits = (phone: string): string => phone.replace(/\D/g, '').slice(-10);

const rupees = (paise: number) => rupeesOf(Math.round(paise));

/** A parcel up to ₹49,999 cash on delivery, else a refusal the seller can act on, before any call. */
export function assertCodWithinLimit(req: ShipmentRequest): void {
  if (req.paymentMethod !== 'COD') return;
  const cod = rupees(req.codAmountPaise);
  if (cod > EKART_MAX_COD_RUPEES)
    throw new CourierError(
      'EK',
      'REFUSED',
      `Ekart collects at most ₹${EKART_MAX_COD_RUPEES.toLocaleString('en-IN')} cash on delivery; this order asks ₹${cod.toLocaleString('en-IN')}. Choose another courier or take part of it prepaid.`,
    );
}

function location(p: ShipmentRequest['to'], type: EkartLocation['location_type']): EkartLocation {
  return {
    location_type: type,
    address: p.address?.trim() || `${p.city}, ${p.state}`,
    city: p.city,
    state: p.state,
    country: 'India',
    name: p.name,
    phone: Number(tenDigits(p.phone)),
    pin: Number(p.pincode),
  };
}

export function shipmentBody(req: ShipmentRequest, holder: AccountHolder): EkartShipment {
  assertCodWithinLimit(req);
  const orderNumber = req.clientReference ?? req.orderNumber;
  const cod = req.paymentMethod === 'COD' ? rupees(req.codAmountPaise) : 0;
  // Ekart needs a value of at least ₹1; a COD parcel is worth at least what is collected
  const value = Math.max(1, rupees(req.declaredValuePaise ?? 0), cod);
  const size = req.dimensionsCm ?? { length: 10, breadth: 10, height: 10 };
  const cm = (n: number) => Math.max(1, Math.ceil(n));
  const seller = location(req.from, 'Office');
  return {
    seller_name: req.from.name,
    seller_address: holder.address,
    seller_gst_tin: holder.gstin,
    consignee_gst_amount: 0,
    order_number: orderNumber,
    invoice_number: req.orderNumber,
    invoice_date: istDay(req.bookedAt),
    consignee_name: req.to.name,
    consignee_alternate_phone: tenDigits(req.to.phone),
    products_desc: `Goods of order ${req.orderNumber}`,
    payment_mode: req.paymentMethod === 'COD' ? 'COD' : 'Prepaid',
    category_of_goods: 'General goods',
    // the booking carries the invoice total; its tax split stays on the product's invoice
    total_amount: value,
    tax_value: 0,
    taxable_amount: value,
    commodity_value: value.toFixed(2),
    cod_amount: cod,
    quantity: 1,
    weight: Math.max(1, Math.round(req.weightKg * 1000)),
    length: cm(size.length),
    height: cm(size.height),
    width: cm(size.breadth),
    return_reason: '',
    drop_location: location(req.to, 'Home'),
    pickup_location: seller,
    return_location: seller,
  };
}
