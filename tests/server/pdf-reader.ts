import { execFileSync } from 'node:child_process';
import { mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { drawPng } from '../../server/carriers/sandbox/png-drawing';
import { codesShownIn } from '../../src/domain/display-labels';

// Reads PDFs as a person or a scanner would: pages rendered to PNG by poppler's pdftoppm, text by
// pdftotext, and barcodes decoded from the rendered pages by zbarimg (Debian's poppler-utils and
// zbar-tools).

export function readPdf(
  pdf: Uint8Array,
  dpi = 200,
): { pages: number; text: string; barcodes: string[]; images: number } {
  const dir = mkdtempSync(join(tmpdir(), 'dakiya-pdf-'));
  try {
    const file = join(dir, 'doc.pdf');
    writeFileSync(file, pdf);
    const info = execFileSync('pdfinfo', [file]).toString();
    const pages = Number(/Pages:\s+(\d+)/.exec(info)?.[1] ?? 0);
    const text = execFileSync('pdftotext', ['-layout', file, '-']).toString();
    // pdfimages lists two header lines, then one line per image placed
    const imageCount = Math.max(0, execFileSync('pdfimages', ['-list', file]).toString().trim().split('\n').length - 2);
    execFileSync('pdftoppm', ['-r', String(dpi), '-png', file, join(dir, 'page')]);
    const images = readdirSync(dir)
      .filter((f) => f.endsWith('.png'))
      .map((f) => join(dir, f));
    let barcodes: string[] = [];
    try {
      barcodes = execFileSync('zbarimg', ['--quiet', '--raw', '-Sdisable', '-Scode128.enable', ...images], {
        stdio: ['ignore', 'pipe', 'ignore'],
      })
        .toString()
        .split('\n')
        .filter(Boolean);
    } catch (e) {
      // zbarimg exits 4 when a page has no barcode at all
      barcodes = ((e as { stdout?: Buffer }).stdout ?? Buffer.from('')).toString().split('\n').filter(Boolean);
    }
    expectReadable(text);
    return { pages, text, barcodes, images: imageCount };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/**
 * Every document is read by people: amounts in ₹ (never "Rs."), and no stored code where its label
 * belongs (the label table's codes as standalone words). Every PDF a test reads is checked.
 */
export function expectReadable(text: string): void {
  const problems = [
    ...(/\bRs\.?\s/.test(text) ? ['amounts printed as "Rs."'] : []),
    // a label's routing code is the courier's own sorting code ("Routing: KAR/560/DE"), and a
    // manifest's number carries the courier's code ("MF-2-SF-20261120-1"): both are identifiers
    ...codesShownIn(text.replace(/Routing: \S+/g, '').replace(/\bMF-[\w-]+/g, '')).map(
      (c) => `the code ${c} printed where its label belongs`,
    ),
  ];
  if (problems.length) throw new Error(`The PDF reads badly: ${problems.join('; ')}\n${text}`);
}

/** A small solid-colour PNG, well-formed enough for any reader (tests upload it as a logo). */
export function solidPng(width: number, height: number, rgb: [number, number, number]): Buffer {
  return Buffer.from(drawPng(width, height, () => rgb));
}
