import type { Context, Hono } from 'hono';
import * as v from 'valibot';
import { ApiError } from './errors';
import { parseOrThrow, refuseUnsafeText } from './validate';
import { operationIdFor } from './operation-id';
import { readJsonBody } from './json-body';
import { BODY_LIMIT, limitBody } from './body-limit';
import { MSG } from '../../src/domain/messages';
import { mayUse, SELF, type RoutePermission } from '../../src/domain/permissions';
import { STAFF_PERMISSION_DENIED, staffMayUse, type StaffPermission } from '../../src/domain/staff-permissions';
import { staffWriteOf, type StaffWrite } from './staff-write';
import { requestIdOf } from './request-id';
import { dataAnswer } from './json-answer';
import { answerHeadersOf, secureAnswer } from './security-headers';
import { isThenable, type MaybePromise } from './after';
import {
  answersFile,
  answersStream,
  type HeaderDef,
  type Operation,
  type ResponseDef,
} from '../../src/domain/operation';
import { documentSchemas, type DocumentSchemas } from './openapi-schemas';
import { namedSchemas } from './named-schemas';

/** Who is calling, from a verified access token. */
export interface Caller {
  sub: string;
  accountId: number;
  orgId: number | null;
  accountType: string;
  role: string;
  scope: string[];
  subscriptionType: string;
  /** Staff acting as a seller: the subject carries a hyphen and cannot refresh. */
  isAdminSession: boolean;
  mustChangePassword: boolean;
  /** Set when the call came with an API key (it acts as the login that made it). */
  apiKeyId?: number;
}

/** A seller route's caller: the router has checked the organisation is there, so orgId is a number. */
export type SellerCaller = Caller & { orgId: number };

/** What a service needs of whoever acts for a seller: the organisation and the login acting in it. */
export type OrgCaller = Pick<SellerCaller, 'orgId' | 'accountId'>;

export type Access =
  | { kind: 'public' }
  | {
      kind: 'user';
      /** Account types admitted; omitted means any. Who within a type: `permission` and `staffPermission` alone. */
      accountTypes?: readonly string[];
      /** Routes still open to a caller who must change a temporary password first. */
      duringPasswordChange?: boolean;
    };

type Schema = v.GenericSchema | undefined;

/** The handler's answer: the schema's input (the router wraps it in `{ data }`), or a file's or stream's Response. */
type Answer<R extends ResponseDef> = R extends v.GenericSchema ? v.InferInput<R> : Response;
type Out<S extends Schema> = S extends v.GenericSchema ? v.InferOutput<S> : undefined;

export interface HandlerInput<B extends Schema, Q extends Schema, P extends Schema, A extends Access> {
  c: Context;
  body: Out<B>;
  query: Out<Q>;
  params: Out<P>;
  caller: A extends { kind: 'user'; accountTypes: readonly ['SELLER'] }
    ? SellerCaller
    : A extends { kind: 'user' }
      ? Caller
      : Caller | null;
}

/**
 * A route: its operation (src/domain/operation.ts: method, path, inputs, answer, error answers,
 * declared once in its area's contract) and what only the server knows: who may call it and
 * the handler.
 */
export interface RouteDef<
  B extends Schema,
  Q extends Schema,
  P extends Schema,
  A extends Access,
  R extends ResponseDef = ResponseDef,
> extends Operation<B, Q, P, R> {
  access: A;
  /** a larger body is refused with 413 and this text, on the stream (BODY_LIMIT when omitted) */
  maxBody?: { bytes: number; message: string };
  /**
   * The team permission a seller login needs (src/domain/permissions.ts), or SELF for any login.
   * Deny by default: a seller route without one is open to the OWNER alone. Staff are not affected.
   */
  permission?: RoutePermission;
  /**
   * The staff permission a Dakiya login needs (src/domain/staff-permissions.ts). Deny by default:
   * a route staff may call that names none is the ADMIN's alone (a SELF route stays open to all).
   */
  staffPermission?: StaffPermission;
  /** Return a value to answer { data: value }; a file route returns its Response. */
  handler: (input: HandlerInput<B, Q, P, A>) => Promise<Answer<R>> | Answer<R>;
}

