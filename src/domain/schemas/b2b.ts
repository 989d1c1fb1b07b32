import * as v from 'valibot';
import { B2bQuoteInputSchema } from '../b2b/quote-input';
import { B2B_ZONES } from '../b2b/zones';
import { ewayBillNumberField } from '../b2b/eway-bill-number';
import { EXTEND_REASONS, PART_B_OTHERS, PART_B_REASONS, reasonNames } from '../b2b/eway-bill-lifecycle';
import { FREIGHT_PICKUP_SLOTS, slotTime } from '../b2b/freight-pickup';
import { GoodsLinesSchema, goodsMismatch, type GoodsLine } from '../b2b/goods-lines';
import { MAX_DISTANCE_KM } from '../b2b/eway-bill-validity';
import {
  B2B_ORDER_LIMITS,
  B2B_ORDER_SOURCES,
  B2B_WAREHOUSE_KINDS,
  FREIGHT_CARRIER_CODES,
  FREIGHT_CARRIERS,
  HANDOVERS,
  type B2bWarehouseKind,
  type HandoverCode,
} from '../b2b/order-facts';
import { FORWARD_STATUS_CODES } from '../order-status';
import { dayFilter, pagingEntries } from '../paging';
import { addressText } from './address-text';
import { EMAIL, INDIAN_MOBILE, isoDayField, normalisePhone, recordIdField, wholeNumberField } from './fields';
import { orderNumberField } from './order';
import { PINCODE_PATTERN } from './setup';
import { INDIAN_STATES } from '../indian-states';
import { choicesText, oneOf } from './choice';

// Inputs of B2B orders (docs/decisions/b2b-orders.md): warehouses, an order, the rate calculator,
// e-way bills, booking and the list's filters. Messages start with the field's key; labels.ts
// turns it into the label the seller reads. A GSTIN's shape is checked here; whether it fits the
// warehouse's state (gstinProblem) is checked where the pincode gives the state, on the server.

const required = (field: string, min: number, max: number) =>
  v.pipe(
    v.string(`${field} is required`),
    v.trim(),
    v.minLength(min, `${field} must be ${min} to ${max} characters`),
    v.maxLength(max, `${field} must be ${min} to ${max} characters`),
  );
const optionalText = (field: string, max: number) =>
  v.optional(
    v.pipe(v.string(`${field} must be text`), v.trim(), v.maxLength(max, `${field} must be at most ${max} characters`)),
    '',
  );
const pincodeField = (field: string) =>
  v.pipe(
    v.string(`${field} is required`),
    v.trim(),
    v.regex(PINCODE_PATTERN, `${field} must be 6 digits and not start with 0`),
  );
const phoneField = (field: string) =>
  v.pipe(
    v.string(`${field} is required`),
    v.transform(normalisePhone),
    v.regex(INDIAN_MOBILE, `${field}: This phone number is invalid`),
  );
const emailField = (field: string) =>
  v.optional(
    v.pipe(
      v.string(`${field} must be text`),
      v.trim(),
      v.check((s) => s === '' || EMAIL.test(s), `${field}: This email is invalid`),
      v.toLowerCase(),
    ),
    '',
  );
/** A GSTIN as typed: capitals, no spaces; empty for none. Its check character and state are checked on the server. */
const gstinField = (field: string) =>
  v.optional(
    v.pipe(
      v.string(`${field} must be text`),
      v.transform((s) => s.replace(/\s/g, '').toUpperCase()),
      v.check((s) => s === '' || s.length === 15, `${field} must be 15 characters`),
    ),
    '',
  );
/** A private file of the seller's (an uploaded invoice), by id. */
const fileIdField = (field: string) =>
  v.pipe(v.string(`${field} must be a file id`), v.regex(/^[A-Za-z0-9_-]{10,40}$/, `${field} must be a file id`));
const carrierCodeField = (field: string) => oneOf(FREIGHT_CARRIER_CODES, field, FREIGHT_CARRIERS);

