import * as v from 'valibot';
import { CARRIER_CODES } from '../shipping/carriers';
import { ZONES } from '../shipping/zones';
import { isoDayField, numberSchema } from './fields';
import { staffReason } from './staff';
import { isWholePaise } from '../money';
import { oneOf } from './choice';

// A seller's own rate card as staff write it (issue "Customised pricing"): for each courier it
// overrides, the five zones' slab prices, the least chargeable weight, COD terms and RTO terms,
// in rupees as staff read a rate sheet (the service keeps paise, src/domain/shipping/rates.ts);
// and the IST days it prices. Messages name the key; the router and the editor say its label.

/** ₹10,000 a slab: far above any courier's price, low enough to catch a slip of digits. */
export const SLAB_RUPEES_MAX = 10_000;
export const COD_MINIMUM_RUPEES_MAX = 1_000;

const rupees = (field: string, max: number) =>
  v.pipe(
    numberSchema(field),
    v.check((n) => Number.isFinite(n) && n >= 0, `${field} cannot be negative`),
    v.maxValue(max, `${field} must be at most ${max}`),
    v.check(isWholePaise, `${field} may have at most 2 decimals (paise)`),
  );
const percent = (field: string, max: number) =>
  v.pipe(
    numberSchema(field),
    v.check((n) => Number.isFinite(n) && n >= 0, `${field} cannot be negative`),
    v.maxValue(max, `${field} must be at most ${max}`),
    v.check((n) => Math.abs(Math.round(n * 100) - n * 100) < 1e-6, `${field} may have at most 2 decimals`),
  );

const zoneRate = v.object({
  firstSlab: v.pipe(
    rupees('firstSlab', SLAB_RUPEES_MAX),
    v.check((n) => n > 0, 'firstSlab must be above zero'),
  ),
  nextSlab: rupees('nextSlab', SLAB_RUPEES_MAX),
});

export const CourierRateBody = v.object({
  carrierCode: oneOf(CARRIER_CODES, 'carrierCode', 'courier'),
  zones: v.object(
    Object.fromEntries(ZONES.map((z) => [z, zoneRate])) as Record<(typeof ZONES)[number], typeof zoneRate>,
  ),
  minChargeableKg: v.pipe(
    numberSchema('minChargeableKg'),
    v.minValue(0, 'minChargeableKg cannot be negative'),
    v.maxValue(100, 'minChargeableKg must be at most 100'),
  ),
  codMinimum: rupees('codMinimum', COD_MINIMUM_RUPEES_MAX),
  codPercent: percent('codPercent', 10),
  rtoPercent: percent('rtoPercent', 200),
});
export type CourierRateInput = v.InferOutput<typeof CourierRateBody>;

const cardObject = v.object({
  validFrom: isoDayField('validFrom'),
  validUntil: v.nullable(isoDayField('validUntil')),
  couriers: v.pipe(
    v.array(CourierRateBody, 'couriers must be a list'),
    v.minLength(1, 'couriers must name at least one courier'),
    v.maxLength(CARRIER_CODES.length, `couriers may name at most ${CARRIER_CODES.length} couriers`),
    v.check((list) => new Set(list.map((c) => c.carrierCode)).size === list.length, 'couriers names a courier twice'),
  ),
  reason: staffReason,
});

export const SellerRateCardBody = v.pipe(
  cardObject,
  v.rawCheck(({ dataset, addIssue }) => {
    if (!dataset.typed) return;
    const c = dataset.value;
    if (c.validUntil !== null && c.validUntil < c.validFrom)
      addIssue({ message: 'validUntil must be on or after the Valid from date', path: undefined });
  }),
);
export type SellerRateCardInput = v.InferOutput<typeof SellerRateCardBody>;
