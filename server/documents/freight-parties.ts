import { formatPhone } from '../../src/domain/format';
import { PDF_FONT } from './pdf-fonts';
import type { Doc } from './pdf-buffer';
import type { FreightParty } from '../carriers/freight';

// What every B2B freight document says of a business at one end of a consignment, and the words
// it prints for the booking's choices (who pays the freight, whose risk, how the boxes are handed
// over), so the LR copy, the box labels and the proof of delivery read alike.

/** A consignor or consignee as the documents print it: the carrier's party without the email. */
export type FreightDocParty = Omit<FreightParty, 'email'>;

export const FREIGHT_PAYER_WORDS = {
  PAID: 'Paid: the consignor paid the freight at booking',
  TO_PAY: 'To pay: the consignee pays the freight on delivery',
} as const;

export const FREIGHT_RISK_WORDS = {
  OWNER: "Owner's risk",
  CARRIER: "Carrier's risk",
} as const;

export const FREIGHT_HANDOVER_WORDS = {
  PICKUP: 'Picked up from the consignor',
  SELF_DROP: "Dropped at the carrier's hub by the consignor",
} as const;

/** The phone as India reads it (+91 98765 43210), whether it came with +91 or without. */
export function partyPhone(phone: string): string {
  return formatPhone(phone.replace(/^\+91/, ''));
}

/** The party's lines: name, GSTIN (or unregistered), address, city and PIN, phone. */
export function partyLines(p: FreightDocParty): string[] {
  return [
    p.gstin ? `GSTIN ${p.gstin}` : 'Unregistered (no GSTIN)',
    p.address,
    `${p.city}, ${p.state} - ${p.pincode}`,
    `Ph ${partyPhone(p.phone)}`,
  ];
}

/** A titled party block at (x, y) within `width`; answers the y below it. */
export function drawParty(doc: Doc, title: string, p: FreightDocParty, x: number, y: number, width: number): number {
  doc.font(PDF_FONT.bold).fontSize(8).fillColor('#444444').text(title, x, y, { width });
  doc
    .fillColor('#000000')
    .font(PDF_FONT.bold)
    .fontSize(11)
    .text(p.businessName, x, y + 11, { width });
  const text = partyLines(p).join('\n');
  const top = y + 13 + doc.heightOfString(p.businessName, { width });
  doc.font(PDF_FONT.regular).fontSize(9).text(text, x, top, { width });
  return top + doc.heightOfString(text, { width });
}
