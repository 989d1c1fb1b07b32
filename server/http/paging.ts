import * as v from 'valibot';

// The query of every list: server-side paging (page 0 first), search and an allow-listed sort.

const wholeNumber = (field: string, max: number, fallback: string) =>
  v.optional(
    v.pipe(v.string(), v.regex(/^\d{1,6}$/, `${field} must be a whole number`), v.transform(Number), v.maxValue(max, `${field} must be at most ${max}`)),
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

/** A LIKE pattern that matches the text anywhere, with %, _ and \ taken literally. */
export function containsPattern(text: string): string {
  return `%${text.replace(/[\\%_]/g, (ch) => `\\${ch}`)}%`;
}
