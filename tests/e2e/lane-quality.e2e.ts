import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { test } from 'node:test';
import { API_ORDERS, type OrderDetail } from '../../src/domain/orders-contract';
import { API_SETUP } from '../../src/domain/setup-contract';
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

// Courier quality in the browser, at 1280 and 375 px: the lane figures under each courier in the
// ship dialog and the rate calculator (delivered, RTO and NDR shares, days, in-time pickups, the
// parcels behind them), and the pincode performance page (grouping, sort, filters in the URL, CSV);
// each survives a reload.

let call: ReturnType<typeof apiCaller>;
let pickupId = 0;
let origin = '';

const FIGURES = /\d+ % delivered.*\d+ % RTO.*\d+ % NDR/;
const BASIS = /[\d,]+ parcels, (pincode to pincode|district to district|this zone), last 90 days/;

const stage = appStage({}, async ({ url }) => {
  call = apiCaller(url, await apiToken(url, DEMO.seller2));
  const addresses = await call<{ items: { addressId: number; verified: boolean; pincode: string }[] }>(
    API_SETUP.addresses.path,
  );
  const pickup = addresses.items.find((a) => a.verified)!;
  pickupId = pickup.addressId;
  origin = pickup.pincode;
});

const viewports = [
  ['desktop', VIEWPORTS.desktop],
  ['phone', VIEWPORTS.phone],
] as const;