type AnyRoute = RouteDef<Schema, Schema, Schema, Access>;

/** A route as the router runs it: its definition, its operationId and its body limit, worked out once. */
interface RouteRun {
  def: AnyRoute;
  operationId: string;
  limit: { bytes: number; message: string };
}

/** A handler's own Response (a file, a stream, a redirect) with the security headers and the request's id. */
function ownAnswer(c: Context, res: Response, requestId: string): Response {
  const every = answerHeadersOf(c);
  const out = every ? secureAnswer(res, every) : res;
  try {
    out.headers.set('X-Request-Id', requestId);
  } catch {
    // immutable headers (Response.redirect) with no security headers to add: the answer goes as it is
  }
  return out;
}

const isSellerOnly = (access: Access): boolean =>
  access.kind === 'user' && access.accountTypes?.length === 1 && access.accountTypes[0] === 'SELLER';

/** A seller login whose role (as it stands now) lacks the route's permission is refused. */
function refuseUnlessTeamMay(def: AnyRoute, standing: { role: string; permissions: readonly string[] }): void {
  if (!mayUse(standing.role, standing.permissions, def.permission)) throw new ApiError(403, PERMISSION_DENIED);
}

/** A staff login whose role (as it stands now; null: none) lacks the route's staff permission is refused. */
function refuseUnlessStaffMay(def: AnyRoute, staffRole: string | null): void {
  if (!staffMayUse(staffRole, def.staffPermission)) throw new ApiError(403, STAFF_PERMISSION_DENIED);
}

/** The answer of a handler's result: its own Response (a file, a stream, a redirect), or `{ data }`. */
function respond(c: Context, result: unknown, requestId: string, compress: boolean): MaybePromise<Response> {
  return result instanceof Response ? ownAnswer(c, result, requestId) : dataAnswer(c, result, requestId, compress);
}

/** The caller of a request; null at once (no promise) for a request that brings no credentials. */
export type Authenticate = (c: Context) => Caller | null | Promise<Caller | null>;
/** A seller login's role and permissions as they stand now (not as the token was issued). */
export type TeamStanding = (caller: Caller) => Promise<{ role: string; permissions: readonly string[] }>;
/** A staff login's role as it stands now (null: none, or the login is gone). */
export type StaffStanding = (caller: Caller) => Promise<string | null>;
/** Keeps one staff write in the audit log (server/modules/audit). */
export type StaffAuditSink = (write: StaffWrite) => Promise<void>;

/**
 * The seller API's door (server/modules/open-api): which routes an API key may call, and the
 * Idempotency-Key layer every API write goes through (it runs the write at most once per key).
 */
export interface ApiKeyChecks {
  allows(method: string, path: string): boolean;
  idempotent(c: Context, caller: Caller, route: string, body: unknown, run: () => Promise<Response>): Promise<Response>;
}

export interface RouterChecks {
  /** The headers every answer carries (the security headers), chosen as a call begins so its errors carry them too. */
  everyAnswer?: (c: Context) => Record<string, string>;
  apiKeys?: ApiKeyChecks;
  teamStanding?: TeamStanding;
  staffStanding?: StaffStanding;
  auditStaffWrite?: StaffAuditSink;
}

/** The 403 of a seller login whose role lacks the route's permission. */
export const PERMISSION_DENIED = 'Your role does not allow this. Ask the account owner for access.';

/** The 403 of an API key on a route outside the seller API. */
export const API_KEY_ROUTE_REFUSED =
  'API keys reach only the seller API (/api/v1/openapi.json); this route needs a login';

