import assert from 'node:assert/strict';
import { test } from 'node:test';
import type { Page } from 'playwright-core';
import { solidPng } from '../server/pdf-reader';
import { API_ORDERS, type OrderRow } from '../../src/domain/orders-contract';
import { API_SHIPPING, type RateAnswer } from '../../src/domain/shipping-contract';
import { pathOf } from '../../src/domain/operation';
import {
  DEMO,
  loginAs,
  mayShip,
  newPage,
  screenshot,
  VIEWPORTS,
  imageShown,
  openFromSellerMenu,
  appStage,
} from './support';
import { API_AUTH } from '../../src/domain/auth-contract';

// A seller disputes a delivered parcel with a photo; staff send it to the courier and accept it;
// the seller sees the credit in the wallet. The Pro demo seller's three ready orders are shipped
// through the API and the sandbox couriers (two courier days a second) deliver them.

let delivered: { orderId: number; orderNumber: string }[] = [];

async function api<T>(path: string, token: string, init: RequestInit = {}): Promise<T> {
  const res = await fetch(`${stage.url}${path}`, {
    ...init,
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json', ...(init.headers ?? {}) },
  });
  const body = (await res.json()) as { data: T; errorMessage?: string };
  if (!res.ok) throw new Error(`${path}: ${res.status} ${body.errorMessage}`);
  return body.data;
}

const stage = appStage({ SANDBOX_COURIER_SPEED: '172800', SANDBOX_COURIER_TICK_S: '1' }, async ({ url }) => {
  const login = await fetch(`${url}${API_AUTH.login.path}`, {
    method: 'POST',
    headers: {
      authorization: `Basic ${Buffer.from(`${DEMO.seller2.email}:${DEMO.seller2.password}`).toString('base64')}`,
    },
  });
  const token = ((await login.json()) as { data: { accessToken: string } }).data.accessToken;
  const list = await api<{ items: OrderRow[] }>(`${API_ORDERS.orders.path}?recordsPerPage=50`, token);
  const ready = list.items.filter(mayShip);
  assert.ok(ready.length >= 1, 'the demo seller has orders ready to ship');
  for (const o of ready) {
    const { quotes } = await api<RateAnswer>(pathOf(API_SHIPPING.courierQuotes, { orderId: o.orderId }), token);
    await api(pathOf(API_SHIPPING.ship, { orderId: o.orderId }), token, {
      method: 'POST',
      body: JSON.stringify({ carrierCode: quotes[0].carrierCode }),
    });
  }
  // the couriers deliver (or bring back) each parcel within seconds
  for (let i = 0; i < 60 && delivered.length < ready.length; i++) {
    await new Promise((r) => setTimeout(r, 1000));
    const now = await api<{ items: OrderRow[] }>(`${API_ORDERS.orders.path}?recordsPerPage=50`, token);
    delivered = now.items
      .filter((o) => ready.some((r) => r.orderId === o.orderId) && (o.status === 'DLV' || o.status === 'RTO_DLV'))
      .map((o) => ({ orderId: o.orderId, orderNumber: o.orderNumber }));
  }
  assert.ok(delivered.length >= 1, 'a parcel was delivered or returned');
});

function watch(page: Page): string[] {
  const problems: string[] = [];
  page.on('console', (m) => m.type() === 'error' && problems.push(`${page.url()}: ${m.text()}`));
  page.on('pageerror', (e) => problems.push(`${page.url()}: ${e.message}`));
  return problems;
}

const noSidewaysScroll = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth);

async function staffLogin(page: Page) {
  await page.goto(`${stage.url}/login`);
  await page.getByLabel('Email').fill(DEMO.staff.email);
  await page.getByLabel('Password').fill(DEMO.staff.password);
  await page.getByRole('button', { name: 'Login' }).click();
  await page.waitForURL(/\/dakiya\/dashboard$/);
}

