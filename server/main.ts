import { existsSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { createSecureServer, type Http2Session } from 'node:http2';
import { serve } from '@hono/node-server';
import { serveStatic } from '@hono/node-server/serve-static';
import type { Hono } from 'hono';
import { configProblems, loadConfig } from './config';
import { buildDeps, openConfiguredDatabase, stopDeps } from './bootstrap';
import { rideOutDatabaseOutages } from './jobs/outage-rejections';
import {
  buyerPages,
  pagesWithHints,
  trackingPagesWithAnswer,
  trackingRenderOf,
  type TrackingRender,
} from './http/page-hints';
import { pageAnswer } from './http/page-answer';
import { loadTlsPair } from './http/tls-settings';
import { withoutConnectionHeaders } from './http/connection-headers';
import { after } from './http/after';
import { createApp } from './app';
import { seedReference } from './seeds/reference';
import { seedDemoStart } from './seeds/demo-start';
import { ensureFirstStaffAdmin } from './seeds/first-staff-admin';
import { firstStaffAdminLines } from './seeds/first-staff-admin-lines';
import { TRACK_PATH } from '../src/domain/tracking/track-route';
import type { TrackingData } from '../src/domain/tracking-contract';

/** How long a stopping server waits for requests in flight. */
const DRAIN_MS = 10_000;

/**
 * Serves dist/ with history fallback: the buyer's tracking addresses answer track.html (its own
 * small bundle), any other non-API path index.html (the SPA routes it).
 */
function spaServer(distDir: string, readApi: (path: string) => Promise<Response>, trackRender: TrackingRender | null) {
  return (app: Hono) => {
    const root = resolve(distDir);
    const indexPath = join(root, 'index.html');
    if (!existsSync(indexPath)) {
      console.warn(`[dakiya] ${indexPath} is missing: run "npm run build" to serve the app`);
      return;
    }
    const indexHtml = readFileSync(indexPath, 'utf8');
    const trackPath = join(root, 'track.html');
    const trackHtml = existsSync(trackPath) ? readFileSync(trackPath, 'utf8') : indexHtml;
    const pageFor = pagesWithHints(root, indexHtml);
    const buyerPageFor = buyerPages(root, trackHtml);
    // the tracking page carries its answer, read from the public API's own route
    const trackingPageFor = trackingPagesWithAnswer(
      root,
      trackHtml,
      async (path) => {
        const res = await readApi(path);
        return res.ok ? ((await res.json()) as { data: TrackingData }).data : null;
      },
      trackRender,
    );
    app.use('/assets/*', async (c, next) => {
      await next();
      if (c.res.ok) c.res.headers.set('Cache-Control', 'public, max-age=31536000, immutable');
    });
    app.use('/*', serveStatic({ root: distDir, precompressed: true }));
    app.get('*', async (c) => {
      if (!TRACK_PATH.test(c.req.path))
        return pageAnswer(c, { html: pageFor(c.req.path), fixed: true }, { 'Cache-Control': 'no-cache' });
      const search = new URL(c.req.url).search;
      const language = c.req.header('accept-language');
      const withAnswer = await trackingPageFor(c.req.path, search, language);
      // the buyer's own answer (name, address) is for this browser alone, never a shared cache
      if (withAnswer)
        return pageAnswer(
          c,
          { html: withAnswer, fixed: false },
          { 'Cache-Control': 'private, no-cache', Vary: 'Accept-Language' },
        );
      return pageAnswer(c, buyerPageFor(c.req.path, search, language), {
        'Cache-Control': 'no-cache',
        // the lookup page comes drawn in the language the browser asks for
        Vary: 'Accept-Language',
      });
    });
  };
}

async function main() {
  rideOutDatabaseOutages();
  const config = loadConfig();
  const problems = configProblems(config);
  if (problems.length) {
    for (const p of problems) console.error(`[dakiya] ${p}`);
    process.exit(1);
  }
  const database = await openConfiguredDatabase(config);
  const deps = await buildDeps(config, database);
  await seedReference(deps.db);
  const logins = config.demoData ? await seedDemoStart(deps) : [];
  const firstAdmin = config.demoData ? null : await ensureFirstStaffAdmin(deps, config.firstStaffAdmin);
  // the pages read the public API's own routes (a tracking page its answer) through the app itself
  const readApi = async (path: string) => app.request(path);
  const { app } = createApp(deps, {
    serveSpa: spaServer(config.distDir, readApi, await trackingRenderOf(resolve(config.distDir))),
  });
  // HTTPS when a certificate is configured (configProblems has read it): HTTP/2 for the browsers
  // that offer it, HTTP/1.1 for the rest
  const tlsPair = config.tls ? loadTlsPair(config.tls) : null;
  const secure = tlsPair && 'pair' in tlsPair ? tlsPair.pair : null;
  const listener = secure ? { createServer: createSecureServer, serverOptions: { ...secure, allowHTTP1: true } } : {};
  // over HTTP/2 no answer may carry a header of one connection (http/connection-headers.ts)
  const fetch: typeof app.fetch = secure
    ? (req, ...rest) => after(app.fetch(req, ...rest), withoutConnectionHeaders)
    : app.fetch;
  const server = serve({ fetch, hostname: config.host, port: config.port, ...listener }, (info) => {
    const scheme = secure ? 'https' : 'http';
    const url = `${scheme}://${info.address === '::' ? 'localhost' : info.address}:${info.port}`;
    const store = database.kind === 'postgres' ? 'PostgreSQL (DATABASE_URL)' : `embedded PGlite in ${config.dataDir}`;
    console.log(`\nDakiya is running at ${url}  (database: ${store})\n`);
    for (const line of firstStaffAdminLines(firstAdmin)) console.log(line);
    if (logins.length) {
      console.log('Demo logins:');
      for (const l of logins)
        console.log(
          `  ${l.label.padEnd(30)} ${l.email.padEnd(28)} ${l.password.padEnd(11)} ${l.plan ? `${l.plan} plan` : 'staff'}`,
        );
    }
    if (config.devOutbox)
      console.log(
        `\nEmails and SMS (OTPs, passwords) land in the mailbox: ${url}/dev/outbox (answers this machine only: loopback clients; absent with NODE_ENV=production)`,
      );
    console.log(`API reference: ${url}/api/docs\n`);
  });
  // an HTTP/2 connection stays open past its last request: told to go (GOAWAY) at the stop, once
  // its requests in flight have finished
  const sessions = new Set<Http2Session>();
  server.on('session', (session: Http2Session) => {
    sessions.add(session);
    session.on('close', () => sessions.delete(session));
  });
  // SIGTERM: stop accepting, end the event streams (`event: end`: clients reconnect elsewhere),
  // let requests in flight finish, stop the jobs, close the database
  let stopping = false;
  const stop = async () => {
    if (stopping) return;
    stopping = true;
    const drained = new Promise<void>((r) => server.close(() => r()));
    await deps.live.stop();
    // the streams' connections are idle now: close them rather than wait for their keep-alive
    (server as { closeIdleConnections?: () => void }).closeIdleConnections?.();
    for (const session of sessions) session.close();
    await Promise.race([drained, new Promise((r) => setTimeout(r, DRAIN_MS).unref())]);
    await stopDeps(deps);
    if (config.databaseReplicaUrl) {
      // how well the replica kept up, for whoever sizes it
      const r = database.reads.stats;
      console.log(
        `[db] reads: ${r.replica} from the replica, ${r.primaryLagging} from the primary (replica behind), ${r.primaryFailed} from the primary (replica unreachable)`,
      );
    }
    await database.close();
    process.exit(0);
  };
  process.on('SIGINT', stop);
  process.on('SIGTERM', stop);
}

main().catch((e) => {
  console.error(e);
  process.exit(1);
});
