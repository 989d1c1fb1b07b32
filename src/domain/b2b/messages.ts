import { formatDate, formatTime } from '../format';
import { formatRupees } from '../money';
import { B2B_ZONE_NAMES, type B2bZone } from './zones';

// What a seller reads about B2B quotes and e-way bills, in the catalogue's manner (messages.ts):
// one text per situation, a function where it names a figure. Field keys open the schema's
// messages (quote-input.ts) so the router and the form say the field's label instead.

export const B2B_MSG = {
  // the quote
  noBoxes: 'boxes: add at least one box',
  laneNotServed: (from: B2bZone, to: B2bZone) =>
    `This rate card has no rate from ${B2B_ZONE_NAMES[from]} to ${B2B_ZONE_NAMES[to]}`,
  carrierRiskNotOffered: "This carrier offers owner's risk only: choose owner's risk, or insure the goods yourself",
  // e-way bills
  ewayBillNumberFormat: 'An e-way bill number is 12 digits',
  ewayBillRequired: (thresholdPaise: number) =>
    `This consignment's value, GST included, is above ${formatRupees(thresholdPaise)}: it needs an e-way bill before it is booked`,
  ewayBillAlwaysRequired: (reason: string) => `Goods moved for ${reason} need an e-way bill whatever their value`,
  ewayBillNotRequired: (thresholdPaise: number) =>
    `No e-way bill is needed: the consignment's value, GST included, is ${formatRupees(thresholdPaise)} or less`,
  // a bill's last moment is midnight at the end of its last day: the day shown is the one before that moment
  ewayBillExpired: (expiresAt: number) =>
    `The e-way bill expired at midnight at the end of ${formatDate(expiresAt - 1)}`,
  ewayBillValidUntil: (expiresAt: number) => `Valid until midnight at the end of ${formatDate(expiresAt - 1)}`,
  extendTooEarly: (opensAt: number) =>
    `An e-way bill can be extended only from 8 hours before it expires: from ${formatTime(opensAt)} on ${formatDate(opensAt)}`,
  extendTooLate: (closedAt: number) =>
    `An e-way bill can be extended only until 8 hours after it expires; this one's window closed at ${formatTime(closedAt)} on ${formatDate(closedAt)}`,
  extendNeedsPartB: 'Add the vehicle (Part B) before extending the e-way bill',
  noGoodsLines: (invoice: string) =>
    `Invoice ${invoice} lists no goods: its e-way bill needs each line's HSN code, quantity and taxable value. Enter the bill you already have, or make the order again with its goods lines`,
  cancelTooLate: 'An e-way bill can be cancelled only within 24 hours of its generation',
  cancelled: 'This e-way bill is cancelled',
  notActive: 'This e-way bill is not active',
  // what every freight carrier is refused before it is asked to book (server/carriers/freight.ts)
  consignmentNoBoxes: 'A consignment needs at least one box',
  consignmentNoInvoices: 'A consignment needs at least one invoice',
  invoiceEwayBillNumberFormat: (invoice: string) => `Invoice ${invoice}: the e-way bill number must be 12 digits`,
  invoicesLackEwayBill: (invoices: readonly string[], valuePaise: number, thresholdPaise: number) =>
    `This consignment's value, GST included, is ${formatRupees(valuePaise)}, above ${formatRupees(thresholdPaise)}: ` +
    `each invoice needs its e-way bill before it is booked, and ${invoices.length === 1 ? 'invoice' : 'invoices'} ` +
    `${invoices.join(', ')} ${invoices.length === 1 ? 'has' : 'have'} none`,
  partyGstinInvalid: (party: 'consignor' | 'consignee') => `The ${party}'s GSTIN is not a valid GSTIN`,
} as const;
