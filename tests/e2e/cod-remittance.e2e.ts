import assert from 'node:assert/strict';
import { test } from 'node:test';
import type { Page } from 'playwright-core';
import {
  DEMO,
  fitsWidth,
  loginAs,
  newPage,
  screenshot,
  staffLoginAs,
  VIEWPORTS,
  watchErrors,
  appStage,
} from './support';

// The demo sellers each have a COD payout waiting for bank transfer (server/seeds/cod-demo.ts).
// Staff mark Meera's paid by hand with the bank's UTR at 1280 px and Aarav's at 375 px; each
// seller then sees the payout paid, with its UTR, on the COD remittance page and the payout's page.

const stage = appStage();

async function staffMarksPaid(page: Page, seller: string, utr: string, shot: string) {
  await staffLoginAs(page, stage.url);
  await page.goto(`${stage.url}/dakiya/cod-remittance`);
  await page.getByRole('heading', { name: 'COD remittance' }).waitFor();
  await page.getByRole('table', { name: 'Pending COD payouts' }).getByRole('link', { name: seller }).waitFor();
  assert.ok(await fitsWidth(page), `${shot}: the staff list fits`);
  await screenshot(page, `${shot}-staff-pending`);
  await page.getByRole('table', { name: 'Pending COD payouts' }).getByRole('link', { name: seller }).click();
  await page.getByRole('heading', { name: /payout of/ }).waitFor();
  // the whole account for the transfer, shown when asked (the server audits it)
  await page.getByRole('button', { name: 'Show full bank details' }).click();
  await page.getByText('Account holder').waitFor();
  await page.getByLabel('UTR').fill('x1');
  await page.getByRole('button', { name: 'Mark paid' }).click();
  await page.getByText('UTR must be 12 to 22 letters and digits').waitFor();
  await page.getByLabel('UTR').fill(utr);
  await page.getByLabel('Comments').fill('NEFT batch');
  assert.ok(await fitsWidth(page), `${shot}: the payout page fits`);
  await screenshot(page, `${shot}-staff-payout`);
  await page.getByRole('button', { name: 'Mark paid' }).click();
  await page.getByText(utr).first().waitFor();
  await page.reload();
  await page.getByText(utr).first().waitFor();
  await page.getByText('Paid', { exact: true }).first().waitFor();
  await screenshot(page, `${shot}-staff-paid`);
  await page.goto(`${stage.url}/dakiya/cod-remittance/upload`);
  await page.getByRole('heading', { name: "Upload the bank's UTR file" }).waitFor();
  assert.ok(await fitsWidth(page), `${shot}: the upload page fits`);
  await screenshot(page, `${shot}-staff-utr-file`);
}

async function sellerSees(page: Page, utr: string, shot: string) {
  await page.goto(`${stage.url}/wallet/cod-remittance`);
  await page.getByRole('heading', { name: 'COD remittance', level: 1 }).waitFor();
  const table = page.getByRole('table', { name: 'COD payouts' });
  await table.getByText(utr).waitFor();
  await page.getByRole('heading', { name: 'Next payouts' }).waitFor();
  await page.getByRole('heading', { name: 'Early COD' }).waitFor();
  assert.ok(await fitsWidth(page), `${shot}: the seller page fits`);
  await screenshot(page, `${shot}-seller`);
  // early COD: the fee and terms are shown before opting in
  await page.getByRole('button', { name: /^D\+2/ }).click();
  await page.getByText(/A fee of 0\.99% of each shipment/).waitFor();
  await page.getByRole('button', { name: 'Opt in to D+2' }).click();
  await page.getByText('Accept the early COD terms and fee to opt in').waitFor();
  await page.getByRole('button', { name: 'Cancel' }).click();
  await page.reload();
  await table.getByText(utr).waitFor();
  const row = table.getByRole('row').filter({ hasText: utr });
  await row.getByRole('link').click();
  await page.getByRole('heading', { name: /^COD payout of/ }).waitFor();
  await page.getByText(utr).waitFor();
  await page.getByRole('table', { name: 'Payout lines' }).waitFor();
  assert.ok(await fitsWidth(page), `${shot}: the payout page fits`);
  await screenshot(page, `${shot}-seller-payout`);
}

test('staff mark a COD payout paid by hand at 1280 px; the seller sees it with its UTR', async () => {
  const staff = await newPage(stage.browser, VIEWPORTS.desktop);
  const staffErrors = watchErrors(staff.page);
  await staffMarksPaid(staff.page, 'Meera Crafts', 'HDFCN52026112601', 'cod-desktop');
  assert.deepEqual(staffErrors, []);
  await staff.context.close();
  const seller = await newPage(stage.browser, VIEWPORTS.desktop);
  const errors = watchErrors(seller.page);
  await loginAs(seller.page, stage.url, DEMO.seller2);
  await sellerSees(seller.page, 'HDFCN52026112601', 'cod-desktop');
  assert.deepEqual(errors, []);
  await seller.context.close();
});

test('staff mark a COD payout paid at 375 px; the seller sees it with its UTR on a phone', async () => {
  const staff = await newPage(stage.browser, VIEWPORTS.phone);
  const staffErrors = watchErrors(staff.page);
  await staffMarksPaid(staff.page, 'Aarav Traders', 'ICICN52026112602', 'cod-phone');
  assert.deepEqual(staffErrors, []);
  await staff.context.close();
  const seller = await newPage(stage.browser, VIEWPORTS.phone);
  const errors = watchErrors(seller.page);
  await loginAs(seller.page, stage.url, DEMO.seller);
  await sellerSees(seller.page, 'ICICN52026112602', 'cod-phone');
  assert.deepEqual(errors, []);
  await seller.context.close();
});
