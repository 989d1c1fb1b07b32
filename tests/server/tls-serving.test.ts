import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { connect, constants } from 'node:http2';
import { get as httpsGet } from 'node:https';
import { get as httpGet } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { configProblems, loadConfig } from '../../server/config';
import { makeDevCertificate, type DevCertificate } from '../../scripts/dev-certificate';
import { serverScript, startServerProcess, type ServerProcess } from '../../scripts/server-process';
import { API_CONFIG } from '../../src/domain/config-contract';
import { API_AUTH } from '../../src/domain/auth-contract';
import { API_ORDERS } from '../../src/domain/orders-contract';
import { LIVE_API } from '../../src/domain/live-events-contract';
import { pathOf } from '../../src/domain/operation';
import { COMPRESS_ABOVE_BYTES } from '../../server/http/compress';
import { freshPostgres } from './harness';

// HTTPS served by the product itself (TLS_CERT_FILE, TLS_KEY_FILE): HTTP/2 for the browsers that
// offer it, HTTP/1.1 for the rest, no plain HTTP on that port; and a start refused, in words, on
// files that are not a certificate and its key.

const dir = mkdtempSync(join(tmpdir(), 'dakiya-tls-'));
const certificate = (name: string) => makeDevCertificate(mkdtempSync(join(dir, `${name}-`)));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('the certificate in the configuration', () => {
  it('serves plain HTTP when neither file is named, and says so in its address', () => {
    const config = loadConfig({});
    expect(config.tls).toBeNull();
    expect(config.publicUrl).toBe('http://127.0.0.1:3000');
  });

  it('serves HTTPS at an https address when both are named and make a pair', () => {
    const c = certificate('pair');
    const config = loadConfig({ TLS_CERT_FILE: c.certFile, TLS_KEY_FILE: c.keyFile });
    expect(config.tls).toEqual({ certFile: c.certFile, keyFile: c.keyFile });
    expect(config.publicUrl).toBe('https://127.0.0.1:3000');
    expect(configProblems(config)).toEqual([]);
  });

  it('refuses to start on one file without the other, naming the one missing', () => {
    const c = certificate('half');
    expect(configProblems(loadConfig({ TLS_CERT_FILE: c.certFile }))).toEqual([
      expect.stringMatching(/^TLS_KEY_FILE is not set: HTTPS needs both TLS_CERT_FILE/),
    ]);
    expect(configProblems(loadConfig({ TLS_KEY_FILE: c.keyFile }))).toEqual([
      expect.stringMatching(/^TLS_CERT_FILE is not set/),
    ]);
  });

  it('refuses a file it cannot read, a file that is not PEM, and a key of another certificate', () => {
    const a = certificate('a');
    const b = certificate('b');
    expect(configProblems(loadConfig({ TLS_CERT_FILE: join(dir, 'nowhere.pem'), TLS_KEY_FILE: a.keyFile }))).toEqual([
      `TLS_CERT_FILE ${join(dir, 'nowhere.pem')} cannot be read (ENOENT). Fix the path and start again.`,
    ]);
    expect(configProblems(loadConfig({ TLS_CERT_FILE: a.certFile, TLS_KEY_FILE: dir }))).toEqual([
      `TLS_KEY_FILE ${dir} cannot be read (EISDIR). Fix the path and start again.`,
    ]);
    // the certificate where the key should be
    expect(configProblems(loadConfig({ TLS_CERT_FILE: a.certFile, TLS_KEY_FILE: a.certFile }))).toEqual([
      expect.stringMatching(/are not a certificate and its private key in PEM/),
    ]);
    expect(configProblems(loadConfig({ TLS_CERT_FILE: a.certFile, TLS_KEY_FILE: b.keyFile }))).toEqual([
      expect.stringMatching(
        /^TLS_CERT_FILE .* and TLS_KEY_FILE .* are not a certificate and its private key in PEM \(.*\)/,
      ),
    ]);
  });
});

/** One request over HTTP/2: status, headers and body (or only its head, for a stream that stays open). */
function h2Get(
  origin: string,
  ca: string,
  path: string,
  headers: Record<string, string> = {},
  opts: { method?: string; headOnly?: boolean } = {},
) {
  return new Promise<{ status: number; headers: Record<string, unknown>; body: Buffer; alpn: string | false }>(
    (resolve, reject) => {
      const session = connect(origin, { ca });
      session.on('error', reject);
      const req = session.request({
        [constants.HTTP2_HEADER_PATH]: path,
        [constants.HTTP2_HEADER_METHOD]: opts.method ?? 'GET',
        ...headers,
      });
      const chunks: Buffer[] = [];
      let head: Record<string, unknown> = {};
      const done = () => {
        const alpn = (session.socket as { alpnProtocol?: string | false }).alpnProtocol ?? false;
        req.close();
        session.close();
        resolve({ status: Number(head[':status']), headers: head, body: Buffer.concat(chunks), alpn });
      };
      req.on('response', (h) => {
        head = h;
        if (opts.headOnly) done();
      });
      req.on('data', (d: Buffer) => chunks.push(d));
      req.on('end', done);
      req.on('error', reject);
      req.end();
    },
  );
}

