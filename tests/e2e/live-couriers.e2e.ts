import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { after, before, test } from 'node:test';
import type { Browser, Page } from 'playwright-core';
import { API_NDR, type NdrListAnswer } from '../../src/domain/ndr-contract';
import type { OrderRow } from '../../src/domain/orders-contract';
import { API_SHIPPING, type ShipmentInfo } from '../../src/domain/shipping-contract';
import { pathOf } from '../../src/domain/operation';
import { startDelhiveryStandin } from '../carriers/standin/delhivery-standin';
import { EKART_STANDIN_CREDENTIALS, startEkartStandin } from '../carriers/standin/ekart-standin';
import { SHADOWFAX_STANDIN_TOKEN, startShadowfaxStandin } from '../carriers/standin/shadowfax-standin';
import type { CourierStandinControls } from '../carriers/standin/standin-controls';
import { startXpressbeesStandin, XPRESSBEES_STANDIN_LOGIN } from '../carriers/standin/xpressbees-standin';
import { readPdf } from '../server/pdf-reader';
import { readyOrders, waitUntil } from './sandbox-parcels';
import {
  apiCaller,
  apiToken,
  DEMO,
  fitsWidth,
  launchBrowser,
  loginAs,
  newPage,
  screenshot,
  startApp,
  VIEWPORTS,
  watchErrors,
  type RunningApp,
} from './support';

// The product with four real courier adapters, configured exactly as operations would configure
// them (DELHIVERY_*, XPRESSBEES_*, EKART_*, SHADOWFAX_* with the base URLs pointing at each
// courier's protocol stand-in). A seller ships with each through the ship dialog, prints the
// label, and watches the order follow the courier's own answers: polled for three, pushed (signed)
// by Ekart; an NDR is re-attempted and a shipment cancelled at the courier, from the screens.

const DELHIVERY_TOKEN = 'dlv-e2e-key-5f2a';

let app: RunningApp;
let browser: Browser;
let api: ReturnType<typeof apiCaller>;
const standins = {} as Record<'DE' | 'XB' | 'SF' | 'EK', CourierStandinControls>;
let ready: OrderRow[] = [];

before(async () => {
  standins.DE = await startDelhiveryStandin({ token: DELHIVERY_TOKEN, start: new Date() });
  standins.XB = await startXpressbeesStandin({ start: new Date() });
  standins.SF = await startShadowfaxStandin({ start: new Date() });
  standins.EK = await startEkartStandin({ start: new Date() });
  app = await startApp({
    DELHIVERY_BASE_URL: standins.DE.url,
    DELHIVERY_TOKEN,
    XPRESSBEES_BASE_URL: standins.XB.url,
    XPRESSBEES_EMAIL: XPRESSBEES_STANDIN_LOGIN.email,
    XPRESSBEES_PASSWORD: XPRESSBEES_STANDIN_LOGIN.password,
    EKART_BASE_URL: standins.EK.url,
    EKART_CLIENT_ID: EKART_STANDIN_CREDENTIALS.clientId,
    EKART_USERNAME: EKART_STANDIN_CREDENTIALS.username,
    EKART_PASSWORD: EKART_STANDIN_CREDENTIALS.password,
    SHADOWFAX_BASE_URL: standins.SF.url,
    SHADOWFAX_TOKEN: SHADOWFAX_STANDIN_TOKEN,
    // live couriers are asked every second, and requests they answer later too
    COURIER_POLL_S: '1',
    COURIER_OPERATIONS_POLL_S: '1',
  });
  browser = await launchBrowser();
  api = apiCaller(app.url, await apiToken(app.url, DEMO.seller2));
  ready = await readyOrders(api, 6);
});

after(async () => {
  await browser?.close();
  await app?.stop();
  await Promise.all(Object.values(standins).map((s) => s?.close()));
});

/** The stand-in's clock caught up with the wall clock the product runs on. */
function inStep(standin: CourierStandinControls): CourierStandinControls {
  const behind = Date.now() - standin.now().getTime();
  if (behind > 0) standin.advance(behind);
  return standin;
}

