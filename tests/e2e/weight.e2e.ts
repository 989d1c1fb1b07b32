import { pathOf } from '../../src/domain/operation';
import assert from 'node:assert/strict';
import { test } from 'node:test';
import type { Page } from 'playwright-core';
import { solidPng } from '../server/pdf-reader';
import { API_ACCOUNT } from '../../src/domain/account-contract';
import { API_ORDERS, type OrderRow } from '../../src/domain/orders-contract';
import { API_SHIPPING, type RateAnswer, type ShipmentInfo } from '../../src/domain/shipping-contract';
import { WEIGHT_COURIER_FILES } from '../../src/domain/weight-contract';
import { API_WALLET, type WalletSummary } from '../../src/domain/wallet-contract';
import { API_TEAM, type PlanState } from '../../src/domain/team-contract';
import { formatRupees } from '../../src/domain/format';
import type { CsvUploadRow } from '../../src/domain/uploads-contract';
import { DEMO, loginAs, mayShip, newPage, screenshot, VIEWPORTS, imageShown, appStage } from './support';
import { API_AUTH } from '../../src/domain/auth-contract';

// A courier's weight file raises discrepancies on two of the Pro demo seller's parcels; the seller
// disputes one with four photos at 1280 px and the other at 375 px; staff send each to the
// courier and decide it (for the seller: the hold is released; against: it is charged).

const awbs: string[] = [];

async function tokenOf(who: { email: string; password: string }) {
  const login = await fetch(`${stage.url}${API_AUTH.login.path}`, {
    method: 'POST',
    headers: { authorization: `Basic ${Buffer.from(`${who.email}:${who.password}`).toString('base64')}` },
  });
  return ((await login.json()) as { data: { accessToken: string } }).data.accessToken;
}

async function api<T>(path: string, token: string, init: RequestInit = {}): Promise<T> {
  const json = typeof init.body === 'string';
  const res = await fetch(`${stage.url}${path}`, {
    ...init,
    headers: { authorization: `Bearer ${token}`, ...(json ? { 'content-type': 'application/json' } : {}) },
  });
  const body = (await res.json()) as { data: T; errorMessage?: string };
  if (!res.ok) throw new Error(`${path}: ${res.status} ${body.errorMessage}`);
  return body.data;
}

const stage = appStage({}, async () => {
  const seller = await tokenOf(DEMO.seller2);
  const staff = await tokenOf(DEMO.staff);
  const list = await api<{ items: OrderRow[] }>(`${API_ORDERS.orders.path}?recordsPerPage=50`, seller);
  const ready = list.items.filter(mayShip).slice(0, 2);
  assert.equal(ready.length, 2, 'the demo seller has two orders ready to ship');
  for (const o of ready) {
    const { quotes } = await api<RateAnswer>(pathOf(API_SHIPPING.courierQuotes, { orderId: o.orderId }), seller);
    const info = await api<ShipmentInfo>(pathOf(API_SHIPPING.ship, { orderId: o.orderId }), seller, {
      method: 'POST',
      body: JSON.stringify({ carrierCode: quotes[0].carrierCode }),
    });
    awbs.push(info.awb);
  }
  const files = WEIGHT_COURIER_FILES;
  const form = new FormData();
  const csv = ['awb,chargedWeightKg,lengthCm,breadthCm,heightCm,hubPhotoUrl', ...awbs.map((a) => `${a},4.6,40,30,30,`)];
  form.set('file', new File([csv.join('\n')], 'courier.csv', { type: 'text/csv' }));
  let upload = await api<CsvUploadRow>(files.upload.path, staff, { method: 'POST', body: form });
  for (let i = 0; i < 100 && upload.status !== 'DONE' && upload.status !== 'FAILED'; i++) {
    await new Promise((r) => setTimeout(r, 200));
    upload = await api<CsvUploadRow>(pathOf(files.status, { uploadId: upload.uploadId }), staff);
  }
  assert.equal(upload.result?.created, 2, JSON.stringify(upload));
});

function watch(page: Page): string[] {
  const problems: string[] = [];
  page.on('console', (m) => m.type() === 'error' && problems.push(`${page.url()}: ${m.text()}`));
  page.on('pageerror', (e) => problems.push(`${page.url()}: ${e.message}`));
  return problems;
}

