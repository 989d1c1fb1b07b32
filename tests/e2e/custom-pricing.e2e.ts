import { pathOf } from '../../src/domain/operation';
import assert from 'node:assert/strict';
import { test } from 'node:test';
import type { Page } from 'playwright-core';
import { API_TEAM } from '../../src/domain/team-contract';
import { API_WALLET } from '../../src/domain/wallet-contract';
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
  appStage,
} from './support';

// Staff give a Premium seller their own rate card (Amazon Shipping's slabs), and the seller's rate
// calculator prices with it at once; then staff change it and the seller's card page and quote follow.

let orgId: number;

const stage = appStage({}, async ({ url }) => {
  const staff = apiCaller(url, await apiToken(url, DEMO.staff));
  const owner = apiCaller(url, await apiToken(url, DEMO.seller2));
  const me = await owner<{ oid: number }>('/api/v1/account/details');
  orgId = me.oid;
  await staff(pathOf(API_WALLET.adjust, { orgId }), {
    method: 'POST',
    json: { direction: 'CREDIT', amount: 10000, reason: 'Premium plan float', idempotencyKey: 'pricing-e2e-float' },
  });
  await owner(API_TEAM.upgrade.path, {
    method: 'PUT',
    json: { plan: 'PREMIUM', billingFrequency: 'MONTHLY', requestKey: 'pricing-e2e-upgrade' },
  });
});

/** Staff set Amazon Shipping's slabs in every zone: the first 0.5 kg and each further 0.5 kg. */
async function setAmazon(page: Page, first: string, next: string) {
  const form = page.getByRole('form', { name: 'Rate card' });
  await form.getByLabel('Courier', { exact: true }).selectOption('AZ');
  for (const z of ['A', 'B', 'C', 'D', 'E']) {
    await form.getByLabel(`Zone ${z} first 0.5 kg`).fill(first);
    await form.getByLabel(`Zone ${z} each further 0.5 kg`).fill(next);
  }
}

/** The seller's price for a 0.5 kg prepaid parcel from Jaipur to Bengaluru with Amazon Shipping. */
async function amazonQuote(page: Page): Promise<string> {
  const calc = page.getByRole('form', { name: 'Rate calculator' });
  await calc.getByLabel('Pickup pincode').fill('302003');
  await calc.getByLabel('Delivery pincode').fill('560038');
  await calc.getByRole('button', { name: 'Compare couriers' }).click();
  const amazon = page.getByRole('region', { name: 'Courier rates' }).locator('.quote', { hasText: 'Amazon Shipping' });
  return (await amazon.locator('.quote-price').innerText()).trim();
}

for (const [name, viewport, first, total] of [
  ['desktop', VIEWPORTS.desktop, '11', '₹12.98'],
  ['phone', VIEWPORTS.phone, '12', '₹14.16'],
] as const) {
  test(`staff set a Premium seller's rate card and the seller's quote uses it (${name})`, async () => {
    const { page, context } = await newPage(stage.browser, viewport);
    const errors = watchErrors(page);
    await staffLoginAs(page, stage.url);
    await page.goto(`${stage.url}/dakiya/rate-cards/${orgId}`);
    await page.getByRole('heading', { name: 'Rate cards: Meera Crafts' }).waitFor();
    if (name === 'desktop') {
      await page.getByText('No card of their own').waitFor();
      await page.getByRole('button', { name: 'New card from the default rates' }).click();
      // a wrong slab is named beside its field, and the save waits
      await setAmazon(page, '0', '7');
      await page.getByRole('button', { name: 'Save rate card' }).click();
      await page.getByText('Reason must be 5 to 300 characters').waitFor();
      await page.getByText('First 0.5 kg must be above zero').first().waitFor();
    } else {
      await page.getByRole('button', { name: /^Edit card from/ }).click();
    }
    await setAmazon(page, first, '7');
    await page.getByLabel('Reason').fill('Negotiated volume rates');
    assert.ok(await fitsWidth(page), `${name}: the editor fits`);
    await screenshot(page, `rate-card-editor-${name}`);
    await page.getByRole('button', { name: 'Save rate card' }).click();
    await page.getByText(/^Rate card saved: \d+ couriers, valid from \d{2} \w{3} \d{4}$/).waitFor();
    await page.getByRole('table', { name: 'Rate cards' }).getByText('In force').waitFor();
    await page.reload();
    await page.getByRole('table', { name: 'Rate cards' }).getByText('In force').waitFor();
    assert.ok(await fitsWidth(page), `${name}: the list fits`);
    await screenshot(page, `rate-cards-${name}`);
    assert.deepEqual(errors, []);
    await context.close();

    // the seller: the calculator prices Amazon Shipping with the card (₹first + 18% GST)
    const seller = await newPage(stage.browser, viewport);
    const sellerErrors = watchErrors(seller.page);
    await loginAs(seller.page, stage.url, DEMO.seller2, '/tools/rate-calculator');
    assert.equal(await amazonQuote(seller.page), total);
    assert.ok(await fitsWidth(seller.page), `${name}: the calculator fits`);
    await screenshot(seller.page, `rate-card-quote-${name}`);
    await seller.page.getByRole('link', { name: 'My rate card' }).first().click();
    await seller.page.getByRole('heading', { name: 'My rate card' }).waitFor();
    await seller.page.reload();
    const amazon = seller.page.getByRole('row', { name: /Amazon Shipping/ });
    await amazon.getByText('Your rate').waitFor();
    await amazon.getByText(`₹${first}.00 + ₹7.00`).first().waitFor();
    await seller.page
      .getByTestId('rate-card-validity')
      .getByText(/Your own rates, valid from/)
      .waitFor();
    assert.ok(await fitsWidth(seller.page), `${name}: the card page fits`);
    await screenshot(seller.page, `rate-card-seller-${name}`);
    assert.deepEqual(sellerErrors, []);
    await seller.context.close();
  });
}
