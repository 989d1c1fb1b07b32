import * as v from 'valibot';
import { paiseOf } from '../money';
import { decimalField, numberSchema, wholeNumberField } from '../schemas/fields';
import { B2B_MSG } from './messages';
import { B2B_ZONES } from './zones';
import { oneOf } from '../schemas/choice';

// What a seller gives for a B2B quote, checked by one valibot schema (the calculator's form and a
// route alike). Messages open with the field's key; issueText (schemas/labels.ts) says its label
// ("Number of boxes must be a whole number"). The limits are a part-truck's, with room: a pallet
// fits well inside them, and a slip of digits (1200 m for 120 cm) does not.

export const B2B_LIMITS = {
  /** the longest side of a box or pallet, cm (a 32-foot truck's bed is about 975 cm) */
  sideCmMax: 1_000,
  /** one box or pallet, kg */
  boxKgMax: 5_000,
  /** boxes of one size in a docket */
  countMax: 9_999,
  /** sizes (rows of boxes) in one docket */
  rowsMax: 200,
  /** the docket's invoice value: ₹100 crore, far above any part-truck load, within exact integers */
  invoicePaiseMax: paiseOf(100_00_00_000),
} as const;

const side = (key: string) => decimalField(key, { above: 0, max: B2B_LIMITS.sideCmMax, unit: 'cm' });

export const BoxSchema = v.object({
  lengthCm: side('lengthCm'),
  breadthCm: side('breadthCm'),
  heightCm: side('heightCm'),
  weightKg: decimalField('weightKg', { above: 0, max: B2B_LIMITS.boxKgMax, unit: 'kg' }),
  count: wholeNumberField('count', 1, B2B_LIMITS.countMax),
});

const zone = (key: string) => oneOf(B2B_ZONES, key);
const flag = (key: string) => v.boolean(`${key} must be true or false`);

export const B2bQuoteInputSchema = v.object({
  originZone: zone('originZone'),
  destinationZone: zone('destinationZone'),
  boxes: v.pipe(
    v.array(BoxSchema, 'boxes must be a list'),
    v.minLength(1, B2B_MSG.noBoxes),
    v.maxLength(B2B_LIMITS.rowsMax, `boxes: at most ${B2B_LIMITS.rowsMax} sizes in one docket`),
  ),
  invoiceValuePaise: v.pipe(
    numberSchema('invoiceValuePaise'),
    v.check((n) => Number.isFinite(n), 'invoiceValuePaise must be a number'),
    v.integer('invoiceValuePaise must be in whole paise'),
    v.minValue(1, 'invoiceValuePaise must be above zero'),
    v.maxValue(B2B_LIMITS.invoicePaiseMax, 'invoiceValuePaise must be at most ₹100 crore'),
  ),
  freightPayer: oneOf(['PAID', 'TO_PAY'], 'freightPayer'),
  risk: oneOf(['OWNER', 'CARRIER'], 'risk'),
  appointment: flag('appointment'),
  oda: flag('oda'),
  greenTax: flag('greenTax'),
});
export type B2bQuoteInputBody = v.InferOutput<typeof B2bQuoteInputSchema>;
