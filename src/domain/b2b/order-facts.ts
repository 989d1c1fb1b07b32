import { ORDER_SOURCES } from '../schemas/order';

// The codes a B2B order and its warehouses are kept with (docs/decisions/b2b-orders.md), each with
// the words a seller reads. One list each, read by the tables, the contract and the screens.

/** Who pays the freight: the consignor at booking, or the consignee to the carrier on delivery. */
export const FREIGHT_PAYERS = { PAID: 'Paid (by you)', TO_PAY: 'To pay (by the consignee)' } as const;
export type FreightPayerCode = keyof typeof FREIGHT_PAYERS;

/** Who carries the risk of loss or damage in transit. */
export const RISK_BEARERS = { OWNER: "Owner's risk", CARRIER: "Carrier's risk" } as const;
export type RiskCode = keyof typeof RISK_BEARERS;

/** How the boxes reach the carrier: collected from the origin warehouse, or dropped at its hub. */
export const HANDOVERS = { PICKUP: 'Pickup from your warehouse', SELF_DROP: 'Self-drop at the carrier’s hub' } as const;
export type HandoverCode = keyof typeof HANDOVERS;

/** Where a B2B order's booking stands with the carrier (a PENDING one settles later in a job). */
export const B2B_BOOKING_STATES = {
  NONE: 'Not booked',
  PENDING: 'Booking with the carrier',
  BOOKED: 'Booked',
  FAILED: 'Booking failed',
} as const;
export type B2bBookingState = keyof typeof B2B_BOOKING_STATES;

/** An invoice's e-way bill: generated through the provider, or a number the seller already had. */
export const EWAY_BILL_SOURCES = { GENERATED: 'Generated here', ENTERED: 'Entered by you' } as const;
export type EwayBillSource = keyof typeof EWAY_BILL_SOURCES;

/** Part B (the vehicle): not given yet, or given. */
export const PART_B_STATES = { NONE: 'Vehicle not added', ADDED: 'Vehicle added' } as const;
export type PartBState = keyof typeof PART_B_STATES;

/** A seller's own warehouse (a pickup point) or a consignee's (a distributor, retailer, marketplace warehouse). */
export const B2B_WAREHOUSE_KINDS = { OWN: 'Your warehouse', CONSIGNEE: 'Consignee warehouse' } as const;
export type B2bWarehouseKind = keyof typeof B2B_WAREHOUSE_KINDS;

/** A B2B order is made in the browser, by CSV or from a channel: every order source but API. */
export type B2bOrderSource = Exclude<(typeof ORDER_SOURCES)[number], 'API'>;
export const B2B_ORDER_SOURCES: readonly B2bOrderSource[] = ORDER_SOURCES.filter(
  (s): s is B2bOrderSource => s !== 'API',
);

/** The B2B freight services the product quotes and books (server/carriers/providers.ts). */
export const FREIGHT_CARRIERS = { GT: 'Gati', 'DE-LTL': 'Delhivery LTL' } as const;
export type FreightCarrierCode = keyof typeof FREIGHT_CARRIERS;
export const FREIGHT_CARRIER_CODES = Object.keys(FREIGHT_CARRIERS) as FreightCarrierCode[];

/**
 * Limits of one order: invoices (a lorry receipt carries a few), the appointment's PO numbers
 * (Delhivery: 5), and an invoice's file (a scanned or exported invoice, PDF or image).
 */
export const B2B_ORDER_LIMITS = { invoicesMax: 20, poNumbersMax: 5, invoiceFileMaxBytes: 5 * 1024 * 1024 } as const;

/** What a seller reads when an invoice's file is refused. */
export const INVOICE_FILE_TEXT = {
  tooLarge: 'An invoice file must be at most 5 MB',
  wrongType: 'An invoice file must be a PDF, PNG, JPEG or WEBP',
} as const;
