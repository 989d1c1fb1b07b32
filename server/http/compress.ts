import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';

// JSON answers above a small size go compressed to a client that accepts it. Brotli at quality 1
// when the client takes br, else gzip at level 1: the two cheapest settings on this machine's
// CPU (a 58 KB orders list: br-1 about 60 µs to 3.3 %, gzip-1 about 70 µs to 5.4 %, gzip-6 400 µs
// to 3.7 %; br-11 is 1,000 times dearer; docs/decisions/http-pipeline.md). The work runs on
// libuv's thread pool, off the event loop. Only JSON comes here: event streams, PDFs, images
// and spreadsheets are the handlers' own Responses and go out as they are.

/** Smaller answers go as they are: the headers and the work would cost more than the bytes saved. */
export const COMPRESS_ABOVE_BYTES = 1024;

const brotli = promisify(brotliCompress);
const gzipAsync = promisify(gzip);
const BROTLI_FAST = { params: { [constants.BROTLI_PARAM_QUALITY]: 1 } };
const GZIP_FAST = { level: 1 };

/** Whether a text is large enough to compress (counted in characters: it has at least as many bytes). */
export const worthCompressing = (text: string) => text.length > COMPRESS_ABOVE_BYTES;

export type Encoding = 'br' | 'gzip';

/** Whether a coding is acceptable in an Accept-Encoding value (named, or by `*`, with a q above 0). */
function accepts(header: string, coding: Encoding): boolean {
  let star = false;
  for (const part of header.split(',')) {
    const [name, ...params] = part.trim().toLowerCase().split(';');
    const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
    const ok = q === undefined || Number(q.slice(2)) > 0;
    if (name === coding) return ok;
    if (name === '*') star = ok;
  }
  return star;
}

/** The coding this request's client takes, br before gzip, or null for none. */
export function chosenEncoding(acceptEncoding: string | undefined): Encoding | null {
  if (!acceptEncoding) return null;
  if (accepts(acceptEncoding, 'br')) return 'br';
  if (accepts(acceptEncoding, 'gzip')) return 'gzip';
  return null;
}

/** The text compressed in that coding (on libuv's thread pool). */
export async function pack(text: string, encoding: Encoding): Promise<Uint8Array<ArrayBuffer>> {
  const packed = encoding === 'br' ? await brotli(text, BROTLI_FAST) : await gzipAsync(text, GZIP_FAST);
  return new Uint8Array(packed.buffer as ArrayBuffer, packed.byteOffset, packed.byteLength);
}
