import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type PDFDocument from 'pdfkit';

// The fonts every PDF prints with. The standard PDF fonts (Helvetica and the like) have no rupee
// sign, so amounts would read "Rs."; DejaVu Sans Condensed has ₹ and is about as wide as
// Helvetica, so the documents' layouts keep their measures. Read once; pdfkit embeds only the
// glyphs a document uses.

const fontFile = (name: string) => readFileSync(fileURLToPath(new URL(`./fonts/${name}`, import.meta.url)));

const REGULAR = fontFile('DejaVuSansCondensed.ttf');
const BOLD = fontFile('DejaVuSansCondensed-Bold.ttf');

/** The names a document's drawing code passes to doc.font(). */
export const PDF_FONT = { regular: 'Sans', bold: 'Sans-Bold' } as const;

/** Registers the product's fonts on a new document and starts it in the regular one. */
export function applyPdfFonts(doc: InstanceType<typeof PDFDocument>): void {
  doc.registerFont(PDF_FONT.regular, REGULAR);
  doc.registerFont(PDF_FONT.bold, BOLD);
  doc.font(PDF_FONT.regular);
}
