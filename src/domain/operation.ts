import * as v from 'valibot';

// One operation of the API, declared once: its method, path, inputs, answer and error answers.
// The server's router takes it as the route's contract (server/http/router.ts), the browser sends
// it with `call` (src/services/call.ts), the server's tests with the same typed call
// (tests/server/call.ts), and the OpenAPI document is written from it.

/** An answer that is a file of this content type ('*' for a file of several kinds, such as a KYC document). */
export interface FileAnswer {
  file: 'application/pdf' | 'text/csv' | 'text/plain' | 'image/*' | '*/*';
}
/** An answer that is a server-event stream, each event's data of this schema. */
export interface StreamAnswer {
  stream: v.GenericSchema;
}
/** What an operation answers: `{ data }` of this schema, a file, or a server-event stream. */
export type ResponseDef = v.GenericSchema | FileAnswer | StreamAnswer;

export type Method = 'get' | 'post' | 'put' | 'delete' | 'patch';

type Schema = v.GenericSchema | undefined;

/** A header beside the inputs and the body: one the handler reads itself, or one an answer carries. */
export interface HeaderDef {
  description: string;
  /** Its text's schema (any text when omitted) */
  schema?: v.GenericSchema;
  /** A request header the operation cannot do without */
  required?: boolean;
}

/** Every refusal's body: the text to show, also sent as the X-Error-Message header. */
export const ErrorAnswerSchema = v.object({ errorMessage: v.string() });
export type ErrorAnswer = v.InferOutput<typeof ErrorAnswerSchema>;

/** The statuses an operation may name among its error answers (every route may answer 400 and 413; a login's route 401 and 403). */
export type ErrorStatus = 400 | 401 | 402 | 403 | 404 | 409 | 410 | 412 | 413 | 415 | 422 | 423 | 429 | 502 | 503;

export interface Operation<
  B extends Schema = Schema,
  Q extends Schema = Schema,
  P extends Schema = Schema,
  R extends ResponseDef = ResponseDef,
> {
  method: Method;
  /** The path with its parameters as `:name`, e.g. /api/v1/wallet/payments/:merchantTransactionId */
  path: string;
  summary: string;
  tag: string;
  body?: B;
  query?: Q;
  params?: P;
  /** A multipart body (a file upload), read by the handler itself */
  multipart?: boolean;
  /** The answer: the schema of `data` in `{ data }`, a file, or a stream */
  response: R;
  /** Prose about the answer, where its schema does not say it all */
  returns?: string;
  /** The refusals this operation names, with when each comes (the ones every route has are documented for all) */
  errors?: Partial<Record<ErrorStatus, string>>;
  /** Credentials the operation takes instead of the bearer token: HTTP Basic (the login's email and password) */
  credentials?: 'basic';
  /** Request headers the handler reads itself, by name (the login's X-Login-OTP) */
  headers?: Record<string, HeaderDef>;
  /** Headers an answer of a status carries besides X-Error-Message, by status and name (the login's 401 with X-Login-Step) */
  answerHeaders?: Partial<Record<200 | ErrorStatus, Record<string, HeaderDef>>>;
  /** The OpenAPI operationId, when the one derived from method and path would not do */
  operationId?: string;
}

/** Declares an operation, keeping its schemas' types for the router, `call` and the tests. */
export const operation = <
  B extends Schema = undefined,
  Q extends Schema = undefined,
  P extends Schema = undefined,
  R extends ResponseDef = ResponseDef,
>(
  op: Operation<B, Q, P, R>,
): Operation<B, Q, P, R> => op;

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- any operation, whatever its schemas
export type AnyOperation = Operation<any, any, any, any>;

type Present<S> = [NonNullable<S>] extends [never] ? never : NonNullable<S>;
/** A path's or query's text may be any text or a number (an id, a page, a value read from the address): it goes as text, and the server checks it. */
type Loose<T> = { [K in keyof T]: [T[K]] extends [string | undefined] ? string | number : T[K] };
/** One part of an operation's input: required when its schema requires something, optional when all of it is optional, absent without a schema. */
type Part<K extends string, S, Text extends boolean> = [Present<S>] extends [never]
  ? { [k in K]?: never }
  : Present<S> extends v.GenericSchema
    ? Given<K, Text extends true ? Loose<v.InferInput<Present<S>>> : v.InferInput<Present<S>>>
    : { [k in K]?: never };
type Given<K extends string, T> = object extends T ? { [k in K]?: T } : { [k in K]: T };

/** What a caller sends: the path's parameters, the query and the body, each as its schema takes it. */
export type InputOf<O extends AnyOperation> = Part<'params', O['params'], true> &
  Part<'query', O['query'], true> &
  Part<'body', O['body'], false>;

/** What the operation answers: the `data` of its schema's output, or a file (a Blob in the browser). */
export type AnswerOf<O extends AnyOperation> = O['response'] extends v.GenericSchema
  ? v.InferOutput<O['response']>
  : O['response'] extends FileAnswer
    ? Blob
    : never;

/** The arguments after the operation: none needed when every part is optional. */
export type InputArgs<O extends AnyOperation> = object extends InputOf<O> ? [input?: InputOf<O>] : [input: InputOf<O>];

/** The operation's path with its parameters filled in (each encoded), ready to send. */
export function pathOf(op: Pick<Operation, 'path'>, params?: Record<string, string | number>): string {
  // ':file{[a-z]+\\.pdf}' (a parameter with its pattern) is filled the same way
  return op.path.replace(/:([A-Za-z0-9_]+)(\{[^}]*\})?/g, (_, name: string) => {
    const value = params?.[name];
    if (value === undefined) throw new Error(`${op.path}: the path parameter ${name} is missing`);
    return encodeURIComponent(String(value));
  });
}

/** Whether the answer is a file (downloaded) rather than `{ data }`. */
export const answersFile = (r: ResponseDef): r is FileAnswer => 'file' in r && !('kind' in r);
/** Whether the answer is a server-event stream. */
export const answersStream = (r: ResponseDef): r is StreamAnswer => 'stream' in r && !('kind' in r);
