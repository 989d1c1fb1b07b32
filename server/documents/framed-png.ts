import type { Doc } from './pdf-buffer';

/**
 * Places a PNG scaled to fit `maxWidth` × `maxHeight` with its own shape (a photo, a wide signature,
 * a round stamp) and a thin frame that hugs it; answers the height it took.
 */
export function drawFramedPng(doc: Doc, image: Uint8Array, x: number, y: number, maxWidth: number, maxHeight: number) {
  const png = Buffer.from(image);
  // a PNG's width and height are the IHDR chunk's first two words
  const [width, height] = [png.readUInt32BE(16), png.readUInt32BE(20)];
  const scale = Math.min(maxWidth / width, maxHeight / height);
  const [w, h] = [width * scale, height * scale];
  doc.image(png, x, y, { width: w, height: h });
  doc.rect(x, y, w, h).lineWidth(0.5).stroke('#999999');
  return h;
}
