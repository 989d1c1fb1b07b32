import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { test } from 'node:test';
import { readPdf } from '../server/pdf-reader';
import { DEMO, loginAs, newPage, screenshot, VIEWPORTS, appStage } from './support';

// A seller compares courier rates, ships an order, downloads its label (the barcode reads back
// as the AWB) and watches the courier's scans arrive. The sandbox couriers run two courier days
// a second here and report every second. The Pro demo seller has a wallet float and orders
// ready to ship.

const stage = appStage({ SANDBOX_COURIER_SPEED: '172800', SANDBOX_COURIER_TICK_S: '1' });

test('a seller compares rates, ships an order, prints its label and sees the scans come in', async () => {
  const { page, context } = await newPage(stage.browser, VIEWPORTS.desktop);
  await loginAs(page, stage.url, DEMO.seller2, '/orders');
  await page.getByRole('link', { name: 'Rate calculator' }).click();
  const calc = page.getByRole('form', { name: 'Rate calculator' });
  await calc.getByRole('button', { name: 'Compare couriers' }).click();
  await calc.getByText('Pickup pincode must be 6 digits and not start with 0').waitFor();
  await calc.getByLabel('Pickup pincode').fill('302003');
  await calc.getByLabel('Delivery pincode').fill('560038');
  await calc.getByLabel('Dead weight (kg)').fill('1.2');
  await calc.getByLabel('Length (cm)').fill('20');
  await calc.getByLabel('Breadth (cm)').fill('20');
  await calc.getByLabel('Height (cm)').fill('30');
  await calc.getByText('Volumetric weight 2.4 kg').waitFor();
  await calc.getByLabel('Payment').selectOption('COD');
  await calc.getByLabel('COD amount (₹)').fill('1450');
  await calc.getByRole('button', { name: 'Compare couriers' }).click();
  const results = page.getByRole('region', { name: 'Courier rates' });
  await results.getByText('Zone D', { exact: true }).waitFor();
  const byPrice = await results.locator('.quote-price').allInnerTexts();
  assert.ok(byPrice.length > 5);
  await results.getByText('Cheapest').first().waitFor();
  await screenshot(page, 'shipping-rates-desktop');
  await results.getByLabel('Sort by').selectOption('speed');
  await results.getByText('Fastest').first().waitFor();

  // ship the first demo order with the cheapest courier (found by name: the demo's delivered COD
  // parcels are newer and fill the first page)
  await page.goto(`${stage.url}/orders?q=Kavya%20Reddy`);
  await page
    .getByRole('row', { name: /Kavya Reddy/ })
    .getByRole('link')
    .click();
  await page.getByRole('button', { name: 'Ship now' }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByRole('list', { name: 'Couriers' }).waitFor();
  const cheapest = dialog.locator('.quote').filter({ hasText: 'Cheapest' });
  await cheapest.getByRole('radio').check();
  await screenshot(page, 'shipping-ship-dialog-desktop');
  await dialog.getByRole('button', { name: 'Ship now' }).click();
  const shipped = await dialog.getByText(/Shipped with .*: AWB/).innerText();
  const awb = /AWB (\w+)/.exec(shipped)?.[1];
  assert.ok(awb, shipped);
  await dialog.getByRole('button', { name: 'Done' }).click();
  const panel = page.getByRole('region', { name: 'Shipment' }).or(page.locator('[aria-label="Shipment"]'));
  await panel.getByText(awb!).first().waitFor();

  const download = page.waitForEvent('download');
  await panel.getByRole('button', { name: 'Download label' }).click();
  const label = readPdf(readFileSync(await (await download).path()));
  assert.ok(label.barcodes.includes(awb!), `barcodes ${label.barcodes.join(', ')}`);

  // the courier reports: picked up, through the hubs, delivered (two courier days a second); a
  // loaded machine's worker may take its ticks late, so a minute is allowed
  const timeline = page.getByRole('list', { name: 'Tracking scans' });
  for (let i = 0; i < 60 && !(await timeline.getByText(/Delivered|Delivery Attempt Failed|RTO/).count()); i++) {
    await page.waitForTimeout(1000);
    await panel.getByRole('button', { name: 'Refresh tracking' }).click();
  }
  await timeline.getByText('Picked Up', { exact: true }).waitFor({ timeout: 30_000 });
  assert.ok((await timeline.locator('li').count()) >= 4);
  await screenshot(page, 'shipping-tracking-desktop');
  await context.close();
});

test('shipping reads well on a phone', async () => {
  const { page, context } = await newPage(stage.browser, VIEWPORTS.phone);
  await loginAs(page, stage.url, DEMO.seller2, '/orders');
  await page
    .getByText('Arjun Mehta')
    .first()
    .click()
    .catch(() => undefined);
  await page.goto(`${stage.url}/tools/rate-calculator`);
  await page.getByRole('heading', { name: 'Rate calculator' }).waitFor();
  await screenshot(page, 'shipping-rates-phone');
  await context.close();
});
