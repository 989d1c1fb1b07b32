import * as v from 'valibot';
import { hasUnsafeText, INDIAN_MOBILE, SIX_DIGITS } from '../schemas/fields';
import { issueText } from '../schemas/labels';

// A seller's document templates: how its shipping labels, tax invoices and proof-of-delivery
// slips look. One settings object per document kind, each with its defaults; the server stores
// what the seller chose and every document reads it through one function on the server
// (documentTemplateFor). Messages name a field by its key; labels.ts turns the key into its label.

export const DOCUMENT_KINDS = ['LABEL', 'INVOICE', 'POD'] as const;
export type DocumentKind = (typeof DOCUMENT_KINDS)[number];

export const DOCUMENT_KIND_NAMES: Record<DocumentKind, string> = {
  LABEL: 'Shipping label',
  INVOICE: 'Tax invoice',
  POD: 'Proof of delivery',
};

export const LABEL_PAGE_LAYOUTS = ['THERMAL_4X6', 'A4_FOUR_UP'] as const;
export type LabelPageLayout = (typeof LABEL_PAGE_LAYOUTS)[number];
export const LABEL_PAGE_LAYOUT_NAMES: Record<LabelPageLayout, string> = {
  THERMAL_4X6: '4x6 inch thermal, one a page',
  A4_FOUR_UP: 'A4, four labels a page',
};

/** Where a parcel that cannot be delivered goes back to. */
export const RETURN_ADDRESS_SOURCES = ['ORDER_PICKUP', 'PICKUP_ADDRESS', 'RTO'] as const;
export type ReturnAddressSource = (typeof RETURN_ADDRESS_SOURCES)[number];
export const RETURN_ADDRESS_SOURCE_NAMES: Record<ReturnAddressSource, string> = {
  ORDER_PICKUP: 'The pickup address of each order',
  PICKUP_ADDRESS: 'One pickup address for every label',
  RTO: 'A separate RTO address',
};

/** The colour documents print in when the plan has no custom branding, or none was chosen. */
export const DEFAULT_BRAND_COLOUR = '#1f2937';
export const CUSTOM_MESSAGE_MAX = 120;
export const TERMS_NOTE_MAX = 400;
const HEX_COLOUR = /^#[0-9a-f]{6}$/;

const flag = (key: string) => v.boolean(`${key} must be true or false`);
const colour = v.pipe(
  v.string('brandColour is required'),
  v.trim(),
  v.toLowerCase(),
  v.regex(HEX_COLOUR, 'brandColour must be a colour like #1f4fd1'),
);
const freeText = (key: string, max: number) =>
  v.pipe(
    v.string(`${key} must be text`),
    v.transform((s) => s.replace(/\s+/g, ' ').trim()),
    v.maxLength(max, `${key} must be at most ${max} characters`),
    v.check((s) => !hasUnsafeText(s), `${key} must not contain markup`),
  );
const line = (key: string, max = 120) => freeText(key, max);

