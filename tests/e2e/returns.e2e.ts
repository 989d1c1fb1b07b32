import { pathOf } from '../../src/domain/operation';
import assert from 'node:assert/strict';
import { test } from 'node:test';
import type { Page } from 'playwright-core';
import { API } from '../../src/domain/account-contract';
import { API_ORDERS, type OrderDetail, type OrderRow } from '../../src/domain/orders-contract';
import { API_RETURNS, type ReturnDetail } from '../../src/domain/returns-contract';
import { API_SHIPPING, type RateAnswer, type ShipmentInfo } from '../../src/domain/shipping-contract';
import { API_TRACKING, type TrackingData } from '../../src/domain/tracking-contract';
import { checkAccessibility, DEMO, loginAs, mayShip, newPage, screenshot, VIEWPORTS, appStage } from './support';
import { API_AUTH } from '../../src/domain/auth-contract';

// Returns end to end. Two demo orders are shipped through the API and brought to Delivered with
// the sandbox courier's development control. A seller initiates a return of one (1280 px) and
// books its reverse pickup; the buyer, on a 375 px phone, sees 'Return Confirmed' on the return
// tracking page and, once the courier has it, 'Return Shipped'. A buyer asks to return the other
// from the tracking link of their SMS, and the seller approves it on a phone.

let token: string;
const delivered: { orderId: number; orderNumber: string; awb: string; shortCode: string }[] = [];

async function api<T>(path: string, init: { method?: string; json?: unknown } = {}): Promise<T> {
  const res = await fetch(`${stage.url}${path}`, {
    method: init.method ?? 'GET',
    headers: { authorization: `Bearer ${token}`, ...(init.json ? { 'content-type': 'application/json' } : {}) },
    body: init.json ? JSON.stringify(init.json) : undefined,
  });
  const body = (await res.json()) as { data: T; errorMessage?: string };
  assert.ok(res.ok, `${path}: ${res.status} ${body.errorMessage}`);
  return body.data;
}

/** Moves a sandbox parcel along its road to `to` now (development control). */
async function advance(awb: string, to: string) {
  const res = await fetch(`${stage.url}/api/dev/sandbox-courier/${awb}/advance`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ to }),
  });
  assert.equal(res.status, 200, await res.text());
}

async function until(what: string, check: () => Promise<boolean>, seconds = 30) {
  for (let i = 0; i < seconds * 2; i++) {
    if (await check()) return;
    await new Promise((r) => setTimeout(r, 500));
  }
  assert.fail(`timed out waiting for ${what}`);
}

function watch(page: Page): string[] {
  const errors: string[] = [];
  page.on('console', (m) => m.type() === 'error' && errors.push(`${page.url()}: ${m.text()}`));
  page.on('pageerror', (e) => errors.push(`${page.url()}: ${e.message}`));
  return errors;
}

const noOverflow = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth);

// a courier hour is six minutes: nothing moves unless the test moves it
const stage = appStage({ SANDBOX_COURIER_SPEED: '10', SANDBOX_COURIER_TICK_S: '1' }, async ({ url }) => {
  const login = await fetch(`${url}${API_AUTH.login.path}`, {
    method: 'POST',
    headers: {
      authorization: `Basic ${Buffer.from(`${DEMO.seller2.email}:${DEMO.seller2.password}`).toString('base64')}`,
    },
  });
  token = ((await login.json()) as { data: { accessToken: string } }).data.accessToken;
  const readyOrders = async () =>
    (await api<{ items: OrderRow[] }>(`${API_ORDERS.orders.path}?orderStatusCodes=RTS&recordsPerPage=20`)).items.filter(
      mayShip,
    );
  const first = await readyOrders();
  for (let i = first.length; i < 2; i++)
    await api(pathOf(API_ORDERS.clone, { orderId: first[0].orderId }), { method: 'POST' });
  for (const order of (await readyOrders()).slice(0, 2)) {
    const { quotes } = await api<RateAnswer>(pathOf(API_SHIPPING.courierQuotes, { orderId: order.orderId }));
    const shipment = await api<ShipmentInfo>(pathOf(API_SHIPPING.ship, { orderId: order.orderId }), {
      method: 'POST',
      json: { carrierCode: quotes[0].carrierCode, idempotencyKey: `returns-e2e-${order.orderId}` },
    });
    await advance(shipment.awb, 'DELIVERED');
    delivered.push({
      orderId: order.orderId,
      orderNumber: order.orderNumber,
      awb: shipment.awb,
      shortCode: shipment.shortCode,
    });
  }
  for (const d of delivered)
    await until(
      `${d.orderNumber} delivered`,
      async () => (await api<OrderDetail>(pathOf(API_ORDERS.order, { orderId: d.orderId }))).status === 'DLV',
    );
});

