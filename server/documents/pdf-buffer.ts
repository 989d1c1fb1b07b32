import PDFDocument from 'pdfkit';
import { applyPdfFonts } from './pdf-fonts';

type Doc = InstanceType<typeof PDFDocument>;

/** Renders into a new PDF document and answers its bytes. */
export function pdfBuffer(
  options: ConstructorParameters<typeof PDFDocument>[0],
  draw: (doc: Doc) => void,
): Promise<Buffer> {
  const doc = new PDFDocument(options);
  applyPdfFonts(doc);
  const chunks: Buffer[] = [];
  doc.on('data', (c: Buffer) => chunks.push(c));
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });
  draw(doc);
  doc.end();
  return done;
}

export type { Doc };

/** A PDF download. */
export function pdfAttachment(fileName: string, pdf: Buffer): Response {
  return new Response(new Uint8Array(pdf), {
    headers: {
      'content-type': 'application/pdf',
      'content-disposition': `attachment; filename="${fileName.replace(/[^A-Za-z0-9._-]/g, '_')}"`,
      'cache-control': 'no-store',
    },
  });
}
