import * as v from 'valibot';

/** A numeric id in a path or query string ("42"), as a number. */
export const numericId = (field: string) =>
  v.pipe(v.string(), v.regex(/^\d{1,9}$/, `${field} must be a number`), v.transform(Number));
