// Rows of a form (boxes, invoices, goods lines, order items, PO numbers): one changed, one taken
// away, the same way in every form machine.

/** The rows with the one at `index` made anew. */
export const replaceAt = <T>(rows: readonly T[], index: number, next: (row: T) => T): T[] =>
  rows.map((r, j) => (j === index ? next(r) : r));

/** The rows without the one at `index`. */
export const withoutAt = <T>(rows: readonly T[], index: number): T[] => rows.filter((_, j) => j !== index);

/** A row list without one row, never empty: the last row left is made blank instead. */
export const removeKeepingOne = <T>(rows: readonly T[], index: number, blank: () => T): T[] =>
  rows.length > 1 ? withoutAt(rows, index) : [blank()];

/** Error keys without the ones a change clears. */
export const withoutErrors = (errors: Record<string, string>, keys: readonly string[]) =>
  Object.fromEntries(Object.entries(errors).filter(([k]) => !keys.includes(k)));
