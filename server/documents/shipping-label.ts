import { PDF_FONT } from './pdf-fonts';
import { formatRupees } from '../../src/domain/format';
import { DEFAULT_BRAND_COLOUR } from '../../src/domain/documents/template-settings';
import { labelItemLines, labelSlot, printedMessage, textColourOn } from '../../src/domain/documents/template-rules';
import { drawCode128 } from './code128';
import { pdfBuffer, type Doc } from './pdf-buffer';

// Shipping labels: 4x6 inch thermal (one per page) or A4 with four to a page. Each carries the
// AWB as a Code 128 barcode, the order number's barcode, the courier and its routing code, the
// payment type with the COD amount in large type, the buyer's and the return address, the items
// and the weights, amounts in ₹ (server/documents/pdf-fonts.ts). The seller's label
// template (src/domain/documents) decides the item lines, item images, the brand colour of the
// footer band and the custom message printed in it.

export interface LabelAddress {
  name: string;
  phone: string;
  line1: string;
  line2: string;
  city: string;
  state: string;
  pincode: string;
}

export interface LabelData {
  awb: string;
  carrierName: string;
  routingCode: string;
  orderNumber: string;
  orderDate: string;
  paymentMethod: 'PPD' | 'COD';
  codAmountPaise: number;
  totalPaise: number;
  sellerName: string;
  buyer: LabelAddress;
  returnTo: LabelAddress;
  items: { name: string; sku: string; quantity: number; image?: Buffer | null }[];
  deadWeightKg: number;
  chargedWeightKg: number;
  dimensionsCm: string;
  /** the seller's logo (PNG or JPEG), printed by the return address */
  logo?: Buffer | null;
  /** a package of a split order: "1 of 2", and by box the master AWB its child AWB travels under */
  piece?: { of: string; masterAwb?: string };
  /** the template's choices; a label without them prints the defaults */
  print?: LabelPrint;
  /** the seller's own payment mode (Premium): its code replaces COD/PREPAID, and the advance the buyer paid prints beside what to collect */
  paymentMode?: LabelPaymentMode | null;
}

export interface LabelPaymentMode {
  code: string;
  name: string;
  note: string;
  advancePaise: number;
}

export interface LabelPrint {
  showProductDetails: boolean;
  showItemImages: boolean;
  /** the colour that prints (already the default when the plan has no custom branding) */
  brandColour: string;
  customMessage: string;
}

const DEFAULT_PRINT: LabelPrint = {
  showProductDetails: true,
  showItemImages: false,
  brandColour: DEFAULT_BRAND_COLOUR,
  customMessage: '',
};

export type LabelLayout = '4x6' | 'A4';

const W = 288; // 4 in
const H = 432; // 6 in
const M = 10;
const rs = formatRupees;

function address(doc: Doc, title: string, a: LabelAddress, x: number, y: number, width: number, big: boolean) {
  doc.font(PDF_FONT.bold).fontSize(7).text(title, x, y, { width, lineBreak: false });
  doc
    .font(PDF_FONT.bold)
    .fontSize(big ? 11 : 8)
    .text(a.name, x, y + 9, { width, height: big ? 13 : 10, lineBreak: false, ellipsis: true });
  const lines = [a.line1, a.line2, `${a.city}, ${a.state} - ${a.pincode}`, `Ph: ${a.phone}`].filter(Boolean);
  doc
    .font(PDF_FONT.regular)
    .fontSize(big ? 8.5 : 7)
    .text(lines.join('\n'), x, y + (big ? 23 : 20), { width, height: big ? 48 : 36, ellipsis: true });
}

