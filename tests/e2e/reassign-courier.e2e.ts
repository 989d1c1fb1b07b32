import assert from 'node:assert/strict';
import { test } from 'node:test';
import type { Page } from 'playwright-core';
import {
  DEMO,
  fitsWidth,
  loginAs,
  newPage,
  openFromSellerMenu,
  screenshot,
  VIEWPORTS,
  watchErrors,
  appStage,
} from './support';

// The Pro demo seller ships an order, then moves it to another courier before pickup: the dialog
// marks the current courier, states what happens to the AWB and the money, and shows the new AWB
// and its label; the order's history and the wallet statement show the refund and the new charge.
// The sandbox couriers run slowly here so the parcel waits for pickup throughout.

let orderUrl = '';

const stage = appStage({ SANDBOX_COURIER_SPEED: '1' });

const panelOf = (page: Page) => page.locator('[aria-label="Shipment"]');

/** Opens Change courier and picks the first courier that is not the current one; answers its name. */
async function chooseAnotherCourier(page: Page): Promise<string> {
  await panelOf(page).getByRole('button', { name: 'Change courier' }).click();
  const dialog = page.getByRole('dialog', { name: /Change the courier of/ });
  await dialog.getByRole('list', { name: 'Couriers' }).waitFor();
  const current = dialog.locator('.quote').filter({ hasText: 'Current courier' });
  assert.equal(await current.count(), 1);
  assert.ok(await current.getByRole('radio').isDisabled());
  const other = dialog
    .locator('.quote')
    .filter({ hasNot: page.getByText('Current courier') })
    .first();
  await other.getByRole('radio').check();
  return (await other.locator('.quote-name strong').innerText()).trim();
}

test('a seller moves a shipment waiting for pickup to another courier and sees the refund and the new charge', async () => {
  const { page, context } = await newPage(stage.browser, VIEWPORTS.desktop);
  const errors = watchErrors(page);
  await loginAs(page, stage.url, DEMO.seller2, '/orders?q=Arjun%20Mehta');
  await page
    .getByRole('row', { name: /Arjun Mehta/ })
    .getByRole('link')
    .first()
    .click();
  await page.getByRole('button', { name: 'Ship now' }).click();
  const ship = page.getByRole('dialog');
  await ship.getByRole('list', { name: 'Couriers' }).waitFor();
  await ship.locator('.quote').filter({ hasText: 'Cheapest' }).getByRole('radio').check();
  await ship.getByRole('button', { name: 'Ship now' }).click();
  const shipped = await ship.getByText(/Shipped with .*: AWB/).innerText();
  const [, firstCourier, firstAwb] = /Shipped with (.+): AWB (\w+)/.exec(shipped) ?? [];
  assert.ok(firstAwb, shipped);
  await ship.getByRole('button', { name: 'Done' }).click();
  const panel = panelOf(page);
  await panel.getByText(firstAwb).waitFor();
  orderUrl = page.url();

  // halfway through, the page is read again: nothing has moved, and the choice is offered afresh
  const abandoned = await chooseAnotherCourier(page);
  await page.getByRole('dialog').getByRole('button', { name: 'Review the change' }).click();
  await page.getByText(`Move to ${abandoned}`).waitFor();
  await page.reload();
  await panelOf(page).getByText(firstAwb).waitFor();
  assert.equal(await page.getByRole('dialog').count(), 0);
  assert.equal(await page.getByText(/Reassigned/).count(), 0);

  const nextCourier = await chooseAnotherCourier(page);
  const dialog = page.getByRole('dialog', { name: /Change the courier of/ });
  assert.ok(await dialog.getAttribute('aria-describedby'));
  await dialog.getByRole('button', { name: 'Review the change' }).click();
  await dialog.getByText(`AWB ${firstAwb} with ${firstCourier} is cancelled and its ₹`, { exact: false }).waitFor();
  await dialog.getByText(`A new AWB is booked with ${nextCourier} and ₹`, { exact: false }).waitFor();
  await screenshot(page, 'reassign-courier-confirm-desktop');
  await dialog.getByRole('button', { name: `Change to ${nextCourier}` }).click();
  const done = await dialog.getByText(/Moved to .*: AWB/).innerText();
  const [, newCourier, newAwb] = /Moved to (.+): AWB (\w+)/.exec(done) ?? [];
  assert.equal(newCourier, nextCourier);
  assert.ok(newAwb && newAwb !== firstAwb, done);
  assert.match(done, /delivering by \d{2} [A-Z][a-z]{2} \d{4}/);
  await dialog.getByRole('button', { name: 'Download label' }).waitFor();
  await screenshot(page, 'reassign-courier-done-desktop');
  await dialog.getByRole('button', { name: 'Done' }).click();
  await dialog.waitFor({ state: 'detached' });
  // focus goes back to the button that opened the dialog
  await page.waitForFunction(() => document.activeElement?.textContent === 'Change courier', null, { timeout: 5000 });

  // the page behind: the new AWB and courier, and the history says what happened
  await panel.getByText(newAwb).waitFor();
  await panel.getByText(nextCourier, { exact: true }).first().waitFor();
  await page
    .getByRole('region', { name: 'History' })
    .getByText(
      new RegExp(
        `Reassigned from ${firstCourier} \\(AWB ${firstAwb}, ₹[\\d,.]+ refunded\\) to ${nextCourier}, AWB ${newAwb}, ₹`,
      ),
    )
    .waitFor();
  assert.ok(await fitsWidth(page));

  // a reload keeps it
  await page.reload();
  await panelOf(page).getByText(newAwb).waitFor();
  assert.equal(page.url(), orderUrl);

  // the wallet statement: the old AWB's charge back, the new AWB's freight charged
  await page.goto(`${stage.url}/wallet`);
  await page.getByRole('tab', { name: 'Statement' }).click();
  const refund = page
    .getByRole('row')
    .filter({ hasText: firstAwb })
    .filter({ hasText: `Refund: Reassigned to ${nextCourier}` });
  await refund.waitFor();
  const refunded = /\+₹([\d,]+\.\d{2})/.exec(await refund.innerText())?.[1];
  assert.ok(refunded, await refund.innerText());
  // exactly what the first AWB was charged comes back
  await page
    .getByRole('row')
    .filter({ hasText: firstAwb })
    .filter({ hasText: `Freight with ${firstCourier}` })
    .filter({ hasText: `−₹${refunded}` })
    .waitFor();
  await page
    .getByRole('row')
    .filter({ hasText: newAwb })
    .filter({ hasText: `Freight with ${nextCourier}` })
    .waitFor();
  await screenshot(page, 'reassign-courier-wallet-desktop');
  assert.deepEqual(errors, []);
  await context.close();
});

