import * as v from 'valibot';
import { EMAIL, INDIAN_MOBILE, isoDayField, normalisePhone, numberSchema, recordIdField } from './fields';
import { GST_RATES, HSN_PATTERN, SKU_PATTERN } from './product';
import { PAYMENT_MODE_CODE } from '../payment-modes';
import { addressText } from './address-text';
import { isWholePaise, paiseOf } from '../money';
import { oneOf } from './choice';

// A forward order as a seller enters it (form, API, or one CSV row). Money in rupees with paise;
// weights in kg; dimensions in cm. City and state always come from the pincode on the server.

export const ORDER_SOURCES = [
  'DAKIYA',
  'API',
  'FLIPKART',
  'AMAZON',
  'SHOPIFY',
  'WOOCOMMERCE',
  'MAGENTO2',
  'WIX',
] as const;
export const PAYMENT_METHODS = ['PPD', 'COD'] as const;
export const FULFILMENT_TYPES = ['SELF', 'EASY'] as const;
export const ORDER_NUMBER = /^[A-Za-z0-9][A-Za-z0-9\-_/#.]{0,39}$/;
export const MAX_ORDER_ITEMS = 100;

// a measure (cm, kg) to two decimals; money uses isWholePaise
const atMostTwoDecimals = (n: number) => Math.abs(Math.round(n * 100) - n * 100) < 1e-6;
const text = (field: string, min: number, max: number) =>
  v.pipe(
    v.string(`${field} is required`),
    v.trim(),
    v.minLength(min, `${field} must be ${min} to ${max} characters`),
    v.maxLength(max, `${field} must be ${min} to ${max} characters`),
  );
const optionalText = (field: string, max: number) =>
  v.optional(v.pipe(v.string(), v.trim(), v.maxLength(max, `${field} must be at most ${max} characters`)), '');
const rupees = (field: string) =>
  v.pipe(
    numberSchema(field),
    v.check((n) => Number.isFinite(n) && n >= 0, `${field} cannot be negative`),
    v.maxValue(10_000_000, `${field} must be at most 10000000`),
    v.check(isWholePaise, `${field} may have at most 2 decimals (paise)`),
  );
const positive = (field: string, max: number, unit: string) =>
  v.pipe(
    numberSchema(field),
    v.check((n) => Number.isFinite(n) && n > 0, `${field} must be a positive number`),
    v.maxValue(max, `${field} must be at most ${max} ${unit}`),
    v.check(atMostTwoDecimals, `${field} may have at most 2 decimals`),
  );
const pincode = (field: string) =>
  v.pipe(
    v.string(`${field} is required`),
    v.trim(),
    v.regex(/^[1-9]\d{5}$/, `${field} must be 6 digits and not start with 0`),
  );

export const AddressBody = v.object({
  line1: v.pipe(text('address line 1', 3, 120), addressText('Address line 1')),
  line2: v.pipe(optionalText('address line 2', 120), addressText('Address line 2')),
  pincode: pincode('pincode'),
});

export const OrderItemBody = v.object({
  productId: v.optional(v.nullable(recordIdField('productId')), null),
  name: text('item name', 2, 100),
  sku: v.pipe(text('item sku', 1, 40), v.regex(SKU_PATTERN, 'item sku may use letters, digits and . _ / - only')),
  quantity: v.pipe(
    numberSchema('quantity'),
    v.integer('quantity must be a whole number'),
    v.minValue(1, 'quantity must be at least 1'),
    v.maxValue(10_000, 'quantity must be at most 10000'),
  ),
  unitPrice: rupees('unitPrice'),
  taxRatePercent: v.pipe(
    numberSchema('taxRatePercent'),
    v.check(
      (n) => (GST_RATES as readonly number[]).includes(n),
      `taxRatePercent must be one of ${GST_RATES.join(', ')}`,
    ),
  ),
  hsnCode: v.optional(
    v.pipe(
      v.string(),
      v.trim(),
      v.check((s) => s === '' || HSN_PATTERN.test(s), 'hsnCode must be 4, 6 or 8 digits'),
    ),
    '',
  ),
});

/** The buyer's phone (+91 mobile, normalised) and optional email: an order's and a standalone return's. */
export const buyerContactEntries = {
  buyerPhone: v.pipe(
    v.string('buyerPhone is required'),
    v.transform(normalisePhone),
    v.regex(INDIAN_MOBILE, 'buyerPhone: This phone number is invalid'),
  ),
  buyerEmail: v.optional(
    v.pipe(
      v.string(),
      v.trim(),
      v.check((s) => s === '' || EMAIL.test(s), 'buyerEmail: This email is invalid'),
      v.toLowerCase(),
    ),
    '',
  ),
};

/** A seller's own order number, or empty for the next one of the seller's numbering. */
export const orderNumberField = v.optional(
  v.pipe(
    v.string(),
    v.trim(),
    v.check(
      (s) => s === '' || ORDER_NUMBER.test(s),
      'orderNumber may use letters, digits and - _ / # . (up to 40), starting with a letter or digit',
    ),
  ),
  '',
);

export const OrderBody = v.pipe(
  v.object({
    orderNumber: orderNumberField,
    orderDate: isoDayField('orderDate'),
    channel: v.optional(oneOf(ORDER_SOURCES, 'channel', 'orderSource'), 'DAKIYA'),
    paymentMethod: oneOf(PAYMENT_METHODS, 'paymentMethod', 'paymentMethod'),
    /** one of the seller's own payment modes by its label code (Premium); empty for none */
    paymentModeCode: v.optional(
      v.pipe(
        v.string('paymentModeCode must be text'),
        v.trim(),
        v.toUpperCase(),
        v.check(
          (s) => s === '' || PAYMENT_MODE_CODE.test(s),
          'paymentModeCode must be 2 to 8 capital letters or digits',
        ),
      ),
      '',
    ),
    fulfilment: v.optional(oneOf(FULFILMENT_TYPES, 'fulfilment', 'fulfilment'), 'SELF'),
    buyerName: text('buyerName', 2, 60),
    ...buyerContactEntries,
    shipping: AddressBody,
    billingSameAsShipping: v.optional(v.boolean('billingSameAsShipping must be true or false'), true),
    billing: v.optional(v.nullable(AddressBody), null),
    items: v.pipe(
      v.array(OrderItemBody, 'items must be a list'),
      v.minLength(1, 'items: add at least one product'),
      v.maxLength(MAX_ORDER_ITEMS, `items: at most ${MAX_ORDER_ITEMS} lines`),
    ),
    discount: v.optional(rupees('discount'), 0),
    shippingCharges: v.optional(rupees('shippingCharges'), 0),
    packageTypeId: v.optional(v.nullable(recordIdField('packageTypeId')), null),
    lengthCm: v.optional(v.nullable(positive('lengthCm', 300, 'cm')), null),
    breadthCm: v.optional(v.nullable(positive('breadthCm', 300, 'cm')), null),
    heightCm: v.optional(v.nullable(positive('heightCm', 300, 'cm')), null),
    deadWeightKg: positive('deadWeightKg', 100, 'kg'),
    pickupAddressId: recordIdField('pickupAddressId'),
  }),
  v.check(
    (o) => o.billingSameAsShipping || o.billing !== null,
    'billing: give the billing address, or mark it the same as shipping',
  ),
  v.check(
    (o) => o.packageTypeId !== null || (o.lengthCm !== null && o.breadthCm !== null && o.heightCm !== null),
    'package: choose a package type or give length, breadth and height',
  ),
  v.check((o) => orderTotal(o) >= 0, 'discount cannot be more than the items and shipping'),
);
export type OrderInput = v.InferOutput<typeof OrderBody>;

/** Items plus shipping, less discount, in paise (integer arithmetic: no float drift). */
export function orderTotalPaise(o: {
  items: { quantity: number; unitPrice: number }[];
  discount: number;
  shippingCharges: number;
}): number {
  const items = o.items.reduce((sum, i) => sum + i.quantity * paiseOf(i.unitPrice), 0);
  return items + paiseOf(o.shippingCharges) - paiseOf(o.discount);
}
const orderTotal = orderTotalPaise;

export const OrderProductsBody = v.pipe(
  v.object({
    items: v.pipe(
      v.array(OrderItemBody, 'items must be a list'),
      v.minLength(1, 'items: add at least one product'),
      v.maxLength(MAX_ORDER_ITEMS, `items: at most ${MAX_ORDER_ITEMS} lines`),
    ),
    discount: v.optional(rupees('discount'), 0),
    shippingCharges: v.optional(rupees('shippingCharges'), 0),
  }),
  v.check((o) => orderTotal(o) >= 0, 'discount cannot be more than the items and shipping'),
);

export const OrderNumberBody = v.object({
  orderNumber: v.pipe(
    v.string('orderNumber is required'),
    v.trim(),
    v.regex(
      ORDER_NUMBER,
      'orderNumber may use letters, digits and - _ / # . (up to 40), starting with a letter or digit',
    ),
  ),
});
export const DimensionsBody = v.object({
  lengthCm: positive('lengthCm', 300, 'cm'),
  breadthCm: positive('breadthCm', 300, 'cm'),
  heightCm: positive('heightCm', 300, 'cm'),
  deadWeightKg: positive('deadWeightKg', 100, 'kg'),
});
export const EscalationBody = v.object({ reason: text('reason', 5, 300) });
export const OrderIdsBody = v.object({
  orderIds: v.pipe(
    v.array(recordIdField('orderIds'), 'orderIds must be a list of order ids'),
    v.minLength(1, 'orderIds: choose at least one order'),
    v.maxLength(500, 'orderIds: at most 500 at a time'),
  ),
});
