import assert from 'node:assert/strict';
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { after, before, test } from 'node:test';
import type { Browser } from 'playwright-core';
import { API_ORDERS, type OrderDetail } from '../../src/domain/orders-contract';
import { API_SETUP } from '../../src/domain/setup-contract';
import { API_SHIPPING } from '../../src/domain/shipping-contract';
import { pathOf } from '../../src/domain/operation';
import {
  apiCaller,
  apiToken,
  checkAccessibility,
  DEMO,
  fitsWidth,
  launchBrowser,
  loginAs,
  meeraOnPremium,
  newPage,
  screenshot,
  startApp,
  VIEWPORTS,
  watchErrors,
  type RunningApp,
} from './support';

// A Premium seller makes an API key (shown once), registers a webhook endpoint to a receiver in
// this test, creates and ships an order through the seller API with that key, and the delivery
// log shows the signed events the receiver got; at 1280 and 375 px, surviving a reload.

let app: RunningApp;
let browser: Browser;
let receiver: Server;
let receiverUrl = '';
const got: { path: string; headers: IncomingHttpHeaders; body: string }[] = [];

before(async () => {
  receiver = createServer((req, res) => {
    let body = '';
    req.on('data', (c: Buffer) => (body += c.toString('utf8')));
    req.on('end', () => {
      got.push({ path: req.url ?? '', headers: req.headers, body });
      res.end('ok');
    });
  });
  await new Promise<void>((ok) => receiver.listen(0, '127.0.0.1', ok));
  receiverUrl = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}`;
  app = await startApp({ OUTBOUND_ALLOW_LOOPBACK: '1' }); // the receiver runs on this machine
  browser = await launchBrowser();
  await meeraOnPremium(app.url, 'open-api-e2e');
});
after(async () => {
  await browser?.close();
  await app?.stop();
  await new Promise<void>((ok) => receiver.close(() => ok()));
});

/** A call of the seller API with the key (and an Idempotency-Key on writes). */
async function withKey<T>(key: string, path: string, init: { method?: string; json?: unknown; idem?: string } = {}) {
  const res = await fetch(`${app.url}${path}`, {
    method: init.method ?? 'GET',
    headers: {
      'x-api-key': key,
      ...(init.json ? { 'content-type': 'application/json' } : {}),
      ...(init.idem ? { 'idempotency-key': init.idem } : {}),
    },
    body: init.json ? JSON.stringify(init.json) : undefined,
  });
  const body = (await res.json()) as { data: T; errorMessage?: string };
  assert.ok(res.ok, `${path}: ${res.status} ${body.errorMessage}`);
  return body.data;
}

for (const [name, viewport] of [
  ['desktop', VIEWPORTS.desktop],
  ['phone', VIEWPORTS.phone],
] as const) {
  test(`a Premium seller makes a key, calls the API with it, and sees the webhook deliveries (${name})`, async () => {
    const { page, context } = await newPage(browser, viewport);
    const errors = watchErrors(page);
    await loginAs(page, app.url, DEMO.seller2);

    // the key: made, shown once, copied from its field
    await page.goto(`${app.url}/api-keys`);
    await page.getByRole('heading', { name: 'API keys' }).waitFor();
    await page.getByRole('button', { name: 'New API key' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByRole('button', { name: 'Make key' }).click();
    await dialog.getByText('Key name is required').waitFor();
    await dialog.getByLabel('Key name').fill(`Store sync ${name}`);
    await dialog.getByRole('button', { name: 'Make key' }).click();
    const keyField = dialog.getByLabel('API key', { exact: true });
    await keyField.waitFor();
    const key = await keyField.inputValue();
    assert.match(key, /^dk_live_/);
    await screenshot(page, `open-api-key-shown-${name}`);
    await dialog.getByRole('button', { name: 'Done' }).click();
    const keys = page.getByRole('region', { name: 'API keys' });
    await keys.getByText(`Store sync ${name}`).waitFor();
    assert.equal(await page.getByText(key).count(), 0, 'the key is not shown again');
    assert.ok(await fitsWidth(page), `${name}: the keys page fits`);
    await checkAccessibility(page, `open-api-keys-${name}`);

    // the endpoint, to this test's receiver
    const hookUrl = `${receiverUrl}/${name}`;
    await page.goto(`${app.url}/webhooks`);
    await page.getByRole('button', { name: 'New endpoint' }).click();
    const form = page.getByRole('dialog');
    await form.getByLabel('Endpoint link').fill(hookUrl);
    await form.getByLabel(/Shipment booked/).check();
    await form.getByRole('button', { name: 'Add endpoint' }).click();
    await form.waitFor({ state: 'detached' });
    const card = page.getByRole('region', { name: `Endpoint ${hookUrl}` });
    await card.getByText('No deliveries yet').waitFor();

    // the API, with the key: an order made, then shipped with the cheapest courier
    const refused = await fetch(`${app.url}${API_SETUP.addresses.path}`, { headers: { 'x-api-key': key } });
    assert.equal(refused.status, 403, 'setup is not part of the seller API');
    const owner = apiCaller(app.url, await apiToken(app.url, DEMO.seller2));
    const addresses = await owner<{ items: { addressId: number }[] }>(API_SETUP.addresses.path);
    const order = await withKey<OrderDetail>(key, API_ORDERS.orders.path, {
      method: 'POST',
      idem: `e2e-order-${name}`,
      json: {
        orderDate: '2026-11-20',
        paymentMethod: 'PPD',
        buyerName: `Kavya API ${name}`,
        buyerPhone: '9988776655',
        shipping: { line1: '12, 4th Cross, Indiranagar', pincode: '560038' },
        items: [{ name: 'Blue Pottery Vase', sku: 'BPV-12', quantity: 1, unitPrice: 1450, taxRatePercent: 12 }],
        lengthCm: 20,
        breadthCm: 20,
        heightCm: 30,
        deadWeightKg: 1.2,
        pickupAddressId: addresses.items[0].addressId,
      },
    });
    const quotes = await withKey<{ quotes: { carrierCode: string; totalPaise?: number }[] }>(
      key,
      pathOf(API_SHIPPING.courierQuotes, { orderId: order.orderId }),
    );
    await withKey(key, pathOf(API_SHIPPING.ship, { orderId: order.orderId }), {
      method: 'POST',
      idem: `e2e-ship-${name}`,
      json: { carrierCode: quotes.quotes[0].carrierCode, idempotencyKey: `e2e-ship-${name}` },
    });

    // the receiver hears the order created and the shipment booked (the worker's beat: seconds)
    for (let i = 0; i < 60 && got.filter((g) => g.path === `/${name}`).length < 3; i++) await page.waitForTimeout(500);
    const mine = got.filter((g) => g.path === `/${name}`);
    const types = mine.map((g) => (JSON.parse(g.body) as { type: string }).type).sort();
    assert.deepEqual(types, ['order.created', 'order.status_changed', 'shipment.booked']);
    for (const g of mine) assert.match(String(g.headers['webhook-signature']), /^v1,/);

    // the delivery log shows them delivered, and it is still there after a reload
    await page.reload();
    await card.getByText('order.created').first().waitFor();
    await card.getByText('shipment.booked').first().waitFor();
    assert.equal(await card.getByText('DELIVERED').count(), 3);
    assert.ok(await fitsWidth(page), `${name}: the webhooks page fits`);
    await screenshot(page, `open-api-webhooks-${name}`);
    await card.getByRole('button', { name: 'Details' }).first().click();
    const detail = page.getByRole('dialog', { name: 'Webhook delivery' });
    await detail.getByText('Attempt 1').waitFor();
    await screenshot(page, `open-api-delivery-${name}`);
    await detail.getByRole('button', { name: 'Replay' }).click();
    await detail.getByText('(replay)').waitFor();
    await detail.getByRole('button', { name: 'Close' }).click();
    await checkAccessibility(page, `open-api-webhooks-${name}`);
    assert.deepEqual(errors, []);
    await context.close();
  });
}
