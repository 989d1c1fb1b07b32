import assert from 'node:assert/strict';
import { test } from 'node:test';
import { API_TEAM } from '../../src/domain/team-contract';
import {
  DEMO,
  fitsWidth,
  loginAs,
  meeraOnPremium,
  newPage,
  screenshot,
  VIEWPORTS,
  watchErrors,
  appStage,
} from './support';

// A Premium owner's sub-sellers page: the sub-seller accounts, and the orders, shipments and wallet
// lines of every account in one place, narrowed to one sub-seller by the filter, at 1280 and 375 px.

const SUB = 'Meera Crafts Jaipur';

const stage = appStage({}, async ({ url }) => {
  const owner = await meeraOnPremium(url, 'sub-sellers-e2e');
  await owner(API_TEAM.newSeller.path, {
    method: 'POST',
    json: {
      companyName: SUB,
      firstName: 'Nisha',
      lastName: 'Iyer',
      email: 'jaipur@meera.example.in',
      phone: '9876512345',
    },
  });
});

for (const [name, viewport] of [
  ['desktop', VIEWPORTS.desktop],
  ['phone', VIEWPORTS.phone],
] as const) {
  test(`a Premium owner sees every account's orders, shipments and wallet lines and narrows them to a sub-seller (${name})`, async () => {
    const { page, context } = await newPage(stage.browser, viewport);
    const errors = watchErrors(page);
    await loginAs(page, stage.url, DEMO.seller2, '/sub-sellers');
    await page.getByRole('heading', { name: 'Sub-sellers' }).waitFor();
    await page.getByRole('table', { name: 'Sub-sellers' }).getByText(SUB).first().waitFor();
    const orders = page.getByRole('table', { name: 'Orders of all accounts' });
    const shipments = page.getByRole('table', { name: 'Shipments of all accounts' });
    const wallet = page.getByRole('table', { name: 'Wallet lines of all accounts' });
    // the owner's own: its orders, its booked parcels and its wallet lines (the plan charge among them)
    await orders.getByText('Meera Crafts', { exact: true }).first().waitFor();
    await shipments.getByText('Meera Crafts', { exact: true }).first().waitFor();
    await wallet.getByText('Meera Crafts', { exact: true }).first().waitFor();
    assert.ok(await fitsWidth(page), `${name}: the page fits`);
    await screenshot(page, `sub-sellers-all-${name}`);
    // narrowed to the new sub-seller, which has nothing yet
    await page.getByLabel('Sub-seller', { exact: true }).selectOption({ label: SUB });
    await orders.getByText('No results found').waitFor();
    await shipments.getByText('No results found').waitFor();
    await wallet.getByText('No results found').waitFor();
    await screenshot(page, `sub-sellers-one-${name}`);
    // the filter is in the address: a reload keeps the lists narrowed
    await page.reload();
    await page.getByRole('table', { name: 'Sub-sellers' }).getByText(SUB).first().waitFor();
    await orders.getByText('No results found').waitFor();
    assert.equal(await orders.getByText('Meera Crafts', { exact: true }).count(), 0);
    assert.deepEqual(errors, []);
    await context.close();
  });
}