let reverseAwb = '';

test('a seller initiates a return of a delivered order and books its reverse pickup (1280 px)', async () => {
  const order = delivered[0];
  const { page, context } = await newPage(stage.browser, VIEWPORTS.desktop);
  const errors = watch(page);
  await loginAs(page, stage.url, DEMO.seller2);
  // the Returns menu: the fourth item, the tour's third stop
  const menu = page.getByRole('navigation', { name: 'Main' });
  await menu.getByRole('link', { name: 'Returns' }).waitFor();
  const entries = await menu.locator(':scope > ul > li').allInnerTexts();
  assert.equal(entries.indexOf('Returns'), 2 + (entries.includes('Dashboard') ? 1 : 0));
  assert.equal(await page.locator('[data-tour="tour-returns"]').count(), 1);

  // "New return" offers the seller's own delivered orders (and keeps the sold-elsewhere way in)
  await page.goto(`${stage.url}/returns`);
  await page.getByRole('button', { name: 'New return' }).click();
  const picker = page.getByRole('dialog', { name: 'New return' });
  await picker.getByRole('button', { name: 'Return of an order sold elsewhere' }).waitFor();
  await picker.getByLabel('Search order number, AWB or buyer').fill(order.orderNumber);
  await picker.getByRole('button', { name: `Return from ${order.orderNumber}` }).click();
  const dialog = page.getByRole('dialog', { name: `Return for ${order.orderNumber}` });
  await dialog.getByRole('group', { name: 'What comes back?' }).waitFor();
  // the order's products are there to choose, with how many were ordered
  assert.ok((await dialog.getByLabel(/\(.+\), up to \d+/).count()) >= 1, 'the order’s products are listed');
  await screenshot(page, 'return-initiate-items-desktop');
  await dialog.getByRole('button', { name: 'Next' }).click();
  await dialog.getByLabel('Reason').selectOption('DAMAGED');
  await dialog.getByRole('button', { name: 'Next' }).click();
  await dialog.getByText('Choose what exactly is wrong').waitFor();
  await dialog.getByLabel('What exactly?').selectOption('BROKEN');
  await dialog.getByLabel('Comment (optional)').fill('The lid arrived cracked');
  await dialog.getByRole('button', { name: 'Next' }).click();
  await dialog.getByText('Pickup from the buyer:').waitFor();
  await dialog.getByRole('button', { name: 'Next' }).click();
  // a doorstep check of the SKU: what the courier compares against is the returned products
  await dialog.getByLabel(/checks the parcel at the door/).check();
  await dialog.getByLabel('SKU matches').check();
  await dialog.getByRole('button', { name: 'Next' }).click();
  await dialog.getByRole('button', { name: 'Create return' }).waitFor();
  await screenshot(page, 'return-initiate-review-desktop');
  await dialog.getByRole('button', { name: 'Create return' }).click();
  await dialog.getByRole('button', { name: 'Open the return' }).click();
  await page.waitForURL(/\/returns\/\d+$/);
  const returnId = Number(new URL(page.url()).pathname.split('/').pop());
  await page.getByRole('heading', { name: /^Return RET-/ }).waitFor();
  await page.getByText('Ready For Pickup').first().waitFor();

  await page.getByRole('button', { name: 'Book pickup' }).click();
  const ship = page.getByRole('dialog', { name: /^Book the pickup of RET-/ });
  // the button says what it does: the courier comes to the buyer
  await ship.getByRole('button', { name: 'Schedule pickup' }).waitFor();
  assert.equal(await ship.getByRole('button', { name: 'Ship now' }).count(), 0);
  // the returned goods insured at the return's value, the pickup protected against a late delivery
  const cover = ship.getByRole('group', { name: 'Insurance and delay protection' });
  await cover.getByRole('checkbox', { name: /Insure this shipment for ₹[\d,]+\.\d{2}: ₹/ }).check();
  await cover.getByRole('checkbox', { name: /Delay protection: ₹/ }).check();
  await cover.getByText(/Insurance premium ₹[\d.]+ · Delay protection ₹[\d.]+ · You pay/).waitFor();
  await screenshot(page, 'return-ship-desktop');
  await checkAccessibility(page, 'return-ship-cover');
  await ship.getByRole('button', { name: 'Schedule pickup' }).click();
  await ship.getByText(/^Pickup scheduled with .+: AWB /).waitFor();
  await ship.getByRole('button', { name: 'Done' }).click();
  const expected = page.getByRole('table', { name: 'Quality checks' }).getByRole('row', { name: /SKU matches/ });
  assert.match(await expected.innerText(), / × 1/);
  await page.getByText('Return Pickup Scheduled').first().waitFor();
  reverseAwb = (await api<ReturnDetail>(pathOf(API_RETURNS.one, { returnId }))).awb ?? '';
  assert.ok(reverseAwb, 'the reverse pickup has an AWB');
  await page.getByText(reverseAwb).first().waitFor();
  await page.getByText(/Return pickup booked with .*; insured for ₹[\d,.]+ \(₹[\d.]+\), delay protection/).waitFor();
  await page.getByRole('button', { name: 'Download label' }).waitFor();
  await screenshot(page, 'return-detail-desktop');
  assert.ok(await noOverflow(page));

  // a reload opens the same return
  await page.reload();
  await page.getByText(reverseAwb).first().waitFor();

  // the list: its tab counts it
  await page.goto(`${stage.url}/returns?tab=SCHEDULED`);
  await page.getByRole('table', { name: 'Returns: Pickup scheduled' }).getByText(reverseAwb).waitFor();
  await screenshot(page, 'returns-list-desktop');
  assert.ok(await noOverflow(page));
  assert.deepEqual(errors, []);
  await context.close();
});