/** A route as the OpenAPI document describes it, written when the document is asked for. */
interface OpenApiOperation {
  def: AnyRoute;
  operationId: string;
}

/** Every refusal's body, `{ errorMessage }`, a named schema of the document. */
const ERROR_ANSWER = { $ref: '#/components/schemas/ErrorAnswer' };
/** Every refusal's text, also sent as this header. */
const ERROR_HEADER = { 'X-Error-Message': { $ref: '#/components/headers/X-Error-Message' } };

/** A refusal as the OpenAPI document answers it: its text as { errorMessage } and X-Error-Message (and any header of its own). */
export function refusalAnswer(description: string, headers: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    description,
    headers: { ...ERROR_HEADER, ...headers },
    content: { 'application/json': { schema: ERROR_ANSWER } },
  };
}

/** The components every document with refusals has besides its schemas. */
export const REFUSAL_COMPONENTS = {
  headers: {
    'X-Error-Message': {
      description: 'The refusal’s text, as in the body’s errorMessage',
      schema: { type: 'string' },
    },
  },
};

/**
 * Registers routes on Hono and in the OpenAPI document at once, so every route is validated
 * the same way (valibot; 400 naming the field) and documented without a second list.
 */
export class ApiRouter {
  private readonly ops: OpenApiOperation[] = [];
  /** each operation's name as the audit log shows it: its summary's first clause */
  private readonly actionNames = new Map<string, string>();
  private readonly operationIds = new Set<string>();

  constructor(
    private readonly app: Hono,
    private readonly authenticate: Authenticate,
    private readonly checks: RouterChecks = {},
  ) {}

  /** What an operation does, in words (the audit log's action), or undefined for an id no route has. */
  actionName(operationId: string): string | undefined {
    return this.actionNames.get(operationId);
  }

  /** Serves an operation of an area's contract (src/domain/<area>-contract.ts): who may call it, and its handler. */
  route<
    B extends Schema = undefined,
    Q extends Schema = undefined,
    P extends Schema = undefined,
    A extends Access = Access,
    R extends ResponseDef = ResponseDef,
  >(op: Operation<B, Q, P, R>, serving: Omit<RouteDef<B, Q, P, A, R>, keyof Operation>): this {
    const def: RouteDef<B, Q, P, A, R> = { ...op, ...serving };
    if (def.multipart && !def.maxBody)
      throw new Error(`${def.method} ${def.path}: a multipart route declares its maxBody`);
    const limit = def.maxBody ?? BODY_LIMIT;
    const operationId = def.operationId ?? operationIdFor(def.method, def.path);
    if (this.operationIds.has(operationId))
      throw new Error(`operationId ${operationId} (${def.method} ${def.path}) is taken: give the route its own`);
    this.operationIds.add(operationId);
    this.ops.push({ def: def as AnyRoute, operationId });
    this.actionNames.set(operationId, actionNameOf(def.summary));
    const route: RouteRun = { def: def as AnyRoute, operationId, limit };
    this.app.on(def.method.toUpperCase(), def.path, (c) => this.serve(route, c));
    return this;
  }

  /**
   * One call of a route: caller, access, body limit, input guards and schemas, the handler, the
   * staff audit, the answer. Each step waits only when it has something to wait for, so a call
   * with nothing to wait for (an anonymous GET answered from memory) is answered at once; a
   * refusal is thrown where it is found, at once or from the promise, and answered by onError.
   */
  private serve(route: RouteRun, c: Context): MaybePromise<Response> {
    this.checks.everyAnswer?.(c);
    const requestId = requestIdOf(c);
    // an anonymous call (a buyer's tracking link, the app's config) has its missing caller at once
    const found = this.authenticate(c);
    if (isThenable(found)) return found.then((caller) => this.admit(route, c, caller, requestId));
    return this.admit(route, c, found, requestId);
  }

