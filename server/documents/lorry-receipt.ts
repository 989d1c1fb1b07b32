import { formatDate, formatDateTime, formatRupees } from '../../src/domain/format';
import { PDF_FONT } from './pdf-fonts';
import { drawCode128 } from './code128';
import { pdfBuffer, type Doc } from './pdf-buffer';
import {
  drawParty,
  FREIGHT_HANDOVER_WORDS,
  FREIGHT_PAYER_WORDS,
  FREIGHT_RISK_WORDS,
  type FreightDocParty,
} from './freight-parties';

// The lorry receipt (LR; Gati calls it a docket) as the seller keeps and hands it over: the
// carrier's LR number as a barcode, consignor and consignee with their GSTINs, the boxes by size
// and weight, each invoice with its e-way bill and its validity, who pays the freight, whose risk
// the goods travel at, the handover and the delivery appointment. Indian formats throughout.

export interface LorryReceiptData {
  lrNumber: string;
  carrierName: string;
  orderNumber: string;
  bookedAt: Date;
  consignor: FreightDocParty;
  consignee: FreightDocParty;
  goodsDescription: string;
  /** `count` boxes of one size and dead weight, in order */
  boxes: { lengthCm: number; breadthCm: number; heightCm: number; weightKg: number; count: number }[];
  invoices: {
    number: string;
    /** yyyy-mm-dd (IST) */
    date: string;
    valuePaise: number;
    ewayBillNumber: string | null;
    /** when the e-way bill lapses; null while it has no Part B or when there is none */
    ewayBillExpiresAt: Date | null;
  }[];
  freightPayment: keyof typeof FREIGHT_PAYER_WORDS;
  risk: keyof typeof FREIGHT_RISK_WORDS;
  handover: keyof typeof FREIGHT_HANDOVER_WORDS;
  appointment: { date: string; startTime: string; endTime: string; poNumbers: string[] } | null;
  /** what the seller was charged for the freight (GST included), or null when nothing was */
  chargedPaise: number | null;
}

const X = 40;
const WIDTH = 515;

const kg = (n: number) => `${Number(n.toFixed(2))} kg`;

function heading(doc: Doc, text: string, y: number): number {
  doc.font(PDF_FONT.bold).fontSize(10).fillColor('#000000').text(text, X, y);
  doc
    .moveTo(X, y + 14)
    .lineTo(X + WIDTH, y + 14)
    .lineWidth(0.5)
    .stroke('#999999');
  return y + 19;
}

/** A table of columns [title, x, width] and rows of cells; answers the y below it. */
function table(doc: Doc, columns: [string, number, number][], rows: string[][], y: number): number {
  doc.font(PDF_FONT.bold).fontSize(8);
  for (const [title, x, width] of columns) doc.text(title, x, y, { width });
  y += 13;
  doc.font(PDF_FONT.regular).fontSize(9);
  for (const row of rows) {
    const height = Math.max(...row.map((cell, i) => doc.heightOfString(cell, { width: columns[i][2] })));
    row.forEach((cell, i) => doc.text(cell, columns[i][1], y, { width: columns[i][2] }));
    y += height + 4;
  }
  return y;
}

function invoiceBill(i: LorryReceiptData['invoices'][number]): string {
  if (!i.ewayBillNumber) return 'None needed';
  const until = i.ewayBillExpiresAt
    ? ` (valid until midnight at the end of ${formatDate(i.ewayBillExpiresAt.getTime() - 1)})`
    : ' (vehicle not yet given)';
  return `${i.ewayBillNumber}${until}`;
}