const WAREHOUSE_KIND_CODES = Object.keys(B2B_WAREHOUSE_KINDS) as B2bWarehouseKind[];
const HANDOVER_CODES = Object.keys(HANDOVERS) as HandoverCode[];

// ---- warehouses

/** The name a carrier registered the warehouse under, for one carrier. */
export const WarehouseRegistrationBody = v.object({
  carrierCode: carrierCodeField('carrierCode'),
  registeredName: required('registeredName', 2, 100),
});

export const B2bWarehouseBody = v.pipe(
  v.object({
    warehouseKind: oneOf(WAREHOUSE_KIND_CODES, 'warehouseKind', B2B_WAREHOUSE_KINDS),
    warehouseName: required('warehouseName', 3, 60),
    businessName: required('businessName', 2, 100),
    /** the seller's own warehouse needs its GSTIN (the e-way bill's consignor); a consignee may have none */
    gstin: gstinField('gstin'),
    contactName: required('contactName', 2, 60),
    contactPhone: phoneField('contactPhone'),
    contactEmail: emailField('contactEmail'),
    addressLine1: v.pipe(required('addressLine1', 3, 120), addressText('addressLine1')),
    addressLine2: v.pipe(optionalText('addressLine2', 120), addressText('addressLine2')),
    pincode: pincodeField('pincode'),
    registrations: v.optional(
      v.pipe(
        v.array(WarehouseRegistrationBody, 'registrations must be a list'),
        v.maxLength(FREIGHT_CARRIER_CODES.length, 'registrations: one a carrier'),
        v.check((rs) => new Set(rs.map((r) => r.carrierCode)).size === rs.length, 'registrations: one a carrier'),
      ),
      [],
    ),
  }),
  v.forward(
    v.check((w) => w.warehouseKind !== 'OWN' || w.gstin !== '', 'gstin is required for your own warehouse'),
    ['gstin'],
  ),
);
export type B2bWarehouseInput = v.InferOutput<typeof B2bWarehouseBody>;

export const B2bWarehouseQuery = v.object({
  ...pagingEntries,
  warehouseKind: v.optional(oneOf(WAREHOUSE_KIND_CODES, 'warehouseKind', B2B_WAREHOUSE_KINDS)),
});

// ---- an order

/** A consignee typed in full (when not chosen from a consignee warehouse). */
export const ConsigneeBody = v.object({
  businessName: required('businessName', 2, 100),
  gstin: gstinField('gstin'),
  contactName: optionalText('contactName', 60),
  contactPhone: phoneField('contactPhone'),
  contactEmail: emailField('contactEmail'),
  addressLine1: v.pipe(required('addressLine1', 3, 120), addressText('addressLine1')),
  addressLine2: v.pipe(optionalText('addressLine2', 120), addressText('addressLine2')),
  pincode: pincodeField('pincode'),
});
export type ConsigneeInput = v.InferOutput<typeof ConsigneeBody>;

export const B2bInvoiceBody = v.pipe(
  v.object({
    invoiceNumber: v.pipe(
      required('invoiceNumber', 1, 16),
      v.regex(/^[A-Za-z0-9/-]+$/, 'invoiceNumber may use letters, digits, / and - (up to 16)'),
    ),
    invoiceDate: isoDayField('invoiceDate'),
    invoiceValuePaise: B2bQuoteInputSchema.entries.invoiceValuePaise,
    /** a number the seller already has; generated here otherwise */
    ewayBillNumber: v.optional(v.nullable(ewayBillNumberField()), null),
    invoiceFileId: v.optional(v.nullable(fileIdField('invoiceFileId')), null),
    /** the goods line by line (the e-way bill's items); an invoice without them has no e-way bill generated here */
    goods: v.optional(GoodsLinesSchema, []),
  }),
  v.forward(
    v.check(
      (i) => goodsMismatch(i.goods, i.invoiceValuePaise) === null,
      (issue) =>
        goodsMismatch(
          (issue.input as { goods: GoodsLine[] }).goods,
          (issue.input as { invoiceValuePaise: number }).invoiceValuePaise,
        ) ?? 'goods',
    ),
    ['goods'],
  ),
);
export type B2bInvoiceInput = v.InferOutput<typeof B2bInvoiceBody>;