  private admit(route: RouteRun, c: Context, caller: Caller | null, requestId: string): MaybePromise<Response> {
    const { def } = route;
    // an API key reaches the seller API's routes and no others (not its own keys, nor the team)
    if (caller?.apiKeyId !== undefined && !this.checks.apiKeys?.allows(def.method, def.path))
      throw new ApiError(403, API_KEY_ROUTE_REFUSED);
    const checking = this.mayCall(def, caller);
    if (checking) return checking.then(() => this.limit(route, c, caller, requestId));
    return this.limit(route, c, caller, requestId);
  }

  /** After the caller is known, so nobody unknown makes the server read a large upload. */
  private limit(route: RouteRun, c: Context, caller: Caller | null, requestId: string): MaybePromise<Response> {
    const limiting = limitBody(c, route.limit);
    if (limiting) return limiting.then(() => this.take(route, c, caller, requestId));
    return this.take(route, c, caller, requestId);
  }

  /** Refuses a caller the route does not admit; waits only to read a login's role as it stands now. */
  private mayCall(def: AnyRoute, caller: Caller | null): Promise<void> | undefined {
    if (def.access.kind !== 'user') return;
    if (!caller) throw new ApiError(401, MSG.notLoggedIn);
    if (def.access.accountTypes && !def.access.accountTypes.includes(caller.accountType)) {
      throw new ApiError(403, MSG.rolesNotFound);
    }
    // a seller route's handler takes orgId as a number (SellerCaller); a seller token without one is refused here
    if (isSellerOnly(def.access) && caller.orgId == null) throw new ApiError(403, MSG.rolesNotFound);
    if (caller.mustChangePassword && !def.access.duringPasswordChange)
      throw new ApiError(403, MSG.passwordChangeRequired);
    if (caller.accountType === 'SELLER' && def.permission !== SELF) {
      // deny by default: the role is read as it stands now, so a change applies at the next call
      const { teamStanding } = this.checks;
      if (teamStanding) return teamStanding(caller).then((standing) => refuseUnlessTeamMay(def, standing));
      refuseUnlessTeamMay(def, { role: caller.role, permissions: [] });
      return;
    }
    if (caller.accountType === 'DAKIYA' && def.permission !== SELF) {
      // deny by default here too: a staff route that names no staffPermission is the ADMIN's alone
      const { staffStanding } = this.checks;
      if (staffStanding) return staffStanding(caller).then((role) => refuseUnlessStaffMay(def, role));
      refuseUnlessStaffMay(def, null);
    }
  }

  /** The input guards and schemas on path, query and body, then the handler. */
  private take(route: RouteRun, c: Context, caller: Caller | null, requestId: string): MaybePromise<Response> {
    const { def } = route;
    // NUL and lone surrogates anywhere in the path or query, used or not, are refused before any schema
    const rawParams = c.req.param() as Record<string, string>;
    refuseUnsafeText(rawParams, 'path');
    // (an address without a query has none to read: the common GET is spared parsing it)
    if (c.req.url.includes('?')) refuseUnsafeText(c.req.queries(), 'query');
    const params = def.params ? parseOrThrow(def.params, rawParams, 'path') : undefined;
    const query = def.query ? parseOrThrow(def.query, c.req.query(), 'query') : undefined;
    const input = { c, body: undefined as unknown, query, params, caller } as HandlerInput<
      Schema,
      Schema,
      Schema,
      Access
    >;
    if (!def.body) return this.call(route, input, requestId);
    const schema = def.body;
    // measured before parsing, so nothing below walks a body nested thousands deep
    return readJsonBody(c).then((raw) => {
      refuseUnsafeText(raw, 'body');
      input.body = parseOrThrow(schema, raw, 'body');
      return this.call(route, input, requestId);
    });
  }

