import assert from 'node:assert/strict';
import { test } from 'node:test';
import type { Page } from 'playwright-core';
import { API_ORDERS, type OrderRow } from '../../src/domain/orders-contract';
import { API_SHIPPING, type RateAnswer, type ShipmentInfo } from '../../src/domain/shipping-contract';
import { pathOf } from '../../src/domain/operation';
import { WEIGHT_COURIER_FILES } from '../../src/domain/weight-contract';
import type { CsvUploadRow } from '../../src/domain/uploads-contract';
import {
  apiCaller,
  apiToken,
  DEMO,
  fitsWidth,
  loginAs,
  newPage,
  screenshot,
  staffLoginAs,
  VIEWPORTS,
  watchErrors,
  mayShip,
  appStage,
} from './support';

// Staff publish a banner for Pro sellers and a release note; the Pro demo seller sees the banner,
// closes it for good (a reload keeps it closed), reads the note once, and finds the weight
// discrepancy a courier file raised counted on the bell until she reads it. The Lite demo seller
// is not shown the Pro banner. At 1280 px and at 375 px.

const stage = appStage();

/** Ships one of Meera's ready orders and has a courier file charge it a heavier slab: one discrepancy. */
async function raiseDiscrepancy(): Promise<string> {
  const seller = apiCaller(stage.url, await apiToken(stage.url, DEMO.seller2));
  const staffToken = await apiToken(stage.url, DEMO.staff);
  const list = await seller<{ items: OrderRow[] }>(`${API_ORDERS.orders.path}?recordsPerPage=50`);
  const order = list.items.find(mayShip);
  assert.ok(order, 'the Pro demo seller has an order ready to ship');
  const { quotes } = await seller<RateAnswer>(pathOf(API_SHIPPING.courierQuotes, { orderId: order.orderId }));
  const { awb } = await seller<ShipmentInfo>(pathOf(API_SHIPPING.ship, { orderId: order.orderId }), {
    method: 'POST',
    json: { carrierCode: quotes[0]!.carrierCode },
  });
  const files = WEIGHT_COURIER_FILES;
  const form = new FormData();
  form.set(
    'file',
    new File([`awb,chargedWeightKg,lengthCm,breadthCm,heightCm,hubPhotoUrl\n${awb},4.6,40,30,30,`], 'courier.csv', {
      type: 'text/csv',
    }),
  );
  const call = async (path: string, init: RequestInit = {}) => {
    const res = await fetch(`${stage.url}${path}`, { ...init, headers: { authorization: `Bearer ${staffToken}` } });
    return ((await res.json()) as { data: CsvUploadRow }).data;
  };
  let upload = await call(files.upload.path, { method: 'POST', body: form });
  for (let i = 0; i < 100 && upload.status !== 'DONE' && upload.status !== 'FAILED'; i++) {
    await new Promise((r) => setTimeout(r, 200));
    upload = await call(pathOf(files.status, { uploadId: upload.uploadId }));
  }
  assert.equal(upload.result?.created, 1, JSON.stringify(upload));
  return awb;
}

/** A page of the staff menu's Platform group: its disclosure menu on a wide screen, or in the drawer on a phone. */
async function openFromMenu(page: Page, name: string) {
  await page.getByRole('link', { name: 'Dakiya', exact: true }).waitFor();
  const nav = page.getByRole('navigation', { name: 'Main' });
  if (await nav.isVisible()) {
    await nav.getByRole('button', { name: 'Platform' }).click();
    return nav.getByRole('link', { name, exact: true }).click();
  }
  await page.getByRole('button', { name: 'Open menu' }).click();
  await page.getByRole('dialog').getByRole('link', { name, exact: true }).click();
}

async function staffPublishes(page: Page, tag: string, shot: string) {
  await staffLoginAs(page, stage.url);
  await openFromMenu(page, 'Banners');
  await page.getByRole('heading', { name: 'Banners' }).waitFor();
  const form = page.getByRole('form', { name: 'Banner' });
  await form.getByRole('button', { name: 'Publish banner' }).click();
  await form.getByText('Message must be 5 to 300 characters').waitFor();
  await form.getByLabel('Message').fill(`Pro ${tag}: early COD is now D+2`);
  await form.getByLabel('Tone').selectOption('warning');
  await form.getByLabel('Link').fill('/wallet/cod-remittance');
  await form.getByLabel('Pro', { exact: true }).check();
  await form.getByRole('button', { name: 'Publish banner' }).click();
  await form.getByText('Banner saved').waitFor();
  const table = page.getByRole('region', { name: 'Banners' });
  await table.getByText(`Pro ${tag}: early COD is now D+2`).waitFor();
  assert.ok(await fitsWidth(page), `${shot}: the banners page fits`);
  await screenshot(page, `${shot}-staff-banners`);

  await openFromMenu(page, 'Release notes');
  await page.getByRole('heading', { name: 'Release notes' }).waitFor();
  const note = page.getByRole('form', { name: 'Release note' });
  await note.getByLabel('Title').fill(`Bulk NDR actions ${tag}`);
  await note.getByLabel('Text').fill('Select many NDRs and re-attempt them at once.');
  await note.getByRole('button', { name: 'Save draft' }).click();
  await note.getByText('Release note saved').waitFor();
  await page.getByRole('button', { name: `Publish Bulk NDR actions ${tag}` }).click();
  await page.getByRole('button', { name: `Archive Bulk NDR actions ${tag}` }).waitFor();
  // survives a reload
  await page.reload();
  await page.getByRole('button', { name: `Archive Bulk NDR actions ${tag}` }).waitFor();
  assert.ok(await fitsWidth(page), `${shot}: the release notes page fits`);
  await screenshot(page, `${shot}-staff-release-notes`);
}