test('the buyer on a phone sees Return Confirmed, then Return Shipped', async () => {
  assert.ok(reverseAwb, 'the return was booked');
  const { page, context } = await newPage(stage.browser, VIEWPORTS.phone);
  const errors = watch(page);
  await page.goto(`${stage.url}/tracking/return/${reverseAwb}?loading=0`);
  await page.getByRole('heading', { name: /^Track Your Return : / }).waitFor();
  await page.locator('.t-status').getByText('Return Confirmed').waitFor();
  await page.getByText('Receiver name').waitFor();
  await screenshot(page, 'return-tracking-confirmed-phone');
  assert.ok(await noOverflow(page), 'the return tracking page scrolls sideways');

  await advance(reverseAwb, 'REV_IN_TRANSIT');
  await until('the return in transit', async () => {
    const t = (await (
      await fetch(`${stage.url}${pathOf(API_TRACKING.returnByNumber, { trackingRef: reverseAwb })}`)
    ).json()) as {
      data: TrackingData;
    };
    return t.data.orderStatusCode === 'RINT';
  });
  await page.reload();
  await page.locator('.t-status').getByText('Return Shipped').waitFor();
  await screenshot(page, 'return-tracking-shipped-phone');
  assert.ok(await noOverflow(page));
  assert.deepEqual(errors, []);
  await context.close();
});

/** The tracking link of an SMS the buyer got for this shipment (it carries the link key k). */
async function smsLink(shortCode: string): Promise<string> {
  let link: string | undefined;
  await until(`an SMS with ${shortCode}`, async () => {
    const rows = (
      (await (await fetch(`${stage.url}${API.devOutbox}`)).json()) as { data: { channel: string; body: string }[] }
    ).data;
    link = rows
      .map((r) => (r.channel === 'SMS' ? /https?:\/\/\S+/.exec(r.body)?.[0] : undefined))
      .find((l) => l?.includes(`/s?r=${shortCode}&k=`));
    return !!link;
  });
  return link!;
}