  private call(
    route: RouteRun,
    input: HandlerInput<Schema, Schema, Schema, Access>,
    requestId: string,
  ): MaybePromise<Response> {
    const { def, operationId } = route;
    const { c, caller, body } = input;
    if (caller?.apiKeyId !== undefined && def.method !== 'get' && this.checks.apiKeys) {
      // the answer is kept for the key's replays as it is, so it goes uncompressed
      const run = async () => this.answer(def, operationId, input, requestId, false);
      // a replay is the layer's own Response: it gets the security headers and this call's id
      return this.checks.apiKeys
        .idempotent(c, caller, `${def.method.toUpperCase()} ${def.path}`, body ?? null, run)
        .then((res) => ownAnswer(c, res, requestId));
    }
    return this.answer(def, operationId, input, requestId, true);
  }

  /** Runs the handler, then answers (./reply). */
  private answer(
    def: AnyRoute,
    operationId: string,
    input: HandlerInput<Schema, Schema, Schema, Access>,
    requestId: string,
    compress: boolean,
  ): MaybePromise<Response> {
    const result = def.handler(input);
    if (isThenable(result)) return result.then((r) => this.reply(def, operationId, input, requestId, compress, r));
    return this.reply(def, operationId, input, requestId, compress, result);
  }

  /** Keeps a staff write in the audit log, and answers `{ data }` or the handler's own Response. */
  private reply(
    def: AnyRoute,
    operationId: string,
    input: HandlerInput<Schema, Schema, Schema, Access>,
    requestId: string,
    compress: boolean,
    result: unknown,
  ): MaybePromise<Response> {
    // every staff write is kept, whether or not its service adds its own before and after
    const { caller, params, body } = input;
    const write = staffWriteOf({ caller, method: def.method, operationId, tag: def.tag, params, body, requestId });
    if (write && this.checks.auditStaffWrite)
      return this.checks.auditStaffWrite(write).then(() => respond(input.c, result, requestId, compress));
    return respond(input.c, result, requestId, compress);
  }

  /** One route's operation in the OpenAPI document, its schemas written by `schemas`. */
  private describe({ def, operationId }: OpenApiOperation, schemas: DocumentSchemas): Record<string, unknown> {
    const ok = answersStream(def.response)
      ? {
          description: def.returns ?? 'OK: a server-event stream (text/event-stream); each event’s data is this schema',
          content: { 'text/event-stream': { schema: schemas.use(def.response.stream) } },
        }
      : answersFile(def.response)
        ? {
            description: def.returns ?? `OK: ${def.response.file}`,
            content: { [def.response.file]: { schema: { type: 'string', format: 'binary' } } },
          }
        : {
            description: def.returns ?? 'OK: { data }',
            content: {
              'application/json': {
                schema: { type: 'object', properties: { data: schemas.use(def.response) }, required: ['data'] },
              },
            },
          };
    const parameters: unknown[] = [];
    for (const [where, schema] of [
      ['path', def.params],
      ['query', def.query],
    ] as const) {
      if (!schema) continue;
      const js = schemas.spelled(schema) as { properties?: Record<string, unknown>; required?: string[] };
      for (const [name, s] of Object.entries(js.properties ?? {})) {
        parameters.push({ name, in: where, required: where === 'path' || !!js.required?.includes(name), schema: s });
      }
    }
    for (const [name, header] of Object.entries(def.headers ?? {})) {
      parameters.push({ name, in: 'header', required: !!header.required, ...headerOf(header, schemas) });
    }
    const answerHeaders = (status: number) =>
      Object.fromEntries(
        Object.entries(def.answerHeaders?.[status as keyof typeof def.answerHeaders] ?? {}).map(([name, header]) => [
          name,
          headerOf(header, schemas),
        ]),
      );
    const responses: Record<string, unknown> = {
      200: def.answerHeaders?.[200] ? { ...ok, headers: answerHeaders(200) } : ok,
      400: refusalAnswer('Invalid input: { errorMessage } naming the field', answerHeaders(400)),
      413: refusalAnswer((def.maxBody ?? BODY_LIMIT).message, answerHeaders(413)),
    };
    if (def.access.kind === 'user') {
      responses[401] = refusalAnswer('Not logged in', answerHeaders(401));
      responses[403] = refusalAnswer('Wrong account type or role, or a permission the role lacks', answerHeaders(403));
    }
    for (const [code, text] of Object.entries(def.errors ?? {}))
      responses[code] = refusalAnswer(text, answerHeaders(Number(code)));
    const op: Record<string, unknown> = {
      operationId,
      summary: def.summary,
      tags: [def.tag],
      parameters,
      responses,
      security: def.credentials === 'basic' ? [{ basic: [] }] : def.access.kind === 'user' ? [{ bearer: [] }] : [],
    };
    // the team permission a seller login needs; absent on a seller route means the OWNER alone
    if (def.access.kind === 'user' && def.permission) op['x-permission'] = def.permission;
    // the staff permission a Dakiya login needs; absent on a route staff may call means the ADMIN alone
    if (def.access.kind === 'user' && def.staffPermission) op['x-staff-permission'] = def.staffPermission;
    if (def.access.kind === 'user' && def.access.accountTypes) op['x-account-types'] = [...def.access.accountTypes];
    if (def.body)
      op.requestBody = { required: true, content: { 'application/json': { schema: schemas.use(def.body) } } };
    if (def.multipart) {
      op.requestBody = {
        required: true,
        content: {
          'multipart/form-data': {
            schema: { type: 'object', properties: { file: { type: 'string', format: 'binary' } } },
          },
        },
      };
    }
    return op;
  }