const HH_MM = /^([01]\d|2[0-3]):[0-5]\d$/;
const timeField = (field: string) =>
  v.pipe(v.string(`${field} is required`), v.regex(HH_MM, `${field} must be a time as HH:MM`));

export const AppointmentBody = v.pipe(
  v.object({
    appointmentDate: isoDayField('appointmentDate'),
    slotStart: timeField('slotStart'),
    slotEnd: timeField('slotEnd'),
    poNumbers: v.optional(
      v.pipe(
        v.array(required('poNumbers', 1, 30), 'poNumbers must be a list'),
        v.maxLength(B2B_ORDER_LIMITS.poNumbersMax, `poNumbers: at most ${B2B_ORDER_LIMITS.poNumbersMax}`),
      ),
      [],
    ),
  }),
  v.forward(
    v.check((a) => a.slotEnd > a.slotStart, 'slotEnd must be after the slot’s start'),
    ['slotEnd'],
  ),
);
export type AppointmentInput = v.InferOutput<typeof AppointmentBody>;

export const B2bOrderBody = v.pipe(
  v.object({
    orderNumber: orderNumberField,
    channel: v.optional(
      v.picklist(
        B2B_ORDER_SOURCES,
        () =>
          `channel must be one of ${choicesText(B2B_ORDER_SOURCES, 'orderSource')} (B2B orders are not made by API)`,
      ),
      'DAKIYA',
    ),
    originWarehouseId: recordIdField('originWarehouseId'),
    /** a consignee warehouse of the seller's, or the consignee typed in full */
    consigneeWarehouseId: v.optional(v.nullable(recordIdField('consigneeWarehouseId')), null),
    consignee: v.optional(v.nullable(ConsigneeBody), null),
    goodsDescription: required('goodsDescription', 3, 200),
    boxes: B2bQuoteInputSchema.entries.boxes,
    invoices: v.pipe(
      v.array(B2bInvoiceBody, 'invoices must be a list'),
      v.minLength(1, 'invoices: add at least one invoice'),
      v.maxLength(B2B_ORDER_LIMITS.invoicesMax, `invoices: at most ${B2B_ORDER_LIMITS.invoicesMax} in one order`),
      v.check(
        (xs) => new Set(xs.map((x) => x.invoiceNumber.toLowerCase())).size === xs.length,
        'invoices: each invoice number once',
      ),
    ),
    freightPayer: B2bQuoteInputSchema.entries.freightPayer,
    risk: B2bQuoteInputSchema.entries.risk,
    handover: oneOf(HANDOVER_CODES, 'handover', HANDOVERS),
    appointment: v.optional(v.nullable(AppointmentBody), null),
  }),
  v.forward(
    v.check(
      (o) => (o.consigneeWarehouseId === null) !== (o.consignee === null),
      'consignee: type the consignee, or choose one of your consignee warehouses (not both)',
    ),
    ['consignee'],
  ),
);
export type B2bOrderInput = v.InferOutput<typeof B2bOrderBody>;

// ---- the list

/** "RTS,CAN" → ['RTS', 'CAN'], each checked against the allowed values. */
const listOf = <T extends string>(field: string, allowed: readonly T[]) =>
  v.optional(
    v.pipe(
      v.string(),
      v.transform((s) =>
        s
          .split(',')
          .map((x) => x.trim())
          .filter(Boolean),
      ),
      v.check(
        (xs) => xs.every((x) => (allowed as readonly string[]).includes(x)),
        `${field} may contain only ${allowed.join(', ')}`,
      ),
      v.transform((xs) => xs as T[]),
    ),
  );

