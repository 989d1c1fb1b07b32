import * as v from 'valibot';
import { CARRIER_CODES } from '../shipping/carriers';
import { BOOKABLE_SLOT_ID, HYPERLOCAL_PARTNERS } from '../shipping/hyperlocal';
import { OrderIdsBody, PAYMENT_METHODS } from './order';
import { isoDayField, numberSchema, wholeNumberField } from './fields';
import { INSURANCE_MAX_DECLARED_PAISE } from '../shipping/cover';
import { rupeesOf } from '../money';
import { oneOf } from './choice';

/** The setting's label, as the settings page shows it and its errors name it. */
export const INSURE_ABOVE_LABEL = 'Insure every shipment above (₹)';

// Inputs of shipping: the rate calculator, a ship request, auto-ship, and the seller's courier preferences.

/** RECOMMENDED: the recommendation engine's courier (Premium) */
export const AUTO_SHIP_RULES = ['CHEAPEST', 'FASTEST', 'PRIORITY', 'RECOMMENDED'] as const;
export type AutoShipRule = (typeof AUTO_SHIP_RULES)[number];

const pincode = (field: string) =>
  v.pipe(
    v.string(`${field} is required`),
    v.trim(),
    v.regex(/^[1-9]\d{5}$/, `${field} must be 6 digits and not start with 0`),
  );
const positive = (field: string, max: number, unit: string) =>
  v.pipe(
    numberSchema(field),
    v.check((n) => Number.isFinite(n) && n > 0, `${field} must be a positive number`),
    v.maxValue(max, `${field} must be at most ${max} ${unit}`),
  );
const carrierCode = oneOf(CARRIER_CODES, 'carrierCode', 'courier');
/** a ship request may name a courier or a hyperlocal partner */
const SHIP_CODES = [...CARRIER_CODES, ...HYPERLOCAL_PARTNERS.map((p) => p.code)];
const shipCarrierCode = oneOf(SHIP_CODES, 'carrierCode', 'courier');

export const RateQueryBody = v.object({
  originPincode: pincode('originPincode'),
  destinationPincode: pincode('destinationPincode'),
  weightKg: positive('weightKg', 1000, 'kg'),
  lengthCm: positive('lengthCm', 300, 'cm'),
  breadthCm: positive('breadthCm', 300, 'cm'),
  heightCm: positive('heightCm', 300, 'cm'),
  paymentMethod: oneOf(PAYMENT_METHODS, 'paymentMethod', 'paymentMethod'),
  codAmount: v.optional(
    v.pipe(
      numberSchema('codAmount'),
      v.minValue(0, 'codAmount cannot be negative'),
      v.maxValue(10_000_000, 'codAmount must be at most 10000000'),
    ),
    0,
  ),
});
export type RateQuery = v.InferOutput<typeof RateQueryBody>;

export const ShipBody = v.object({
  carrierCode: shipCarrierCode,
  /** a hyperlocal partner's delivery slot (one of its quote's slots, by IST day and hour); couriers take none */
  slotId: v.optional(
    v.nullable(v.pipe(v.string(), v.regex(BOOKABLE_SLOT_ID, 'slotId must be one of the quoted slots'))),
    null,
  ),
  /** the IST day the courier should collect it (today..+6 days); absent: the courier's own pickup day */
  pickupDate: v.optional(v.nullable(isoDayField('pickupDate')), null),
  /** insure the parcel at its declared value; absent or null: the seller's "insure above" rule decides */
  insured: v.optional(v.nullable(v.boolean('Insurance must be chosen or not (true or false)')), null),
  /** credit the freight back when the courier delivers after the promised date */
  delayProtection: v.optional(v.boolean('Delay protection must be chosen or not (true or false)'), false),
  /** the client's key for this request; a repeat with it books nothing new */
  idempotencyKey: v.optional(
    v.nullable(
      v.pipe(
        v.string(),
        v.trim(),
        v.minLength(8, 'idempotencyKey must be 8 to 80 characters'),
        v.maxLength(80, 'idempotencyKey must be 8 to 80 characters'),
      ),
    ),
    null,
  ),
});

export const AutoShipBody = v.object({
  ...OrderIdsBody.entries,
  rule: v.optional(oneOf(AUTO_SHIP_RULES, 'rule')),
  idempotencyKey: v.optional(
    v.pipe(
      v.string(),
      v.trim(),
      v.minLength(8, 'idempotencyKey must be 8 to 80 characters'),
      v.maxLength(80, 'idempotencyKey must be 8 to 80 characters'),
    ),
  ),
});

export const ShippingPreferencesBody = v.object({
  autoShipRule: oneOf(AUTO_SHIP_RULES, 'autoShipRule'),
  carrierPriority: v.pipe(
    v.array(carrierCode, 'carrierPriority must be a list of carrier codes'),
    v.maxLength(CARRIER_CODES.length, 'carrierPriority lists each courier once at most'),
    v.check((codes) => new Set(codes).size === codes.length, 'carrierPriority lists each courier once at most'),
  ),
  ndrAutoAction: v.optional(oneOf(['REATTEMPT', 'RTO'], 'ndrAutoAction')),
  /** insure every shipment whose order value is above this many rupees; null: only when chosen; absent: unchanged */
  insureAboveRupees: v.optional(
    v.nullable(wholeNumberField(INSURE_ABOVE_LABEL, 0, rupeesOf(INSURANCE_MAX_DECLARED_PAISE))),
  ),
});

export const LABEL_LAYOUTS = ['4x6', 'A4'] as const;
export const LabelsBody = v.object({
  ...OrderIdsBody.entries,
  // without one, the seller's label template decides
  layout: v.optional(v.picklist(LABEL_LAYOUTS, 'layout must be 4x6 or A4')),
});

export const PendingDocumentsBody = v.object({
  pendingDay: wholeNumberField('pendingDay', 0, 30),
  document: oneOf(['LABEL', 'INVOICE'], 'document'),
});
