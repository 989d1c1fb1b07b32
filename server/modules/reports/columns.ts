import { fieldLabel } from '../../../src/domain/schemas/labels';
import type { ColumnKind } from '../../../src/domain/reports';
import * as money from '../../../src/domain/money';

// A report's columns as a seller reads them: a label from the product's field label table, and
// what kind of value the column holds, so a workbook stores real numbers and dates with their
// formats (a SUM works) and a CSV writes plain numbers and IST dates (docs/decisions/reports.md).

export type { ColumnKind };

/** A report cell: money in rupees and weights in kg as numbers, moments as Dates. */
export type ReportCell = string | number | Date | null;

export interface ReportColumn<T> {
  label: string;
  kind: ColumnKind;
  value: (row: T) => ReportCell;
}

/** A column named by its field key in the label table (FIELD_LABELS). */
export const column = <T>(key: string, kind: ColumnKind, value: (row: T) => ReportCell): ReportColumn<T> => ({
  label: fieldLabel(key),
  kind,
  value,
});

export const rupeesOf = (paise: number | string | null | undefined): number | null =>
  paise === null || paise === undefined ? null : money.rupeesOf(Number(paise));

/** A moment from the database or an API row (ISO text or Date); null stays empty. */
export const momentOf = (at: string | Date | null | undefined): Date | null => (at ? new Date(at) : null);

/** An IST calendar day ('2026-11-10') as its IST midnight. */
export const dayOf = (day: string | Date | null | undefined): Date | null => {
  if (!day) return null;
  const text = typeof day === 'string' ? day.slice(0, 10) : day.toISOString().slice(0, 10);
  return new Date(`${text}T00:00:00+05:30`);
};

export const cellsOf = <T>(columns: ReportColumn<T>[], rows: T[]): ReportCell[][] =>
  rows.map((r) => columns.map((c) => c.value(r)));