for (const [name, viewport] of viewports) {
  test(`each courier's lane figures show in the ship dialog and the rate calculator (${name})`, async () => {
    const order = await call<OrderDetail>(API_ORDERS.orders.path, {
      method: 'POST',
      json: {
        orderDate: new Date().toISOString().slice(0, 10),
        paymentMethod: 'PPD',
        buyerName: 'Asha Nair',
        buyerPhone: '9876501234',
        shipping: { line1: '12, 4th Cross, Indiranagar', pincode: '560038' },
        items: [{ name: 'Brass lamp', sku: 'BL-1', quantity: 1, unitPrice: 900, taxRatePercent: 12 }],
        lengthCm: 20,
        breadthCm: 20,
        heightCm: 30,
        deadWeightKg: 1.2,
        pickupAddressId: pickupId,
      },
    });
    const { page, context } = await newPage(stage.browser, viewport);
    const errors = watchErrors(page);
    await loginAs(page, stage.url, DEMO.seller2);

    const dialogFigures = async () => {
      await page.getByRole('button', { name: 'Ship now' }).click();
      const dialog = page.getByRole('dialog');
      const quality = dialog.getByRole('list', { name: 'Couriers' }).getByTestId('courier-quality');
      await quality.first().waitFor();
      return quality.allTextContents();
    };
    await page.goto(`${stage.url}/orders/${order.orderId}`);
    const shown = await dialogFigures();
    assert.ok(shown.length > 3);
    const withFigures = shown.filter((t) => FIGURES.test(t));
    assert.ok(withFigures.length > 0, `no courier with figures: ${shown.join(' | ')}`);
    for (const t of withFigures) assert.match(t, BASIS);
    for (const t of shown) assert.ok(FIGURES.test(t) || t.startsWith('Too few parcels'), t);
    await screenshot(page, `lane-quality-ship-${name}`);
    assert.ok(await fitsWidth(page));
    await checkAccessibility(page, `lane-quality-ship-${name}`);
    await page.reload();
    assert.deepEqual(await dialogFigures(), shown);
    await page.keyboard.press('Escape');

    // the rate calculator: the same lane, the same figures
    await page.goto(`${stage.url}/tools/rate-calculator`);
    await page.getByLabel('Pickup pincode').fill(origin);
    await page.getByLabel('Delivery pincode').fill('560038');
    await page.getByLabel('Dead weight (kg)').fill('0.5');
    await page.getByRole('button', { name: 'Compare couriers' }).click();
    const rates = page.getByRole('region', { name: 'Courier rates' }).getByTestId('courier-quality');
    await rates.first().waitFor();
    const calculator = await rates.allTextContents();
    assert.ok(calculator.some((t) => FIGURES.test(t) && BASIS.test(t)));
    await screenshot(page, `lane-quality-rates-${name}`);
    assert.ok(await fitsWidth(page));
    await checkAccessibility(page, `lane-quality-rates-${name}`);
    assert.deepEqual(errors, []);
    await context.close();
  });

  test(`the pincode performance page groups, sorts, filters and exports the seller's shipments (${name})`, async () => {
    const { page, context } = await newPage(stage.browser, viewport);
    const errors = watchErrors(page);
    await loginAs(page, stage.url, DEMO.seller2);
    if (name === 'desktop') {
      const nav = page.getByRole('navigation', { name: 'Main' });
      await nav.getByRole('button', { name: 'Reports' }).click();
      await nav.getByRole('link', { name: 'Pincode performance', exact: true }).click();
    } else {
      await page.getByRole('button', { name: 'Open menu' }).click();
      await page.getByRole('dialog', { name: 'Menu' }).getByRole('link', { name: 'Pincode performance' }).click();
    }
    await page.waitForURL(/\/reports\/pincodes$/);
    await page.getByRole('heading', { name: 'Pincode performance', level: 1 }).waitFor();
    await page.getByText('Shipments booked in the last 90 days.').waitFor();
    const table = page.getByRole('table', { name: 'Pincode performance' });
    // the table's one row reads 'Loading' until the shipments arrive
    await table.getByRole('row').nth(1).filter({ hasText: /\d{6}/ }).waitFor();
    const first = await table.getByRole('row').nth(1).textContent();
    assert.match(first ?? '', /\d{6}/);
    assert.match(first ?? '', /\d+ %/);
    await screenshot(page, `pincode-performance-${name}`);
    assert.ok(await fitsWidth(page));
    await checkAccessibility(page, `pincode-performance-${name}`);

    // by state, worst RTO first: kept in the URL through a reload
    await page.getByLabel('Group by').selectOption('STATE');
    await page.waitForURL(/group=STATE/);
    await table.getByRole('columnheader', { name: /^State/ }).waitFor();
    if (name === 'desktop') {
      await table.getByRole('button', { name: /^RTO/ }).click();
      await table.getByRole('button', { name: /^RTO/ }).click();
    } else await page.getByLabel('Sort by').selectOption('rtoPct:DESC');
    await page.waitForURL(/sort=rtoPct%3ADESC|sort=rtoPct:DESC/);
    const rto = async () =>
      (await table.locator('tbody tr').allTextContents()).map((t) => Number(/(\d+) %\D+(\d+) %/.exec(t)?.[2]));
    await table.locator('tbody tr').first().waitFor();
    const before = await rto();
    assert.deepEqual(
      before,
      [...before].sort((a, b) => b - a),
    );
    await page.reload();
    await table.getByRole('columnheader', { name: /^State/ }).waitFor();
    await table.locator('tbody tr').first().waitFor();
    assert.deepEqual(await rto(), before);
    assert.equal(await page.getByLabel('Group by').inputValue(), 'STATE');

    // the export is the filtered list
    const download = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Export CSV of rows' }).click();
    const csv = readFileSync(await (await download).path(), 'utf8')
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\r\n');
    assert.match(csv[0], /^State,Courier,Shipments,Delivered,RTO,NDR/);
    const pager = await page.getByRole('navigation', { name: 'Pincode performance pages' }).textContent();
    assert.equal(csv.length - 1, Number(/([\d,]+) rows?/.exec(pager ?? '')![1].replace(/,/g, '')));
    await screenshot(page, `pincode-performance-states-${name}`);
    assert.ok(await fitsWidth(page));
    await checkAccessibility(page, `pincode-performance-states-${name}`);
    assert.deepEqual(errors, []);
    await context.close();
  });
}