test('a buyer asks for a return from the tracking link and the seller approves it on a phone', async () => {
  const order = delivered[1];
  // the seller's shipment knows the buyer's link; the tracking number alone does not tell it
  const link = new URL(await smsLink(order.shortCode));
  const buyer = await newPage(stage.browser, VIEWPORTS.phone);
  const buyerErrors = watch(buyer.page);
  await buyer.page.goto(`${stage.url}${link.pathname}${link.search}&loading=0`);
  await buyer.page.getByRole('heading', { name: `Track Your Order : ${order.orderNumber}` }).waitFor();
  await buyer.page.getByRole('button', { name: 'Request a return' }).click();
  await buyer.page.getByRole('group', { name: 'What do you want to return?' }).waitFor();
  await buyer.page.getByRole('button', { name: 'Next' }).click();
  await buyer.page.getByLabel('Why are you returning it?').selectOption('NO_LONGER_NEEDED');
  await buyer.page.getByLabel('What exactly?').selectOption('ORDERED_BY_MISTAKE');
  await buyer.page.getByLabel('Anything to add? (optional)').fill('Ordered two by mistake');
  await screenshot(buyer.page, 'return-request-reason-phone');
  await buyer.page.getByRole('button', { name: 'Next' }).click();
  await buyer.page.getByRole('button', { name: 'Send request' }).click();
  await buyer.page.getByText(/Your return request is with/).waitFor();
  await screenshot(buyer.page, 'return-request-sent-phone');
  assert.ok(await noOverflow(buyer.page));

  const seller = await newPage(stage.browser, VIEWPORTS.phone);
  const sellerErrors = watch(seller.page);
  await loginAs(seller.page, stage.url, DEMO.seller2, '/returns/requests');
  const table = seller.page.getByRole('table', { name: 'Return requests: Waiting for you' });
  await table.getByText(order.orderNumber).waitFor();
  await screenshot(seller.page, 'return-requests-phone');
  assert.ok(await noOverflow(seller.page), 'the requests queue scrolls sideways');
  await seller.page.getByRole('button', { name: `Approve ${order.orderNumber}` }).click();
  await table.getByText(order.orderNumber).waitFor({ state: 'detached' });
  await seller.page.getByRole('button', { name: /^Approved/ }).click();
  await seller.page
    .getByRole('table', { name: 'Return requests: Approved' })
    .getByRole('link', { name: /^RET-/ })
    .waitFor();
  await seller.page.reload();
  await seller.page.getByRole('table', { name: 'Return requests: Approved' }).getByText(order.orderNumber).waitFor();
  // the approved return's pickup booked on the phone, insured
  await seller.page
    .getByRole('table', { name: 'Return requests: Approved' })
    .getByRole('link', { name: /^RET-/ })
    .click();
  await seller.page.getByRole('button', { name: 'Book pickup' }).click();
  const pickup = seller.page.getByRole('dialog', { name: /^Book the pickup of RET-/ });
  await pickup
    .getByRole('group', { name: 'Insurance and delay protection' })
    .getByRole('checkbox', { name: /Insure this shipment for ₹/ })
    .check();
  await pickup.getByText(/Insurance premium ₹[\d.]+ · You pay/).waitFor();
  await screenshot(seller.page, 'return-ship-cover-phone');
  assert.ok(await noOverflow(seller.page), 'the pickup dialog scrolls sideways');
  await pickup.getByRole('button', { name: 'Schedule pickup' }).click();
  await pickup.getByText(/^Pickup scheduled with .+: AWB /).waitFor();
  await pickup.getByRole('button', { name: 'Done' }).click();
  await seller.page.getByText(/insured for ₹[\d,.]+ \(₹[\d.]+\)/).waitFor();

  // the buyer hears the decision on the page
  await buyer.page.reload();
  await buyer.page.getByText('Return approved.').waitFor();
  await screenshot(buyer.page, 'return-request-approved-phone');
  assert.deepEqual([...buyerErrors, ...sellerErrors], []);
  await buyer.context.close();
  await seller.context.close();
});