describe.runIf(process.env.TEST_DB === 'postgres')('a server with a certificate', () => {
  let app: ServerProcess;
  let cert: DevCertificate;
  let drop: () => Promise<void>;
  beforeAll(async () => {
    cert = certificate('served');
    // a page of its own, large enough to compress: the suite runs these tests before the app is built
    const distDir = mkdtempSync(join(dir, 'dist-'));
    writeFileSync(
      join(distDir, 'index.html'),
      `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Dakiya</title></head><body><div id="root">${'<p>Dakiya</p>'.repeat(COMPRESS_ABOVE_BYTES / 10)}</div></body></html>`,
    );
    const database = await freshPostgres();
    drop = database.drop;
    app = await startServerProcess(
      serverScript('main'),
      {
        DATABASE_URL: database.url,
        WORKERS: 'off',
        // the demo's seller, for a server-event stream of one of her orders
        DEMO_DATA: '1',
        TLS_CERT_FILE: cert.certFile,
        TLS_KEY_FILE: cert.keyFile,
        DIST_DIR: distDir,
      },
      API_CONFIG.appConfig.path,
      120_000,
    );
  }, 150_000);
  afterAll(async () => {
    await app?.stop();
    await drop?.();
  });

  it('prints its https address', () => {
    expect(app.url).toMatch(/^https:\/\/127\.0\.0\.1:\d+$/);
    expect(app.logs()).toContain(`Dakiya is running at ${app.url}`);
  });

  it('answers the API over HTTP/2, with HSTS and the security headers', async () => {
    const r = await h2Get(app.url, cert.cert, API_CONFIG.appConfig.path);
    expect(r.alpn).toBe('h2');
    expect(r.status).toBe(200);
    expect(r.headers['strict-transport-security']).toBe('max-age=31536000; includeSubDomains');
    expect(r.headers['x-content-type-options']).toBe('nosniff');
    expect(JSON.parse(r.body.toString()).data.SITE_CODE).toBeTruthy();
  });

  it('serves the app’s pages over HTTP/2, compressed for a browser that takes brotli', async () => {
    const r = await h2Get(app.url, cert.cert, '/login', { 'accept-encoding': 'br, gzip' });
    expect(r.status).toBe(200);
    expect(r.headers['content-encoding']).toBe('br');
    expect(r.headers['content-type']).toMatch(/^text\/html/);
    // HTTP/1.1's connection headers have no place in HTTP/2 (a browser would refuse the answer)
    expect(r.headers.connection).toBeUndefined();
    expect(r.headers['transfer-encoding']).toBeUndefined();
  });

  it('streams server events over HTTP/2 and goes on answering (the event helper’s connection headers are dropped)', async () => {
    const basic = Buffer.from('meera@demo.dakiya.in:Seller@123').toString('base64');
    const login = await h2Get(
      app.url,
      cert.cert,
      API_AUTH.login.path,
      { authorization: `Basic ${basic}` },
      { method: 'POST' },
    );
    expect(login.status).toBe(200);
    const token = (JSON.parse(login.body.toString()) as { data: { accessToken: string } }).data.accessToken;
    const auth = { authorization: `Bearer ${token}` };
    const orders = await h2Get(app.url, cert.cert, API_ORDERS.orders.path, auth);
    const orderId = (JSON.parse(orders.body.toString()) as { data: { items: { orderId: number }[] } }).data.items[0]
      .orderId;
    const stream = await h2Get(
      app.url,
      cert.cert,
      pathOf(LIVE_API.sellerOrder, { orderId }),
      { ...auth, accept: 'text/event-stream' },
      { headOnly: true },
    );
    expect(stream.status).toBe(200);
    expect(stream.headers['content-type']).toMatch(/^text\/event-stream/);
    expect(stream.headers['transfer-encoding']).toBeUndefined();
    expect(stream.headers.connection).toBeUndefined();
    // the process is still up and answering
    expect((await h2Get(app.url, cert.cert, API_CONFIG.appConfig.path)).status).toBe(200);
    expect(app.proc.exitCode).toBeNull();
  });

  // Node's https client offers HTTP/1.1 alone
  it('still serves a client that speaks only HTTP/1.1, over TLS', async () => {
    const r = await new Promise<{ status: number; body: string }>((resolve, reject) =>
      httpsGet(`${app.url}${API_CONFIG.appConfig.path}`, { ca: cert.cert }, (res) => {
        let body = '';
        res.on('data', (d) => (body += d));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, body }));
      }).on('error', reject),
    );
    expect(r.status).toBe(200);
    expect(JSON.parse(r.body).data).toBeTruthy();
  });

  it('answers no plain HTTP on its port, and is trusted by no client without its certificate', async () => {
    const plain = await new Promise<string>((resolve) =>
      httpGet(app.url.replace('https:', 'http:') + API_CONFIG.appConfig.path, (res) => {
        res.resume();
        resolve(`answered ${res.statusCode}`);
      })
        .on('error', (e) => resolve(`refused: ${(e as NodeJS.ErrnoException).code}`))
        .setTimeout(5000, () => resolve('timed out')),
    );
    expect(plain).toMatch(/^refused|^timed out/);
    const untrusted = await new Promise<string>((resolve) =>
      httpsGet(`${app.url}${API_CONFIG.appConfig.path}`, (res) => {
        res.resume();
        resolve('trusted');
      }).on('error', (e) => resolve((e as NodeJS.ErrnoException).code ?? e.message)),
    );
    expect(untrusted).toMatch(/SELF_SIGNED|UNABLE_TO_VERIFY|DEPTH_ZERO/);
  });
});
