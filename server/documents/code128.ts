// Code 128 bar patterns, drawn as vector bars on labels and manifests (crisp at any print
// resolution, and no image to make per label). Digits-only text of even length uses code set C
// (two digits per symbol: shorter bars for numeric AWBs); anything else code set B.

// bar/space module widths of symbols 0–106 (106 is STOP, which has a seventh element)
const PATTERNS = [
  '212222',
  '222122',
  '222221',
  '121223',
  '121322',
  '131222',
  '122213',
  '122312',
  '132212',
  '221213',
  '221312',
  '231212',
  '112232',
  '122132',
  '122231',
  '113222',
  '123122',
  '123221',
  '223211',
  '221132',
  '221231',
  '213212',
  '223112',
  '312131',
  '311222',
  '321122',
  '321221',
  '312212',
  '322112',
  '322211',
  '212123',
  '212321',
  '232121',
  '111323',
  '131123',
  '131321',
  '112313',
  '132113',
  '132311',
  '211313',
  '231113',
  '231311',
  '112133',
  '112331',
  '132131',
  '113123',
  '113321',
  '133121',
  '313121',
  '211331',
  '231131',
  '213113',
  '213311',
  '213131',
  '311123',
  '311321',
  '331121',
  '312113',
  '312311',
  '332111',
  '314111',
  '221411',
  '431111',
  '111224',
  '111422',
  '121124',
  '121421',
  '141122',
  '141221',
  '112214',
  '112412',
  '122114',
  '122411',
  '142112',
  '142211',
  '241211',
  '221114',
  '413111',
  '241112',
  '134111',
  '111242',
  '121142',
  '121241',
  '114212',
  '124112',
  '124211',
  '411212',
  '421112',
  '421211',
  '212141',
  '214121',
  '412121',
  '111143',
  '111341',
  '131141',
  '114113',
  '114311',
  '411113',
  '411311',
  '113141',
  '114131',
  '311141',
  '411131',
  '211412',
  '211214',
  '211232',
  '2331112',
];
const START_B = 104;
const START_C = 105;
const STOP = 106;

/** The symbol values of the text, start and checksum included, stop excluded. */
export function code128Symbols(text: string): number[] {
  if (text.length === 0) throw new Error('Code 128 needs some text');
  const numeric = /^\d+$/.test(text) && text.length % 2 === 0;
  const values: number[] = [numeric ? START_C : START_B];
  if (numeric) {
    for (let i = 0; i < text.length; i += 2) values.push(Number(text.slice(i, i + 2)));
  } else {
    for (const ch of text) {
      const code = ch.charCodeAt(0);
      if (code < 32 || code > 126) throw new Error(`Code 128 set B cannot carry ${JSON.stringify(ch)}`);
      values.push(code - 32);
    }
  }
  const checksum = values.reduce((sum, v, i) => sum + v * (i === 0 ? 1 : i), 0) % 103;
  return [...values, checksum];
}

/** Bar and space widths in modules, alternating and starting with a bar, stop pattern included. */
export function code128Modules(text: string): number[] {
  return [...code128Symbols(text), STOP].flatMap((v) => [...PATTERNS[v]].map(Number));
}

/** Draws the barcode's bars into a box (x, y, width, height) with any canvas that fills rectangles. */
export function drawCode128(
  canvas: { rect(x: number, y: number, w: number, h: number): unknown; fill(color: string): unknown },
  text: string,
  x: number,
  y: number,
  width: number,
  height: number,
): void {
  const modules = code128Modules(text);
  // ten modules of quiet zone on each side
  const unit = width / (modules.reduce((a, b) => a + b, 0) + 20);
  let at = x + 10 * unit;
  modules.forEach((w, i) => {
    if (i % 2 === 0) canvas.rect(at, y, w * unit, height);
    at += w * unit;
  });
  canvas.fill('#000000');
}
