import { pincodeDraw } from '../../../src/domain/shipping/carriers';
import { drawPng } from './png-drawing';

// The images a sandbox courier keeps as proof of delivery, drawn in code: a rider's photo of the
// parcel handed over at a door, and a receiver's signature on the courier's handset. Each is
// drawn from the AWB (and the receiver's name) so no two are alike.

/** 160×120: a door in a wall, a parcel on the step with its label, a hand holding it out. */
export function doorstepPhotoPng(awb: string): Uint8Array {
  const tint = Math.floor(pincodeDraw('POD', awb) * 60);
  return drawPng(160, 120, (x, y) => {
    if (y >= 104) return [150, 140, 130]; // step
    // the parcel stands in front of the door
    if (x >= 64 && x < 104 && y >= 76 && y < 104) {
      if (x >= 70 && x < 90 && y >= 82 && y < 92) return [250, 250, 250]; // label
      return [190, 140, 80]; // parcel
    }
    if (x >= 52 && x < 108 && y >= 10 && y < 104) {
      if (x >= 96 && x < 100 && y >= 56 && y < 62) return [220, 190, 60]; // handle
      return [110 + tint, 70, 40]; // door
    }
    if (x >= 104 && x < 130 && y >= 84 && y < 94) return [200, 150, 120]; // hand
    return [225, 215, 200 - tint]; // wall
  });
}

/** 240×80: a signature's stroke on white, its curve drawn from the receiver's name, over a grey line. */
export function signaturePng(awb: string, receiverName: string): Uint8Array {
  const w = 240;
  const h = 80;
  const letters = [...receiverName.toLowerCase()].map((c) => c.charCodeAt(0) % 7);
  const phase = pincodeDraw('SIG', awb) * Math.PI * 2;
  const curve = (x: number) => {
    const i = Math.min(letters.length - 1, Math.floor((x / w) * letters.length));
    const amp = 10 + (letters[i] ?? 3) * 2.5;
    return 40 + amp * Math.sin(x / 9 + phase) * Math.cos(x / 23);
  };
  return drawPng(w, h, (x, y) => {
    if (y === 66 && x >= 10 && x < w - 10) return [170, 170, 170]; // the line to sign on
    if (x >= 16 && x < w - 20 && Math.abs(y - curve(x)) < 1.6) return [20, 30, 110]; // ink
    return [255, 255, 255];
  });
}

/**
 * 200×110: a business's rubber stamp in violet ink, as consignees press on a lorry receipt: a
 * double frame, the name's "lettering" as blocks drawn from it, and a date line across the middle.
 */
export function consigneeStampPng(lrNumber: string, businessName: string): Uint8Array {
  const w = 200;
  const h = 110;
  const ink: [number, number, number] = [92, 52, 150];
  const letters = [...businessName.toUpperCase()].filter((c) => c.trim());
  const tilt = (pincodeDraw('STAMP', lrNumber) - 0.5) * 0.08;
  return drawPng(w, h, (x, y) => {
    // the stamp sits slightly askew, as a hand presses it
    const sy = y + (x - w / 2) * tilt;
    const inFrame = (m: number) => x >= m && x < w - m && sy >= m && sy < h - m;
    const onBorder = (m: number, t: number) => inFrame(m) && !inFrame(m + t);
    if (onBorder(6, 3) || onBorder(13, 1)) return ink;
    // the name: one block a letter along the top band, heights from the letter
    if (sy >= 24 && sy < 40 && x >= 22 && x < w - 22 && letters.length) {
      const i = Math.floor(((x - 22) / (w - 44)) * letters.length);
      const col = (x - 22) % Math.max(4, Math.floor((w - 44) / letters.length));
      const tall = 6 + ((letters[i]?.charCodeAt(0) ?? 65) % 8);
      if (col > 1 && sy >= 40 - tall) return ink;
    }
    if (Math.abs(sy - 60) < 1 && x >= 30 && x < w - 30) return ink; // the date line
    if (sy >= 74 && sy < 86 && x >= 50 && x < w - 50 && (x >> 2) % 3 !== 0) return ink; // "RECEIVED"
    return [255, 255, 255];
  });
}