test('the shipped parcel waits on its warehouse’s pickup for the day, and the seller moves that pickup to another day', async () => {
  const { page, context } = await newPage(stage.browser, VIEWPORTS.desktop);
  const errors = watchErrors(page);
  await loginAs(page, stage.url, DEMO.seller2, '/orders');
  await openFromSellerMenu(page, 'Orders', 'Pickups');
  await page.getByRole('heading', { name: 'Pickups', level: 1 }).waitFor();
  const upcoming = page.getByRole('region', { name: 'Upcoming pickups' });
  // the parcel the first test moved: one parcel on its new courier's pickup
  const row = upcoming
    .getByRole('row')
    .filter({ has: page.getByRole('button', { name: /^Change date/ }) })
    .first();
  await row.waitFor();
  const before = await row.getByRole('cell').first().innerText();
  assert.match(before, /^\d{2} [A-Z][a-z]{2} \d{4}$/);
  await row.getByRole('button', { name: /^Change date/ }).click();
  const dialog = page.getByRole('dialog', { name: /Change the pickup date of/ });
  const day = dialog.getByLabel('Pickup date');
  const choices = (await day.locator('option').allInnerTexts()).filter((t) => /\d{4}$/.test(t));
  assert.equal(choices.length, 6);
  assert.ok(!choices.includes(before));
  const chosen = choices.at(-1)!;
  await day.selectOption({ label: chosen });
  await screenshot(page, 'pickups-change-date-desktop');
  await dialog.getByRole('button', { name: 'Move pickup' }).click();
  await dialog.getByText(`Pickup moved to ${chosen}`).waitFor();
  await dialog.getByRole('button', { name: 'Done' }).click();
  await dialog.waitFor({ state: 'detached' });
  await upcoming.getByRole('cell', { name: chosen, exact: true }).waitFor();
  // a reload keeps it
  await page.reload();
  await page
    .getByRole('region', { name: 'Upcoming pickups' })
    .getByRole('cell', { name: chosen, exact: true })
    .waitFor();
  assert.equal(
    await page
      .getByRole('region', { name: 'Upcoming pickups' })
      .getByRole('cell', { name: before, exact: true })
      .count(),
    0,
  );
  await screenshot(page, 'pickups-desktop');
  assert.deepEqual(errors, []);
  await context.close();
});

test('changing the courier reads well on a phone', async () => {
  const { page, context } = await newPage(stage.browser, VIEWPORTS.phone);
  const errors = watchErrors(page);
  await loginAs(page, stage.url, DEMO.seller2);
  // the order the first test moved: it still waits for pickup
  await page.goto(orderUrl);
  await chooseAnotherCourier(page);
  assert.ok(await fitsWidth(page));
  await screenshot(page, 'reassign-courier-phone');
  await page.getByRole('dialog').getByRole('button', { name: 'Close', exact: true }).click();
  assert.deepEqual(errors, []);
  await context.close();
});
