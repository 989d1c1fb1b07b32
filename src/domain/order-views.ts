import * as v from 'valibot';

// Saved views of the order list (the beta orders page): a login's named sets of the list's URL
// parameters. The parameters a view may keep are the list's filters, search and sort; never a
// page number or an upload batch (a view is a standing question, not a place in one answer).
// Their operations: src/domain/order-views-contract.ts.

export const ORDER_VIEW_PARAMS = [
  'tab',
  'q',
  'payment',
  'source',
  'fulfilment',
  'from',
  'to',
  'verification',
  'sort',
] as const;
export type OrderViewParam = (typeof ORDER_VIEW_PARAMS)[number];

/** a login keeps at most this many views: a row of chips, not a second list to search */
export const ORDER_VIEWS_MAX = 20;
export const VIEW_NAME_MAX = 40;

export const OrderViewBody = v.object({
  viewName: v.pipe(
    v.string('viewName is required'),
    v.trim(),
    v.minLength(1, 'viewName is required'),
    v.maxLength(VIEW_NAME_MAX, `viewName must be at most ${VIEW_NAME_MAX} characters`),
  ),
  filters: v.pipe(
    v.record(
      v.string(),
      v.pipe(v.string('filters must be text values'), v.maxLength(200, 'filters has a value that is too long')),
      'filters is required',
    ),
    v.check(
      (f) => Object.keys(f).every((k) => (ORDER_VIEW_PARAMS as readonly string[]).includes(k)),
      `filters may name only ${ORDER_VIEW_PARAMS.join(', ')}`,
    ),
    v.check((f) => Object.values(f).some((x) => x.trim() !== ''), 'filters must choose at least one filter'),
  ),
});
export type OrderViewInput = v.InferOutput<typeof OrderViewBody>;

export const OrderViewSchema = v.object({
  viewId: v.number(),
  viewName: v.string(),
  filters: v.record(v.string(), v.string()),
  createdAt: v.string(),
});
export type OrderView = v.InferOutput<typeof OrderViewSchema>;

/** The list's URL search for a view ("?tab=NEW&payment=COD"). */
export function viewSearch(filters: Record<string, string>): string {
  const params = new URLSearchParams();
  for (const key of ORDER_VIEW_PARAMS) if (filters[key]) params.set(key, filters[key]);
  const s = params.toString();
  return s ? `?${s}` : '';
}

/** The view-worthy parameters of the list's URL now. */
export function viewFiltersOf(search: URLSearchParams): Record<string, string> {
  const out: Record<string, string> = {};
  for (const key of ORDER_VIEW_PARAMS) {
    const value = search.get(key);
    if (value) out[key] = value;
  }
  return out;
}
