import { PDF_FONT, applyPdfFonts } from '../../documents/pdf-fonts';
import PDFDocument from 'pdfkit';
import type { Policy } from '../../../src/domain/policies';
import { formatDay } from '../../../src/domain/format';

// A policy page as a printable A4 PDF: the same text the SPA shows, with page numbers.

const MARGIN = 56;

export function policyPdf(policy: Policy): Promise<Buffer> {
  const doc = new PDFDocument({
    size: 'A4',
    margins: { top: MARGIN, bottom: MARGIN + 14, left: MARGIN, right: MARGIN },
    bufferPages: true,
    info: { Title: `Dakiya ${policy.title}`, Author: 'Dakiya', Subject: policy.title },
  });
  applyPdfFonts(doc);
  const chunks: Buffer[] = [];
  doc.on('data', (chunk: Buffer) => chunks.push(chunk));
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });

  doc.font(PDF_FONT.bold).fontSize(10).fillColor('#b4232a').text('Dakiya');
  doc.moveDown(0.5);
  doc.font(PDF_FONT.bold).fontSize(20).fillColor('#111111').text(policy.title);
  doc
    .font(PDF_FONT.regular)
    .fontSize(10)
    .fillColor('#555555')
    .text(`Last updated ${formatDay(policy.updated)}`);
  doc.moveDown(1.2);
  for (const section of policy.sections) {
    doc.font(PDF_FONT.bold).fontSize(13).fillColor('#111111').text(section.heading);
    doc.moveDown(0.3);
    for (const p of section.paragraphs) {
      doc.font(PDF_FONT.regular).fontSize(10.5).fillColor('#222222').text(p, { align: 'justify', lineGap: 2 });
      doc.moveDown(0.6);
    }
    doc.moveDown(0.4);
  }

  const range = doc.bufferedPageRange();
  for (let i = range.start; i < range.start + range.count; i++) {
    doc.switchToPage(i);
    // the footer sits in the bottom margin; without this pdfkit would start a new page for it
    doc.page.margins.bottom = 0;
    const y = doc.page.height - MARGIN;
    doc.font(PDF_FONT.regular).fontSize(9).fillColor('#777777');
    doc.text(`Dakiya · ${policy.title}`, MARGIN, y, { lineBreak: false });
    doc.text(`Page ${i + 1} of ${range.count}`, MARGIN, y, {
      width: doc.page.width - 2 * MARGIN,
      align: 'right',
      lineBreak: false,
    });
  }
  doc.end();
  return done;
}
