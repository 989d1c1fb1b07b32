import { pathOf, type AnswerOf, type AnyOperation } from '../domain/operation';
import type { ApiAnswer } from '../domain/account-contract';
import type { Http } from './types';

/**
 * Sends a multipart operation of an area's contract (an upload, `multipart: true`): the file as
 * the form's field "file", the path filled from `params`; it answers the `data` of `{ data }`
 * typed by the operation's answer. A refusal rejects with the ApiFailure, as call() does.
 */
export async function callUpload<O extends AnyOperation>(
  http: Http,
  op: O,
  file: Blob,
  params?: Record<string, string | number>,
): Promise<AnswerOf<O>> {
  const form = new FormData();
  form.set('file', file);
  return (await http.upload<ApiAnswer<AnswerOf<O>>>(pathOf(op, params), form)).data;
}