const noSidewaysScroll = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth);
const photo = (name: string, rgb: [number, number, number]) => ({
  name,
  mimeType: 'image/png',
  buffer: solidPng(40, 30, rgb),
});

async function staffLogin(page: Page) {
  await page.goto(`${stage.url}/login`);
  await page.getByLabel('Email').fill(DEMO.staff.email);
  await page.getByLabel('Password').fill(DEMO.staff.password);
  await page.getByRole('button', { name: 'Login' }).click();
  await page.waitForURL(/\/dakiya\/dashboard$/);
}

async function disputeWithPhotos(page: Page, awb: string, shot: string) {
  await page.goto(`${stage.url}/weight-discrepancies`);
  await page.getByRole('heading', { name: 'Weight discrepancies' }).waitFor();
  await page.getByRole('link', { name: awb }).click();
  await page.getByRole('heading', { name: new RegExp(awb) }).waitFor();
  await page.getByRole('img', { name: /photo of the parcel on its scale/ }).count();
  await page.getByRole('button', { name: 'Dispute', exact: true }).click();
  const form = page.getByRole('form', { name: 'Dispute the weight' });
  await form.getByRole('button', { name: 'Send dispute' }).click();
  await form.getByText('Photo on the scale: add the photo').waitFor();
  const slots: [string, [number, number, number]][] = [
    ['Photo on the scale', [200, 40, 40]],
    ['Length photo', [40, 160, 40]],
    ['Breadth photo', [40, 40, 200]],
    ['Height photo', [160, 160, 40]],
  ];
  for (const [label, rgb] of slots) {
    await form.getByLabel(label).setInputFiles(photo(`${label.toLowerCase().replace(/ /g, '-')}.png`, rgb));
    await imageShown(form.getByRole('img', { name: label }));
  }
  await form.getByLabel('Product category').selectOption('HOME_KITCHEN');
  await form.getByLabel('Note (optional)').fill('Our scale reads 1.2 kg in a 20 × 20 × 30 cm box');
  assert.ok(await noSidewaysScroll(page), `${shot}: the dispute form fits`);
  await screenshot(page, `${shot}-form`);
  await form.getByRole('button', { name: 'Send dispute' }).click();
  await page.getByRole('list', { name: 'Evidence' }).waitFor();
  await page.getByRole('list', { name: 'Timeline' }).getByText('Disputed', { exact: true }).waitFor();
  // it survives a reload
  await page.reload();
  await page.getByRole('list', { name: 'Evidence' }).waitFor();
  assert.ok(await noSidewaysScroll(page), `${shot}: the page fits`);
  await screenshot(page, `${shot}-disputed`);
}

async function staffDecides(page: Page, awb: string, outcome: 'For the seller' | 'For the courier', shot: string) {
  await page.goto(`${stage.url}/dakiya/weight-discrepancies`);
  await page.getByRole('heading', { name: 'Weight discrepancies' }).waitFor();
  await page.getByRole('link', { name: awb }).waitFor();
  await screenshot(page, `${shot}-staff-list`);
  await page.getByRole('link', { name: awb }).click();
  await page.getByRole('list', { name: 'Evidence' }).waitFor();
  await page.getByRole('button', { name: /^Send to / }).click();
  await page.getByLabel('Note to the seller').fill('The seller’s photos show the booked weight');
  assert.ok(await noSidewaysScroll(page), `${shot}: the staff page fits`);
  await screenshot(page, `${shot}-staff`);
  await page.getByRole('button', { name: outcome }).click();
  const done = outcome === 'For the seller' ? 'Resolved for you' : 'Rejected';
  await page.getByRole('list', { name: 'Timeline' }).getByText(done, { exact: true }).waitFor();
  await page.reload();
  await page.getByRole('list', { name: 'Timeline' }).getByText(done, { exact: true }).waitFor();
}