  /** The document of every route: each schema a contract exports by name is a component, referenced with $ref. */
  openApiDocument(): Record<string, unknown> {
    const used = this.ops.flatMap(({ def }) => [
      def.params,
      def.query,
      def.body,
      answersStream(def.response) ? def.response.stream : answersFile(def.response) ? undefined : def.response,
      ...Object.values(def.headers ?? {}).map((h) => h.schema),
      ...Object.values(def.answerHeaders ?? {}).flatMap((hs) => Object.values(hs ?? {}).map((h) => h.schema)),
    ]);
    const schemas = documentSchemas(
      namedSchemas(),
      used.filter((s): s is v.GenericSchema => !!s),
    );
    const paths: Record<string, Record<string, unknown>> = {};
    for (const op of this.ops) {
      // ':file{[a-z]+\\.pdf}' (a Hono parameter with its pattern) documents as '{file}'
      const oaPath = op.def.path.replace(/:([A-Za-z0-9_]+)(\{[^}]*\})?/g, '{$1}');
      (paths[oaPath] ??= {})[op.def.method] = this.describe(op, schemas);
    }
    return {
      openapi: '3.1.0',
      info: {
        title: 'Dakiya API',
        version: '1',
        description: 'Answers are { data }; errors are { errorMessage } with header X-Error-Message.',
      },
      servers: [{ url: '/' }],
      components: {
        schemas: schemas.components(paths),
        ...REFUSAL_COMPONENTS,
        securitySchemes: {
          bearer: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' },
          basic: { type: 'http', scheme: 'basic', description: 'The login’s email and password' },
        },
      },
      paths,
    };
  }
}

/** A header as the document describes it: its words and its text's schema. */
function headerOf(header: HeaderDef, schemas: DocumentSchemas): Record<string, unknown> {
  return { description: header.description, schema: header.schema ? schemas.use(header.schema) : { type: 'string' } };
}

/** A summary's first clause, as a short action name: "Change a staff login's role (with a reason…); never…" → "Change a staff login's role". */
export function actionNameOf(summary: string): string {
  const head = summary.split(/\s[(—–]|[;:(]|, (?:with|and|then|or|which|so|from)\b/)[0].trim();
  return head ? head[0].toUpperCase() + head.slice(1) : summary;
}
