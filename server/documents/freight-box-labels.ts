import { PDF_FONT } from './pdf-fonts';
import { drawCode128 } from './code128';
import { pdfBuffer } from './pdf-buffer';
import { partyLines, type FreightDocParty } from './freight-parties';

// Box labels of a B2B consignment: 100 × 150 mm, one page a box in the boxes' order, each with
// "Box 3 of 12", the LR number, the box's own number (its AWB) as a Code 128 barcode the carrier's
// hubs scan, the consignee and the route from origin to destination.

export interface FreightBoxLabelData {
  lrNumber: string;
  carrierName: string;
  orderNumber: string;
  consignor: FreightDocParty;
  consignee: FreightDocParty;
  /** the carrier's number of each box, position 1 first */
  boxNumbers: string[];
  /** each box's size and weight in the same order (the boxes' rows expanded by count) */
  boxes: { lengthCm: number; breadthCm: number; heightCm: number; weightKg: number }[];
}

const MM = 72 / 25.4;
const W = 100 * MM;
const H = 150 * MM;
const M = 4 * MM;

export function freightBoxLabelsPdf(d: FreightBoxLabelData): Promise<Buffer> {
  const count = d.boxNumbers.length;
  return pdfBuffer(
    { size: [W, H], margin: 0, autoFirstPage: false, info: { Title: `Box labels ${d.lrNumber}`, Author: 'Dakiya' } },
    (doc) => {
      d.boxNumbers.forEach((awb, i) => {
        doc.addPage({ size: [W, H], margin: 0 });
        const inner = W - 2 * M;
        doc
          .rect(M / 2, M / 2, W - M, H - M)
          .lineWidth(1)
          .stroke('#000000');
        doc
          .font(PDF_FONT.bold)
          .fontSize(12)
          .fillColor('#000000')
          .text(d.carrierName, M, M, { width: inner / 2 });
        doc.fontSize(16).text(`Box ${i + 1} of ${count}`, M + inner / 2, M - 2, { width: inner / 2, align: 'right' });
        doc.fontSize(13).text(`LR ${d.lrNumber}`, M, M + 22, { width: inner });

        drawCode128(doc, awb, M, M + 44, inner, 70);
        doc.fontSize(11).text(awb, M, M + 118, { width: inner, align: 'center' });

        let y = M + 140;
        doc
          .moveTo(M, y)
          .lineTo(W - M, y)
          .lineWidth(0.5)
          .stroke();
        doc
          .font(PDF_FONT.bold)
          .fontSize(8)
          .text('DELIVER TO', M, y + 5);
        doc.fontSize(12).text(d.consignee.businessName, M, y + 15, { width: inner });
        y += 17 + doc.heightOfString(d.consignee.businessName, { width: inner });
        doc.font(PDF_FONT.regular).fontSize(9).text(partyLines(d.consignee).join('\n'), M, y, { width: inner });

        y = H - M - 92;
        doc
          .moveTo(M, y)
          .lineTo(W - M, y)
          .stroke();
        doc.font(PDF_FONT.bold).fontSize(11);
        doc.text(
          `${d.consignor.city} ${d.consignor.pincode}  →  ${d.consignee.city} ${d.consignee.pincode}`,
          M,
          y + 6,
          {
            width: inner,
            align: 'center',
          },
        );
        const box = d.boxes[i];
        doc.font(PDF_FONT.regular).fontSize(8.5);
        if (box)
          doc.text(
            `${box.lengthCm} × ${box.breadthCm} × ${box.heightCm} cm · ${Number(box.weightKg.toFixed(2))} kg`,
            M,
            y + 24,
            { width: inner, align: 'center' },
          );
        doc.text(`From ${d.consignor.businessName}, ${d.consignor.city}`, M, y + 40, { width: inner, align: 'center' });
        doc.text(`Order ${d.orderNumber}`, M, y + 54, { width: inner, align: 'center' });
      });
    },
  );
}
