import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { test } from 'node:test';
import type { Page } from 'playwright-core';
import { DEMO, loginAs, newPage, screenshot, VIEWPORTS, appStage } from './support';

// A seller recharges ₹500 with a coupon through the payment popup and the sandbox gateway,
// sees the new balance and the statement lines; a second recharge is abandoned by closing the
// popup and says 'Transaction cancelled by user'.

const stage = appStage();

const login = (page: Page) => loginAs(page, stage.url, DEMO.seller);

test('a seller recharges ₹500 with a coupon through the popup, then abandons a second recharge', async () => {
  const { page, context } = await newPage(stage.browser, VIEWPORTS.desktop);
  await login(page);
  await page.locator('[data-tour="tour-wallet"]').first().click();
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Wallet', exact: true }).click();
  await page.waitForURL(/\/wallet$/);
  await page.getByTestId('wallet-balance').filter({ hasText: '₹0.00' }).waitFor();
  await page.getByRole('button', { name: '₹500', exact: true }).click();
  await page.getByLabel('Coupon code (optional)').fill('welcome10');
  await page.getByRole('button', { name: 'Apply' }).click();
  await page.getByText('₹50.00 bonus will be added to your wallet with this recharge').waitFor();
  await screenshot(page, 'wallet-recharge-desktop');

  const popupOpened = page.waitForEvent('popup');
  await page.getByRole('button', { name: 'Pay ₹500.00' }).click();
  const popup = await popupOpened;
  await popup.getByTestId('sandbox-amount').filter({ hasText: '₹500.00' }).waitFor();
  assert.deepEqual(popup.viewportSize(), { width: 450, height: 600 });
  await screenshot(popup, 'wallet-sandbox-gateway');
  const closed = popup.waitForEvent('close', { timeout: 20_000 });
  await popup.getByRole('button', { name: 'Pay ₹500.00' }).click();
  await popup.getByRole('heading', { name: 'Payment successful' }).waitFor();
  // the result page closes itself a second after (spec); on a slow machine it may be gone before
  // the picture and its accessibility check are done, which is the page doing its job
  await screenshot(popup, 'wallet-payment-result').catch((e: unknown) => {
    if (!popup.isClosed()) throw e;
  });
  await closed;
  await page.getByText('Payment of ₹500.00 received and ₹50.00 coupon bonus added').waitFor();
  await page.getByTestId('wallet-balance').filter({ hasText: '₹550.00' }).waitFor();
  await page
    .getByRole('row', { name: /Wallet recharge/ })
    .getByText('+₹500.00')
    .waitFor();
  await page
    .getByRole('row', { name: /Coupon bonus/ })
    .getByText('₹550.00')
    .waitFor();
  assert.match((await page.locator('[data-tour="tour-wallet"]').first().textContent()) ?? '', /₹550\.00/);
  await screenshot(page, 'wallet-after-recharge-desktop');

  // the month's invoice lists the recharge as received
  await page.getByRole('tab', { name: 'Invoices' }).click();
  const month = page.getByRole('row', { name: /DKY\/\d{4}-\d{2}\/1\/\d{2}/ });
  await month.getByText('₹500.00').waitFor();
  const pdfDownload = page.waitForEvent('download');
  await month.getByRole('button', { name: /Invoice PDF/ }).click();
  const pdf = readFileSync(await (await pdfDownload).path());
  assert.equal(pdf.subarray(0, 5).toString(), '%PDF-');
  await page.getByRole('tab', { name: 'Statement' }).click();

  // the second recharge: the seller closes the gateway window
  const secondOpened = page.waitForEvent('popup');
  await page.getByRole('button', { name: '₹1,000', exact: true }).click();
  await page.getByLabel('Coupon code (optional)').fill('');
  await page.getByRole('button', { name: 'Pay ₹1,000.00' }).click();
  const second = await secondOpened;
  await second.getByTestId('sandbox-amount').filter({ hasText: '₹1,000.00' }).waitFor();
  await second.close();
  await page.getByText('Transaction cancelled by user').waitFor({ timeout: 15_000 });
  await page.getByTestId('wallet-balance').filter({ hasText: '₹550.00' }).waitFor();
  await screenshot(page, 'wallet-cancelled-desktop');
  await context.close();
});

test('the wallet reads well on a phone', async () => {
  const { page, context } = await newPage(stage.browser, VIEWPORTS.phone);
  await login(page);
  await page.goto(`${stage.url}/wallet`);
  await page.getByRole('heading', { name: 'Recharge wallet' }).waitFor();
  await screenshot(page, 'wallet-phone');
  await context.close();
});
