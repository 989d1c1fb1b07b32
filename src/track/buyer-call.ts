import { pathOf, type AnswerOf, type AnyOperation, type InputArgs, type InputOf } from '../domain/operation';

// The buyer's pages talk to the public API with plain fetch: none of the seller app's session,
// token renewal or HTTP client comes along (a cheap phone on a slow network loads less). A
// refusal rejects with { status, message }, as the seller app's ApiFailure.

/** The `data` of the answer, or the refusal's status and text. */
async function dataOf<T>(res: Response): Promise<T> {
  const body = (await res.json().catch(() => ({}))) as { data?: T; errorMessage?: string };
  if (!res.ok)
    throw {
      status: res.status,
      message: res.headers.get('x-error-message') ?? body.errorMessage ?? 'Something went wrong',
    };
  return body.data as T;
}

// a plain GET, as the page's preload of its data is (server/http/page-hints.ts), so it is the one used
export const buyerGet = <T>(path: string): Promise<T> => fetch(path).then((res) => dataOf<T>(res));

export const buyerPost = <T>(path: string, json: unknown): Promise<T> =>
  fetch(path, {
    method: 'POST',
    headers: { 'content-type': 'application/json', accept: 'application/json' },
    body: JSON.stringify(json),
  }).then((res) => dataOf<T>(res));

/** A multipart POST (a photo), its answer's `data`. */
export const buyerUpload = <T>(path: string, form: FormData): Promise<T> =>
  fetch(path, { method: 'POST', body: form }).then((res) => dataOf<T>(res));

/**
 * Sends one operation of an area's contract as the seller app's call() does (src/services/call.ts):
 * its path filled from `params`, its query and its JSON body; it answers the `data`, typed.
 */
export function buyerCall<O extends AnyOperation>(op: O, ...[input]: InputArgs<O>): Promise<AnswerOf<O>> {
  const { params, query, body } = (input ?? {}) as InputOf<AnyOperation> & {
    params?: Record<string, string | number>;
    query?: Record<string, string | number | boolean | undefined>;
  };
  const search = new URLSearchParams();
  for (const [k, value] of Object.entries(query ?? {})) if (value !== undefined) search.set(k, String(value));
  const path = search.size ? `${pathOf(op, params)}?${search}` : pathOf(op, params);
  if (op.method === 'get') return buyerGet(path);
  if (op.method === 'post') return buyerPost(path, body);
  throw new Error(`${op.method} ${op.path}: the buyer's pages send GET and POST only`);
}