export function lorryReceiptPdf(d: LorryReceiptData): Promise<Buffer> {
  return pdfBuffer(
    { size: 'A4', margin: 0, info: { Title: `Lorry receipt ${d.lrNumber}`, Author: 'Dakiya' } },
    (doc) => {
      doc.font(PDF_FONT.bold).fontSize(18).text('Lorry receipt', X, 36);
      doc.font(PDF_FONT.regular).fontSize(9).fillColor('#444444');
      doc.text(`${d.carrierName} · Order ${d.orderNumber} · Booked ${formatDateTime(d.bookedAt)} IST`, X, 60, {
        width: 300,
      });
      drawCode128(doc, d.lrNumber, 360, 32, 195, 34);
      doc.fillColor('#000000').font(PDF_FONT.bold).fontSize(10).text(`LR ${d.lrNumber}`, 360, 70, {
        width: 195,
        align: 'center',
      });

      const partyWidth = (WIDTH - 20) / 2;
      const below = Math.max(
        drawParty(doc, 'CONSIGNOR', d.consignor, X, 96, partyWidth),
        drawParty(doc, 'CONSIGNEE', d.consignee, X + partyWidth + 20, 96, partyWidth),
      );

      let y = heading(doc, 'Boxes', below + 14);
      const count = d.boxes.reduce((n, b) => n + b.count, 0);
      const weight = d.boxes.reduce((n, b) => n + b.weightKg * b.count, 0);
      y = table(
        doc,
        [
          ['Boxes', X, 60],
          ['Size (L × B × H)', X + 70, 180],
          ['Weight a box', X + 260, 110],
          ['Weight', X + 380, 135],
        ],
        d.boxes.map((b) => [
          String(b.count),
          `${b.lengthCm} × ${b.breadthCm} × ${b.heightCm} cm`,
          kg(b.weightKg),
          kg(b.weightKg * b.count),
        ]),
        y,
      );
      doc
        .font(PDF_FONT.bold)
        .fontSize(9)
        .text(`${count} boxes · ${kg(weight)} in all · ${d.goodsDescription}`, X, y + 2, {
          width: WIDTH,
        });
      y = heading(doc, 'Invoices and e-way bills', y + 22);
      y = table(
        doc,
        [
          ['Invoice', X, 110],
          ['Date', X + 115, 75],
          ['Value with GST', X + 195, 95],
          ['E-way bill', X + 295, 220],
        ],
        d.invoices.map((i) => [i.number, formatDate(i.date), formatRupees(i.valuePaise), invoiceBill(i)]),
        y,
      );
      const total = d.invoices.reduce((n, i) => n + i.valuePaise, 0);
      doc
        .font(PDF_FONT.bold)
        .fontSize(9)
        .text(`Consignment value ${formatRupees(total)}`, X, y + 2);

      y = heading(doc, 'Terms', y + 22);
      const terms: [string, string][] = [
        ['Freight', FREIGHT_PAYER_WORDS[d.freightPayment]],
        ['Risk', FREIGHT_RISK_WORDS[d.risk]],
        ['Handover', FREIGHT_HANDOVER_WORDS[d.handover]],
        [
          'Appointment',
          d.appointment
            ? `${formatDate(d.appointment.date)}, ${d.appointment.startTime} to ${d.appointment.endTime} IST` +
              (d.appointment.poNumbers.length ? ` · PO ${d.appointment.poNumbers.join(', ')}` : '')
            : 'None asked',
        ],
        ...(d.chargedPaise === null
          ? []
          : ([['Charged', `${formatRupees(d.chargedPaise)} (GST included)`]] as [string, string][])),
      ];
      for (const [label, value] of terms) {
        doc.font(PDF_FONT.bold).fontSize(9).text(label, X, y, { width: 90 });
        doc
          .font(PDF_FONT.regular)
          .fontSize(9)
          .text(value, X + 95, y, { width: WIDTH - 95 });
        y += Math.max(15, doc.heightOfString(value, { width: WIDTH - 95 }) + 4);
      }

      for (const [i, who] of ['Consignor', "Carrier's executive", 'Consignee'].entries()) {
        doc
          .rect(X + i * 175, 730, 165, 50)
          .lineWidth(0.5)
          .stroke('#999999');
        doc
          .font(PDF_FONT.regular)
          .fontSize(8)
          .text(`${who}: signature and stamp`, X + i * 175 + 6, 768, { width: 155 });
      }
      doc
        .fontSize(7)
        .fillColor('#666666')
        .text(
          'A copy of the lorry receipt as the carrier booked it through Dakiya. Times are Indian Standard Time.',
          X,
          792,
          {
            width: WIDTH,
          },
        );
    },
  );
}
