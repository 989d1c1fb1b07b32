import { API_TRACKING_SETTINGS } from '../../src/domain/tracking-settings-contract';
import { API_CONFIG } from '../../src/domain/config-contract';
import assert from 'node:assert/strict';
import { test } from 'node:test';
import type { BrowserContext, Page } from 'playwright-core';
import { API_ORDERS, type OrderRow } from '../../src/domain/orders-contract';
import { API_SHIPPING, type RateAnswer, type ShipmentInfo } from '../../src/domain/shipping-contract';
import { pathOf } from '../../src/domain/operation';
import { EMPTY_BRAND } from '../../src/domain/brand';
import { appStage, checkAccessibility, DEMO, loginAs, newPage, VIEWPORTS } from './support';
import { API_AUTH } from '../../src/domain/auth-contract';

// Every page the product serves carries the security headers, and renders in Chromium under its
// Content-Security-Policy without a single violation: the seller app, the
// buyer's tracking page with a YouTube frame, the lookup page, the payment popup and the sandbox
// gateway page, the API reference and the development mailbox.

let shipment: ShipmentInfo;

const stage = appStage({ TRUST_PROXY: '1' }, async ({ url }) => {
  const login = await fetch(`${url}${API_AUTH.login.path}`, {
    method: 'POST',
    headers: {
      authorization: `Basic ${Buffer.from(`${DEMO.seller2.email}:${DEMO.seller2.password}`).toString('base64')}`,
    },
  });
  const token = ((await login.json()) as { data: { accessToken: string } }).data.accessToken;
  const api = async <T>(path: string, method = 'GET', json?: unknown): Promise<T> => {
    const res = await fetch(`${url}${path}`, {
      method,
      headers: { authorization: `Bearer ${token}`, ...(json ? { 'content-type': 'application/json' } : {}) },
      body: json ? JSON.stringify(json) : undefined,
    });
    const body = (await res.json()) as { data: T; errorMessage?: string };
    assert.ok(res.ok, `${path}: ${res.status} ${body.errorMessage}`);
    return body.data;
  };
  const order = (await api<{ items: OrderRow[] }>(`${API_ORDERS.orders.path}?searchPattern=Arjun`)).items[0];
  const { quotes } = await api<RateAnswer>(pathOf(API_SHIPPING.courierQuotes, { orderId: order.orderId }));
  shipment = await api<ShipmentInfo>(pathOf(API_SHIPPING.ship, { orderId: order.orderId }), 'POST', {
    carrierCode: quotes[0].carrierCode,
  });
  await api(API_TRACKING_SETTINGS.brand.path, 'PUT', {
    ...EMPTY_BRAND,
    promotionalVideoConfig: {
      enabled: true,
      videoUrl: 'https://www.youtube.com/watch?v=dQw4w9WgXcQ',
      videoTitle: 'How we pack',
    },
    supportEmail: 'care@meeracrafts.in',
    supportPhone: '9123456780',
  });
});

function assertHeaders(headers: Record<string, string>, what: string) {
  const csp = headers['content-security-policy'] ?? '';
  assert.match(csp, /(^|; )script-src 'self'(;|$)/, `${what}: scripts from self only (${csp})`);
  assert.match(csp, /frame-ancestors 'none'/, `${what}: frame-ancestors`);
  assert.doesNotMatch(csp, /unsafe-eval/, `${what}: no eval`);
  // inline is admitted for <style> elements only (the dialogs' scroll lock), never for scripts
  assert.doesNotMatch(
    csp.replace(/style-src-elem [^;]*/, ''),
    /unsafe-inline/,
    `${what}: no inline scripts or attributes`,
  );
  assert.equal(headers['x-content-type-options'], 'nosniff', what);
  assert.equal(headers['referrer-policy'], 'strict-origin-when-cross-origin', what);
}

/** Watches a page for CSP violations, both as DOM events and as console reports. */
async function watch(context: BrowserContext): Promise<string[]> {
  const violations: string[] = [];
  await context.exposeFunction('__cspViolation', (text: string) => void violations.push(text));
  await context.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (e) =>
      (window as unknown as { __cspViolation: (t: string) => void }).__cspViolation(
        `${e.violatedDirective} ${e.blockedURI}`,
      ),
    );
  });
  context.on('console', (m) => {
    if (/Content Security Policy/i.test(m.text())) violations.push(m.text());
  });
  return violations;
}

async function visit(page: Page, url: string, what: string) {
  const res = await page.goto(url);
  assert.ok(res, what);
  assertHeaders(res.headers(), what);
}

test('headers on every kind of answer; HSTS over TLS only', async () => {
  for (const path of [
    '/login',
    '/s?r=abcdefgh',
    '/public/track',
    '/api/docs',
    '/dev/outbox',
    `/sandbox-gateway/pay/unknown`,
    '/error',
  ]) {
    const res = await fetch(`${stage.url}${path}`);
    assert.match(res.headers.get('content-type') ?? '', /^text\/html/, path);
    assertHeaders(Object.fromEntries(res.headers), path);
    assert.equal(res.headers.get('strict-transport-security'), null, `${path}: no HSTS over plain http`);
  }
  const json = await fetch(`${stage.url}${API_CONFIG.appConfig.path}`);
  assert.equal(json.headers.get('x-content-type-options'), 'nosniff');
  // behind the TLS-terminating proxy (TRUST_PROXY=1)
  const tls = await fetch(`${stage.url}/login`, { headers: { 'x-forwarded-proto': 'https' } });
  assert.match(tls.headers.get('strict-transport-security') ?? '', /^max-age=\d{7,}/);
});