test('the wallet page and the header show what can be spent and what is held at 1280 and 375 px; a ship refusal names the hold', async () => {
  const seller = await tokenOf(DEMO.seller2);
  const staffToken = await tokenOf(DEMO.staff);
  const w = await api<WalletSummary>(API_WALLET.wallet.path, seller);
  assert.deepEqual(
    w.heldFor.map((h) => [h.purpose, h.count]),
    [['WEIGHT_DISPUTE', 2]],
  );
  assert.equal(w.spendablePaise, w.balancePaise - w.heldPaise);
  for (const [viewport, name] of [
    [VIEWPORTS.desktop, 'desktop'],
    [VIEWPORTS.phone, 'phone'],
  ] as const) {
    const { page, context } = await newPage(stage.browser, viewport);
    const problems = watch(page);
    await loginAs(page, stage.url, DEMO.seller2, '/wallet');
    // the screen's figures are the API's
    await page
      .getByTestId('wallet-spendable')
      .filter({ hasText: formatRupees(w.spendablePaise) })
      .waitFor();
    assert.equal(await page.getByTestId('wallet-balance').innerText(), formatRupees(w.balancePaise));
    const held = page.getByTestId('wallet-held');
    assert.match(
      await held.innerText(),
      new RegExp(`^${formatRupees(w.heldPaise).replace(/[.$]/g, '\\$&')}\\s*for 2 weight disputes`),
    );
    await held.getByRole('link', { name: 'See the disputes' }).waitFor();
    assert.ok(await noSidewaysScroll(page), `${name}: the wallet page fits`);
    await screenshot(page, `wallet-held-${name}`);
    if (name === 'phone') await page.getByRole('button', { name: 'Open menu' }).click();
    const nav = page.getByRole('navigation', { name: name === 'phone' ? 'Menu' : 'Main' });
    assert.equal(await nav.getByTestId('header-spendable').innerText(), formatRupees(w.spendablePaise));
    assert.equal(
      await nav.getByTestId('header-held').getAttribute('title'),
      `${formatRupees(w.heldPaise)} held for 2 weight disputes`,
    );
    await screenshot(page, `wallet-held-${name}-header`);
    assert.deepEqual(problems, []);
    await context.close();
  }

  // the wallet can spend ₹50 less than the cheapest courier asks: shipping is refused, naming the holds
  const list = await api<{ items: OrderRow[] }>(`${API_ORDERS.orders.path}?recordsPerPage=50`, seller);
  const order = list.items.find(mayShip)!;
  assert.ok(order, 'the demo seller has another order ready to ship');
  const { quotes } = await api<RateAnswer>(pathOf(API_SHIPPING.courierQuotes, { orderId: order.orderId }), seller);
  const cheapest = Math.min(...quotes.map((q) => q.totalPaise));
  const debitPaise = w.spendablePaise - (cheapest - 5_000);
  const me = await api<{ oid: number }>(API_ACCOUNT.accountDetails.path, seller);
  assert.ok(debitPaise > 0, 'the demo wallet can spend more than a shipment costs');
  const adjust = (direction: 'DEBIT' | 'CREDIT', key: string) =>
    api(pathOf(API_WALLET.adjust, { orgId: me.oid }), staffToken, {
      method: 'POST',
      body: JSON.stringify({
        direction,
        amount: debitPaise / 100,
        reason: 'Spending check in the stage.browser test',
        idempotencyKey: key,
      }),
    });
  await adjust('DEBIT', 'e2e-spend-debit');
  const { page, context } = await newPage(stage.browser, VIEWPORTS.desktop);
  const problems = watch(page);
  await loginAs(page, stage.url, DEMO.seller2, `/orders/${order.orderId}`);
  await page.getByRole('button', { name: 'Ship now' }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByRole('list', { name: 'Couriers' }).waitFor();
  await dialog.getByRole('button', { name: 'Ship now' }).click();
  const refusal = dialog.getByText(/^Insufficient wallet balance\. This shipment costs ₹[\d,.]+\./);
  await refusal.waitFor();
  assert.match(
    await refusal.innerText(),
    new RegExp(
      `You can spend ₹[\\d,.]+ \\(₹[\\d,.]+ in your wallet, ${formatRupees(w.heldPaise).replace(/[.$]/g, '\\$&')} held for 2 weight disputes\\)\\. Recharge at least ₹[\\d,.]+ to ship it\\.$`,
    ),
  );
  await screenshot(page, 'wallet-held-ship-refused');
  await page.keyboard.press('Escape');
  await adjust('CREDIT', 'e2e-spend-credit');
  // the 422 of the refused booking is the answer shown, not a fault
  assert.deepEqual(
    problems.filter((p) => !/422/.test(p)),
    [],
  );
  await context.close();
});

test('with money held, an upgrade offers the card or UPI payment the server worked out; once paid it goes through and the page and header read the wallet again', async () => {
  const seller = await tokenOf(DEMO.seller2);
  const before = await api<PlanState>(API_TEAM.plan.path, seller);
  const price = before.prices.find((p) => p.plan === 'PREMIUM' && p.billingFrequency === 'MONTHLY')!;
  assert.ok(before.wallet.heldPaise > 0, 'money is held for the weight disputes');
  assert.ok(price.topUpPaise > 0, 'the wallet cannot pay Premium yet');
  const { page, context } = await newPage(stage.browser, VIEWPORTS.desktop);
  const problems = watch(page);
  await loginAs(page, stage.url, DEMO.seller2, '/plan');
  await page
    .getByTestId('plan-spendable')
    .filter({ hasText: formatRupees(before.wallet.spendablePaise) })
    .waitFor();
  await page.getByRole('button', { name: 'Upgrade to Premium monthly' }).click();
  const confirm = page
    .getByRole('region', { name: 'Confirm the upgrade' })
    .or(page.locator('[aria-label="Confirm the upgrade"]'));
  await confirm.getByText(/held for 2 weight disputes/).waitFor();
  const pay = confirm.getByRole('button', { name: `Pay ${formatRupees(price.topUpPaise)} by card or UPI` });
  await screenshot(page, 'plan-upgrade-held');
  const opened = page.waitForEvent('popup');
  await pay.click();
  const popup = await opened;
  await popup
    .getByTestId('sandbox-amount')
    .filter({ hasText: formatRupees(price.topUpPaise) })
    .waitFor();
  await popup.getByRole('button', { name: `Pay ${formatRupees(price.topUpPaise)}` }).click();
  await page.getByText(/Upgraded: invoice DKYS\//).waitFor({ timeout: 30_000 });
  const after = await api<PlanState>(API_TEAM.plan.path, seller);
  assert.equal(after.subscriptionType, 'PREMIUM');
  assert.equal(after.wallet.spendablePaise, before.wallet.spendablePaise + price.topUpPaise - price.totalPaise);
  // the page and the header show the wallet as it is now
  await page
    .getByTestId('plan-spendable')
    .filter({ hasText: formatRupees(after.wallet.spendablePaise) })
    .waitFor();
  await page
    .getByRole('navigation', { name: 'Main' })
    .getByTestId('header-spendable')
    .filter({ hasText: formatRupees(after.wallet.spendablePaise) })
    .waitFor();
  await screenshot(page, 'plan-upgraded-after-top-up');
  assert.deepEqual(problems, []);
  await context.close();
});

test('a seller disputes a weight discrepancy with photos at 1280 px, and staff decide it for the seller', async () => {
  const { page, context } = await newPage(stage.browser, VIEWPORTS.desktop);
  const problems = watch(page);
  await loginAs(page, stage.url, DEMO.seller2, '/weight-discrepancies');
  await page.getByRole('link', { name: awbs[0] }).waitFor();
  await page.getByText(/is held in your wallet/).waitFor();
  await screenshot(page, 'weight-list-desktop');
  await disputeWithPhotos(page, awbs[0], 'weight-desktop');

  const staff = await newPage(stage.browser, VIEWPORTS.desktop);
  const staffProblems = watch(staff.page);
  await staffLogin(staff.page);
  await staffDecides(staff.page, awbs[0], 'For the seller', 'weight-desktop');
  await screenshot(staff.page, 'weight-desktop-staff-decided');
  await staff.page.goto(`${stage.url}/dakiya/weight-freezes`);
  await staff.page.getByRole('heading', { name: 'Weight freezes' }).waitFor();
  await screenshot(staff.page, 'weight-freezes-desktop');
  await staff.page.goto(`${stage.url}/dakiya/weight-discrepancies/upload`);
  await staff.page.getByRole('heading', { name: 'Import a courier weight file' }).waitFor();
  await screenshot(staff.page, 'weight-courier-file-desktop');
  assert.deepEqual(staffProblems, []);
  await staff.context.close();

  await page.reload();
  await page.getByText('The seller’s photos show the booked weight').first().waitFor();
  await page.getByText(/released back to your wallet/).waitFor();
  await screenshot(page, 'weight-desktop-resolved');
  assert.deepEqual(problems, []);
  await context.close();
});

test('a seller disputes at 375 px, and staff decide it for the courier: the hold is charged', async () => {
  const { page, context } = await newPage(stage.browser, VIEWPORTS.phone);
  const problems = watch(page);
  await loginAs(page, stage.url, DEMO.seller2);
  await disputeWithPhotos(page, awbs[1], 'weight-phone');
  const staff = await newPage(stage.browser, VIEWPORTS.phone);
  await staffLogin(staff.page);
  await staffDecides(staff.page, awbs[1], 'For the courier', 'weight-phone');
  await staff.context.close();
  await page.reload();
  await page.getByText(/^₹[\d,.]+ charged$/).waitFor();
  await page.getByRole('button', { name: 'Escalate' }).waitFor();
  await screenshot(page, 'weight-phone-rejected');
  assert.deepEqual(problems, []);
  await context.close();
});

test('a seller asks to freeze a product’s weight with photos, staff approve it, and the seller sees it frozen', async () => {
  for (const [viewport, product, shot] of [
    [VIEWPORTS.desktop, 'Steel Tiffin, 3 tier', 'weight-freeze-desktop'],
    [VIEWPORTS.phone, 'Masala Dabba with 7 cups', 'weight-freeze-phone'],
  ] as const) {
    const { page, context } = await newPage(stage.browser, viewport);
    const problems = watch(page);
    await loginAs(page, stage.url, DEMO.seller, '/setup/products');
    await page.getByRole('button', { name: `Freeze the weight of ${product}` }).click();
    const dialog = page.getByRole('dialog', { name: `Weight freeze: ${product}` });
    await dialog.getByText('Not frozen.', { exact: false }).waitFor();
    await dialog.getByRole('button', { name: 'Freeze its weight' }).click();
    const form = dialog.getByRole('form', { name: 'Freeze the weight' });
    // without a photo the form says what is missing
    await form.getByLabel('Weight (kg)').fill('1.1');
    await form.getByLabel('Length (cm)').fill('22');
    await form.getByLabel('Breadth (cm)').fill('22');
    await form.getByLabel('Height (cm)').fill('18');
    await form.getByRole('button', { name: 'Ask for approval' }).click();
    await form.getByText(/Photos: add 1 to 5 photos/).waitFor();
    await form.getByLabel(/Photos on a scale and measured/).setInputFiles(photo('on-scale.png', [30, 120, 200]));
    await imageShown(form.getByRole('img', { name: 'on-scale.png' }));
    assert.ok(await noSidewaysScroll(page), `${shot}: the freeze form fits`);
    await screenshot(page, `${shot}-form`);
    await form.getByRole('button', { name: 'Ask for approval' }).click();
    await dialog.getByText('Waiting for approval').waitFor();
    // the request survives a reload
    await page.reload();
    await page.getByRole('button', { name: `Freeze the weight of ${product}` }).click();
    await page
      .getByRole('dialog', { name: `Weight freeze: ${product}` })
      .getByText('Waiting for approval')
      .waitFor();
    await page.keyboard.press('Escape');

    const staff = await newPage(stage.browser, viewport);
    const staffProblems = watch(staff.page);
    await staffLogin(staff.page);
    await staff.page.goto(`${stage.url}/dakiya/weight-freezes`);
    await imageShown(staff.page.getByRole('img', { name: `${product} photo 1` }));
    const sku = product.startsWith('Steel') ? 'TIFFIN-3T' : 'DABBA-7';
    const approve = staff.page.getByRole('button', { name: new RegExp(`^Approve ${sku}`) });
    await approve.click();
    await approve.waitFor({ state: 'detached' });
    assert.ok(await noSidewaysScroll(staff.page), `${shot}: the staff freezes page fits`);
    await screenshot(staff.page, `${shot}-staff`);
    assert.deepEqual(staffProblems, []);
    await staff.context.close();

    await page.reload();
    await page.getByRole('button', { name: `Freeze the weight of ${product}` }).click();
    const after = page.getByRole('dialog', { name: `Weight freeze: ${product}` });
    await after.getByText('Frozen', { exact: true }).waitFor();
    await after.getByText(/1\.1 kg · 22 × 22 × 18 cm/).waitFor();
    await screenshot(page, `${shot}-frozen`);
    assert.deepEqual(problems, []);
    await context.close();
  }
});
