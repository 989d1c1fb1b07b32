import { execFile } from 'node:child_process';
import { ApiError } from '../http/errors';

// A PDF's first page as a PNG, drawn by poppler's pdftoppm (Debian's poppler-utils): what the
// document templates page shows as its preview, since a browser page may not frame a PDF (the
// Content-Security-Policy allows images from blob: addresses, not frames) and a phone shows an
// image the same everywhere.

export function firstPagePng(pdf: Buffer, dpi = 96): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const child = execFile(
      'pdftoppm',
      ['-png', '-r', String(dpi), '-f', '1', '-l', '1', '-singlefile', '-'],
      { encoding: 'buffer', maxBuffer: 32 * 1024 * 1024, timeout: 20_000 },
      (error, stdout) => {
        if (error) {
          const missing = (error as NodeJS.ErrnoException).code === 'ENOENT';
          reject(
            new ApiError(503, missing ? 'Previews are not available on this server' : 'The preview could not be drawn'),
          );
        } else resolve(stdout);
      },
    );
    child.stdin?.on('error', () => undefined);
    child.stdin?.end(pdf);
  });
}

/** An image answer. */
export function pngResponse(png: Buffer): Response {
  return new Response(new Uint8Array(png), { headers: { 'content-type': 'image/png', 'cache-control': 'no-store' } });
}