test('a seller disputes a delivered parcel with a photo, staff accept it, and the wallet shows the credit', async () => {
  const { page, context } = await newPage(stage.browser, VIEWPORTS.desktop);
  const problems = watch(page);
  await loginAs(page, stage.url, DEMO.seller2);
  const target = delivered[0];
  await page.goto(`${stage.url}/orders/${target.orderId}`);
  const card = page
    .getByRole('region', { name: 'Delivery dispute' })
    .or(page.locator('section.card').filter({ hasText: 'Delivery dispute' }));
  await card.getByRole('button', { name: 'Raise dispute' }).click();
  const dialog = page.getByRole('dialog', { name: 'Raise a delivery dispute' });
  await dialog.getByRole('button', { name: 'Damaged box' }).click();
  // sending without a description or a photo says what is missing, by label
  await dialog.getByRole('button', { name: 'Send dispute' }).click();
  await dialog.getByText('Description must be 20 to 1000 characters').waitFor();
  await dialog.getByLabel('Description').fill('The outer box was crushed and the vase inside is broken');
  await dialog.getByRole('button', { name: 'Send dispute' }).click();
  await dialog.getByText('Evidence: add at least one image of the parcel').waitFor();
  await dialog.getByLabel('Add photos (at least one)').setInputFiles({
    name: 'crushed-box.png',
    mimeType: 'image/png',
    buffer: solidPng(40, 30, [180, 120, 60]),
  });
  await dialog.getByRole('list', { name: 'Evidence' }).getByText('crushed-box.png').waitFor();
  await imageShown(dialog.getByRole('list', { name: 'Evidence' }).getByRole('img'));
  await screenshot(page, 'disputes-raise-desktop');
  await dialog.getByRole('button', { name: 'Send dispute' }).click();
  await dialog.waitFor({ state: 'detached' });
  const status = page.getByRole('group', { name: 'Dispute status' });
  await status.getByText('Open', { exact: true }).waitFor();
  await screenshot(page, 'disputes-order-open-desktop');
  // it survives a reload: the order page shows the dispute, and no second one is offered
  await page.reload();
  await page.getByRole('group', { name: 'Dispute status' }).getByText('Damaged box', { exact: false }).waitFor();
  assert.equal(await page.getByRole('button', { name: 'Raise dispute' }).count(), 0);
  await openFromSellerMenu(page, 'Orders', 'Disputes');
  await page.waitForURL(/\/disputes$/);
  const row = page.getByRole('row').filter({ hasText: target.orderNumber });
  await row.getByText('Open', { exact: true }).waitFor();
  await screenshot(page, 'disputes-seller-list-desktop');

  // staff: the queue, the dispute, to the courier, accepted with ₹500
  const staff = await newPage(stage.browser, VIEWPORTS.desktop);
  const staffProblems = watch(staff.page);
  await staffLogin(staff.page);
  await staff.page.getByRole('link', { name: 'Disputes' }).first().click();
  await staff.page.waitForURL(/\/dakiya\/disputes$/);
  const staffRow = staff.page.getByRole('row').filter({ hasText: 'Damaged box' }).first();
  await staffRow.waitFor();
  await staff.page.getByRole('button', { name: /^Open \(1\)$/ }).waitFor();
  await screenshot(staff.page, 'disputes-staff-list-desktop');
  await staffRow.getByRole('link', { name: /Open dispute/ }).click();
  await staff.page.getByRole('heading', { name: /^Dispute \d+$/ }).waitFor();
  await imageShown(staff.page.getByRole('img', { name: 'crushed-box.png' }));
  await staff.page.getByRole('button', { name: /^Send to / }).click();
  await staff.page.getByText('With courier', { exact: true }).waitFor();
  await staff.page.getByLabel('Amount to credit (₹)').fill('500');
  await staff.page.getByLabel('Note to the seller').fill('Courier accepted the damage claim');
  await screenshot(staff.page, 'disputes-staff-dispute-desktop');
  await staff.page.getByRole('button', { name: 'Accept and credit' }).click();
  await staff.page
    .getByText('₹500.00 credited to the seller’s wallet.')
    .or(staff.page.getByText("₹500.00 credited to the seller's wallet."))
    .waitFor();
  await staff.page.reload();
  await staff.page.getByText('Accepted', { exact: true }).waitFor();
  assert.deepEqual(staffProblems, []);
  await staff.context.close();

  // the seller: accepted with the note, and the credit in the wallet's statement
  await page.reload();
  await page.getByRole('row').filter({ hasText: target.orderNumber }).getByText('Accepted', { exact: true }).waitFor();
  await page.getByText('Courier accepted the damage claim').waitFor();
  await page.goto(`${stage.url}/wallet`);
  await page
    .getByText(/Delivery dispute accepted/)
    .first()
    .waitFor();
  await screenshot(page, 'disputes-wallet-desktop');
  assert.ok(await noSidewaysScroll(page));
  assert.deepEqual(problems, []);
  await context.close();
});

test('disputes read well on a phone', async () => {
  const { page, context } = await newPage(stage.browser, VIEWPORTS.phone);
  const problems = watch(page);
  await loginAs(page, stage.url, DEMO.seller2, '/disputes');
  await page.getByRole('heading', { name: 'Delivery disputes' }).waitFor();
  await page.getByText('Courier accepted the damage claim').waitFor();
  assert.ok(await noSidewaysScroll(page), 'the disputes list fits 375 px');
  await screenshot(page, 'disputes-seller-list-phone');
  // a second delivered parcel, raised from the phone: not received needs no photo
  const other = delivered[1];
  if (other) {
    await page.goto(`${stage.url}/orders/${other.orderId}`);
    await page.getByRole('button', { name: 'Raise dispute' }).click();
    const dialog = page.getByRole('dialog', { name: 'Raise a delivery dispute' });
    // (a return that never reached the seller is "Return not received")
    await dialog.getByRole('button', { name: /^(Not received by the buyer|Return not received)$/ }).click();
    await dialog.getByLabel('Description').fill('The buyer says the parcel never arrived at the door');
    assert.ok(await noSidewaysScroll(page), 'the dispute dialog fits 375 px');
    await screenshot(page, 'disputes-raise-phone');
    await dialog.getByRole('button', { name: 'Send dispute' }).click();
    await page.getByRole('group', { name: 'Dispute status' }).getByText('Open', { exact: true }).waitFor();
  } else {
    await page.goto(`${stage.url}/orders/${delivered[0].orderId}`);
    await page.getByRole('group', { name: 'Dispute status' }).getByText('Accepted', { exact: true }).waitFor();
  }
  assert.ok(await noSidewaysScroll(page), 'the order page fits 375 px');
  await screenshot(page, 'disputes-order-phone');
  assert.deepEqual(problems, []);
  await context.close();
});
