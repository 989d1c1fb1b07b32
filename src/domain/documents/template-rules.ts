import {
  DEFAULT_BRAND_COLOUR,
  type LabelPageLayout,
  type LabelTemplate,
  type ReturnAddressSource,
} from './template-settings';

// The layout rules the label and invoice documents follow, pure so they are table-tested and the
// settings page can say what a choice will do before the server draws it.

/** Labels on one sheet: a 4x6 thermal roll prints one, an A4 sheet four (2 × 2). */
export function labelsPerPage(layout: LabelPageLayout): number {
  return layout === 'A4_FOUR_UP' ? 4 : 1;
}

/** Sheets a run of labels needs. */
export function labelPageCount(labels: number, layout: LabelPageLayout): number {
  return Math.ceil(Math.max(0, labels) / labelsPerPage(layout));
}

/** Where the label at `index` (0-based) falls: its sheet, and its column and row on the sheet. */
export function labelSlot(index: number, layout: LabelPageLayout): { page: number; column: number; row: number } {
  const per = labelsPerPage(layout);
  const onPage = index % per;
  return { page: Math.floor(index / per), column: onPage % 2, row: Math.floor(onPage / 2) };
}

/** The colour a document prints in: the seller's only when its plan has custom branding. */
export function effectiveBrandColour(chosen: string, brandingAllowed: boolean): string {
  return brandingAllowed && /^#[0-9a-f]{6}$/i.test(chosen) ? chosen.toLowerCase() : DEFAULT_BRAND_COLOUR;
}

/** White or black text, whichever reads better on the brand colour (WCAG relative luminance). */
export function textColourOn(background: string): '#ffffff' | '#000000' {
  const channel = (i: number) => {
    const c = parseInt(background.slice(1 + i * 2, 3 + i * 2), 16) / 255;
    return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  };
  const l = 0.2126 * channel(0) + 0.7152 * channel(1) + 0.0722 * channel(2);
  // contrast with white (1.05 / (l + 0.05)) against contrast with black ((l + 0.05) / 0.05)
  return 1.05 / (l + 0.05) >= (l + 0.05) / 0.05 ? '#ffffff' : '#000000';
}

export interface LabelItem {
  name: string;
  sku: string;
  quantity: number;
  hasImage: boolean;
}

/**
 * The item lines a label prints. Without product details a label still says how many pieces the
 * parcel holds (the courier counts them); with them, up to `max` lines (fewer when each line
 * carries an image) and how many more were left off.
 */
export function labelItemLines(
  items: LabelItem[],
  template: Pick<LabelTemplate, 'showProductDetails' | 'showItemImages'>,
): { lines: { text: string; withImage: boolean }[]; more: number; pieces: number } {
  const pieces = items.reduce((n, i) => n + i.quantity, 0);
  if (!template.showProductDetails)
    return { lines: [{ text: `${pieces} piece${pieces === 1 ? '' : 's'}`, withImage: false }], more: 0, pieces };
  const max = template.showItemImages ? 3 : 4;
  const lines = items.slice(0, max).map((i) => ({
    text: `${i.quantity} × ${i.name} (${i.sku})`,
    withImage: template.showItemImages && i.hasImage,
  }));
  return { lines, more: Math.max(0, items.length - max), pieces };
}

export interface ReturnAddressChoice {
  /** which address prints, after falling back */
  source: ReturnAddressSource;
  /** the chosen pickup address when it is one; null otherwise */
  pickupAddressId: number | null;
}

/**
 * The return address a label prints: the one the seller chose, or the order's own pickup address
 * when the chosen pickup address was deleted since (a label is never printed without one).
 */
export function returnAddressChoice(
  template: Pick<LabelTemplate, 'returnAddress' | 'returnPickupAddressId'>,
  livePickupAddressIds: readonly number[],
): ReturnAddressChoice {
  if (template.returnAddress === 'RTO') return { source: 'RTO', pickupAddressId: null };
  if (
    template.returnAddress === 'PICKUP_ADDRESS' &&
    template.returnPickupAddressId !== null &&
    livePickupAddressIds.includes(template.returnPickupAddressId)
  )
    return { source: 'PICKUP_ADDRESS', pickupAddressId: template.returnPickupAddressId };
  return { source: 'ORDER_PICKUP', pickupAddressId: null };
}

/** The custom message as printed: one line on a label (cut with an ellipsis), empty when blank. */
export function printedMessage(message: string, maxChars: number): string {
  const text = message.replace(/\s+/g, ' ').trim();
  return text.length <= maxChars ? text : `${text.slice(0, maxChars - 1).trimEnd()}…`;
}
