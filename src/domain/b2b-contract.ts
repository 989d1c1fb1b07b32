import * as v from 'valibot';
import { B2B_ZONES } from './b2b/zones';
import { EWAY_BILL_STATUSES } from './b2b/eway-bill-lifecycle';
import { GST_RATES, QUANTITY_UNITS, type QuantityUnit } from './b2b/goods-lines';
import {
  B2B_BOOKING_STATES,
  B2B_ORDER_SOURCES,
  INVOICE_FILE_TEXT,
  B2B_WAREHOUSE_KINDS,
  EWAY_BILL_SOURCES,
  FREIGHT_PAYERS,
  HANDOVERS,
  PART_B_STATES,
  RISK_BEARERS,
  type B2bBookingState,
  type B2bWarehouseKind,
  type EwayBillSource,
  type FreightPayerCode,
  type HandoverCode,
  type PartBState,
  type RiskCode,
} from './b2b/order-facts';
import { FORWARD_STATUS_CODES } from './order-status';
import { OrderEventRowSchema } from './orders-contract';
import { operation } from './operation';
import { numericId } from './params';
import { listQuerySchema, pagedSchema, pagingEntries } from './paging';
import { uploadOperations } from './uploads-contract';
import {
  B2B_ORDER_DAY_RANGES,
  B2bBookBody,
  B2bCancelBody,
  B2bOrderBody,
  B2bPickupBody,
  B2bQuoteBody,
  B2bWarehouseBody,
  B2bWarehouseQuery,
  EwayBillEnterBody,
  EwayBillExtendBody,
  EwayBillGenerateBody,
  EwayBillPartBBody,
  b2bOrderFilterEntries,
} from './schemas/b2b';

// Operations and shapes of B2B orders (docs/decisions/b2b-orders.md, tag b2b): a consignment of
// boxes and invoices from the seller's own warehouse to a business, priced per freight carrier,
// billed with e-way bills, booked as a lorry receipt (LR), documented and tracked at LR level.
// Served by server/modules/b2b (orders, warehouses, quotes, the CSV kind) and its booking routes.

const nullableString = v.nullable(v.string());
const codes = <T extends string>(o: Record<T, string>) => Object.keys(o) as T[];

// ---- warehouses

/** A business at one end of the consignment: a warehouse's or the consignee's. */
const partyEntries = {
  businessName: v.string(),
  gstin: nullableString,
  contactName: v.string(),
  contactPhone: v.string(),
  contactEmail: v.string(),
  addressLine1: v.string(),
  addressLine2: v.string(),
  pincode: v.string(),
  city: v.string(),
  state: v.string(),
};

export const WarehouseRegistrationSchema = v.object({
  carrierCode: v.string(),
  carrierName: v.string(),
  /** the carrier's name for the warehouse (Delhivery's pickup_location_name, Gati's customer code) */
  registeredName: v.string(),
});
export type WarehouseRegistration = v.InferOutput<typeof WarehouseRegistrationSchema>;

export const B2bWarehouseRowSchema = v.object({
  warehouseId: v.number(),
  warehouseKind: v.picklist(codes<B2bWarehouseKind>(B2B_WAREHOUSE_KINDS)),
  warehouseKindText: v.string(),
  warehouseName: v.string(),
  ...partyEntries,
  registrations: v.array(WarehouseRegistrationSchema),
});
export type B2bWarehouseRow = v.InferOutput<typeof B2bWarehouseRowSchema>;

// ---- quotes

export const B2bChargeLineSchema = v.object({
  code: v.picklist(['FREIGHT', 'FUEL', 'DOCKET', 'FOV', 'ODA', 'APPOINTMENT', 'GREEN_TAX', 'TO_PAY']),
  label: v.string(),
  amountPaise: v.number(),
  /** how it was worked out: "312 kg × ₹9.50" */
  basis: v.string(),
});
export type B2bChargeLine = v.InferOutput<typeof B2bChargeLineSchema>;

