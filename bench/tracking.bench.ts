import { pathOf } from '../src/domain/operation';
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { API_ORDERS, type OrderDetail, type OrderRow } from '../src/domain/orders-contract';
import { API_SHIPPING, type RateAnswer, type ShipmentInfo } from '../src/domain/shipping-contract';
import { API_TRACKING } from '../src/domain/tracking-contract';
import { loadSideBySide, productServer, ROOT, startProcess, tempDir, writeReport } from './lib';
import { launchChromium, lighthouseRun } from './lighthouse-run';
import { API_AUTH } from '../src/domain/auth-contract';

// `npm run bench -- tracking`, in one run: the public tracking API under load beside the raw
// node:http hello-world of the http benchmark, interleaved over rounds (the median ratio); then
// Lighthouse (mobile defaults, Debian's Chromium) on a tracking page (loading period 0 for the
// measurement) and on the lookup page, with the JavaScript each page loads. Goals: the API at least 0.5 of raw node:http; performance
// at least 0.95 with LCP under 2.0 s; no seller-app JavaScript and under 120 KB gzipped in all.

const MEERA = { email: 'meera@demo.dakiya.in', password: 'Seller@123' };
const SELLER_CHUNKS = /seller-routes|corporate-routes|\/main-/;
/** the API and the hello-world loaded in turn, this many rounds each (the ratio is the rounds' median) */
const ROUNDS = 5;

async function audit(url: string) {
  const chrome = await launchChromium();
  try {
    return (await lighthouseRun(chrome.port, url)).figures;
  } finally {
    await chrome.kill();
  }
}

export async function run(): Promise<boolean> {
  if (!existsSync(join(ROOT, 'dist', 'track.html')))
    spawnSync('npm', ['run', 'build'], { cwd: ROOT, stdio: 'inherit' });
  const data = tempDir('dakiya-bench-');
  const product = await startProcess(
    productServer(),
    { DATA_DIR: join(data.path, 'pglite'), DIST_DIR: join(ROOT, 'dist'), SANDBOX_COURIER_TICK_S: '0' },
    '/api/v1/app-config',
  );
  const raw = await startProcess('bench/servers/raw-http.ts', {}, '/');
  try {
    // a shipped demo order to track
    const login = await fetch(`${product.url}${API_AUTH.login.path}`, {
      method: 'POST',
      headers: { authorization: `Basic ${Buffer.from(`${MEERA.email}:${MEERA.password}`).toString('base64')}` },
    });
    const token = ((await login.json()) as { data: { accessToken: string } }).data.accessToken;
    const call = async <T>(path: string, json?: unknown): Promise<T> => {
      const res = await fetch(`${product.url}${path}`, {
        method: json ? 'POST' : 'GET',
        headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
        body: json ? JSON.stringify(json) : undefined,
      });
      return ((await res.json()) as { data: T }).data;
    };
    // a Ready To Ship order the server says may ship now (not one held for its buyer's COD
    // confirmation or an unpaid advance)
    const ready = (await call<{ items: OrderRow[] }>(`${API_ORDERS.orders.path}?orderStatusCodes=RTS`)).items;
    let order: OrderRow | undefined;
    for (const row of ready) {
      if ((await call<OrderDetail>(pathOf(API_ORDERS.order, { orderId: row.orderId }))).actions.ship) {
        order = row;
        break;
      }
    }
    if (!order) throw new Error('no demo order may ship: the tracking bench has nothing to track');
    const { quotes } = await call<RateAnswer>(pathOf(API_SHIPPING.courierQuotes, { orderId: order.orderId }));
    const shipment = await call<ShipmentInfo>(pathOf(API_SHIPPING.ship, { orderId: order.orderId }), {
      carrierCode: quotes[0].carrierCode,
      idempotencyKey: `tracking-bench-${order.orderId}`,
    });
    if (!shipment?.shortCode) throw new Error(`order ${order.orderNumber} did not ship`);

    const measured = await loadSideBySide(
      { api: `${product.url}${pathOf(API_TRACKING.byShortCode, { code: shipment.shortCode })}`, hello: `${raw.url}/` },
      { rounds: ROUNDS },
    );
    const { api, hello } = measured.sides;
    const ratio = measured.ratio('api', 'hello');
    const page = await audit(`${product.url}/s?r=${shipment.shortCode}&loading=0`);
    const lookup = await audit(`${product.url}/public/track`);
    const pageOk = (p: typeof page) =>
      p.score >= 0.95 && p.lcpMs < 2000 && p.jsKb < 120 && !p.scripts.some((s) => SELLER_CHUNKS.test(s));
    const met = ratio >= 0.5 && api.errors === 0 && api.non2xx === 0 && pageOk(page) && pageOk(lookup);
    writeReport(
      {
        bench: 'tracking',
        figures: {
          rounds: measured.rounds,
          api,
          hello,
          ratio,
          loadAverage: measured.loadAverage,
          trackingPage: page,
          lookupPage: lookup,
        },
        goal: 'public tracking API at least 0.5 of raw node:http (median of interleaved rounds); Lighthouse performance at least 0.95, LCP under 2.0 s, no seller-app JS and under 120 KB gzipped JS on the tracking and lookup pages',
        met,
      },
      [
        ['measure', 'value'],
        [
          'tracking API (short code) req/s, p99',
          `${api.requestsPerSec} req/s, p99 ${api.p99Ms} ms (rounds ${api.roundsPerSec.join(' ')})`,
        ],
        ['raw node:http hello-world req/s', `${hello.requestsPerSec} req/s (rounds ${hello.roundsPerSec.join(' ')})`],
        [`ratio, median of ${measured.rounds} rounds (goal 0.5)`, ratio],
        ['load average (1 min) before, after', `${measured.loadAverage.before}, ${measured.loadAverage.after}`],
        [
          'tracking page: performance, LCP, TBT, JS',
          `${page.score}, ${page.lcpMs} ms, ${page.tbtMs} ms, ${page.jsKb} KB (${page.scripts.join(' ')})`,
        ],
        [
          'lookup page: performance, LCP, TBT, JS',
          `${lookup.score}, ${lookup.lcpMs} ms, ${lookup.tbtMs} ms, ${lookup.jsKb} KB`,
        ],
      ],
    );
    return met;
  } finally {
    await product.stop();
    await raw.stop();
    data.remove();
  }
}
