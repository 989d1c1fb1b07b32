import { crc32, deflateSync } from 'node:zlib';

// The sandbox couriers' pictures (a hub's scale, a rider's doorstep photo, a receiver's signature)
// are drawn in code, pixel by pixel, and written as a plain 8-bit RGB PNG: no image library needed.

export type Rgb = [number, number, number];

/** A w×h PNG whose every pixel is what `px` says for it. */
export function drawPng(w: number, h: number, px: (x: number, y: number) => Rgb): Uint8Array {
  const rows: number[] = [];
  for (let y = 0; y < h; y++) {
    rows.push(0); // no filter on the row
    for (let x = 0; x < w; x++) rows.push(...px(x, y));
  }
  const chunk = (type: string, data: Buffer) => {
    const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
    const out = Buffer.alloc(12 + data.length);
    out.writeUInt32BE(data.length, 0);
    body.copy(out, 4);
    out.writeUInt32BE(crc32(body), 8 + data.length);
    return out;
  };
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(w, 0);
  ihdr.writeUInt32BE(h, 4);
  ihdr.set([8, 2, 0, 0, 0], 8); // 8-bit RGB
  return new Uint8Array(
    Buffer.concat([
      Buffer.from('89504e470d0a1a0a', 'hex'),
      chunk('IHDR', ihdr),
      chunk('IDAT', deflateSync(Buffer.from(rows))),
      chunk('IEND', Buffer.alloc(0)),
    ]),
  );
}
