import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import type { Context } from 'hono';
import { chosenEncoding, pack, worthCompressing, type Encoding } from './compress';

// The app's pages (index.html and track.html with their per-page hints, the lookup page drawn)
// go compressed to a client that takes it: a phone's first round trips carry less. A fixed page
// (one of a few dozen texts, the same for every visitor) is compressed once, at the best setting,
// and kept; a page made for its request (a tracking page naming its data) is compressed as the
// API's JSON is, cheaply, and not kept.

const packed = new Map<string, Uint8Array<ArrayBuffer>>();

function packedPage(html: string, encoding: Encoding): Uint8Array<ArrayBuffer> {
  const key = `${encoding}\n${html}`;
  let bytes = packed.get(key);
  if (!bytes) {
    const b =
      encoding === 'br'
        ? brotliCompressSync(html, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } })
        : gzipSync(html, { level: 9 });
    bytes = new Uint8Array(b.buffer as ArrayBuffer, b.byteOffset, b.byteLength);
    packed.set(key, bytes);
  }
  return bytes;
}

/** A page of the app, compressed when the client takes it and it is large enough. */
export async function pageAnswer(
  c: Context,
  page: { html: string; fixed: boolean },
  headers: Record<string, string>,
): Promise<Response> {
  const { html, fixed } = page;
  const encoding = worthCompressing(html) ? chosenEncoding(c.req.header('accept-encoding')) : null;
  const vary = [headers.Vary, 'Accept-Encoding'].filter(Boolean).join(', ');
  if (!encoding) return c.html(html, 200, { ...headers, Vary: vary });
  return c.body(fixed ? packedPage(html, encoding) : await pack(html, encoding), 200, {
    ...headers,
    'Content-Type': 'text/html; charset=UTF-8',
    'Content-Encoding': encoding,
    Vary: vary,
  });
}
