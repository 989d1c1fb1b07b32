import {
  answersFile,
  pathOf,
  type AnswerOf,
  type AnyOperation,
  type InputArgs,
  type InputOf,
} from '../domain/operation';
import type { ApiAnswer } from '../domain/account-session';
import type { Http } from './types';

type Query = Record<string, string | number | boolean | undefined>;

/** A query added to a path that is not sent as a GET's search parameters (a write's or a file's). */
function withQuery(path: string, query?: Query): string {
  if (!query) return path;
  const search = new URLSearchParams();
  for (const [k, value] of Object.entries(query)) if (value !== undefined) search.set(k, String(value));
  const text = search.toString();
  return text ? `${path}?${text}` : path;
}

/**
 * Sends one operation of an area's contract (src/domain/<area>-contract.ts) through the session's
 * HTTP client: its path filled from `params`, its `query` and `body`, each typed by the operation's
 * schemas; it answers the `data` of `{ data }` typed by the answer's schema, or the file as a Blob.
 * A refusal rejects with the ApiFailure of src/services/http.ts.
 */
export function call<O extends AnyOperation>(http: Http, op: O, ...[input]: InputArgs<O>): Promise<AnswerOf<O>> {
  return send(http, op, input, {});
}

/**
 * The same, for a write whose request must outlive the page (`keepalive`): a record sent as the
 * seller reloads or follows a link reaches the server all the same.
 */
export function callOutlivingPage<O extends AnyOperation>(
  http: Http,
  op: O,
  ...[input]: InputArgs<O>
): Promise<AnswerOf<O>> {
  if (op.method !== 'post') throw new Error(`${op.method} ${op.path}: only a POST is sent to outlive the page`);
  return send(http, op, input, { post: { keepalive: true } });
}

async function send<O extends AnyOperation>(
  http: Http,
  op: O,
  input: InputArgs<O>[0],
  options: { post?: { keepalive: boolean } },
): Promise<AnswerOf<O>> {
  const { params, query, body } = (input ?? {}) as InputOf<AnyOperation> & {
    params?: Record<string, string | number>;
    query?: Query;
  };
  const path = pathOf(op, params);
  if (answersFile(op.response)) {
    const file = op.method === 'get' ? http.download(path, query) : http.downloadPost(withQuery(path, query), body);
    return (await file) as AnswerOf<O>;
  }
  let answer: Promise<ApiAnswer<AnswerOf<O>>>;
  switch (op.method) {
    case 'get':
      answer = http.get(path, query);
      break;
    case 'post':
      answer = http.post(withQuery(path, query), body, options.post);
      break;
    case 'put':
      answer = http.put(withQuery(path, query), body);
      break;
    case 'delete':
      answer = http.delete(withQuery(path, query), body);
      break;
    default:
      throw new Error(`${op.method} ${op.path}: the browser sends no ${op.method}`);
  }
  return (await answer).data;
}

/** A file to send, and, for a large one, its bytes' progress and the signal that aborts it. */
export interface FileToSend {
  blob: Blob;
  name?: string;
  onProgress?: (loaded: number, total: number) => void;
  signal?: AbortSignal;
}

/**
 * Sends a multipart operation (`multipart: true` in its contract): the file as the form's "file"
 * field, the path filled from `params`; it answers the `data` typed by the operation's answer.
 */
export async function sendFile<O extends AnyOperation>(
  http: Http,
  op: O,
  file: FileToSend,
  ...[input]: InputArgs<O>
): Promise<AnswerOf<O>> {
  const { params } = (input ?? {}) as { params?: Record<string, string | number> };
  const form = new FormData();
  if (file.name === undefined) form.set('file', file.blob);
  else form.set('file', file.blob, file.name);
  const path = pathOf(op, params);
  const answer = file.onProgress
    ? http.uploadWithProgress<ApiAnswer<AnswerOf<O>>>(path, form, file.onProgress, file.signal)
    : http.upload<ApiAnswer<AnswerOf<O>>>(path, form);
  return (await answer).data;
}
