import * as v from 'valibot';
import { formatRupees } from '../money';
import { decimalField, numberSchema } from '../schemas/fields';
import { B2B_LIMITS } from './quote-input';
import { oneOf } from '../schemas/choice';

// The goods an invoice carries, line by line, as the e-way bill's Part A lists them (NIC's
// itemList: product, HSN, quantity and unit, taxable amount, the GST rates). Which tax applies
// follows the two parties' states: within one state CGST and SGST, half the rate each; across
// states IGST at the whole rate. The invoice's value (GST included) must be what its lines add up to.

/** GST rates a line may carry, percent (the GST council's slabs, with the special rates for gold and diamonds). */
export const GST_RATES = [0, 0.25, 1.5, 3, 5, 12, 18, 28] as const;
export type GstRate = (typeof GST_RATES)[number];

/** NIC's unit quantity codes a seller's freight is most often counted in. */
export const QUANTITY_UNITS = {
  NOS: 'Numbers',
  PCS: 'Pieces',
  BOX: 'Boxes',
  PAC: 'Packs',
  SET: 'Sets',
  BAG: 'Bags',
  ROL: 'Rolls',
  DOZ: 'Dozens',
  KGS: 'Kilograms',
  TON: 'Tonnes',
  MTR: 'Metres',
  LTR: 'Litres',
  OTH: 'Others',
} as const;
export type QuantityUnit = keyof typeof QUANTITY_UNITS;
const UNIT_CODES = Object.keys(QUANTITY_UNITS) as QuantityUnit[];

/** An HSN code: 4, 6 or 8 digits (4 for a small business, 8 on an export). */
export const HSN_PATTERN = /^\d{4,8}$/;

/** Lines one invoice may list (NIC takes up to 250 items a bill). */
export const GOODS_LINES_MAX = 50;

/** The difference the invoice's value may have from its lines' sum: rounding of the tax, a rupee. */
const ROUNDING_PAISE = 100;

export const GoodsLineSchema = v.object({
  goodsName: v.pipe(
    v.string('goodsName is required'),
    v.trim(),
    v.minLength(2, 'goodsName must be 2 to 100 characters'),
    v.maxLength(100, 'goodsName must be 2 to 100 characters'),
  ),
  hsnCode: v.pipe(v.string('hsnCode is required'), v.trim(), v.regex(HSN_PATTERN, 'hsnCode must be 4 to 8 digits')),
  quantity: decimalField('quantity', { above: 0, max: 9_999_999 }),
  quantityUnit: oneOf(UNIT_CODES, 'quantityUnit'),
  taxableValuePaise: v.pipe(
    numberSchema('taxableValuePaise'),
    v.check((n) => Number.isFinite(n), 'taxableValuePaise must be a number'),
    v.integer('taxableValuePaise must be in whole paise'),
    v.minValue(1, 'taxableValuePaise must be above zero'),
    v.maxValue(B2B_LIMITS.invoicePaiseMax, 'taxableValuePaise must be at most ₹100 crore'),
  ),
  gstRate: v.picklist(GST_RATES, `gstRate must be one of ${GST_RATES.join(', ')} %`),
});
export type GoodsLine = v.InferOutput<typeof GoodsLineSchema>;

export const GoodsLinesSchema = v.pipe(
  v.array(GoodsLineSchema, 'goods must be a list'),
  v.maxLength(GOODS_LINES_MAX, `goods: at most ${GOODS_LINES_MAX} lines on one invoice`),
);

/** A line's GST, paise, rounded to the paisa. */
export const lineTaxPaise = (l: Pick<GoodsLine, 'taxableValuePaise' | 'gstRate'>) =>
  Math.round((l.taxableValuePaise * l.gstRate) / 100);

export interface GoodsTax {
  taxablePaise: number;
  cgstPaise: number;
  sgstPaise: number;
  igstPaise: number;
  /** taxable and tax together: the invoice's value */
  totalPaise: number;
}

/** The tax of a line, split by whether the goods cross a state line. */
export function lineTax(l: Pick<GoodsLine, 'taxableValuePaise' | 'gstRate'>, interState: boolean): GoodsTax {
  const tax = lineTaxPaise(l);
  const half = Math.round(tax / 2);
  return {
    taxablePaise: l.taxableValuePaise,
    cgstPaise: interState ? 0 : half,
    sgstPaise: interState ? 0 : tax - half,
    igstPaise: interState ? tax : 0,
    totalPaise: l.taxableValuePaise + tax,
  };
}

/** The lines' totals: taxable value, each tax, and all together. */
export function goodsTotals(lines: readonly Pick<GoodsLine, 'taxableValuePaise' | 'gstRate'>[], interState: boolean) {
  return lines.reduce<GoodsTax>(
    (sum, l) => {
      const t = lineTax(l, interState);
      return {
        taxablePaise: sum.taxablePaise + t.taxablePaise,
        cgstPaise: sum.cgstPaise + t.cgstPaise,
        sgstPaise: sum.sgstPaise + t.sgstPaise,
        igstPaise: sum.igstPaise + t.igstPaise,
        totalPaise: sum.totalPaise + t.totalPaise,
      };
    },
    { taxablePaise: 0, cgstPaise: 0, sgstPaise: 0, igstPaise: 0, totalPaise: 0 },
  );
}

/** Why an invoice's lines do not make its value, in the seller's words; null when they do (or it lists none). */
export function goodsMismatch(lines: readonly GoodsLine[], invoiceValuePaise: number): string | null {
  if (lines.length === 0) return null;
  const { totalPaise } = goodsTotals(lines, true);
  return Math.abs(totalPaise - invoiceValuePaise) <= ROUNDING_PAISE
    ? null
    : `goods: the lines' taxable values with GST come to ${formatRupees(totalPaise)}, the invoice value is ${formatRupees(invoiceValuePaise)}`;
}

/** Which GST an invoice's goods carry, in the seller's words. */
export const TAX_KINDS = { IGST: 'IGST (across states)', CGST_SGST: 'CGST and SGST (within the state)' } as const;

/** Whether the goods cross a state line (IGST) or stay within one (CGST and SGST). */
export const isInterState = (fromState: string, toState: string) =>
  fromState.trim().toLowerCase() !== toState.trim().toLowerCase();
