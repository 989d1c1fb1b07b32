import { PDF_FONT } from './pdf-fonts';
import { formatAmount, formatRupees } from '../../src/domain/format';
import type { InvoiceTotals } from '../../src/domain/gst-invoice';
import { DEFAULT_BRAND_COLOUR } from '../../src/domain/documents/template-settings';
import { textColourOn } from '../../src/domain/documents/template-rules';
import { pdfBuffer, type Doc } from './pdf-buffer';

// The seller's GST tax invoice to the buyer, one order a page: seller and buyer with their
// states, place of supply, each line with HSN, taxable value and CGST/SGST or IGST, totals, and
// the seller's signature when uploaded. The seller's invoice template decides the logo and the
// signature (the caller leaves them out), the brand colour of the title and the table's header,
// item images, a custom message and a terms note.

export interface TaxInvoiceData {
  invoiceNumber: string;
  invoiceDate: string;
  orderNumber: string;
  orderDate: string;
  awb: string | null;
  seller: { name: string; gstin: string; address: string[]; state: string };
  buyer: { name: string; phone: string; address: string[]; state: string };
  placeOfSupply: string;
  totals: InvoiceTotals;
  paymentMethod: 'PPD' | 'COD';
  /** a payment mode's advance, once paid: the rest is what the courier collects */
  advance?: { paidPaise: number; duePaise: number } | null;
  logo: Buffer | null;
  signature: Buffer | null;
  /** an image per line of totals.lines (null where the product has none), when the template prints them */
  itemImages?: (Buffer | null)[];
  print?: InvoicePrint;
}

export interface InvoicePrint {
  brandColour: string;
  customMessage: string;
  termsNote: string;
}

const DEFAULT_PRINT: InvoicePrint = { brandColour: DEFAULT_BRAND_COLOUR, customMessage: '', termsNote: '' };

const rs = formatAmount;

