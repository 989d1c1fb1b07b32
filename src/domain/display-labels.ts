import { BANK_STATUS_LABELS } from './bank-status';
import { PAYOUT_STATUS_LABELS } from './cod-remittance';
import { BILLING_FREQUENCIES, ROLES, SUBSCRIPTION_TYPES } from './constants';
import { DISPUTE_CATEGORY_LABELS, DISPUTE_STATUS_LABELS } from './dispute-kinds';
import { KYC_DOCUMENT_LABELS, KYC_STATUS_LABELS } from './kyc/kinds';
import { NDR_ACTION_SOURCES, NDR_ACTIONS, NDR_REASONS, NDR_STATUSES } from './ndr-contract';
import { FORWARD_STATUSES, RETURN_STATUSES } from './order-status';
import { PLAN_TABLE } from './plans';
import { CARD_STANDINGS } from './card-standings';
import { FULFILMENT_TYPES, ORDER_SOURCES, PAYMENT_METHODS } from './schemas/order';
import { CARRIERS } from './shipping/carriers';
import { HYPERLOCAL_PARTNERS } from './shipping/hyperlocal';
import { STAFF_ROLES } from './staff-permissions';
import {
  STAFF_TICKET_STATUS_LABELS,
  TICKET_CATEGORY_LABELS,
  TICKET_PRIORITY_LABELS,
  TICKET_STATUS_LABELS,
} from './ticket-labels';
import { UPLOAD_KINDS, UPLOAD_STATES } from './uploads-contract';
import { codeInWords, lookUpLabelsIn } from './schemas/choice';
import { WALLET_ENTRY_LABELS } from './wallet-entries';
import { DISCREPANCY_STATUS_LABELS } from './weight-rules';

// The one table of what a person reads for a stored code: statuses, roles, couriers, order
// sources, staff actions, upload kinds, ticket states and the rest. Screens, CSV exports, PDFs and
// server messages ask `labelOf(kind, code)`; none prints a code. Areas that kept their own label
// maps (tickets, KYC, payouts…) are gathered here so the table is complete and one test checks it
// (tests/domain/display-labels.test.ts): every code of each kind has a label, and no label is its
// code. Codes a person legitimately reads as they are (AWB, order numbers, pincodes) are not here.

const fromPairs = <K extends string>(codes: readonly K[], label: (code: K) => string): Record<K, string> =>
  Object.fromEntries(codes.map((c) => [c, label(c)])) as Record<K, string>;

export const DISPLAY_LABELS = {
  /** A forward order's or a return's status. */
  orderStatus: { ...FORWARD_STATUSES, ...RETURN_STATUSES } as Record<string, string>,
  /** A login's role in a seller's team, or staff. */
  role: {
    DAKIYA: 'Staff',
    OWNER: 'Owner',
    LOCKED_OWNER: 'Owner (locked for review)',
    SELLER: 'Seller',
    USER: 'User',
  } satisfies Record<(typeof ROLES)[number], string>,
  accountType: { DAKIYA: 'Staff', SELLER: 'Seller' },
  staffRole: fromPairs(Object.keys(STAFF_ROLES) as (keyof typeof STAFF_ROLES)[], (c) => STAFF_ROLES[c].label),
  /** A team member's login: active, invited and not signed in yet, or switched off. */
  memberStatus: { ACTIVE: 'Active', INVITED: 'Invitation sent', DEACTIVATED: 'Deactivated' },
  subscriptionStatus: { ACTIVE: 'In force', ENDED: 'Ended' },
  downgradeStatus: { PENDING: 'Scheduled', CANCELLED: 'Cancelled', DONE: 'Done' },
  /** A record that can be switched on and off (package types, banners, API keys, pickup addresses). */
  recordStatus: { ACTIVE: 'Active', INACTIVE: 'Inactive', DISABLED: 'Disabled' },
  courier: Object.fromEntries([...CARRIERS, ...HYPERLOCAL_PARTNERS].map((c) => [c.code, c.name])) as Record<
    string,
    string
  >,
  orderSource: {
    DAKIYA: 'Dakiya panel',
    API: 'Dakiya API',
    FLIPKART: 'Flipkart',
    AMAZON: 'Amazon',
    SHOPIFY: 'Shopify',
    WOOCOMMERCE: 'WooCommerce',
    MAGENTO2: 'Magento 2',
    WIX: 'Wix',
  } satisfies Record<(typeof ORDER_SOURCES)[number], string>,
  paymentMethod: { PPD: 'Prepaid', COD: 'Cash on delivery' } satisfies Record<(typeof PAYMENT_METHODS)[number], string>,
  fulfilment: { SELF: 'Self-fulfilled', EASY: 'Fulfilled by Dakiya' } satisfies Record<
    (typeof FULFILMENT_TYPES)[number],
    string
  >,
  plan: fromPairs(SUBSCRIPTION_TYPES, (c) => PLAN_TABLE[c].name),
  billingFrequency: { MONTHLY: 'Monthly', YEARLY: 'Yearly' } satisfies Record<
    (typeof BILLING_FREQUENCIES)[number],
    string
  >,
  uploadKind: {
    PRODUCTS: 'Products',
    ORDERS: 'New orders',
    ORDER_UPDATES: 'Order updates',
    RETURNS: 'Returns',
    WEIGHT_DISCREPANCIES: 'Weight discrepancies',
    COD_REMITTANCE_UTR: 'COD remittance UTRs',
    B2B_ORDERS: 'B2B orders',
  } satisfies Record<(typeof UPLOAD_KINDS)[number], string>,
  uploadState: {
    PENDING: 'Waiting',
    IN_PROGRESS: 'In progress',
    DONE: 'Finished',
    FAILED: 'Failed',
  } satisfies Record<(typeof UPLOAD_STATES)[number], string>,
  ticketStatus: TICKET_STATUS_LABELS,
  staffTicketStatus: STAFF_TICKET_STATUS_LABELS,
  ticketCategory: TICKET_CATEGORY_LABELS,
  ticketPriority: TICKET_PRIORITY_LABELS,
  ticketAuthor: { SELLER: 'Seller', STAFF: 'Dakiya support', SYSTEM: 'Dakiya' },
  ndrStatus: {
    ACTION_REQUIRED: 'Action required',
    ACTION_TAKEN: 'Action taken',
    DELIVERED: 'Delivered after NDR',
    RTO: 'Returned to origin',
    SUPERSEDED: 'Replaced by a later attempt',
  } satisfies Record<(typeof NDR_STATUSES)[number], string>,
  ndrAction: NDR_ACTIONS,
  ndrReason: NDR_REASONS,
  ndrActionSource: {
    SELLER: 'Seller',
    BUYER: 'Buyer',
    AUTO: 'Automatic rule',
    STAFF: 'Dakiya staff',
  } satisfies Record<(typeof NDR_ACTION_SOURCES)[number], string>,
  kycStatus: KYC_STATUS_LABELS,
  kycDocument: KYC_DOCUMENT_LABELS,
  bankStatus: BANK_STATUS_LABELS,
  payoutStatus: PAYOUT_STATUS_LABELS,
  disputeStatus: DISPUTE_STATUS_LABELS,
  disputeCategory: DISPUTE_CATEGORY_LABELS,
  discrepancyStatus: DISCREPANCY_STATUS_LABELS,
  walletEntry: WALLET_ENTRY_LABELS,
  /** Whether a rate card applies now. */
  cardStanding: { IN_FORCE: 'In force', UPCOMING: 'Upcoming', ENDED: 'Ended' } satisfies Record<
    (typeof CARD_STANDINGS)[number],
    string
  >,
  /** What a staff member did, for the audit log: actions services record by name. */
  staffAction: {
    'staff.create': 'Added a staff login',
    'staff.role': 'Changed a staff role',
    staff: 'Changed a staff login',
    account: 'Changed an account',
    'coupon.create': 'Created a coupon',
    'plan.price': 'Changed a plan price',
    'pricing.card.create': 'Created a rate card',
    'pricing.card.update': 'Changed a rate card',
    'impersonation.start': 'Opened a seller panel',
    'impersonation.end': 'Closed a seller panel',
    'impersonation.expire': 'Seller panel expired',
    'cod.bank_file': 'Downloaded a COD bank file',
    'cod.bank_details.reveal': 'Revealed bank details for a payout',
  } as Record<string, string>,
  /** The kind of record a staff change touched (the audit log's entity). */
  auditEntity: {
    account: 'Account',
    org: 'Seller',
    coupon: 'Coupon',
    plan: 'Plan',
    application: 'KYC application',
    payout: 'COD payout',
    discrepancy: 'Weight discrepancy',
    dispute: 'Dispute',
    awb: 'Shipment',
    corporate: 'Staff console',
    staff: 'Staff login',
  } as Record<string, string>,
} as const;

