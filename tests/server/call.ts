import { answersFile, pathOf, type AnswerOf, type AnyOperation, type InputOf } from '../../src/domain/operation';
import type { TestServer } from './harness';

// The server tests' typed call: the same operations (src/domain/<area>-contract.ts) the browser
// sends with call(), through the whole app. A test of bad input sends raw requests instead.

/** Who calls: a bearer token, a cookie, or headers of the test's own. */
export interface CallAuth {
  token?: string;
  cookie?: string;
  headers?: Record<string, string>;
}

type Query = Record<string, string | number | boolean | undefined>;

/** Sends an operation and answers the Response as it came (for a test of status or headers). */
export function send<O extends AnyOperation>(s: TestServer, op: O, input: InputOf<O> & CallAuth): Promise<Response> {
  const { params, query, body, token, cookie, headers } = input as InputOf<AnyOperation> &
    CallAuth & { params?: Record<string, string | number>; query?: Query };
  let path = pathOf(op, params);
  if (query) {
    const search = new URLSearchParams();
    for (const [k, value] of Object.entries(query)) if (value !== undefined) search.set(k, String(value));
    if (search.size) path += `?${search}`;
  }
  return s.request(path, {
    method: op.method.toUpperCase(),
    token,
    cookie,
    headers,
    ...(body !== undefined ? { json: body } : {}),
  });
}

/** Sends an operation and answers its `data`, typed by the operation's answer; a refusal throws with its status and text. */
export async function answer<O extends AnyOperation>(
  s: TestServer,
  op: O,
  input: InputOf<O> & CallAuth,
): Promise<AnswerOf<O>> {
  return answerOf(op, await send(s, op, input));
}

/** The `data` of an operation's Response (one a test's own wrapper of send answered), typed by the operation's answer; a refusal throws with its status and text. */
export async function answerOf<O extends AnyOperation>(op: O, res: Response): Promise<AnswerOf<O>> {
  if (!res.ok) {
    const text = await res.text();
    let message = text;
    try {
      message = (JSON.parse(text) as { errorMessage?: string }).errorMessage ?? text;
    } catch {
      // not JSON: the text itself
    }
    throw new Error(`${res.status} ${message}`);
  }
  if (answersFile(op.response)) return (await res.blob()) as AnswerOf<O>;
  return ((await res.json()) as { data: AnswerOf<O> }).data;
}