function drawInvoice(doc: Doc, inv: TaxInvoiceData) {
  const left = 40;
  const width = 515;
  if (inv.logo) {
    try {
      doc.image(inv.logo, left + width - 90, 36, { fit: [90, 40] });
    } catch {
      // an image pdfkit cannot read is left out rather than failing the invoice
    }
  }
  const print = inv.print ?? DEFAULT_PRINT;
  doc.font(PDF_FONT.bold).fontSize(16).fillColor(print.brandColour).text('Tax Invoice', left, 40);
  doc.fillColor('#000000');
  doc
    .font(PDF_FONT.regular)
    .fontSize(9)
    .text(`Invoice ${inv.invoiceNumber} · ${inv.invoiceDate}`, left, 60)
    .text(`Order ${inv.orderNumber} · ${inv.orderDate}${inv.awb ? ` · AWB ${inv.awb}` : ''}`);
  const top = 92;
  doc
    .font(PDF_FONT.bold)
    .fontSize(9)
    .text('Sold by', left, top)
    .text('Bill to / Ship to', left + 270, top);
  doc.font(PDF_FONT.regular).fontSize(8.5);
  doc.text(
    [
      inv.seller.name,
      ...inv.seller.address,
      `State: ${inv.seller.state}`,
      `GSTIN: ${inv.seller.gstin || 'not registered'}`,
    ].join('\n'),
    left,
    top + 12,
    { width: 250 },
  );
  doc.text(
    [inv.buyer.name, ...inv.buyer.address, `State: ${inv.buyer.state}`, `Phone: ${inv.buyer.phone}`].join('\n'),
    left + 270,
    top + 12,
    { width: 245 },
  );
  doc.text(`Place of supply: ${inv.placeOfSupply}`, left, top + 90);

  const intra = inv.totals.igstPaise === 0 && inv.totals.cgstPaise + inv.totals.sgstPaise > 0;
  const cols = intra
    ? [
        ['Item', 150],
        ['HSN', 45],
        ['Qty', 30],
        ['Taxable (₹)', 70],
        ['Rate', 35],
        ['CGST (₹)', 60],
        ['SGST (₹)', 60],
        ['Total (₹)', 65],
      ]
    : [
        ['Item', 180],
        ['HSN', 50],
        ['Qty', 30],
        ['Taxable (₹)', 75],
        ['Rate', 40],
        ['IGST (₹)', 70],
        ['Total (₹)', 70],
      ];
  let y = top + 110;
  const row = (cells: string[], bold = false, options: { header?: boolean; image?: Buffer | null } = {}) => {
    let x = left;
    const height = options.image ? 24 : 16;
    if (options.header) doc.rect(left, y, width, height).fill(print.brandColour);
    doc
      .fillColor(options.header ? textColourOn(print.brandColour) : '#000000')
      .font(bold ? PDF_FONT.bold : PDF_FONT.regular)
      .fontSize(8);
    cells.forEach((c, i) => {
      const w = cols[i][1] as number;
      let textX = x + 2;
      if (i === 0 && options.image) {
        try {
          doc.image(options.image, x + 2, y + 2, { fit: [20, 20] });
          textX = x + 25;
        } catch {
          // an image pdfkit cannot read is left out
        }
      }
      doc.text(c, textX, y + 3, {
        width: w - 4 - (textX - x - 2),
        align: i >= 2 ? 'right' : 'left',
        lineBreak: false,
        ellipsis: true,
      });
      x += w;
    });
    doc.fillColor('#000000');
    y += height;
    doc
      .moveTo(left, y)
      .lineTo(left + width, y)
      .lineWidth(0.5)
      .stroke('#999999');
  };
  row(
    cols.map((c) => c[0] as string),
    true,
    { header: true },
  );
  for (const [index, l] of inv.totals.lines.entries()) {
    const tax = intra ? [rs(l.cgstPaise), rs(l.sgstPaise)] : [rs(l.igstPaise)];
    row(
      [
        l.name,
        l.hsnCode || '—',
        String(l.quantity),
        rs(l.taxableValuePaise),
        `${l.taxRatePercent}%`,
        ...tax,
        rs(l.grossPaise),
      ],
      false,
      { image: inv.itemImages?.[index] ?? null },
    );
  }
  const t = inv.totals;
  row(
    [
      'Total',
      '',
      '',
      rs(t.taxableValuePaise),
      '',
      ...(intra ? [rs(t.cgstPaise), rs(t.sgstPaise)] : [rs(t.igstPaise)]),
      rs(t.totalPaise),
    ],
    true,
  );
  doc
    .font(PDF_FONT.regular)
    .fontSize(8.5)
    .text(
      inv.advance
        ? `Amount payable: ${formatRupees(t.totalPaise)}: advance paid ${formatRupees(inv.advance.paidPaise)}, balance ${formatRupees(inv.advance.duePaise)} ${inv.paymentMethod === 'COD' ? 'cash on delivery' : 'prepaid'}. Prices include GST.`
        : `Amount payable: ${formatRupees(t.totalPaise)} (${inv.paymentMethod === 'COD' ? 'cash on delivery' : 'prepaid'}). Prices include GST.`,
      left,
      y + 10,
    );
  let noteY = y + 26;
  if (print.customMessage) {
    doc.font(PDF_FONT.bold).fontSize(9).fillColor(print.brandColour).text(print.customMessage, left, noteY, {
      width,
    });
    doc.fillColor('#000000');
    noteY = doc.y + 4;
  }
  const signY = Math.max(y + 50, noteY + 6);
  if (inv.signature) {
    try {
      doc.image(inv.signature, left + width - 150, signY, { fit: [140, 45] });
    } catch {
      // as for the logo
    }
  }
  doc
    .font(PDF_FONT.regular)
    .fontSize(8)
    .text(`For ${inv.seller.name}`, left + width - 150, signY + 50, { width: 150 })
    .text('Authorised signatory', left + width - 150, signY + 62, { width: 150 });
  doc
    .fontSize(7)
    .fillColor('#555555')
    .text('This is a computer-generated invoice.', left, signY + 80);
  if (print.termsNote) {
    doc
      .font(PDF_FONT.bold)
      .fontSize(8)
      .fillColor('#000000')
      .text('Terms and conditions', left, signY + 96)
      .font(PDF_FONT.regular)
      .fontSize(7.5)
      .text(print.termsNote, left, signY + 108, { width });
  }
  doc.fillColor('#000000');
}

export function taxInvoicesPdf(invoices: TaxInvoiceData[]): Promise<Buffer> {
  return pdfBuffer(
    { size: 'A4', margin: 0, autoFirstPage: false, info: { Title: 'Tax invoices', Author: 'Dakiya' } },
    (doc) => {
      for (const inv of invoices) {
        doc.addPage({ size: 'A4', margin: 0 });
        drawInvoice(doc, inv);
      }
    },
  );
}
