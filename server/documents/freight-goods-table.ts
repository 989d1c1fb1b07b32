import { formatAmount, formatRupees } from '../../src/domain/money';
import { QUANTITY_UNITS } from '../../src/domain/b2b/goods-lines';
import type { B2bGoodsLineRow, B2bGoodsTax } from '../../src/domain/b2b-contract';
import { PDF_FONT } from './pdf-fonts';
import type { Doc } from './pdf-buffer';

// An invoice's goods on its page of the invoice set: one row a line (goods, HSN, quantity and
// unit, taxable value, GST rate and amount), then the taxable total, the tax as the parties'
// states make it (IGST, or CGST and SGST) and the value with GST.

const COLUMNS = [
  { title: 'Goods', x: 40, width: 150, align: 'left' },
  { title: 'HSN', x: 195, width: 55, align: 'left' },
  { title: 'Quantity', x: 255, width: 80, align: 'right' },
  { title: 'Taxable (₹)', x: 340, width: 80, align: 'right' },
  { title: 'GST', x: 425, width: 40, align: 'right' },
  { title: 'GST (₹)', x: 470, width: 85, align: 'right' },
] as const;

const cells = (l: B2bGoodsLineRow) => [
  l.goodsName,
  l.hsnCode,
  `${l.quantity.toLocaleString('en-IN')} ${QUANTITY_UNITS[l.quantityUnit].toLowerCase()}`,
  formatAmount(l.taxableValuePaise),
  `${l.gstRate} %`,
  formatAmount(l.taxPaise),
];

/** The goods table from `y` on; answers the y below it. */
export function drawGoodsTable(doc: Doc, goods: readonly B2bGoodsLineRow[], tax: B2bGoodsTax, y: number): number {
  doc.font(PDF_FONT.bold).fontSize(9);
  for (const c of COLUMNS) doc.text(c.title, c.x, y, { width: c.width, align: c.align });
  y += 14;
  doc.moveTo(40, y).lineTo(555, y).lineWidth(0.5).stroke('#999999');
  y += 4;
  doc.font(PDF_FONT.regular).fontSize(9);
  for (const line of goods) {
    const values = cells(line);
    const height = Math.max(...COLUMNS.map((c, i) => doc.heightOfString(values[i], { width: c.width })));
    COLUMNS.forEach((c, i) => doc.text(values[i], c.x, y, { width: c.width, align: c.align }));
    y += height + 4;
  }
  doc.moveTo(40, y).lineTo(555, y).lineWidth(0.5).stroke('#999999');
  y += 6;
  const totals: [string, number][] = [
    ['Taxable value', tax.taxablePaise],
    ...(tax.taxKind === 'IGST'
      ? ([['IGST', tax.igstPaise]] as [string, number][])
      : ([
          ['CGST', tax.cgstPaise],
          ['SGST', tax.sgstPaise],
        ] as [string, number][])),
    ['Goods with GST', tax.totalPaise],
  ];
  for (const [label, paise] of totals) {
    doc.font(PDF_FONT.bold).text(label, 340, y, { width: 125, align: 'right' });
    doc.font(PDF_FONT.regular).text(formatRupees(paise), 470, y, { width: 85, align: 'right' });
    y += 14;
  }
  return y;
}
