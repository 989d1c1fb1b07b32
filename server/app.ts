import { Hono } from 'hono';
import { onError, errorResponse } from './http/errors';
import { ApiRouter, type Caller } from './http/router';
import { ApiRouteTable } from './http/route-table';
import { bearerToken, verifyAccessToken } from './modules/auth/tokens';
import { sessionStands } from './modules/auth/sessions';
import { teamStanding } from './modules/auth/standing';
import { staffStanding } from './modules/staff/service';
import { recordStaffWrite } from './modules/audit/service';
import { impersonationOpen } from './modules/corporate/impersonations';
import type { AppDeps } from './deps';
import { registerModules } from './modules';
import { API_DOCS_STYLE, apiDocsPage } from './http/docs-page';
import { registerDevOutbox } from './messaging/dev-outbox';
import { registerSandboxCourierControls } from './carriers/sandbox/dev-controls';
import { registerSandboxGateway } from './payments/sandbox-gateway';
import { registerReportDevControls } from './modules/reports/dev-controls';
import { registerChannelStandins } from './channels/standin/register';
import { allowStyles, everyAnswerHeaders, securityHeaders } from './http/security-headers';
import { jsonAnswer } from './http/json-answer';
import type { CsvKind } from './modules/uploads/kind';
import { productUploads } from './modules/uploads/products';
import { orderUploads } from './modules/uploads/orders';
import { orderUpdateUploads } from './modules/uploads/order-updates';
import { returnUploads } from './modules/uploads/returns';
import { b2bOrderUploads } from './modules/uploads/b2b-orders';
import { weightDiscrepancyUploads } from './modules/uploads/weight-discrepancies';
import { codUtrUploads } from './modules/uploads/cod-utr';
import { apiKeyCaller, apiKeyOf } from './modules/open-api/api-keys';
import { idempotencyLayer } from './modules/open-api/idempotency';
import { sellerApiAllows, sellerApiDocument } from './modules/open-api/seller-api';
import { SELLER_API_DOCS } from '../src/domain/open-api-contract';
import type { OrderMovedHook } from './modules/order-status/moved';
import { channelUpdatesOnMove } from './modules/channels/write-back';
import { liveEventsOnMove } from './modules/live/record';
import { statusWebhooksOnMove } from './modules/open-api/webhooks/emit';

/** Every kind of CSV upload: the upload engine's routes and import jobs (one queue each) serve these. */
export const UPLOAD_KINDS = [
  productUploads,
  orderUploads,
  orderUpdateUploads,
  returnUploads,
  b2bOrderUploads,
  weightDiscrepancyUploads,
  codUtrUploads,
] as readonly CsvKind[];

/**
 * What else happens when the status gate moves orders, in the move's transaction and in this
 * order: the channels' stores are owed the news, the live streams get their copy, the sellers'
 * webhooks their events. buildDeps registers them, so the web and the worker processes both run them.
 */
export const ORDER_MOVED_HOOKS: readonly OrderMovedHook[] = [
  channelUpdatesOnMove,
  liveEventsOnMove,
  statusWebhooksOnMove,
];

/**
 * The whole HTTP surface: API under the spec's bases, OpenAPI, and (when serveSpa) the built SPA
 * with history fallback. Tests build it without listening.
 */
export function createApp(deps: AppDeps, opts: { serveSpa?: (app: Hono) => void } = {}) {
  // Two apps, one surface. The API's routes alone sit in front with nothing else to match them,
  // so a route's answer (which carries its own security headers) goes straight out; every
  // address they do not answer falls through to the rest: documents, pages, tools, the SPA, the
  // API's 404, all behind the security-headers middleware.
  // the API's routes through a router made for them (server/http/route-table.ts)
  const api = new Hono({ router: new ApiRouteTable() });
  const app = new Hono();
  api.onError(onError);
  app.onError(onError);
  app.use('*', securityHeaders(deps.config));
  api.notFound((c) => app.fetch(c.req.raw, c.env));
  // a token's caller: signature and expiry, then whether its session (and an admin session's
  // impersonation) still stands
  const callerOfToken = async (token: string): Promise<Caller | null> => {
    const now = deps.now();
    const verified = await verifyAccessToken(deps.jwtKey, token, now);
    if (!verified) return null;
    const { session, ...caller } = verified;
    // a token of a session that has ended (logout, password change, lock) is no token at all
    if (!(await sessionStands(deps.db, caller, session, now))) return null;
    // nor is an admin session's once its staff member ended it
    if (session.impersonationId && !(await impersonationOpen(deps.db, session.impersonationId))) return null;
    return caller;
  };
  const router = new ApiRouter(
    api,
    (c) => {
      // the seller API's keys (server/modules/open-api): a key stands for the login that made it
      const apiKey = apiKeyOf(c);
      if (apiKey) return apiKeyCaller(deps, apiKey);
      const token = bearerToken(c);
      // no credentials: answered at once, with no promise to wait for
      if (!token) return null;
      return callerOfToken(token);
    },
    {
      everyAnswer: everyAnswerHeaders(deps.config),
      apiKeys: { allows: sellerApiAllows, idempotent: idempotencyLayer(deps) },
      teamStanding: teamStanding(deps.db),
      staffStanding: staffStanding(deps.db),
      auditStaffWrite: (write) => recordStaffWrite(deps.db, write, deps.now()),
    },
  );
  registerModules(router, deps, UPLOAD_KINDS);
  if (deps.config.devOutbox) {
    registerDevOutbox(app, deps);
    registerSandboxCourierControls(app, deps);
    registerReportDevControls(app, deps);
    registerChannelStandins(app, deps);
  }
  if (deps.payments.sandbox) registerSandboxGateway(app, deps, deps.payments.sandbox);
  // the documents are large (about 1 MB): compressed for a client that takes it
  app.get('/api/openapi.json', (c) => jsonAnswer(c, router.openApiDocument(), undefined));
  app.get(SELLER_API_DOCS.document, (c) => jsonAnswer(c, sellerApiDocument(router.openApiDocument()), undefined));
  app.get(SELLER_API_DOCS.reference, (c) => {
    allowStyles(c, API_DOCS_STYLE);
    const doc = sellerApiDocument(router.openApiDocument());
    const intro = (doc.info as { description: string }).description;
    return c.html(apiDocsPage(doc, { title: 'Dakiya seller API', documentUrl: SELLER_API_DOCS.document, intro }));
  });
  app.get('/api/docs', (c) => {
    allowStyles(c, API_DOCS_STYLE);
    return c.html(apiDocsPage(router.openApiDocument()));
  });
  app.all('/api/*', (c) => errorResponse(c, 404, `No such API route: ${c.req.method} ${c.req.path}`));
  app.all('/rest/*', (c) => errorResponse(c, 404, `No such API route: ${c.req.method} ${c.req.path}`));
  opts.serveSpa?.(app);
  return { app: api, router };
}
