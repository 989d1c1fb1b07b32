import { labelOf, labelOfAnyCode } from './display-labels';
import { formatDateTime, formatRupees } from './format';
import { fieldLabel } from './schemas/labels';

// What a staff change did, in words for the audit log: each field that changed with its label,
// from → to, values as a person reads them (₹ amounts, IST times, labels for codes, Yes/No).
// The raw before and after stay available beside it for whoever needs the detail.

const SKIPPED = new Set(['reason', 'requestKey', 'idempotencyKey']);
const MAX_LINES = 8;
const ISO_MOMENT = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}/;
const CODE = /^[A-Z][A-Z0-9]*(?:[_.-][A-Z0-9]+)*$/;

/** One value as the log shows it; `key` tells money (…Paise) and moments from plain numbers and text. */
export function auditValueText(key: string, value: unknown): string {
  if (value === null || value === undefined || value === '') return '—';
  if (typeof value === 'boolean') return value ? 'Yes' : 'No';
  if (typeof value === 'number') return /paise$/i.test(key) ? formatRupees(value) : value.toLocaleString('en-IN');
  if (typeof value === 'string') {
    if (value === '[hidden]') return 'hidden';
    if (ISO_MOMENT.test(value) && !Number.isNaN(Date.parse(value))) return `${formatDateTime(value)} IST`;
    if (/carrier(code)?$/i.test(key)) return labelOf('courier', value);
    if (CODE.test(value) && value.length > 1) return labelOfAnyCode(value);
    return value;
  }
  if (Array.isArray(value))
    return value.length <= 3 ? value.map((v) => auditValueText(key, v)).join(', ') : `${value.length} items`;
  return `${Object.keys(value as object).length} details`;
}

const isRecord = (v: unknown): v is Record<string, unknown> => !!v && typeof v === 'object' && !Array.isArray(v);

/** Flattens one level of nesting ("address" › "pincode") so a nested change still names its field. */
function fieldsOf(value: unknown): Map<string, { label: string; key: string; value: unknown }> {
  const out = new Map<string, { label: string; key: string; value: unknown }>();
  if (!isRecord(value)) return out;
  for (const [k, v] of Object.entries(value)) {
    if (SKIPPED.has(k)) continue;
    if (isRecord(v))
      for (const [k2, v2] of Object.entries(v))
        out.set(`${k}.${k2}`, { label: `${fieldLabel(k)} › ${fieldLabel(k2)}`, key: k2, value: v2 });
    else out.set(k, { label: fieldLabel(k), key: k, value: v });
  }
  return out;
}

/** The lines of what changed: "Status: Active → Deactivated", or for a new record each field it was given. */
export function auditChanges(before: unknown, after: unknown): string[] {
  const was = fieldsOf(before);
  const now = fieldsOf(after);
  const lines: string[] = [];
  for (const [path, f] of now) {
    const old = was.get(path);
    if (old && JSON.stringify(old.value) === JSON.stringify(f.value)) continue;
    lines.push(
      old
        ? `${f.label}: ${auditValueText(f.key, old.value)} → ${auditValueText(f.key, f.value)}`
        : `${f.label}: ${auditValueText(f.key, f.value)}`,
    );
  }
  for (const [path, f] of was) if (!now.has(path) && after != null) lines.push(`${f.label}: removed`);
  if (!lines.length && before != null && after == null) lines.push('Removed');
  if (lines.length > MAX_LINES) return [...lines.slice(0, MAX_LINES), `and ${lines.length - MAX_LINES} more`];
  return lines;
}