export const B2bWeightSchema = v.object({
  boxCount: v.number(),
  actualKg: v.number(),
  volumetricKg: v.number(),
  minimumKg: v.number(),
  chargeableKg: v.number(),
  basis: v.picklist(['ACTUAL', 'VOLUMETRIC', 'MINIMUM']),
  /** how it was chosen, in words */
  reason: v.string(),
});

export const B2bQuoteSchema = v.object({
  originZone: v.picklist(B2B_ZONES),
  destinationZone: v.picklist(B2B_ZONES),
  weight: B2bWeightSchema,
  ratePerKgPaise: v.number(),
  lines: v.array(B2bChargeLineSchema),
  subtotalPaise: v.number(),
  gstPercent: v.number(),
  gstPaise: v.number(),
  totalPaise: v.number(),
  /** what booking takes from the wallet: the total when paid, the to-pay fee with its GST when to-pay */
  bookingChargePaise: v.number(),
});
export type B2bQuoteAnswer = v.InferOutput<typeof B2bQuoteSchema>;

/** One freight carrier's quote, or its refusal in words. */
export const B2bCarrierQuoteSchema = v.object({
  carrierCode: v.string(),
  carrierName: v.string(),
  quote: v.nullable(B2bQuoteSchema),
  /** why the carrier cannot carry it (a lane it does not serve, carrier's risk not offered) */
  refusal: nullableString,
});
export type B2bCarrierQuote = v.InferOutput<typeof B2bCarrierQuoteSchema>;

export const B2bQuotesSchema = v.object({
  originZone: v.picklist(B2B_ZONES),
  originZoneName: v.string(),
  destinationZone: v.picklist(B2B_ZONES),
  destinationZoneName: v.string(),
  /** the pincodes asked, when asked by pincode */
  originPincode: nullableString,
  destinationPincode: nullableString,
  oda: v.boolean(),
  greenTax: v.boolean(),
  quotes: v.array(B2bCarrierQuoteSchema),
});
export type B2bQuotes = v.InferOutput<typeof B2bQuotesSchema>;

// ---- an order

export const B2bBoxRowSchema = v.object({
  lengthCm: v.number(),
  breadthCm: v.number(),
  heightCm: v.number(),
  weightKg: v.number(),
  count: v.number(),
});
export type B2bBoxRow = v.InferOutput<typeof B2bBoxRowSchema>;

export const EwayBillSchema = v.object({
  ewayBillNumber: v.string(),
  source: v.picklist(codes<EwayBillSource>(EWAY_BILL_SOURCES)),
  sourceText: v.string(),
  status: v.picklist(EWAY_BILL_STATUSES),
  statusText: v.string(),
  generatedAt: nullableString,
  expiresAt: nullableString,
  /** "Valid until midnight at the end of 12 Mar 2026", or when it expired */
  validityText: v.string(),
  distanceKm: v.nullable(v.number()),
  vehicleNumber: nullableString,
  partB: v.picklist(codes<PartBState>(PART_B_STATES)),
  partBText: v.string(),
});
export type EwayBill = v.InferOutput<typeof EwayBillSchema>;

export const B2bGoodsLineRowSchema = v.object({
  goodsName: v.string(),
  hsnCode: v.string(),
  quantity: v.number(),
  quantityUnit: v.picklist(Object.keys(QUANTITY_UNITS) as QuantityUnit[]),
  taxableValuePaise: v.number(),
  gstRate: v.picklist(GST_RATES),
  /** the line's GST, paise */
  taxPaise: v.number(),
});
export type B2bGoodsLineRow = v.InferOutput<typeof B2bGoodsLineRowSchema>;

export const B2bGoodsTaxSchema = v.object({
  /** IGST across states, CGST and SGST within one */
  taxKind: v.picklist(['IGST', 'CGST_SGST']),
  taxKindText: v.string(),
  taxablePaise: v.number(),
  cgstPaise: v.number(),
  sgstPaise: v.number(),
  igstPaise: v.number(),
  totalPaise: v.number(),
});
export type B2bGoodsTax = v.InferOutput<typeof B2bGoodsTaxSchema>;

