import { asc, eq } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { b2bBoxes, b2bInvoices, b2bOrders, b2bWarehouses } from '../../db/schema';
import { badRequest } from '../../http/errors';
import { fieldLabel } from '../../../src/domain/schemas/labels';
import { B2B_ZONE_NAMES, b2bZoneOf, type B2bZone } from '../../../src/domain/b2b/zones';
import { quoteB2b, type B2bQuoteInput as EngineInput } from '../../../src/domain/b2b/quote';
import { bookingChargeOf } from '../../../src/domain/b2b/booking-charge';
import { FREIGHT_RATE_CARDS } from '../../../src/domain/b2b/carrier-cards';
import { FREIGHT_CARRIER_CODES, FREIGHT_CARRIERS } from '../../../src/domain/b2b/order-facts';
import type { B2bQuoteInput } from '../../../src/domain/schemas/b2b';
import type { B2bCarrierQuote, B2bQuotes } from '../../../src/domain/b2b-contract';
import { lookupPincode } from '../pincodes/lookup';
import { ownB2bOrder } from './detail';

// The B2B rate calculator and an order's quotes: one quote a freight carrier on its own rate card
// (src/domain/b2b/carrier-cards.ts), line by line, or the carrier's refusal in words. Asked by
// pincodes, the regions come from them (b2bZoneOf), and so does the green tax: a consignment
// entering Delhi from outside it pays it. The product keeps no out-of-delivery-area list of
// pincodes, so ODA is charged when the seller says the delivery pincode is out of the area.

const GREEN_TAX_STATE = 'Delhi';

/** A pincode's place and its B2B region, or a 400 naming the field. */
function placeOf(field: 'originPincode' | 'destinationPincode', pincode: string) {
  const place = lookupPincode(pincode);
  if (!place) throw badRequest(`${fieldLabel(field)}: unknown pincode ${pincode}`);
  const zone = b2bZoneOf(place);
  if (!zone) throw badRequest(`${fieldLabel(field)}: ${pincode} is in ${place.state}, which no B2B rate card prices`);
  return { ...place, zone };
}

/** Every freight carrier's answer for one consignment. */
export function quotesFor(input: EngineInput): B2bCarrierQuote[] {
  return FREIGHT_CARRIER_CODES.map((code) => {
    const result = quoteB2b(input, FREIGHT_RATE_CARDS[code]);
    return {
      carrierCode: code,
      carrierName: FREIGHT_CARRIERS[code],
      quote: result.ok
        ? { ...result.quote, bookingChargePaise: bookingChargeOf(result.quote, input.freightPayer) }
        : null,
      refusal: result.ok ? null : result.message,
    };
  });
}

function answer(input: EngineInput, pincodes: { origin: string | null; destination: string | null }): B2bQuotes {
  return {
    originZone: input.originZone,
    originZoneName: B2B_ZONE_NAMES[input.originZone],
    destinationZone: input.destinationZone,
    destinationZoneName: B2B_ZONE_NAMES[input.destinationZone],
    originPincode: pincodes.origin,
    destinationPincode: pincodes.destination,
    oda: input.oda,
    greenTax: input.greenTax,
    quotes: quotesFor(input),
  };
}

/** The rate calculator: regions as given, or from the pincodes (a pincode wins over a region). */
export function quoteCalculator(q: B2bQuoteInput): B2bQuotes {
  const from = q.originPincode ? placeOf('originPincode', q.originPincode) : null;
  const to = q.destinationPincode ? placeOf('destinationPincode', q.destinationPincode) : null;
  const enteringDelhi = !!from && !!to && to.state === GREEN_TAX_STATE && from.state !== GREEN_TAX_STATE;
  const input: EngineInput = {
    originZone: (from?.zone ?? q.originZone) as B2bZone,
    destinationZone: (to?.zone ?? q.destinationZone) as B2bZone,
    boxes: q.boxes,
    invoiceValuePaise: q.invoiceValuePaise,
    freightPayer: q.freightPayer,
    risk: q.risk,
    appointment: q.appointment,
    oda: q.oda,
    greenTax: q.greenTax || enteringDelhi,
  };
  return answer(input, { origin: q.originPincode ?? null, destination: q.destinationPincode ?? null });
}

/** The order's quotes: its boxes, its invoices' total, payer, risk and appointment, between its warehouse and consignee. */
export async function orderQuotes(db: Executor, orgId: number, orderId: number): Promise<B2bQuotes> {
  const o = await ownB2bOrder(db, orgId, orderId);
  const [[facts], boxes, invoices] = await Promise.all([
    db
      .select({ f: b2bOrders, originPincode: b2bWarehouses.pincode })
      .from(b2bOrders)
      .innerJoin(b2bWarehouses, eq(b2bWarehouses.id, b2bOrders.originWarehouseId))
      .where(eq(b2bOrders.orderId, o.id)),
    db.select().from(b2bBoxes).where(eq(b2bBoxes.orderId, o.id)).orderBy(asc(b2bBoxes.position)),
    db.select({ valuePaise: b2bInvoices.valuePaise }).from(b2bInvoices).where(eq(b2bInvoices.orderId, o.id)),
  ]);
  const { f } = facts;
  return quoteCalculator({
    originPincode: facts.originPincode,
    destinationPincode: f.consigneeAddress.pincode,
    boxes,
    invoiceValuePaise: invoices.reduce((sum, i) => sum + i.valuePaise, 0),
    freightPayer: f.freightPayer,
    risk: f.risk,
    appointment: f.appointmentDate !== null,
    oda: false,
    greenTax: false,
  });
}