/** The B2B list's filters: the orders list's status, sources (no API), booked days and search. */
export const b2bOrderFilterEntries = {
  orderStatusCodes: listOf('orderStatusCodes', FORWARD_STATUS_CODES),
  orderSourcesFilter: listOf('orderSourcesFilter', B2B_ORDER_SOURCES),
  orderCarrierCodesFilter: listOf('orderCarrierCodesFilter', FREIGHT_CARRIER_CODES),
  orderBookedFrom: dayFilter('orderBookedFrom'),
  orderBookedTo: dayFilter('orderBookedTo'),
};
export const B2B_ORDER_DAY_RANGES = [['orderBookedFrom', 'orderBookedTo']] as const;

// ---- the rate calculator

/**
 * A quote asked by region pair (originZone, destinationZone) or by pincodes (originPincode,
 * destinationPincode: the regions, the out-of-delivery-area flag and the green tax come from them).
 */
export const B2bQuoteBody = v.pipe(
  v.object({
    ...B2bQuoteInputSchema.entries,
    originZone: v.optional(oneOf(B2B_ZONES, 'originZone')),
    destinationZone: v.optional(oneOf(B2B_ZONES, 'destinationZone')),
    originPincode: v.optional(pincodeField('originPincode')),
    destinationPincode: v.optional(pincodeField('destinationPincode')),
    appointment: v.optional(B2bQuoteInputSchema.entries.appointment, false),
    oda: v.optional(B2bQuoteInputSchema.entries.oda, false),
    greenTax: v.optional(B2bQuoteInputSchema.entries.greenTax, false),
  }),
  v.forward(
    v.check(
      (q) =>
        (q.originZone !== undefined || q.originPincode !== undefined) &&
        (q.destinationZone !== undefined || q.destinationPincode !== undefined),
      'originPincode: give the pickup and delivery pincodes, or the two regions',
    ),
    ['originPincode'],
  ),
);
export type B2bQuoteInput = v.InferOutput<typeof B2bQuoteBody>;

// ---- e-way bills

const VEHICLE = /^[A-Z]{2}[0-9]{1,2}[A-Z]{0,3}[0-9]{4}$/;
const vehicleField = (field: string) =>
  v.pipe(
    v.string(`${field} is required`),
    v.transform((s) => s.replace(/[\s-]/g, '').toUpperCase()),
    v.regex(VEHICLE, `${field} must be a vehicle registration such as KA01AB1234`),
  );
const distanceField = (field: string) => wholeNumberField(field, 1, MAX_DISTANCE_KM);

/** Generate through the provider: the distance (its validity), and the vehicle when known (Part B). */
export const EwayBillGenerateBody = v.object({
  transDistance: distanceField('transDistance'),
  vehicleNumber: v.optional(v.nullable(vehicleField('vehicleNumber')), null),
  overDimensional: v.optional(v.boolean('overDimensional must be true or false'), false),
});
export type EwayBillGenerateInput = v.InferOutput<typeof EwayBillGenerateBody>;

/** A 12-digit number the seller already has, with the day it was made (its validity is worked from the distance). */
export const EwayBillEnterBody = v.object({
  ewayBillNumber: ewayBillNumberField(),
  ewayBillDate: isoDayField('ewayBillDate'),
  transDistance: distanceField('transDistance'),
});
export type EwayBillEnterInput = v.InferOutput<typeof EwayBillEnterBody>;

/**
 * One of NIC's reasons, sent by its code; the seller's message names the reasons: missing,
 * "… is required", else "… must be one of NIC's reasons: Due to break down, … or First time".
 */
const reasonField = <R extends Record<number, string>>(field: string, reasons: R) =>
  v.picklist(Object.keys(reasons).map(Number) as (keyof R & number)[], (issue) =>
    issue.input === undefined || issue.input === null || issue.input === ''
      ? `${field} is required`
      : `${field} must be one of NIC's reasons: ${reasonNames(reasons)}`,
  );

const stateNames = INDIAN_STATES.map((st) => st.name);
/** A state or union territory by its name, as the portal's state codes are chosen. */
const stateField = (field: string) =>
  v.picklist(stateNames as [string, ...string[]], `${field} must be a state or union territory of India`);

