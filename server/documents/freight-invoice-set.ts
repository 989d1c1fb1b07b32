import { formatDate, formatRupees } from '../../src/domain/format';
import { PDF_FONT } from './pdf-fonts';
import { pdfBuffer } from './pdf-buffer';
import { drawParty, type FreightDocParty } from './freight-parties';
import { drawLabelledRows } from './labelled-rows';
import { drawGoodsTable } from './freight-goods-table';
import type { B2bGoodsLineRow, B2bGoodsTax } from '../../src/domain/b2b-contract';

// The invoice set a consignment travels with: one A4 page an invoice, with its value, both
// parties' GSTINs, its e-way bill (number, validity, vehicle) and its goods line by line, for the driver's folder and the
// consignee's receiving desk.

export interface FreightInvoiceSetData {
  orderNumber: string;
  lrNumber: string | null;
  carrierName: string | null;
  consignor: FreightDocParty;
  consignee: FreightDocParty;
  invoices: {
    number: string;
    /** yyyy-mm-dd (IST) */
    date: string;
    valuePaise: number;
    goods: B2bGoodsLineRow[];
    goodsTax: B2bGoodsTax | null;
    ewayBill: { number: string; statusText: string; validityText: string; vehicleNumber: string | null } | null;
  }[];
}

export function freightInvoiceSetPdf(d: FreightInvoiceSetData): Promise<Buffer> {
  return pdfBuffer(
    { size: 'A4', margin: 0, autoFirstPage: false, info: { Title: `Invoices of ${d.orderNumber}`, Author: 'Dakiya' } },
    (doc) => {
      d.invoices.forEach((inv, i) => {
        doc.addPage({ size: 'A4', margin: 0 });
        doc.font(PDF_FONT.bold).fontSize(16).fillColor('#000000').text(`Invoice ${inv.number}`, 40, 40);
        doc
          .font(PDF_FONT.regular)
          .fontSize(9)
          .fillColor('#444444')
          .text(
            `Invoice ${i + 1} of ${d.invoices.length} · Order ${d.orderNumber}${d.lrNumber ? ` · LR ${d.lrNumber} (${d.carrierName})` : ''}`,
            40,
            62,
          );
        doc.fillColor('#000000');
        const below = Math.max(
          drawParty(doc, 'CONSIGNOR', d.consignor, 40, 90, 245),
          drawParty(doc, 'CONSIGNEE', d.consignee, 310, 90, 245),
        );
        const bill = inv.ewayBill;
        const after = drawLabelledRows(
          doc,
          [
            ['Invoice date', formatDate(inv.date)],
            ['Value with GST', formatRupees(inv.valuePaise)],
            ['E-way bill', bill ? `${bill.number} (${bill.statusText})` : 'None'],
            ...(bill
              ? ([
                  ['Validity', bill.validityText],
                  ['Vehicle', bill.vehicleNumber ?? 'Not yet given'],
                ] as [string, string][])
              : []),
          ],
          below + 20,
        );
        if (inv.goodsTax) drawGoodsTable(doc, inv.goods, inv.goodsTax, after + 16);
        else
          doc
            .font(PDF_FONT.regular)
            .fontSize(9)
            .fillColor('#444444')
            .text('The invoice’s goods are not listed here: see the invoice itself.', 40, after + 16)
            .fillColor('#000000');
      });
    },
  );
}
