import assert from 'node:assert/strict';
import { test } from 'node:test';
import type { Page } from 'playwright-core';
import {
  apiCaller,
  apiToken,
  codOrder,
  DEMO,
  fitsWidth,
  loginAs,
  newPage,
  screenshot,
  VIEWPORTS,
  watchErrors,
  appStage,
} from './support';

// COD order verification in the browser: the Pro demo seller (Meera) sets it up at 1280 px (a
// wrong wait refused under its field, a reload in the middle), two COD orders then wait for their
// buyers; one buyer confirms and the other cancels from the SMS link on a 375 px phone; the seller
// sees each answer on the order page, through the list's filter (kept across a reload) and on the
// dashboard; a third order is sent the link again and shipped without confirmation; then only
// orders of high RTO risk are verified, and such an order says why it waits.

const stage = appStage();

/** The confirmation link the buyer's SMS carries, from the development outbox. */
async function buyerLink(phone: string): Promise<string> {
  const deadline = Date.now() + 10_000;
  for (;;) {
    const rows = (
      (await (await fetch(`${stage.url}/api/dev/outbox`)).json()) as {
        data: { recipient: string; body: string }[];
      }
    ).data;
    const sms = rows.find((r) => r.recipient === `+91${phone}` && r.body.includes('/cod/'));
    if (sms) return new URL(/(https?:\/\/\S+\/cod\/\S+)/.exec(sms.body)![1]).pathname;
    if (Date.now() > deadline) throw new Error(`no confirmation link sent to ${phone}`);
    await new Promise((r) => setTimeout(r, 200));
  }
}

async function panelShows(page: Page, orderId: number, text: string) {
  await page.goto(`${stage.url}/orders/${orderId}`);
  const panel = page.getByRole('region', { name: 'COD verification' });
  await panel.getByText(text).first().waitFor();
  return panel;
}

/** The buyer opens the link on a phone and answers. */
async function buyerAnswers(phone: string, answer: (p: Page) => Promise<void>, shot: string) {
  const buyer = await newPage(stage.browser, VIEWPORTS.phone);
  const errors = watchErrors(buyer.page);
  await buyer.page.goto(`${stage.url}${await buyerLink(phone)}`);
  await buyer.page.getByRole('heading', { name: 'Did you place this order?' }).waitFor();
  await screenshot(buyer.page, `${shot}-asked-mobile`);
  assert.ok(await fitsWidth(buyer.page), `${shot}: the buyer's page scrolls sideways`);
  await answer(buyer.page);
  await screenshot(buyer.page, `${shot}-answered-mobile`);
  assert.ok(await fitsWidth(buyer.page));
  await buyer.context.close();
  assert.deepEqual(errors, []);
}