test('the seller app, the payment popup and the sandbox gateway render with no CSP violation', async () => {
  const { page, context } = await newPage(stage.browser, VIEWPORTS.desktop);
  const violations = await watch(context);
  page.on('response', (r) => {
    if (r.request().resourceType() === 'document') assertHeaders(r.headers(), r.url());
  });
  await loginAs(page, stage.url, DEMO.seller);
  await page.locator('[data-tour="tour-wallet"]').first().click();
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Wallet', exact: true }).click();
  await page.waitForURL(/\/wallet$/);
  await page.getByRole('button', { name: '₹500', exact: true }).click();
  const popupOpened = page.waitForEvent('popup');
  await page.getByRole('button', { name: 'Pay ₹500.00' }).click();
  const popup = await popupOpened;
  await popup.getByTestId('sandbox-amount').filter({ hasText: '₹500.00' }).waitFor();
  // the sandbox page's own styles apply (its style block is allowed by hash)
  assert.equal(await popup.locator('.pay').evaluate((b) => getComputedStyle(b).backgroundColor), 'rgb(95, 37, 159)');
  const closed = popup.waitForEvent('close', { timeout: 20_000 });
  await popup.getByRole('button', { name: 'Pay ₹500.00' }).click();
  await popup.getByRole('heading', { name: 'Payment successful' }).waitFor();
  await closed;
  await page.getByTestId('wallet-balance').filter({ hasText: '₹500.00' }).waitFor();
  await page.goto(`${stage.url}/orders`);
  await page.getByRole('heading').first().waitFor();
  await page.waitForLoadState('networkidle');
  assert.deepEqual(violations, []);
  await context.close();
});

test('the tracking page with its video frame, the lookup page, the API reference and the mailbox render with no CSP violation', async () => {
  const { page, context } = await newPage(stage.browser, VIEWPORTS.phone);
  const violations = await watch(context);
  await visit(page, `${stage.url}/s?r=${shipment.shortCode}&loading=0`, 'tracking page');
  await page.getByRole('heading', { name: `Track Your Order : ${shipment.orderNumber}` }).waitFor({ timeout: 10_000 });
  const frame = page.locator('iframe');
  assert.match((await frame.getAttribute('src')) ?? '', /^https:\/\/www\.youtube-nocookie\.com\/embed\//);
  // the tracking page's stylesheet applies
  assert.notEqual(await page.locator('main').evaluate((m) => getComputedStyle(m).display), '');
  await visit(page, `${stage.url}/public/track`, 'lookup page');
  await page.getByLabel('Please enter the tracking number').fill(shipment.awb);
  await page.getByRole('button', { name: /Track/ }).click();
  // the lookup opens the public view by AWB, which names no order
  await page.waitForURL(new RegExp(`/tracking/${shipment.awb}$`));
  await page.getByRole('heading', { name: 'Track Your Order', exact: true }).waitFor({ timeout: 10_000 });
  await visit(page, `${stage.url}/api/docs`, 'API reference');
  await page.getByRole('heading', { name: 'Dakiya API reference' }).waitFor();
  await checkAccessibility(page, 'api-reference');
  assert.equal(
    await page
      .locator('section')
      .first()
      .evaluate((s) => getComputedStyle(s).borderTopStyle),
    'solid',
  );
  await visit(page, `${stage.url}/dev/outbox`, 'mailbox');
  await page.getByRole('heading', { name: 'Development mailbox' }).waitFor();
  assert.equal(await page.locator('body').evaluate((b) => getComputedStyle(b).backgroundColor), 'rgb(244, 246, 251)');
  await page.waitForTimeout(500);
  assert.deepEqual(violations, []);
  await context.close();
});

test('an inline script does not run, and another site cannot frame the product', async () => {
  const { page, context } = await newPage(stage.browser, VIEWPORTS.desktop);
  const violations = await watch(context);
  await visit(page, `${stage.url}/public/track`, 'lookup page');
  await page.getByLabel('Please enter the tracking number').waitFor();
  // what an injection would try: an inline script is refused, and the watcher sees the report
  await page.evaluate(() => {
    const s = document.createElement('script');
    s.textContent = 'window.__ran = 1';
    document.head.appendChild(s);
  });
  await page.waitForTimeout(300);
  assert.equal(await page.evaluate(() => (window as unknown as { __ran?: number }).__ran), undefined);
  assert.ok(
    violations.some((v) => /script-src/.test(v)),
    `a script-src report: ${violations.join(' | ')}`,
  );
  // a page of another origin (a data: URL) frames the login page: nothing renders in the frame
  await page.goto(`data:text/html,<iframe src="${stage.url}/login" width="400" height="300"></iframe>`);
  await page.waitForTimeout(1500);
  const framed = page.frames().find((f) => f.url().startsWith(stage.url));
  const rendered = framed
    ? await framed
        .locator('#root')
        .count()
        .catch(() => 0)
    : 0;
  assert.equal(rendered, 0);
  await context.close();
});
