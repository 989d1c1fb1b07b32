import * as v from 'valibot';
import { dayRangesCheck, isoDayField } from '../../src/domain/schemas/fields';
import { fieldLabel } from '../../src/domain/schemas/labels';

// The query of every list: server-side paging (page 0 first), search and an allow-listed sort.

const wholeNumber = (field: string, max: number, fallback: string) =>
  v.optional(
    v.pipe(
      v.string(),
      v.regex(/^\d{1,6}$/, `${field} must be a whole number`),
      v.transform(Number),
      v.maxValue(max, `${field} must be at most ${max}`),
    ),
    fallback,
  );

export const pagingEntries = {
  pageNumber: wholeNumber('pageNumber', 100_000, '0'),
  recordsPerPage: v.pipe(wholeNumber('recordsPerPage', 100, '10'), v.minValue(1, 'recordsPerPage must be at least 1')),
  searchPattern: v.optional(v.pipe(v.string(), v.trim(), v.maxLength(100, 'searchPattern is too long'))),
};

export function sortEntries<const K extends string>(columns: readonly [K, ...K[]], fallback: K) {
  return {
    sortBy: v.optional(v.picklist(columns, `sortBy must be one of ${columns.join(', ')}`), fallback),
    sortOrder: v.optional(v.picklist(['ASC', 'DESC'], 'sortOrder must be ASC or DESC'), 'ASC'),
  };
}

/** An optional yyyy-mm-dd filter that must be a day on the calendar. */
export const dayFilter = (field: string) => v.optional(isoDayField(field));

/** A list's query: its entries, and each [from, to] pair of day filters in order. */
export function listQuerySchema<E extends v.ObjectEntries>(
  entries: E,
  dayRanges: readonly (readonly [string, string])[] = [],
) {
  const object = v.object(entries);
  return v.pipe(object, dayRangesCheck<v.InferOutput<typeof object>>(dayRanges, fieldLabel));
}

/** A LIKE pattern that matches the text anywhere, with %, _ and \ taken literally. */
export function containsPattern(text: string): string {
  return `%${text.replace(/[\\%_]/g, (ch) => `\\${ch}`)}%`;
}