test('a Pro seller verifies COD orders: one buyer confirms, another cancels, a third is shipped without', async () => {
  const call = apiCaller(stage.url, await apiToken(stage.url, DEMO.seller2));
  const { page } = await newPage(stage.browser, VIEWPORTS.desktop);
  const errors = watchErrors(page);
  await loginAs(page, stage.url, DEMO.seller2);

  // the demo's settings: verification by rules; switched off, saved, and still off after a reload
  await page.goto(`${stage.url}/setup`);
  await page.getByRole('link', { name: /COD order verification/ }).click();
  await page.getByRole('heading', { name: 'COD order verification' }).waitFor();
  const enabled = page.getByLabel('Ask buyers to confirm COD orders before they ship');
  assert.equal(await enabled.isChecked(), true);
  assert.equal(await page.getByLabel('Order value above (₹)').inputValue(), '5000');
  await page.getByText(/A pincode is risky when at least 35%/).waitFor();
  await screenshot(page, 'cod-verification-settings-desktop');
  await enabled.uncheck();
  await page.getByRole('button', { name: 'Save settings' }).click();
  await page.getByText('Saved. COD orders ship without asking their buyers.').waitFor();
  await page.reload();
  await page.getByRole('heading', { name: 'COD order verification' }).waitFor();
  assert.equal(await enabled.isChecked(), false);

  // on for every COD order; a wait beyond three days is refused under its field
  await enabled.check();
  await page.getByLabel('Every COD order').check();
  await page.getByLabel('Wait for an answer (hours)').fill('100');
  await page.getByRole('button', { name: 'Save settings' }).click();
  await page.getByText('Wait for an answer (hours) must be at most 72').waitFor();
  await page.getByLabel('Wait for an answer (hours)').fill('12');
  await page.getByLabel('If the buyer does not answer').selectOption('HOLD');
  await page.getByRole('button', { name: 'Save settings' }).click();
  await page.getByText(/Saved\. New COD orders your settings pick now wait/).waitFor();
  await screenshot(page, 'cod-verification-settings-saved-desktop');

  // two new COD orders wait for their buyers: shipping is refused meanwhile
  const confirmed = await codOrder(call, 'Nisha Rao', '9811122233');
  const cancelled = await codOrder(call, 'Rohan Das', '9811144455');
  assert.equal(confirmed.codVerification, 'PENDING');
  const panel = await panelShows(page, confirmed.orderId, 'Awaiting buyer');
  await panel.getByText(/awaiting the buyer’s confirmation/).waitFor();
  await panel.getByText('Every COD order is verified', { exact: true }).waitFor();
  await panel.getByText(/Waiting for the buyer until .* \(IST\)/).waitFor();
  assert.equal(await page.getByRole('button', { name: 'Ship now' }).count(), 0);
  await screenshot(page, 'cod-verification-order-awaiting-desktop');

  // the first buyer confirms from the SMS link on a phone; the seller sees it on the order
  await buyerAnswers(
    '9811122233',
    async (p) => {
      await p.getByRole('button', { name: 'Yes, confirm my order' }).click();
      await p.getByRole('heading', { name: 'Order confirmed: it ships soon' }).waitFor();
    },
    'cod-verification-buyer-confirm',
  );
  await panelShows(page, confirmed.orderId, 'Confirmed by buyer');
  await page.getByText('The buyer confirmed the order').waitFor();
  await page.getByRole('button', { name: 'Ship now' }).waitFor();
  await screenshot(page, 'cod-verification-order-confirmed-desktop');

  // the second buyer cancels with a reason
  await buyerAnswers(
    '9811144455',
    async (p) => {
      await p.getByRole('button', { name: 'No, cancel it' }).click();
      await p.getByLabel('I changed my mind').check();
      await p.getByRole('button', { name: 'Cancel my order' }).click();
      await p.getByRole('heading', { name: 'Order cancelled' }).waitFor();
    },
    'cod-verification-buyer-cancel',
  );
  await panelShows(page, cancelled.orderId, 'Cancelled by buyer');
  await page.getByText('The buyer’s reason: I changed my mind.').waitFor();

  // the list's filter: in the address, kept across a reload, with the badge on the row
  await page.goto(`${stage.url}/orders`);
  await page.getByLabel('COD verification').selectOption('CONFIRMED');
  await page.waitForURL(/verification=CONFIRMED/);
  await page.reload();
  assert.equal(await page.getByLabel('COD verification').inputValue(), 'CONFIRMED');
  const rows = page.getByRole('table', { name: 'Orders' });
  await rows.getByRole('link', { name: confirmed.orderNumber }).waitFor();
  assert.equal(await rows.getByRole('link', { name: cancelled.orderNumber }).count(), 0);
  await rows.getByText('Confirmed by buyer').first().waitFor();
  await screenshot(page, 'cod-verification-orders-filter-desktop');

  // a third order: its link sent again, then shipped without the buyer's confirmation
  const third = await codOrder(call, 'Imran Ali', '9811166677');
  const thirdPanel = await panelShows(page, third.orderId, 'Awaiting buyer');
  await thirdPanel.getByRole('button', { name: 'Resend link' }).click();
  await thirdPanel.getByText('The confirmation link was sent to the buyer again').waitFor();
  await thirdPanel.getByRole('button', { name: 'Ship without confirmation' }).click();
  const dialog = page.getByRole('dialog', { name: 'Ship without the buyer’s confirmation?' });
  await dialog.getByText(/comes back to you \(RTO\) at your cost/).waitFor();
  await dialog.getByRole('button', { name: 'Ship without confirmation' }).click();
  await dialog.waitFor({ state: 'detached' });
  await thirdPanel.getByText(/Cleared to ship without the buyer’s confirmation by/).waitFor();
  await page.getByRole('button', { name: 'Ship now' }).waitFor();

  // the dashboard's card: today's verifications, the demo's and these
  await page.goto(`${stage.url}/dashboard?period=today`);
  const card = page.getByRole('region', { name: 'COD verification' });
  await card.getByText('Confirmation rate', { exact: true }).waitFor();
  await screenshot(page, 'cod-verification-dashboard-desktop');
  assert.ok(await fitsWidth(page));

  // the RTO band rule: only high-risk COD orders wait now, and the order says so
  await page.goto(`${stage.url}/setup/cod-verification`);
  await page.getByLabel('Only COD orders my rules pick').check();
  await page.getByLabel('Orders worth more than a set value').uncheck();
  await page.getByLabel('Buyers who have returned your orders before').uncheck();
  await page.getByLabel('Verify by RTO risk').selectOption('HIGH');
  await page.getByText(/low under 15%, medium under 35%, high from 35%/).waitFor();
  await page.getByRole('button', { name: 'Save settings' }).click();
  await page.getByText(/Saved\. New COD orders your settings pick now wait/).waitFor();
  await page.reload();
  await page.getByRole('heading', { name: 'COD order verification' }).waitFor();
  assert.equal(await page.getByLabel('Verify by RTO risk').inputValue(), 'HIGH');
  await screenshot(page, 'cod-verification-settings-band-desktop');
  assert.ok(await fitsWidth(page));
  const usual = await codOrder(call, 'Farah Khan', '9811188899');
  assert.equal(usual.codVerification, null);
  // a short address without a house number, COD near ₹8,000, to a pincode without a record: high risk
  const risky = await codOrder(call, 'Vikram Shah', '9811177788', {
    shipping: { line1: 'Near tank', pincode: '781001' },
    items: [{ name: 'Brass Lamp', sku: 'BL-1', quantity: 1, unitPrice: 7900, taxRatePercent: 12 }],
  });
  assert.equal(risky.risk?.band, 'HIGH');
  assert.equal(risky.codVerification, 'PENDING');
  const riskyPanel = await panelShows(page, risky.orderId, 'Awaiting buyer');
  await riskyPanel.getByText('High RTO risk', { exact: true }).waitFor();
  await screenshot(page, 'cod-verification-order-band-desktop');

  // 375 px: the settings, the order page and the filtered list fit, and survive a reload
  const phone = await newPage(stage.browser, VIEWPORTS.phone);
  const phoneErrors = watchErrors(phone.page);
  await loginAs(phone.page, stage.url, DEMO.seller2);
  for (const [path, shows, name] of [
    ['/setup/cod-verification', 'Every COD order', 'cod-verification-settings-mobile'],
    [`/orders/${cancelled.orderId}`, 'Cancelled by buyer', 'cod-verification-order-mobile'],
    [`/orders/${risky.orderId}`, 'High RTO risk', 'cod-verification-order-band-mobile'],
    ['/orders?verification=CANCELLED', cancelled.orderNumber, 'cod-verification-orders-filter-mobile'],
    ['/dashboard?period=today', 'Confirmation rate', 'cod-verification-dashboard-mobile'],
  ] as const) {
    await phone.page.goto(`${stage.url}${path}`);
    await phone.page.reload();
    await phone.page.getByText(shows).first().waitFor();
    await screenshot(phone.page, name);
    assert.ok(await fitsWidth(phone.page), `${name} scrolls sideways`);
  }
  assert.deepEqual(phoneErrors, []);
  assert.deepEqual(errors, []);
});
