import { PDF_FONT } from './pdf-fonts';
import type { Doc } from './pdf-buffer';

// The parts a proof of delivery (a parcel's or a consignment's) is made of besides its own facts:
// label and value rows, and the closing note on where the record came from.

/** Rows of a bold label and its value from `y` on the A4 page; answers the y below them. */
export function drawLabelledRows(doc: Doc, rows: readonly [string, string][], y: number): number {
  for (const [label, value] of rows) {
    doc.font(PDF_FONT.bold).fontSize(10).text(label, 40, y, { width: 110 });
    doc.font(PDF_FONT.regular).fontSize(10).text(value, 150, y, { width: 405 });
    y += Math.max(18, doc.heightOfString(value, { width: 405 }) + 6);
  }
  return y;
}

/** The closing note at the foot of the A4 page: whose delivery report this records. */
export function drawDeliveryReportNote(doc: Doc, reporter: 'courier' | 'carrier') {
  doc
    .font(PDF_FONT.regular)
    .fontSize(8)
    .fillColor('#666666')
    .text(
      `This document records the ${reporter}’s delivery report as received by Dakiya. Times are Indian Standard Time.`,
      40,
      790,
      { width: 515 },
    );
}
