import * as v from 'valibot';
import { dayRangesCheck, isoDayField } from './schemas/fields';
import { fieldLabel } from './schemas/labels';
import { operation } from './operation';
import { SORT_ORDER_TEXT, oneOf } from './schemas/choice';

export { pagedSchema, type Paged } from './paged';

// The query of every list: server-side paging (page 0 first), search and an allow-listed sort.
// Part of each list operation's contract, so the browser sends what the server reads.

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
    sortBy: v.optional(oneOf(columns, 'sortBy'), fallback),
    sortOrder: v.optional(oneOf(['ASC', 'DESC'], 'sortOrder', SORT_ORDER_TEXT), 'ASC'),
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

/** The most rows one list export holds. */
export const EXPORT_LIMIT = 100_000;

const exportSearch = v.optional(v.pipe(v.string(), v.trim(), v.maxLength(100, 'searchPattern is too long')));

/**
 * The CSV export of a list operation: the whole current list (same search, filters and sort, no
 * paging) at the list's path + /export, so the export never disagrees with the screen.
 */
export function listExportOf<const E extends v.ObjectEntries>(
  list: { path: string; tag: string },
  name: string,
  filters: E,
  dayRanges: readonly (readonly [string, string])[] = [],
) {
  return operation({
    method: 'get',
    path: `${list.path}/export`,
    tag: list.tag,
    query: listQuerySchema({ searchPattern: exportSearch, ...filters }, dayRanges),
    summary: `The current ${name} list as CSV (search and sort as on screen, up to ${EXPORT_LIMIT.toLocaleString('en-IN')} rows)`,
    response: { file: 'text/csv' },
  });
}