export const B2bInvoiceRowSchema = v.object({
  invoiceId: v.number(),
  invoiceNumber: v.string(),
  invoiceDate: v.string(),
  invoiceValuePaise: v.number(),
  invoiceFileId: nullableString,
  /** the goods line by line, each with its GST; none on an invoice given only by its value */
  goods: v.array(B2bGoodsLineRowSchema),
  /** the lines' totals, the tax split by the parties' states; null without lines */
  goodsTax: v.nullable(B2bGoodsTaxSchema),
  /** null until it has one */
  ewayBill: v.nullable(EwayBillSchema),
});
export type B2bInvoiceRow = v.InferOutput<typeof B2bInvoiceRowSchema>;

export const B2bConsigneeSchema = v.object({
  /** the consignee warehouse it was chosen from */
  warehouseId: v.nullable(v.number()),
  ...partyEntries,
});
export type B2bConsignee = v.InferOutput<typeof B2bConsigneeSchema>;

export const B2bAppointmentSchema = v.object({
  appointmentDate: v.string(),
  slotStart: v.string(),
  slotEnd: v.string(),
  poNumbers: v.array(v.string()),
});

export const B2bBookingSchema = v.object({
  state: v.picklist(codes<B2bBookingState>(B2B_BOOKING_STATES)),
  stateText: v.string(),
  carrierCode: nullableString,
  carrierName: nullableString,
  lrNumber: nullableString,
  /** a PENDING booking's job at the carrier */
  jobId: nullableString,
  /** a FAILED booking's reason, in the carrier's words */
  failure: nullableString,
  bookedAt: nullableString,
  /** the quote booked, line by line */
  lines: v.array(B2bChargeLineSchema),
  /** the GST on those lines, so that they and it add up to the total */
  gstPaise: v.nullable(v.number()),
  totalPaise: v.nullable(v.number()),
});
export type B2bBooking = v.InferOutput<typeof B2bBookingSchema>;

export const B2bBoxNumberSchema = v.object({
  /** 1…n in the boxes' order */
  position: v.number(),
  boxAwb: v.string(),
});

export const B2bTrackingScanSchema = v.object({
  at: v.string(),
  carrierStatus: v.string(),
  status: nullableString,
  statusText: v.string(),
  location: v.string(),
  remark: v.string(),
});

export const B2bTrackingSchema = v.object({
  lrNumber: nullableString,
  boxCount: v.number(),
  boxesDelivered: v.number(),
  /** "8 of 12 boxes delivered" */
  summary: v.string(),
  /** oldest first */
  scans: v.array(B2bTrackingScanSchema),
});
export type B2bTracking = v.InferOutput<typeof B2bTrackingSchema>;

export const B2bOrderRowSchema = v.object({
  orderId: v.number(),
  orderNumber: v.string(),
  status: v.picklist(FORWARD_STATUS_CODES),
  statusText: v.string(),
  channel: v.picklist(B2B_ORDER_SOURCES),
  consigneeName: v.string(),
  consigneeCity: v.string(),
  consigneeState: v.string(),
  consigneePincode: v.string(),
  originWarehouseId: v.number(),
  originWarehouseName: v.string(),
  boxCount: v.number(),
  invoiceCount: v.number(),
  /** every invoice together, GST included */
  invoiceValuePaise: v.number(),
  freightPayer: v.picklist(codes<FreightPayerCode>(FREIGHT_PAYERS)),
  bookingState: v.picklist(codes<B2bBookingState>(B2B_BOOKING_STATES)),
  carrierCode: nullableString,
  lrNumber: nullableString,
  createdAt: v.string(),
});
export type B2bOrderRow = v.InferOutput<typeof B2bOrderRowSchema>;