/** The mode's line above the order barcode: its name, the advance paid, what to collect, and the seller's note. */
function modeLine(doc: Doc, l: LabelData, mode: LabelPaymentMode) {
  const parts = [
    mode.name,
    mode.advancePaise > 0 ? `Advance paid ${rs(mode.advancePaise)}` : null,
    l.paymentMethod === 'COD' ? `Collect ${rs(l.codAmountPaise)}` : `Prepaid ${rs(l.totalPaise)}`,
  ].filter(Boolean);
  doc
    .font(PDF_FONT.bold)
    .fontSize(8.5)
    .text(parts.join('  ·  '), M, 280, { width: W - 2 * M, lineBreak: false, ellipsis: true });
  if (mode.note)
    doc
      .font(PDF_FONT.regular)
      .fontSize(6.5)
      .text(mode.note, M, 289.5, { width: W - 2 * M, lineBreak: false, ellipsis: true });
  doc.font(PDF_FONT.regular).fontSize(7.5);
}

/** One label in its own 288 × 432 pt box at (x, y), scaled by `scale`. */
function drawLabel(doc: Doc, l: LabelData, x: number, y: number, scale: number) {
  doc.save();
  doc.translate(x, y).scale(scale);
  doc
    .lineWidth(1)
    .rect(0.5, 0.5, W - 1, H - 1)
    .stroke('#000000');

  // courier and routing code
  doc
    .font(PDF_FONT.bold)
    .fontSize(13)
    .fillColor('#000000')
    .text(l.carrierName, M, M, { width: 180, lineBreak: false, ellipsis: true });
  doc
    .font(PDF_FONT.regular)
    .fontSize(8)
    .text(l.routingCode ? `Routing: ${l.routingCode}` : '', M, M + 16, { width: 180, lineBreak: false });
  // payment type, large
  const cod = l.paymentMethod === 'COD';
  doc.rect(W - M - 90, M - 2, 90, 34).fill(cod ? '#000000' : '#ffffff');
  doc
    .fillColor(cod ? '#ffffff' : '#000000')
    .font(PDF_FONT.bold)
    .fontSize(cod ? 12 : 13)
    .text(l.paymentMode?.code ?? (cod ? 'COD' : 'PREPAID'), W - M - 90, M + 2, { width: 90, align: 'center' });
  if (cod) doc.fontSize(10).text(rs(l.codAmountPaise), W - M - 90, M + 17, { width: 90, align: 'center' });
  doc.fillColor('#000000');

  // AWB barcode
  drawCode128(doc, l.awb, M, 48, W - 2 * M, 58);
  doc
    .font(PDF_FONT.bold)
    .fontSize(11)
    .text(l.piece?.masterAwb ? `AWB ${l.awb}  (master ${l.piece.masterAwb})` : `AWB ${l.awb}`, M, 110, {
      width: W - 2 * M,
      align: 'center',
      lineBreak: false,
    });
  doc
    .moveTo(M, 126)
    .lineTo(W - M, 126)
    .stroke();

  address(doc, 'DELIVER TO', l.buyer, M, 131, W - 2 * M, true);
  doc
    .moveTo(M, 204)
    .lineTo(W - M, 204)
    .stroke();

  // order, weights, items
  doc.font(PDF_FONT.regular).fontSize(7.5);
  const piece = l.piece ? `  ·  Package ${l.piece.of}` : '';
  doc.text(`Order ${l.orderNumber}  ·  ${l.orderDate}${piece}`, M, 209, { width: W - 2 * M, lineBreak: false });
  doc.text(`Weight ${l.deadWeightKg} kg (charged ${l.chargedWeightKg} kg)  ·  ${l.dimensionsCm} cm`, M, 219, {
    width: W - 2 * M,
    lineBreak: false,
  });
  const print = l.print ?? DEFAULT_PRINT;
  const { lines, more } = labelItemLines(
    l.items.map((i) => ({ ...i, hasImage: Boolean(i.image) })),
    print,
  );
  const step = print.showProductDetails && print.showItemImages ? 14 : 10;
  lines.forEach((line, i) => {
    const image = line.withImage ? l.items[i].image : null;
    let textX = M;
    if (image) {
      try {
        doc.image(image, M, 229 + i * step, { fit: [12, 12] });
        textX = M + 15;
      } catch {
        // an image pdfkit cannot read is left off
      }
    }
    doc.text(line.text, textX, 231 + i * step, { width: W - M - textX, lineBreak: false, ellipsis: true });
  });
  if (more) doc.text(`+ ${more} more`, M, 231 + lines.length * step, { width: W - 2 * M, lineBreak: false });
  if (l.paymentMode) modeLine(doc, l, l.paymentMode);
  else if (!cod) doc.text(`Order value ${rs(l.totalPaise)}`, M, 283, { width: W - 2 * M, lineBreak: false });
  drawCode128(doc, l.orderNumber, M + 40, 296, W - 2 * M - 80, 26);
  doc.fontSize(7).text(l.orderNumber, M, 324, { width: W - 2 * M, align: 'center', lineBreak: false });
  doc
    .moveTo(M, 336)
    .lineTo(W - M, 336)
    .stroke();

  address(doc, `RETURN TO (${l.sellerName})`, l.returnTo, M, 341, l.logo ? W - 2 * M - 80 : W - 2 * M, false);
  if (l.logo) {
    try {
      doc.image(l.logo, W - M - 72, 344, { fit: [72, 50], align: 'right' });
    } catch {
      // a logo pdfkit cannot read is left off rather than failing the label
    }
  }
  // the footer band in the brand colour, with the seller's message
  const ink = textColourOn(print.brandColour);
  doc.rect(M, H - 22, W - 2 * M, 14).fill(print.brandColour);
  const message = printedMessage(print.customMessage, 60);
  doc
    .fillColor(ink)
    .font(PDF_FONT.bold)
    .fontSize(7)
    .text(message, M + 4, H - 18, { width: W - 2 * M - 80, lineBreak: false, ellipsis: true });
  doc
    .font(PDF_FONT.regular)
    .fontSize(6)
    .text('Shipped through Dakiya', M, H - 17.5, { width: W - 2 * M - 4, align: 'right', lineBreak: false });
  doc.fillColor('#000000');
  doc.restore();
}