export type LabelKind = keyof typeof DISPLAY_LABELS;

/**
 * What a person reads for a code of a kind. A code the table does not know yet is put in words
 * ("SOME_CODE" → "Some code") rather than shown raw, and the table's test names the kinds to fill.
 */
export function labelOf(kind: LabelKind, code: string | null | undefined): string {
  if (code == null || code === '') return '—';
  const table = DISPLAY_LABELS[kind] as Record<string, string>;
  return table[code] ?? codeInWords(code);
}

/** Every code the table knows (for the scans of screens and documents that fail on a code shown). */
export function knownCodes(): Set<string> {
  const codes = new Set<string>();
  for (const table of Object.values(DISPLAY_LABELS)) for (const code of Object.keys(table)) codes.add(code);
  return codes;
}

/** A code's label from whichever kind knows it first (an audit entry's values carry no kind); else in words. */
export function labelOfAnyCode(code: string): string {
  for (const table of Object.values(DISPLAY_LABELS) as Record<string, string>[]) if (table[code]) return table[code];
  return codeInWords(code);
}

/**
 * Codes a person legitimately reads as they are: abbreviations every Indian seller and courier
 * uses (COD, RTO, NDR, API, and the tax and card names GST and PAN). AWB numbers, order numbers
 * and pincodes are not codes of this table, so they need no entry here.
 */
export const CODES_READ_AS_WORDS: ReadonlySet<string> = new Set(['COD', 'RTO', 'NDR', 'API', 'GST', 'PAN']);

/**
 * The table's codes that a text shows as standalone words (the scans of screens and PDFs fail on
 * any). Only codes written as codes count, case and all: "ACTIVE", "MAGENTO2", "CHANGE_ADDRESS",
 * "DE"; the words "Active" or "account" are not codes.
 */
export function codesShownIn(text: string): string[] {
  const codes = knownCodes();
  const found = new Set<string>();
  for (const token of text.split(/[^A-Za-z0-9_]+/)) {
    if (!token || !/[A-Z]/.test(token) || token !== token.toUpperCase()) continue;
    if (codes.has(token) && !CODES_READ_AS_WORDS.has(token)) found.add(token);
  }
  return [...found];
}

/** A channel as a seller reads it: an order source's name ("DAKIYA" → "Dakiya panel"), a store's own name as it is. */
export function channelName(channel: string | null | undefined): string {
  if (!channel) return '—';
  return (DISPLAY_LABELS.orderSource as Record<string, string>)[channel] ?? channel;
}

// refusals of a field with fixed choices name them by these labels
lookUpLabelsIn(labelOf);