/** The first-mile pickup asked for last (a lapsed one stays until another is asked). */
export const B2bPickupSchema = v.object({
  carrierCode: v.string(),
  carrierName: v.string(),
  /** the carrier's id for the request */
  carrierPickupId: v.string(),
  pickupDate: v.string(),
  /** HH:MM (IST) the boxes are ready from */
  readyAt: v.string(),
  /** "Mon, 30 Nov 2026 from 01:00 pm" */
  whenText: v.string(),
  boxCount: v.number(),
  weightKg: v.number(),
  status: v.picklist(['REQUESTED', 'PICKED_UP', 'LAPSED', 'CANCELLED']),
  statusText: v.string(),
  requestedAt: v.string(),
});
export type B2bPickup = v.InferOutput<typeof B2bPickupSchema>;

export const B2bOrderDetailSchema = v.object({
  ...B2bOrderRowSchema.entries,
  consignee: B2bConsigneeSchema,
  origin: B2bWarehouseRowSchema,
  goodsDescription: v.string(),
  freightPayerText: v.string(),
  risk: v.picklist(codes<RiskCode>(RISK_BEARERS)),
  riskText: v.string(),
  handover: v.picklist(codes<HandoverCode>(HANDOVERS)),
  handoverText: v.string(),
  appointment: v.nullable(B2bAppointmentSchema),
  boxes: v.array(B2bBoxRowSchema),
  invoices: v.array(B2bInvoiceRowSchema),
  /** whether the consignment needs e-way bills, in words (its value against ₹50,000) */
  ewayBillRequired: v.boolean(),
  ewayBillMessage: v.string(),
  booking: B2bBookingSchema,
  boxNumbers: v.array(B2bBoxNumberSchema),
  tracking: B2bTrackingSchema,
  receiverName: nullableString,
  history: v.array(OrderEventRowSchema),
  pickup: v.nullable(B2bPickupSchema),
  /** what the seller may do now */
  actions: v.object({ book: v.boolean(), cancel: v.boolean(), documents: v.boolean(), requestPickup: v.boolean() }),
});
export type B2bOrderDetail = v.InferOutput<typeof B2bOrderDetailSchema>;

/** An invoice's file as uploaded: a private file of the seller, named in an order's invoice by its id. */
export const B2bInvoiceFileSchema = v.object({
  fileId: v.string(),
  name: v.string(),
  contentType: v.string(),
  byteSize: v.number(),
});
export type B2bInvoiceFile = v.InferOutput<typeof B2bInvoiceFileSchema>;

export const B2bWarehouseDeletedSchema = v.object({ deleted: v.literal(true) });

// ---- the operations

const TAG = 'b2b';
const ByOrder = v.object({ orderId: numericId('orderId') });
const ByWarehouse = v.object({ warehouseId: numericId('warehouseId') });
const ByInvoice = v.object({ orderId: numericId('orderId'), invoiceId: numericId('invoiceId') });
const NO_ORDER = 'no such B2B order of yours';
const NO_WAREHOUSE = 'no such B2B warehouse of yours';
const NO_INVOICE = 'no such invoice in this order of yours';
const EWB = '/api/v1/b2b/orders/:orderId/invoices/:invoiceId/eway-bill';

const ewayBillOp = <B extends v.GenericSchema>(method: 'post' | 'put', path: string, body: B, summary: string) =>
  operation({
    method,
    path,
    tag: TAG,
    params: ByInvoice,
    body,
    summary,
    errors: {
      404: NO_INVOICE,
      409: 'the invoice’s e-way bill does not allow it now (none, cancelled, outside its window, the order booked)',
      502: 'the e-way bill portal refused or could not answer',
    },
    response: B2bInvoiceRowSchema,
  });

const document = (name: string, summary: string) =>
  operation({
    method: 'get',
    path: `/api/v1/b2b/orders/:orderId/documents/${name}`,
    tag: TAG,
    params: ByOrder,
    summary,
    errors: { 404: NO_ORDER, 409: 'the order is not booked yet (or not delivered, for the proof of delivery)' },
    response: { file: 'application/pdf' },
  });

