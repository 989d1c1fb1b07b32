import { formatDateTime } from '../../src/domain/format';
import { PDF_FONT } from './pdf-fonts';
import { drawCode128 } from './code128';
import { pdfBuffer } from './pdf-buffer';
import { drawDeliveryReportNote, drawLabelledRows } from './labelled-rows';
import { drawFramedPng } from './framed-png';
import { drawParty, type FreightDocParty } from './freight-parties';

// The proof of delivery of a B2B consignment: the LR, who received it and when (IST), how many of
// its boxes were handed over, and the consignee's stamp or signature as the carrier gave it.

export interface FreightPodData {
  lrNumber: string;
  carrierName: string;
  orderNumber: string;
  seller: string;
  consignee: FreightDocParty;
  bookedAt: Date;
  deliveredAt: Date;
  receiverName: string;
  boxesDelivered: number;
  boxCount: number;
  /** a PNG or JPEG: the stamp or signature, or the carrier's scan of the signed LR copy */
  image: { kind: 'STAMP' | 'SIGNATURE'; bytes: Uint8Array } | null;
  issuedAt: Date;
}

export function freightProofOfDeliveryPdf(d: FreightPodData): Promise<Buffer> {
  return pdfBuffer(
    { size: 'A4', margin: 0, info: { Title: `Proof of delivery LR ${d.lrNumber}`, Author: 'Dakiya' } },
    (doc) => {
      doc.font(PDF_FONT.bold).fontSize(18).text('Proof of delivery', 40, 40);
      doc.font(PDF_FONT.regular).fontSize(9).fillColor('#444444');
      doc.text(`Issued ${formatDateTime(d.issuedAt)} IST by Dakiya for ${d.seller}`, 40, 64, { width: 300 });
      drawCode128(doc, d.lrNumber, 360, 36, 195, 34);
      doc.fillColor('#000000').fontSize(9).text(`LR ${d.lrNumber}`, 360, 74, { width: 195, align: 'center' });

      const all = d.boxesDelivered >= d.boxCount;
      const rows: [string, string][] = [
        ['Order', d.orderNumber],
        ['Carrier', d.carrierName],
        ['Booked', `${formatDateTime(d.bookedAt)} IST`],
        ['Delivered', `${formatDateTime(d.deliveredAt)} IST`],
        ['Received by', d.receiverName],
        [
          'Boxes delivered',
          `${d.boxesDelivered} of ${d.boxCount}${all ? '' : ` (${d.boxCount - d.boxesDelivered} not yet delivered)`}`,
        ],
      ];
      let y = 104;
      y = drawLabelledRows(doc, rows, y);
      y = drawParty(doc, 'CONSIGNEE', d.consignee, 40, y + 8, 515) + 16;

      if (d.image) {
        doc
          .font(PDF_FONT.bold)
          .fontSize(11)
          .text(d.image.kind === 'STAMP' ? "Consignee's stamp" : "Receiver's signature", 40, y);
        const bytes = d.image.bytes;
        if (bytes[0] === 0xff && bytes[1] === 0xd8) {
          // a JPEG scan: fitted in the same frame
          doc.image(Buffer.from(bytes), 40, y + 18, { fit: [280, 180] });
          doc
            .rect(40, y + 18, 280, 180)
            .lineWidth(0.5)
            .stroke('#999999');
        } else drawFramedPng(doc, bytes, 40, y + 18, 280, 180);
      } else {
        doc
          .font(PDF_FONT.regular)
          .fontSize(10)
          .text('The carrier gave no stamp or signature for this delivery.', 40, y);
      }
      drawDeliveryReportNote(doc, 'carrier');
    },
  );
}
