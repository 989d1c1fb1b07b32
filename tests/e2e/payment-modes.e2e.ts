import { pathOf } from '../../src/domain/operation';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { test } from 'node:test';
import { API_TEAM } from '../../src/domain/team-contract';
import { API_WALLET } from '../../src/domain/wallet-contract';
import { readPdf } from '../server/pdf-reader';
import {
  apiCaller,
  apiToken,
  checkAccessibility,
  DEMO,
  fitsWidth,
  loginAs,
  newPage,
  screenshot,
  VIEWPORTS,
  watchErrors,
  appStage,
} from './support';

// Custom payment modes: a Premium seller creates "Partial COD 20%", makes an order with it,
// the order is not offered to ship until the advance is paid, the buyer pays it on a 375 px page through the
// sandbox gateway link from the outbox, the seller ships, and the label shows the amounts; the
// seller's pages at 1280 and 375 px.

const stage = appStage();

test('a Premium seller’s partial-COD order ships once its buyer pays the advance, and its label says what to collect', async () => {
  // Meera moves to Premium (paid from the wallet)
  const call = apiCaller(stage.url, await apiToken(stage.url, DEMO.seller2));
  const staff = apiCaller(stage.url, await apiToken(stage.url, DEMO.staff));
  const me = await call<{ oid: number }>('/api/v1/account/details');
  await staff(pathOf(API_WALLET.adjust, { orgId: me.oid }), {
    method: 'POST',
    json: { direction: 'CREDIT', amount: 10000, reason: 'Premium plan float', idempotencyKey: 'modes-e2e-float' },
  });
  await call(API_TEAM.upgrade.path, {
    method: 'PUT',
    json: { plan: 'PREMIUM', billingFrequency: 'MONTHLY', requestKey: 'modes-e2e-upgrade' },
  });

  const { page } = await newPage(stage.browser, VIEWPORTS.desktop);
  const errors = watchErrors(page);
  await loginAs(page, stage.url, DEMO.seller2);

  // the mode, from Setup
  await page.goto(`${stage.url}/setup`);
  await page.getByRole('link', { name: /Payment modes/ }).click();
  await page.getByRole('heading', { name: 'Payment modes' }).waitFor();
  await page.getByRole('button', { name: 'Add payment mode' }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByLabel('Mode name').fill('Partial COD 20%');
  await dialog.getByLabel('Label code').fill('cod');
  await dialog.getByRole('button', { name: 'Save mode' }).click();
  await dialog.getByText('Label code cannot be PPD, COD, PREPAID: those are the standard payment methods').waitFor();
  await dialog.getByLabel('Label code').fill('PCOD');
  await dialog.getByLabel('Advance (%)').fill('20');
  await dialog.getByLabel('Note on the label').fill('Advance paid online');
  await screenshot(page, 'payment-modes-dialog-desktop');
  await checkAccessibility(page, 'payment-modes-dialog');
  await dialog.getByRole('button', { name: 'Save mode' }).click();
  await dialog.waitFor({ state: 'detached' });
  const table = page.getByRole('table', { name: 'Payment modes' });
  await table.getByRole('cell', { name: '20% advance, rest on delivery' }).waitFor();
  await screenshot(page, 'payment-modes-desktop');
  await checkAccessibility(page, 'payment-modes');

  // an order with it
  await page.goto(`${stage.url}/orders/new`);
  const form = page.getByRole('form', { name: 'Add order' });
  await form.getByLabel('Buyer name').fill('Kavya Reddy');
  await form.getByLabel('Buyer phone').fill('98111 44556');
  await form.getByLabel('Address line 1', { exact: true }).fill('12, 4th Cross, Indiranagar');
  await form.getByLabel('Pincode').fill('560038');
  await form.getByLabel('Payment mode').selectOption('PCOD');
  assert.equal(await form.getByLabel('Payment', { exact: true }).inputValue(), 'COD');
  await form.getByLabel('Find a product in your catalogue').fill('vase');
  await form.getByRole('button', { name: 'Find' }).click();
  await form.getByRole('button', { name: 'Add Blue Pottery Vase' }).click();
  await form.getByText('Total ₹1,450.00 · advance ₹290.00 before shipping · collect ₹1,160.00 on delivery').waitFor();
  await form.getByLabel('Pickup address').selectOption({ index: 1 });
  await form.getByRole('button', { name: 'Add order' }).click();
  await page.waitForURL(/\/orders\/\d+$/);
  const orderId = Number(/\/orders\/(\d+)$/.exec(page.url())![1]);
  const panel = page.getByRole('region', { name: /Partial COD 20%/ });
  await panel.getByText('Advance ₹290.00 before shipping · collect ₹1,160.00 on delivery').waitFor();

  // an unpaid advance is not offered to ship: the panel says what comes first
  await panel.getByText('Advance due', { exact: true }).waitFor();
  assert.equal(await page.getByRole('button', { name: 'Ship now' }).count(), 0);
  await screenshot(page, 'payment-modes-advance-due-desktop');

  // the buyer's link, through the outbox
  await panel.getByRole('button', { name: 'Send payment link' }).click();
  await panel.getByText(/Payment link sent/).waitFor();
  const outbox = (
    (await (await fetch(`${stage.url}/api/dev/outbox`)).json()) as { data: { recipient: string; body: string }[] }
  ).data;
  const sms = outbox.find((m) => m.recipient === '+919811144556' && m.body.includes('/advance/'));
  assert.ok(sms, 'the advance SMS is in the outbox');
  const link = /(\/advance\/[^\s?]+)/.exec(sms.body)![1];

  // the buyer pays the advance on a phone
  const buyer = await newPage(stage.browser, VIEWPORTS.phone);
  const buyerErrors = watchErrors(buyer.page);
  await buyer.page.goto(`${stage.url}${link}`);
  await buyer.page.getByRole('heading', { name: /Your order ORD-/ }).waitFor();
  await buyer.page.reload();
  await buyer.page.getByText('To pay on delivery').waitFor();
  await screenshot(buyer.page, 'payment-modes-buyer-mobile');
  assert.ok(await fitsWidth(buyer.page), 'the advance page scrolls sideways');
  await checkAccessibility(buyer.page, 'advance-buyer');
  await buyer.page.getByRole('button', { name: 'Pay ₹290.00 now' }).click();
  await buyer.page.getByTestId('sandbox-amount').filter({ hasText: '₹290.00' }).waitFor();
  await buyer.page.getByRole('button', { name: /^Pay / }).click();
  await buyer.page.getByRole('heading', { name: 'Advance paid: thank you' }).waitFor();
  await screenshot(buyer.page, 'payment-modes-buyer-paid-mobile');
  assert.ok(await fitsWidth(buyer.page));
  assert.deepEqual(buyerErrors, []);

  // the seller ships; the label says what the courier collects
  await page.reload();
  await panel.getByText('Advance paid', { exact: true }).waitFor();
  await panel.getByText(/Paid online by the buyer/).waitFor();
  await page.getByRole('button', { name: 'Ship now' }).click();
  const ship = page.getByRole('dialog');
  await ship.getByRole('list', { name: 'Couriers' }).waitFor();
  // Premium starts on the recommended courier, already chosen
  await ship.getByRole('button', { name: 'Ship now' }).click();
  await ship.getByText(/Shipped with .*: AWB/).waitFor();
  await ship.getByRole('button', { name: 'Done' }).click();
  const shipment = page.getByRole('region', { name: 'Shipment' }).or(page.locator('[aria-label="Shipment"]'));
  const download = page.waitForEvent('download');
  await shipment.getByRole('button', { name: 'Download label' }).click();
  const label = readPdf(readFileSync(await (await download).path()));
  assert.ok(label.text.includes('PCOD'), label.text);
  assert.match(label.text, /Partial COD 20% · Advance paid ₹290\.00 · Collect\s[\s\S]*₹1,160\.00/);
  await screenshot(page, 'payment-modes-order-desktop');
  assert.ok(await fitsWidth(page));

  // 375 px: the seller's order and modes pages fit, and survive a reload
  for (const [path, name, shows] of [
    [`/orders/${orderId}`, 'payment-modes-order-mobile', 'Advance paid'],
    ['/setup/payment-modes', 'payment-modes-mobile', 'Partial COD 20%'],
  ] as const) {
    const mobile = await newPage(stage.browser, VIEWPORTS.phone);
    await loginAs(mobile.page, stage.url, DEMO.seller2, path);
    await mobile.page.reload();
    await mobile.page.getByText(shows, { exact: true }).first().waitFor();
    await screenshot(mobile.page, name);
    assert.ok(await fitsWidth(mobile.page), `${name} scrolls sideways`);
  }
  assert.deepEqual(errors, []);
});
