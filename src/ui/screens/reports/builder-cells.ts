import type { ColumnKind } from '../../../domain/custom-reports';
import { formatDay, formatDateTime } from '../../../domain/format';

// A preview cell as the seller reads it: ₹ with Indian grouping, kg, counts with Indian grouping,
// days as dd MMM yyyy and moments in IST; an empty cell as a dash.

const RUPEES = new Intl.NumberFormat('en-IN', { style: 'currency', currency: 'INR', minimumFractionDigits: 2 });
const NUMBER = new Intl.NumberFormat('en-IN', { maximumFractionDigits: 3 });

export function cellText(kind: ColumnKind, value: string | number | null): string {
  if (value === null || value === '') return '—';
  switch (kind) {
    case 'money':
      return RUPEES.format(Number(value));
    case 'weight':
      return `${NUMBER.format(Number(value))} kg`;
    case 'count':
    case 'decimal':
      return NUMBER.format(Number(value));
    case 'date':
      return formatDay(String(value).slice(0, 10));
    case 'datetime':
      return formatDateTime(String(value));
    default:
      return String(value);
  }
}
