import { PDF_FONT } from './pdf-fonts';
import { formatRupees } from '../../src/domain/format';
import { drawCode128 } from './code128';
import { pdfBuffer } from './pdf-buffer';

// A pickup manifest: the parcels handed to one courier from one pickup address, each with its AWB
// barcode, and boxes for the courier's executive and the seller to sign on handover.

export interface ManifestData {
  manifestNumber: string;
  carrierName: string;
  pickup: { name: string; phone: string; address: string };
  date: string;
  parcels: {
    awb: string;
    orderNumber: string;
    buyer: string;
    city: string;
    paymentMethod: string;
    codAmountPaise: number;
    weightKg: number;
  }[];
}

const ROWS_PER_PAGE = 14;

export function manifestsPdf(manifests: ManifestData[]): Promise<Buffer> {
  return pdfBuffer(
    { size: 'A4', margin: 0, autoFirstPage: false, info: { Title: 'Pickup manifests', Author: 'Dakiya' } },
    (doc) => {
      for (const m of manifests) {
        for (let start = 0; start < Math.max(m.parcels.length, 1); start += ROWS_PER_PAGE) {
          doc.addPage({ size: 'A4', margin: 0 });
          doc.font(PDF_FONT.bold).fontSize(15).text(`Pickup manifest · ${m.carrierName}`, 40, 36);
          doc
            .font(PDF_FONT.regular)
            .fontSize(9)
            .text(
              `${m.manifestNumber} · ${m.date} · ${m.parcels.length} parcel${m.parcels.length === 1 ? '' : 's'}`,
              40,
              56,
            );
          doc.text(`Pickup from ${m.pickup.name}, ${m.pickup.address} · Ph ${m.pickup.phone}`, 40, 69, { width: 515 });
          let y = 92;
          doc
            .font(PDF_FONT.bold)
            .fontSize(8)
            .text('#', 40, y)
            .text('AWB', 60, y)
            .text('Order', 250, y)
            .text('Buyer, city', 330, y)
            .text('Payment', 450, y)
            .text('Kg', 520, y);
          y += 14;
          m.parcels.slice(start, start + ROWS_PER_PAGE).forEach((p, i) => {
            drawCode128(doc, p.awb, 56, y, 180, 26);
            doc.font(PDF_FONT.regular).fontSize(8).fillColor('#000000');
            doc.text(String(start + i + 1), 40, y + 8).text(p.awb, 60, y + 29, { width: 180, lineBreak: false });
            doc
              .text(p.orderNumber, 250, y + 8, { width: 75, lineBreak: false, ellipsis: true })
              .text(`${p.buyer}, ${p.city}`, 330, y + 8, { width: 115, lineBreak: false, ellipsis: true });
            doc
              .text(p.paymentMethod === 'COD' ? `COD ${formatRupees(p.codAmountPaise)}` : 'Prepaid', 450, y + 8, {
                width: 68,
                lineBreak: false,
              })
              .text(String(p.weightKg), 520, y + 8);
            y += 44;
            doc
              .moveTo(40, y - 4)
              .lineTo(555, y - 4)
              .lineWidth(0.5)
              .stroke('#999999');
          });
          const boxY = 740;
          doc.lineWidth(1).rect(40, boxY, 240, 70).stroke('#000000').rect(315, boxY, 240, 70).stroke('#000000');
          doc
            .font(PDF_FONT.regular)
            .fontSize(8)
            .text('Courier executive: name, signature, date and time', 46, boxY + 56)
            .text(`Seller (${m.pickup.name}): signature`, 321, boxY + 56);
        }
      }
    },
  );
}
