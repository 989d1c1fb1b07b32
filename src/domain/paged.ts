import * as v from 'valibot';

// The answer of every list: one page of rows.

/** A page of rows of the item schema; pageNumber counts from 0. */
export const pagedSchema = <T extends v.GenericSchema>(item: T) =>
  v.object({
    items: v.array(item),
    total: v.number(),
    /** true when more than `total` match (a list that stops counting; the UI shows "10,000+") */
    totalCapped: v.optional(v.boolean()),
    pageNumber: v.number(),
    recordsPerPage: v.number(),
  });
/** A page of rows; pageNumber counts from 0. */
export type Paged<T> = Omit<v.InferOutput<ReturnType<typeof pagedSchema>>, 'items'> & { items: T[] };