export const API_B2B = {
  // warehouses
  warehouses: operation({
    method: 'get',
    path: '/api/v1/b2b/warehouses',
    tag: TAG,
    query: B2bWarehouseQuery,
    summary:
      'Your B2B warehouses and your consignees’, paged; filter by warehouseKind (OWN, CONSIGNEE), search by name',
    response: pagedSchema(B2bWarehouseRowSchema),
  }),
  addWarehouse: operation({
    method: 'post',
    path: '/api/v1/b2b/warehouses',
    tag: TAG,
    body: B2bWarehouseBody,
    summary:
      'Add a B2B warehouse (yours or a consignee’s) with its GSTIN, checked against the pincode’s state, and the names carriers registered it under',
    errors: { 409: 'a warehouse of that type and name exists' },
    response: B2bWarehouseRowSchema,
  }),
  editWarehouse: operation({
    method: 'put',
    path: '/api/v1/b2b/warehouses/:warehouseId',
    tag: TAG,
    params: ByWarehouse,
    body: B2bWarehouseBody,
    summary: 'Change a B2B warehouse and its carrier registrations',
    errors: { 404: NO_WAREHOUSE, 409: 'a warehouse of that type and name exists' },
    response: B2bWarehouseRowSchema,
  }),
  deleteWarehouse: operation({
    method: 'delete',
    path: '/api/v1/b2b/warehouses/:warehouseId',
    tag: TAG,
    params: ByWarehouse,
    summary: 'Delete a B2B warehouse no order leaves from',
    errors: { 404: NO_WAREHOUSE, 409: 'orders leave from this warehouse' },
    response: B2bWarehouseDeletedSchema,
  }),
  // orders: the fixed paths before /orders/:orderId
  orders: operation({
    method: 'get',
    path: '/api/v1/b2b/orders',
    tag: TAG,
    query: listQuerySchema({ ...pagingEntries, ...b2bOrderFilterEntries }, B2B_ORDER_DAY_RANGES),
    summary:
      'B2B orders, newest first: status, channel (every source but API), carrier, order days and search (order number, LR, consignee)',
    response: pagedSchema(B2bOrderRowSchema),
  }),
  create: operation({
    method: 'post',
    path: '/api/v1/b2b/orders',
    tag: TAG,
    body: B2bOrderBody,
    summary:
      'Add a B2B order (Ready To Ship): consignee or consignee warehouse, origin warehouse, boxes, 1–20 invoices, freight payer, risk, handover, optional appointment',
    errors: { 409: 'that order number exists' },
    response: B2bOrderDetailSchema,
  }),
  invoiceFile: operation({
    method: 'post',
    path: '/api/v1/b2b/invoice-files',
    tag: TAG,
    multipart: true,
    summary:
      'Upload an invoice’s file (field "file"; PDF, PNG, JPEG or WEBP up to 5 MB): a private file, named in an order’s invoice by its fileId',
    errors: { 413: INVOICE_FILE_TEXT.tooLarge, 415: INVOICE_FILE_TEXT.wrongType },
    response: B2bInvoiceFileSchema,
  }),
  quote: operation({
    method: 'post',
    path: '/api/v1/b2b/quote',
    tag: TAG,
    body: B2bQuoteBody,
    summary:
      'The B2B rate calculator: by regions or pincodes, a quote per freight carrier line by line (freight, fuel, docket, FOV, ODA, appointment, green tax, to-pay, GST), or the carrier’s refusal',
    errors: { 400: 'a field is wrong, or a pincode is unknown' },
    response: B2bQuotesSchema,
  }),
  one: operation({
    method: 'get',
    path: '/api/v1/b2b/orders/:orderId',
    tag: TAG,
    params: ByOrder,
    summary:
      'One B2B order: consignee, boxes, invoices with e-way bills, booking, box numbers, tracking summary, history',
    errors: { 404: NO_ORDER },
    response: B2bOrderDetailSchema,
  }),
  orderQuotes: operation({
    method: 'get',
    path: '/api/v1/b2b/orders/:orderId/quotes',
    tag: TAG,
    params: ByOrder,
    summary:
      'The order’s quotes per freight carrier: its boxes, its invoices’ total, payer, risk, appointment, ODA by pincode and green tax entering Delhi',
    errors: { 404: NO_ORDER },
    response: B2bQuotesSchema,
  }),
  // e-way bills
  generateEwayBill: ewayBillOp(
    'post',
    EWB,
    EwayBillGenerateBody,
    'Generate the invoice’s e-way bill through the provider (Part A; Part B too when the vehicle is given)',
  ),
  enterEwayBill: ewayBillOp(
    'put',
    EWB,
    EwayBillEnterBody,
    'Enter a 12-digit e-way bill number you already have for the invoice',
  ),
  extendEwayBill: ewayBillOp(
    'post',
    `${EWB}/extend`,
    EwayBillExtendBody,
    'Extend the e-way bill’s validity, from 8 hours before it expires to 8 hours after',
  ),
  ewayBillPartB: ewayBillOp('post', `${EWB}/part-b`, EwayBillPartBBody, 'Add or change the vehicle (Part B)'),
  // booking
  book: operation({
    method: 'post',
    path: '/api/v1/b2b/orders/:orderId/book',
    tag: TAG,
    params: ByOrder,
    body: B2bBookBody,
    summary:
      'Book the consignment with a freight carrier: refused while a needed e-way bill is missing; the wallet is charged for the quote once, however often it is asked',
    errors: {
      404: NO_ORDER,
      409: 'booked already, or an e-way bill is missing',
      422: 'the carrier cannot carry it, or the wallet is short (X-Recharge-Paise says by how much)',
    },
    response: B2bOrderDetailSchema,
  }),
  requestPickup: operation({
    method: 'post',
    path: '/api/v1/b2b/orders/:orderId/pickup',
    tag: TAG,
    params: ByOrder,
    body: B2bPickupBody,
    summary:
      'Ask the carrier to collect a booked first-mile consignment from the warehouse on a day (today before 2 pm IST or a later day of the coming week, not a Sunday), from a time the boxes are ready; the boxes and their weight are the order’s. Asked again while one is open, it is refused: one request reaches the carrier',
    errors: {
      400: 'the day is out of the coming week, a Sunday, today after the cut-off, or the time has passed',
      404: NO_ORDER,
      409: 'not booked, a self-drop order, cancelled or picked up, or a pickup is asked for already',
      422: 'the carrier refused the pickup (in its words)',
      503: 'the carrier did not answer',
    },
    response: B2bOrderDetailSchema,
  }),
  cancel: operation({
    method: 'put',
    path: '/api/v1/b2b/orders/:orderId/cancel',
    tag: TAG,
    params: ByOrder,
    body: B2bCancelBody,
    summary: 'Cancel the order before pickup: the LR is cancelled with the carrier and the charge refunded once',
    errors: { 404: NO_ORDER, 409: 'the boxes are picked up already' },
    response: B2bOrderDetailSchema,
  }),
  // documents
  lrCopy: document('lr', 'The lorry receipt (PDF)'),
  boxLabels: document(
    'box-labels',
    'One 100 × 150 mm label a box: “Box 3 of 12”, the LR, the box’s number and its barcode (PDF)',
  ),
  invoiceSet: document('invoices', 'The invoices with their e-way bills (PDF)'),
  pod: document('pod', 'The proof of delivery (PDF)'),
  tracking: operation({
    method: 'get',
    path: '/api/v1/b2b/orders/:orderId/tracking',
    tag: TAG,
    params: ByOrder,
    summary: 'The LR’s scans with the boxes delivered out of the count',
    errors: { 404: NO_ORDER },
    response: B2bTrackingSchema,
  }),
  // B2B orders in bulk from CSV: one row a box size, rows sharing an order reference make one order
  uploads: uploadOperations('/api/v1/b2b/order-uploads', TAG, { rowNoun: 'B2B order rows', fileStem: 'b2b-orders' }),
} as const;
