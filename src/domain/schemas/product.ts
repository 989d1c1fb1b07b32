import * as v from 'valibot';
import { numberSchema, recordIdField } from './fields';
import { isWholePaise } from '../money';

// A product as a seller enters it, in the form or as one CSV row. The CSV importer converts a
// row's text cells to these types and validates with the same schema, so a rule has one wording.

/** GST rates a product may carry (percent), including the nil, 0.25 %, 3 % and 40 % slabs. */
export const GST_RATES = [0, 0.25, 3, 5, 12, 18, 28, 40] as const;

export const SKU_PATTERN = /^[A-Za-z0-9][A-Za-z0-9._/-]*$/;
/** HSN codes are 4, 6 or 8 digits. */
export const HSN_PATTERN = /^(\d{4}|\d{6}|\d{8})$/;
export const MAX_PRICE_RUPEES = 10_000_000;
export const MAX_INVENTORY = 10_000_000;
/** The columns the product list sorts by. */
export const PRODUCT_SORT = ['productName', 'sku', 'price', 'availableInventory', 'createdAt'] as const;

// a measure (cm, kg) to two decimals; money uses isWholePaise
const atMostTwoDecimals = (n: number) => Math.abs(Math.round(n * 100) - n * 100) < 1e-6;
const text = (field: string, min: number, max: number) =>
  v.pipe(
    v.string(`${field} is required`),
    v.trim(),
    v.minLength(min, `${field} must be ${min} to ${max} characters`),
    v.maxLength(max, `${field} must be ${min} to ${max} characters`),
  );

const positive = (field: string, max: number, unit: string) =>
  v.pipe(
    numberSchema(field),
    v.check((n) => Number.isFinite(n) && n > 0, `${field} must be a positive number`),
    v.maxValue(max, `${field} must be at most ${max} ${unit}`),
    v.check(atMostTwoDecimals, `${field} may have at most 2 decimals`),
  );

const count = (field: string) =>
  v.pipe(
    numberSchema(field),
    v.integer(`${field} must be a whole number`),
    v.minValue(0, `${field} cannot be negative`),
    v.maxValue(MAX_INVENTORY, `${field} must be at most ${MAX_INVENTORY}`),
  );

export const ProductBody = v.object({
  productName: text('productName', 3, 100),
  sku: v.pipe(
    text('sku', 1, 40),
    v.regex(SKU_PATTERN, 'sku may use letters, digits and . _ / - only, starting with a letter or digit'),
  ),
  categoryId: v.optional(v.nullable(recordIdField('categoryId')), null),
  price: v.pipe(
    numberSchema('price'),
    v.check((n) => Number.isFinite(n) && n >= 0, 'price cannot be negative'),
    v.maxValue(MAX_PRICE_RUPEES, `price must be at most ${MAX_PRICE_RUPEES}`),
    v.check(isWholePaise, 'price may have at most 2 decimals (paise)'),
  ),
  inventoryManagementEnabled: v.optional(v.boolean('inventoryManagementEnabled must be true or false'), false),
  availableInventory: v.optional(count('availableInventory'), 0),
  notifyThreshold: v.optional(count('notifyThreshold'), 0),
  weightKg: positive('weightKg', 100, 'kg'),
  lengthCm: positive('lengthCm', 300, 'cm'),
  breadthCm: positive('breadthCm', 300, 'cm'),
  heightCm: positive('heightCm', 300, 'cm'),
  hsnCode: v.optional(
    v.pipe(
      v.string(),
      v.trim(),
      v.check((s) => s === '' || HSN_PATTERN.test(s), 'hsnCode must be 4, 6 or 8 digits'),
    ),
    '',
  ),
  taxRatePercent: v.pipe(
    numberSchema('taxRatePercent'),
    v.check(
      (n) => (GST_RATES as readonly number[]).includes(n),
      `taxRatePercent must be one of ${GST_RATES.join(', ')}`,
    ),
  ),
});
export type ProductInput = v.InferOutput<typeof ProductBody>;

export const ProductStatusBody = v.object({
  productId: recordIdField('productId'),
  activated: v.boolean('activated must be true or false'),
});

export const ChannelMappingBody = v.object({
  channelProductId: text('channelProductId', 1, 64),
  storeId: text('storeId', 1, 64),
});