/** 4x6: a label a page. A4: four to a page when the account may merge labels, else one a page, centred. */
export function labelsPdf(labels: LabelData[], layout: LabelLayout, merged = true): Promise<Buffer> {
  if (layout === '4x6') {
    return pdfBuffer(
      { size: [W, H], margin: 0, autoFirstPage: false, info: { Title: 'Shipping labels', Author: 'Dakiya' } },
      (doc) => {
        for (const l of labels) {
          doc.addPage({ size: [W, H], margin: 0 });
          drawLabel(doc, l, 0, 0, 1);
        }
      },
    );
  }
  const pageW = 595.28;
  const pageH = 841.89;
  if (!merged) {
    return pdfBuffer(
      { size: 'A4', margin: 0, autoFirstPage: false, info: { Title: 'Shipping labels', Author: 'Dakiya' } },
      (doc) => {
        for (const l of labels) {
          doc.addPage({ size: 'A4', margin: 0 });
          drawLabel(doc, l, (pageW - W) / 2, 40, 1);
        }
      },
    );
  }
  // A4 portrait: a 2 × 2 grid of labels, scaled to fit with a cutting margin
  const scale = Math.min((pageW - 30) / 2 / W, (pageH - 30) / 2 / H);
  return pdfBuffer(
    { size: 'A4', margin: 0, autoFirstPage: false, info: { Title: 'Shipping labels', Author: 'Dakiya' } },
    (doc) => {
      let page = -1;
      labels.forEach((l, i) => {
        const slot = labelSlot(i, 'A4_FOUR_UP');
        if (slot.page !== page) {
          doc.addPage({ size: 'A4', margin: 0 });
          page = slot.page;
        }
        drawLabel(doc, l, 10 + slot.column * (pageW / 2), 10 + slot.row * (pageH / 2), scale);
      });
    },
  );
}