async function unreadOnBell(page: Page): Promise<number> {
  const bell = page.getByTestId('notification-bell');
  await page.getByRole('link', { name: /^Notifications, \d+ unread$/ }).waitFor();
  return Number(/(\d+) unread/.exec((await bell.getAttribute('aria-label')) ?? '')?.[1]);
}

async function bellSays(page: Page, unread: number) {
  const name = unread ? `Notifications, ${unread} unread` : 'Notifications';
  await page.getByRole('link', { name, exact: true }).waitFor();
}

async function proSellerSees(page: Page, tag: string, awb: string, shot: string) {
  await loginAs(page, stage.url, DEMO.seller2);
  // the new note, once
  const dialog = page.getByRole('dialog', { name: "What's new" });
  await dialog.getByRole('heading', { name: `Bulk NDR actions ${tag}` }).waitFor();
  await screenshot(page, `${shot}-release-note`);
  await dialog.getByRole('button', { name: 'Got it' }).click();
  await dialog.waitFor({ state: 'hidden' });
  const banner = page.getByTestId('seller-banner').filter({ hasText: `Pro ${tag}` });
  await banner.waitFor();
  // the bell counts the discrepancy (and whatever the demo's parcels raised before)
  const unread = await unreadOnBell(page);
  assert.ok(unread >= 1, `${shot}: the bell counts the discrepancy`);
  assert.ok(await fitsWidth(page), `${shot}: home with the banner fits`);
  await screenshot(page, `${shot}-banner`);
  await banner.getByRole('button', { name: /^Close banner/ }).click();
  await banner.waitFor({ state: 'hidden' });
  await page.reload();
  await page.getByRole('heading', { level: 1 }).first().waitFor();
  await bellSays(page, unread);
  assert.equal(
    await page
      .getByTestId('seller-banner')
      .filter({ hasText: `Pro ${tag}` })
      .count(),
    0,
    'closed for good',
  );
  assert.equal(await page.getByRole('dialog', { name: "What's new" }).count(), 0, 'the note shows once');

  await page.goto(`${stage.url}/notifications`);
  await page.getByRole('heading', { name: 'Notifications' }).waitFor();
  const item = page.getByRole('link', { name: `Weight discrepancy on AWB ${awb}` });
  await item.waitFor();
  assert.ok(await fitsWidth(page), `${shot}: notifications fit`);
  await screenshot(page, `${shot}-notifications`);
  await item.click();
  await page.waitForURL(/\/weight-discrepancies\/\d+$/);
  await page.getByRole('heading', { name: new RegExp(awb) }).waitFor();
  // read: one fewer on the bell; the rest read at once, and it stays so
  await bellSays(page, unread - 1);
  await page.getByTestId('notification-bell').click();
  await page.getByRole('heading', { name: 'Notifications' }).waitFor();
  if (unread > 1) await page.getByRole('button', { name: 'Mark all read' }).click();
  await page.getByText('All caught up').waitFor();
  await bellSays(page, 0);
  await page.reload();
  await page.getByText('All caught up').waitFor();
  await bellSays(page, 0);

  await page.goto(`${stage.url}/whats-new`);
  await page.getByRole('heading', { name: `Bulk NDR actions ${tag}` }).waitFor();
  await screenshot(page, `${shot}-whats-new`);
}

async function liteSellerDoesNotSee(page: Page, tag: string) {
  await loginAs(page, stage.url, DEMO.seller);
  const dialog = page.getByRole('dialog', { name: "What's new" });
  await dialog.getByRole('heading', { name: `Bulk NDR actions ${tag}` }).waitFor();
  await dialog.getByRole('button', { name: 'Got it' }).click();
  await dialog.waitFor({ state: 'hidden' });
  await page.getByTestId('notification-bell').waitFor();
  assert.equal(
    await page
      .getByTestId('seller-banner')
      .filter({ hasText: `Pro ${tag}` })
      .count(),
    0,
    'not for Lite',
  );
}

for (const [label, viewport, tag] of [
  ['1280 px', VIEWPORTS.desktop, 'desktop'],
  ['375 px', VIEWPORTS.phone, 'phone'],
] as const) {
  test(`staff publish a Pro banner and a release note; the Pro seller closes one, reads the other once and clears her bell; Lite sees no banner (${label})`, async () => {
    const awb = await raiseDiscrepancy();
    const staff = await newPage(stage.browser, viewport);
    const staffErrors = watchErrors(staff.page);
    await staffPublishes(staff.page, tag, `notices-${tag}`);
    await staff.context.close();

    const pro = await newPage(stage.browser, viewport);
    const proErrors = watchErrors(pro.page);
    await proSellerSees(pro.page, tag, awb, `notices-${tag}`);
    await pro.context.close();

    const lite = await newPage(stage.browser, viewport);
    const liteErrors = watchErrors(lite.page);
    await liteSellerDoesNotSee(lite.page, tag);
    await lite.context.close();
    assert.deepEqual([...staffErrors, ...proErrors, ...liteErrors], []);
  });
}
