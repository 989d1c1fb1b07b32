import { PDF_FONT } from './pdf-fonts';
import { formatRupees, formatDateTime, formatPhone } from '../../src/domain/format';
import { drawCode128 } from './code128';
import { pdfBuffer } from './pdf-buffer';
import { drawDeliveryReportNote, drawLabelledRows } from './labelled-rows';
import { drawFramedPng } from './framed-png';

// A proof of delivery: one delivered shipment, when (IST) and to whom it was handed over, whether
// the buyer's OTP was checked at the door, and the image the courier captured (its rider's photo
// or the receiver's signature) when it gave one.

export interface PodData {
  awb: string;
  orderNumber: string;
  carrierName: string;
  seller: string;
  buyer: { name: string; phone: string; address: string };
  paymentMethod: string;
  codAmountPaise: number;
  bookedAt: Date;
  deliveredAt: Date;
  receiverName: string;
  otpVerified: boolean;
  image: { kind: 'PHOTO' | 'SIGNATURE'; png: Uint8Array } | null;
  issuedAt: Date;
}

export function proofOfDeliveryPdf(d: PodData): Promise<Buffer> {
  return pdfBuffer(
    { size: 'A4', margin: 0, info: { Title: `Proof of delivery ${d.awb}`, Author: 'Dakiya' } },
    (doc) => {
      doc.font(PDF_FONT.bold).fontSize(18).text('Proof of delivery', 40, 40);
      doc.font(PDF_FONT.regular).fontSize(9).fillColor('#444444');
      doc.text(`Issued ${formatDateTime(d.issuedAt)} IST by Dakiya for ${d.seller}`, 40, 64);
      drawCode128(doc, d.awb, 360, 36, 195, 34);
      doc.fillColor('#000000').fontSize(9).text(d.awb, 360, 74, { width: 195, align: 'center' });

      const rows: [string, string][] = [
        ['Order', d.orderNumber],
        ['AWB', d.awb],
        ['Courier', d.carrierName],
        ['Booked', `${formatDateTime(d.bookedAt)} IST`],
        ['Delivered', `${formatDateTime(d.deliveredAt)} IST`],
        ['Received by', d.receiverName],
        [
          'OTP',
          d.otpVerified ? 'OTP verified: the buyer gave the rider the delivery OTP' : 'Not asked by this courier',
        ],
        ['Buyer', `${d.buyer.name} · ${formatPhone(d.buyer.phone)}`],
        ['Address', d.buyer.address],
        ['Payment', d.paymentMethod === 'COD' ? `Cash on delivery ${formatRupees(d.codAmountPaise)}` : 'Prepaid'],
      ];
      let y = 104;
      y = drawLabelledRows(doc, rows, y);

      if (d.otpVerified) {
        doc.roundedRect(40, y + 4, 200, 26, 4).fillAndStroke('#E7F6EC', '#1E7B3A');
        doc
          .fillColor('#1E7B3A')
          .font(PDF_FONT.bold)
          .fontSize(11)
          .text('OTP-verified delivery', 52, y + 12);
        doc.fillColor('#000000');
        y += 42;
      }

      y += 10;
      if (d.image) {
        const title = d.image.kind === 'PHOTO' ? "Rider's photo at delivery" : "Receiver's signature";
        doc.font(PDF_FONT.bold).fontSize(11).text(title, 40, y);
        drawFramedPng(doc, d.image.png, 40, y + 18, 280, 180);
      } else {
        doc
          .font(PDF_FONT.regular)
          .fontSize(10)
          .text('The courier gave no photo or signature for this delivery.', 40, y);
      }

      drawDeliveryReportNote(doc, 'courier');
    },
  );
}
