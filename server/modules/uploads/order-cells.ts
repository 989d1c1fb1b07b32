// Small readers of the orders CSV's cells: dates as sellers type them, names looked up in any
// case, and which column an order rule's message belongs to.

/** 21-11-2026, 21/11/2026, 2026-11-21 → 2026-11-21; null when not a real date. */
export function csvDate(text: string): string | null {
  const t = text.trim();
  const iso = /^(\d{4})-(\d{1,2})-(\d{1,2})$/.exec(t);
  const indian = iso ? null : /^(\d{1,2})[-/](\d{1,2})[-/](\d{4})$/.exec(t);
  const parts = iso ? [iso[1], iso[2], iso[3]] : indian ? [indian[3], indian[2], indian[1]] : null;
  if (!parts) return null;
  const [y, mo, d] = parts.map(Number);
  const date = new Date(Date.UTC(y, mo - 1, d));
  if (date.getUTCFullYear() !== y || date.getUTCMonth() !== mo - 1 || date.getUTCDate() !== d) return null;
  return `${y}-${String(mo).padStart(2, '0')}-${String(d).padStart(2, '0')}`;
}

export function lookupByName<T>(map: Map<string, T>, name: string): T | undefined {
  return map.get(name.trim().toLowerCase());
}

const ADDRESS_PART: Record<string, string> = { line1: 'Line1', line2: 'Line2', pincode: 'Pincode' };
const ITEM_COLUMN: Record<string, string> = { name: 'itemName', productId: 'sku' };
const FIELD_COLUMN: Record<string, string> = {
  pickupAddressId: 'pickupAddress',
  packageTypeId: 'packageType',
  billingSameAsShipping: 'billingLine1',
};

/** The CSV column of a rule's issue, from its path in the order body (or its message when it has none). */
export function orderFieldColumn(path: (string | number)[], message: string): string {
  const [top, second, third] = path;
  if (top === undefined) {
    if (message.startsWith('billing')) return 'billingLine1';
    if (message.startsWith('package')) return 'lengthCm';
    if (message.startsWith('discount')) return 'discount';
    return 'orderNumber';
  }
  if ((top === 'shipping' || top === 'billing') && typeof second === 'string')
    return `${top}${ADDRESS_PART[second] ?? ''}`;
  if (top === 'items') return typeof third === 'string' ? (ITEM_COLUMN[third] ?? third) : 'sku';
  return FIELD_COLUMN[String(top)] ?? String(top);
}