/** Ships the order open on the page with the courier of `code` from the ship dialog; answers its AWB. */
async function shipFromDialog(page: Page, code: string): Promise<string> {
  await page.getByRole('button', { name: 'Ship now' }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByRole('list', { name: 'Couriers' }).waitFor();
  await dialog.locator(`input[type="radio"][value="${code}"]`).check();
  await dialog.getByRole('button', { name: 'Ship now' }).click();
  const shipped = await dialog.getByText(/Shipped with .*: AWB/).innerText();
  const awb = /AWB (\S+)/.exec(shipped)?.[1];
  assert.ok(awb, shipped);
  await dialog.getByRole('button', { name: 'Done' }).click();
  return awb;
}

const shipmentPanel = (page: Page) => page.locator('[aria-label="Shipment"]');

/** Refreshes the order page's tracking until its timeline shows `text` (the product polls every second). */
async function untilTimelineShows(page: Page, text: RegExp): Promise<void> {
  const timeline = page.getByRole('list', { name: 'Tracking scans' });
  for (let i = 0; i < 30 && !(await timeline.getByText(text).count()); i++) {
    await page.waitForTimeout(1000);
    await shipmentPanel(page).getByRole('button', { name: 'Refresh tracking' }).click();
  }
  await timeline.getByText(text).first().waitFor();
}

test('at 1280 px a seller ships with Delhivery, Xpressbees, Shadowfax and Ekart live: labels, tracking, an NDR re-attempted, a cancel at the courier', async () => {
  const { page, context } = await newPage(browser, VIEWPORTS.desktop);
  const errors = watchErrors(page);
  await loginAs(page, app.url, DEMO.seller2);
  const awbs = new Map<string, { awb: string; order: OrderRow }>();
  for (const [i, code] of (['DE', 'XB', 'SF', 'EK'] as const).entries()) {
    const order = ready[i];
    await page.goto(`${app.url}/orders/${order.orderId}`);
    await page.getByRole('heading', { name: new RegExp(order.orderNumber) }).waitFor();
    const awb = await shipFromDialog(page, code);
    if (i === 0) await screenshot(page, 'live-couriers-shipped-desktop');
    await shipmentPanel(page).getByText(awb).first().waitFor();
    // the courier made the booking, with the money to collect the order says
    const booking = standins[code].bookings().find((b) => b.awb === awb);
    assert.ok(booking, `${code} holds ${awb}`);
    assert.equal(booking.payment, order.paymentMethod === 'COD' ? 'COD' : 'PPD');
    const download = page.waitForEvent('download');
    await shipmentPanel(page).getByRole('button', { name: 'Download label' }).click();
    const label = readPdf(readFileSync(await (await download).path()));
    assert.ok(label.barcodes.includes(awb), `${code} label barcodes ${label.barcodes.join(', ')}`);
    awbs.set(code, { awb, order });
  }

  // Delhivery and Ekart deliver: picked up, out for delivery, delivered; the order follows
  for (const code of ['DE', 'EK'] as const) {
    const { awb, order } = awbs.get(code)!;
    inStep(standins[code]).pickUp(awb);
    inStep(standins[code]).outForDelivery(awb);
    inStep(standins[code]).deliver(awb);
    await page.goto(`${app.url}/orders/${order.orderId}`);
    await untilTimelineShows(page, /^Delivered$/);
  }
  await screenshot(page, 'live-couriers-delivered-desktop');

  // Xpressbees fails an attempt: the NDR comes into the queue and the seller re-attempts it
  const xb = awbs.get('XB')!;
  inStep(standins.XB).pickUp(xb.awb);
  inStep(standins.XB).outForDelivery(xb.awb);
  inStep(standins.XB).failAttempt(xb.awb);
  await waitUntil('the Xpressbees NDR', async () =>
    (await api<NdrListAnswer>(`${API_NDR.list.path}?tab=ACTION_REQUIRED&recordsPerPage=50`)).items.some(
      (n) => n.awb === xb.awb,
    ),
  );
  await page.goto(`${app.url}/ndr`);
  await page.getByRole('button', { name: `Take action on ${xb.order.orderNumber}` }).click();
  const ndr = page.getByRole('dialog');
  await ndr.getByRole('button', { name: /^Re-attempt delivery/ }).click();
  await ndr.getByRole('button', { name: 'Send to courier' }).click();
  await ndr
    .getByRole('list', { name: "Courier's answers" })
    .getByText(/^(Accepted|Waiting)$/)
    .waitFor();
  await screenshot(page, 'live-couriers-ndr-desktop');
  await ndr.getByRole('button', { name: 'Done' }).click();
  assert.ok(
    standins.XB.ndrRequests().some((r) => r.awb === xb.awb),
    `Xpressbees received ${JSON.stringify(standins.XB.ndrRequests())}`,
  );

  // the Shadowfax shipment is cancelled from the order page before pickup: cancelled at Shadowfax
  const sf = awbs.get('SF')!;
  await page.goto(`${app.url}/orders/${sf.order.orderId}`);
  await shipmentPanel(page).getByRole('button', { name: 'Cancel shipment' }).click();
  await page
    .getByRole('alertdialog')
    .or(page.getByRole('dialog'))
    .getByRole('button', { name: 'Cancel shipment' })
    .click();
  // the money goes back and the order is ready to ship again
  await page.getByRole('button', { name: 'Ship now' }).waitFor();
  await waitUntil('Shadowfax to hold the booking as cancelled', async () =>
    standins.SF.bookings().some((b) => b.awb === sf.awb && b.cancelled),
  );
  // and it survives a reload
  await page.reload();
  await page.getByRole('heading', { name: new RegExp(sf.order.orderNumber) }).waitFor();
  assert.deepEqual(errors, []);
  await context.close();
});

test('at 375 px a seller ships with Delhivery live and follows the parcel after a reload', async () => {
  const { page, context } = await newPage(browser, VIEWPORTS.phone);
  const errors = watchErrors(page);
  await loginAs(page, app.url, DEMO.seller2);
  const order = ready[4];
  await page.goto(`${app.url}/orders/${order.orderId}`);
  const awb = await shipFromDialog(page, 'DE');
  inStep(standins.DE).pickUp(awb);
  await page.reload();
  await untilTimelineShows(page, /^Picked Up$/);
  await screenshot(page, 'live-couriers-tracking-phone');
  assert.ok(await fitsWidth(page));
  // the other payment kind through the API: the courier holds what the order collects
  const other = ready[5];
  const info = await api<ShipmentInfo>(pathOf(API_SHIPPING.ship, { orderId: other.orderId }), {
    method: 'POST',
    json: { carrierCode: 'DE', idempotencyKey: `live-e2e-${other.orderId}` },
  });
  const booking = standins.DE.bookings().find((b) => b.awb === info.awb)!;
  assert.equal(booking.payment, other.paymentMethod === 'COD' ? 'COD' : 'PPD');
  assert.deepEqual(errors, []);
  await context.close();
});