export const EwayBillExtendBody = v.object({
  extendReason: reasonField('extendReason', EXTEND_REASONS),
  extendRemarks: required('extendRemarks', 3, 50),
  /** where the goods are now, and how far they still go */
  currentPlace: required('currentPlace', 3, 50),
  currentState: stateField('currentState'),
  currentPincode: pincodeField('currentPincode'),
  remainingDistance: distanceField('remainingDistance'),
  vehicleNumber: vehicleField('vehicleNumber'),
});
export type EwayBillExtendInput = v.InferOutput<typeof EwayBillExtendBody>;

/** NIC's modes of transport: by road a vehicle; by rail, air or ship the transport document. */
export const TRANSPORT_MODES = { ROAD: 'Road', RAIL: 'Rail', AIR: 'Air', SHIP: 'Ship' } as const;
export type TransportModeCode = keyof typeof TRANSPORT_MODES;
const MODE_CODES = Object.keys(TRANSPORT_MODES) as TransportModeCode[];

export const EwayBillPartBBody = v.pipe(
  v.object({
    transMode: v.optional(oneOf(MODE_CODES, 'transMode', TRANSPORT_MODES), 'ROAD'),
    vehicleNumber: v.optional(v.union([v.literal(''), vehicleField('vehicleNumber')]), ''),
    /** by rail, air or ship: the railway receipt, airway bill or bill of lading, and its day */
    transportDocNumber: optionalText('transportDocNumber', 15),
    transportDocDate: v.optional(v.union([v.literal(''), isoDayField('transportDocDate')]), ''),
    /** where the goods set off in the new vehicle */
    fromPlace: required('fromPlace', 3, 50),
    fromState: stateField('fromState'),
    currentPincode: pincodeField('currentPincode'),
    vehicleReason: reasonField('vehicleReason', PART_B_REASONS),
    vehicleRemarks: optionalText('vehicleRemarks', 50),
  }),
  v.forward(
    v.check((b) => b.transMode !== 'ROAD' || b.vehicleNumber !== '', 'vehicleNumber is required by road'),
    ['vehicleNumber'],
  ),
  // the portal's "Others (please specify)": the remarks say what the reason is
  v.forward(
    v.check(
      (b) => b.vehicleReason !== PART_B_OTHERS || b.vehicleRemarks.length >= 3,
      `vehicleRemarks must say what happened when the reason is ${PART_B_REASONS[PART_B_OTHERS]}`,
    ),
    ['vehicleRemarks'],
  ),
  v.forward(
    v.check(
      (b) => b.transMode === 'ROAD' || b.transportDocNumber !== '',
      'transportDocNumber is required by rail, air or ship',
    ),
    ['transportDocNumber'],
  ),
  v.forward(
    v.check(
      (b) => b.transMode === 'ROAD' || b.transportDocDate !== '',
      'transportDocDate is required by rail, air or ship',
    ),
    ['transportDocDate'],
  ),
);
export type EwayBillPartBInput = v.InferOutput<typeof EwayBillPartBBody>;

// ---- booking

export const B2bBookBody = v.object({ carrierCode: carrierCodeField('carrierCode') });
export type B2bBookInput = v.InferOutput<typeof B2bBookBody>;

/** A first-mile pickup: the day (IST) and the time the boxes are ready from; the day's rules are freight-pickup.ts's. */
export const B2bPickupBody = v.object({
  pickupDate: isoDayField('pickupDate'),
  readyAt: v.picklist([...FREIGHT_PICKUP_SLOTS], (issue) =>
    issue.input === undefined || issue.input === ''
      ? 'readyAt is required'
      : `readyAt must be one of ${FREIGHT_PICKUP_SLOTS.map(slotTime).join(', ')}`,
  ),
});
export type B2bPickupInput = v.InferOutput<typeof B2bPickupBody>;

export const B2bCancelBody = v.object({ reason: optionalText('reason', 300) });