export const LabelTemplateSchema = v.pipe(
  v.object({
    pageLayout: v.picklist(LABEL_PAGE_LAYOUTS, 'pageLayout must be THERMAL_4X6 or A4_FOUR_UP'),
    showProductDetails: flag('showProductDetails'),
    showItemImages: flag('showItemImages'),
    brandColour: colour,
    customMessage: freeText('customMessage', CUSTOM_MESSAGE_MAX),
    returnAddress: v.picklist(RETURN_ADDRESS_SOURCES, 'returnAddress must be ORDER_PICKUP, PICKUP_ADDRESS or RTO'),
    returnPickupAddressId: v.nullable(
      v.pipe(v.number('returnPickupAddressId must be a number'), v.integer(), v.minValue(1)),
    ),
    rtoName: line('rtoName', 80),
    rtoPhone: v.pipe(v.string('rtoPhone must be text'), v.trim()),
    rtoLine1: line('rtoLine1'),
    rtoLine2: line('rtoLine2'),
    rtoCity: line('rtoCity', 60),
    rtoState: line('rtoState', 60),
    rtoPincode: v.pipe(v.string('rtoPincode must be text'), v.trim()),
  }),
  v.forward(
    v.check(
      (t) => t.returnAddress !== 'PICKUP_ADDRESS' || t.returnPickupAddressId !== null,
      'returnPickupAddressId is required',
    ),
    ['returnPickupAddressId'],
  ),
  v.forward(
    v.check((t) => t.returnAddress !== 'RTO' || t.rtoName !== '', 'rtoName is required'),
    ['rtoName'],
  ),
  v.forward(
    v.check(
      (t) => t.returnAddress !== 'RTO' || INDIAN_MOBILE.test(t.rtoPhone),
      'rtoPhone must be a 10-digit mobile number',
    ),
    ['rtoPhone'],
  ),
  v.forward(
    v.check((t) => t.returnAddress !== 'RTO' || t.rtoLine1 !== '', 'rtoLine1 is required'),
    ['rtoLine1'],
  ),
  v.forward(
    v.check((t) => t.returnAddress !== 'RTO' || t.rtoCity !== '', 'rtoCity is required'),
    ['rtoCity'],
  ),
  v.forward(
    v.check((t) => t.returnAddress !== 'RTO' || t.rtoState !== '', 'rtoState is required'),
    ['rtoState'],
  ),
  v.forward(
    v.check((t) => t.returnAddress !== 'RTO' || SIX_DIGITS.test(t.rtoPincode), 'rtoPincode must be 6 digits'),
    ['rtoPincode'],
  ),
);
export type LabelTemplate = v.InferOutput<typeof LabelTemplateSchema>;

export const InvoiceTemplateSchema = v.object({
  showLogo: flag('showLogo'),
  showSignature: flag('showSignature'),
  showItemImages: flag('showItemImages'),
  brandColour: colour,
  customMessage: freeText('customMessage', CUSTOM_MESSAGE_MAX),
  termsNote: freeText('termsNote', TERMS_NOTE_MAX),
});
export type InvoiceTemplate = v.InferOutput<typeof InvoiceTemplateSchema>;

/** What the proof-of-delivery slip shows; the slip itself is drawn by server/documents. */
export const PodTemplateSchema = v.object({
  showLogo: flag('showLogo'),
  showItemList: flag('showItemList'),
  brandColour: colour,
  customMessage: freeText('customMessage', CUSTOM_MESSAGE_MAX),
});
export type PodTemplate = v.InferOutput<typeof PodTemplateSchema>;

export interface DocumentTemplates {
  LABEL: LabelTemplate;
  INVOICE: InvoiceTemplate;
  POD: PodTemplate;
}

export const TEMPLATE_SCHEMAS = {
  LABEL: LabelTemplateSchema,
  INVOICE: InvoiceTemplateSchema,
  POD: PodTemplateSchema,
} as const;

export const DEFAULT_TEMPLATES: DocumentTemplates = {
  LABEL: {
    pageLayout: 'THERMAL_4X6',
    showProductDetails: true,
    showItemImages: false,
    brandColour: DEFAULT_BRAND_COLOUR,
    customMessage: '',
    returnAddress: 'ORDER_PICKUP',
    returnPickupAddressId: null,
    rtoName: '',
    rtoPhone: '',
    rtoLine1: '',
    rtoLine2: '',
    rtoCity: '',
    rtoState: '',
    rtoPincode: '',
  },
  INVOICE: {
    showLogo: true,
    showSignature: true,
    showItemImages: false,
    brandColour: DEFAULT_BRAND_COLOUR,
    customMessage: '',
    termsNote: '',
  },
  POD: { showLogo: true, showItemList: true, brandColour: DEFAULT_BRAND_COLOUR, customMessage: '' },
};

/** The first problem of a kind's settings in the seller's words (the server's own message), or null. */
export function templateProblem(kind: DocumentKind, settings: unknown): string | null {
  const r = v.safeParse(TEMPLATE_SCHEMAS[kind], settings);
  return r.success ? null : issueText(r.issues[0]);
}
