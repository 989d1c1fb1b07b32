import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { test } from 'node:test';
import type { Page } from 'playwright-core';
import { DEMO, loginAs, newPage, screenshot, VIEWPORTS, openFromSellerMenu, appStage } from './support';

// A seller creates an order by hand, finds it by phone, edits its weight, clones it and cancels
// the clone. The Pro demo seller has verified pickup addresses.

const stage = appStage();

const login = (page: Page) => loginAs(page, stage.url, DEMO.seller2);

test('a seller adds an order, finds it by phone, edits its weight, clones it and cancels the clone', async () => {
  const { page, context } = await newPage(stage.browser, VIEWPORTS.desktop);
  await login(page);
  await openFromSellerMenu(page, 'Orders', 'All orders');
  await page.waitForURL(/\/orders$/);
  await page.getByRole('link', { name: 'Add order' }).click();
  await page.getByRole('heading', { name: 'Add order' }).waitFor();
  const form = page.getByRole('form', { name: 'Add order' });
  await form.getByRole('button', { name: 'Add order' }).click();
  await form.getByText('Buyer name must be 2 to 60 characters').waitFor();

  await form.getByLabel('Buyer name').fill('Rohan Gupta');
  await form.getByLabel('Buyer phone').fill('98111 22334');
  await form.getByLabel('Address line 1', { exact: true }).fill('C-14, Vasant Vihar');
  await form.getByLabel('Pincode').fill('110057');
  await form.getByText('South West Delhi, Delhi').waitFor();
  await form.getByLabel('Payment').selectOption('COD');
  await form.getByLabel('Find a product in your catalogue').fill('vase');
  await form.getByRole('button', { name: 'Find' }).click();
  await form.getByRole('button', { name: 'Add Blue Pottery Vase' }).click();
  await form.getByLabel('Quantity').fill('2');
  await form.getByText('Total ₹2,900.00 · collect ₹2,900.00 on delivery').waitFor();
  await form.getByTestId('weights').filter({ hasText: 'Volumetric weight 1.35 kg · Charged weight 1.5 kg' }).waitFor();
  await form.getByLabel('Pickup address').selectOption({ index: 1 });
  await screenshot(page, 'orders-new-desktop');
  await form.getByRole('button', { name: 'Add order' }).click();
  await page.waitForURL(/\/orders\/\d+$/);
  await page.getByRole('heading', { name: /^Order ORD-\d{6}$/ }).waitFor();
  const number = ((await page.getByRole('heading', { name: /^Order ORD-/ }).textContent()) ?? '').replace('Order ', '');

  // found by the buyer's phone
  await openFromSellerMenu(page, 'Orders', 'All orders');
  await page.getByLabel('Search by order number, AWB, buyer phone or name').fill('9811122334');
  await page.getByRole('button', { name: 'Search' }).click();
  await page.getByRole('row', { name: new RegExp(number) }).waitFor();
  assert.match(page.url(), /q=9811122334/);
  await screenshot(page, 'orders-list-desktop');
  await page.getByRole('link', { name: number }).click();

  // weight edited
  await page.getByRole('button', { name: 'Edit weight' }).click();
  const weight = page.getByRole('dialog', { name: 'Edit weight and size' });
  await weight.getByLabel('Dead weight (kg)').fill('3.2');
  await weight.getByRole('button', { name: 'Save' }).click();
  await page.getByTestId('charged-weight').filter({ hasText: '3.5 kg' }).waitFor();
  await page.getByText(/Edited — Package 15×15×30 cm, 3.2 kg/).waitFor();

  // cloned, and the clone cancelled
  await page.getByRole('button', { name: 'Clone' }).click();
  await page.getByText(/created as a copy/).waitFor();
  await page
    .getByRole('heading', { name: /^Order ORD-/ })
    .filter({ hasNotText: number })
    .waitFor();
  await page.getByRole('button', { name: 'Cancel order' }).click();
  await page.getByRole('dialog', { name: 'Cancel this order?' }).getByRole('button', { name: 'Cancel order' }).click();
  await page.getByText('Ready To Ship → Cancelled').waitFor();
  assert.equal(await page.getByRole('button', { name: 'Cancel order' }).count(), 0);
  await screenshot(page, 'orders-cancelled-clone-desktop');
  await context.close();
});

test('the orders list reads well on a phone, with its filters in the URL', async () => {
  const { page, context } = await newPage(stage.browser, VIEWPORTS.phone);
  await login(page);
  await page.goto(`${stage.url}/orders?tab=cancelled&payment=COD`);
  await page.getByRole('button', { name: /Cancelled/, pressed: true }).waitFor();
  assert.equal(await page.getByLabel('Payment').inputValue(), 'COD');
  await screenshot(page, 'orders-phone');
  await context.close();
});

/** Cells quoted where CSV needs it. */
const csvRow = (cells: string[]) => cells.map((c) => (/[",\r\n]/.test(c) ? `"${c.replace(/"/g, '""')}"` : c)).join(',');

test('a seller uploads 500 orders from CSV, 10 of them bad, fixes the error file and uploads it again', async () => {
  const { page, context } = await newPage(stage.browser, VIEWPORTS.desktop);
  await login(page);
  await page.goto(`${stage.url}/orders`);
  await page.getByRole('link', { name: 'Bulk upload' }).click();
  await page.getByRole('heading', { name: 'Bulk upload orders' }).waitFor();
  const sampleDownload = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Download sample CSV' }).click();
  assert.equal((await sampleDownload).suggestedFilename(), 'dakiya-orders-sample.csv');
  const header = readFileSync(await (await sampleDownload).path(), 'utf8')
    .replace(/^\uFEFF/, '')
    .split('\r\n')[0]
    .split(',');

  // 500 one-line orders; every 50th from row 7 has a phone of 5 digits or a pincode that does not exist
  const pincodes = ['560038', '400050', '700017', '160017', '110057'];
  const rows = Array.from({ length: 500 }, (_, i) => {
    const bad = i % 50 === 5;
    const cell: Record<string, string> = {
      orderNumber: `BULK-${1000 + i}`,
      orderDate: '20-11-2026',
      paymentMethod: i % 3 === 0 ? 'PPD' : 'COD',
      buyerName: `Buyer ${i + 1}`,
      buyerPhone: bad && i % 100 === 5 ? '12345' : `98${String(10_000_000 + i).padStart(8, '0')}`,
      shippingLine1: `${i + 1}, Main Road`,
      shippingPincode: bad && i % 100 === 55 ? '999999' : pincodes[i % pincodes.length],
      sku: 'SOAP-NEEM',
      itemName: 'Neem Soap',
      quantity: String(1 + (i % 4)),
      unitPrice: '120',
      taxRatePercent: '18',
      lengthCm: '12',
      breadthCm: '8',
      heightCm: '5',
      deadWeightKg: '0.4',
    };
    return csvRow(header.map((h) => cell[h] ?? ''));
  });
  await page.getByLabel('Orders CSV file').setInputFiles({
    name: 'festive-orders.csv',
    mimeType: 'text/csv',
    buffer: Buffer.from([header.join(','), ...rows].join('\n')),
  });
  await page.getByText('490 orders created, 10 rows rejected').waitFor({ timeout: 30_000 });
  await screenshot(page, 'orders-upload-done-desktop');

  const errorDownload = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Download error CSV' }).click();
  const errorsCsv = readFileSync(await (await errorDownload).path(), 'utf8').replace(/^\uFEFF/, '');
  const lines = errorsCsv.trim().split('\r\n');
  assert.equal(lines.length, 11);
  assert.match(lines[0], /,errorRow,errorColumn,errorReason$/);
  assert.equal(lines.filter((l) => l.endsWith(',buyerPhone,Buyer phone: This phone number is invalid')).length, 5);
  assert.equal(lines.filter((l) => l.endsWith(',shippingPincode,Shipping pincode: unknown pincode 999999')).length, 5);

  // fixed in place, error columns left as they are
  const fixed = errorsCsv.replace(/,12345,/g, ',9876543210,').replace(/,999999,/g, ',560038,');
  await page
    .getByLabel('Orders CSV file')
    .setInputFiles({ name: 'festive-orders-fixed.csv', mimeType: 'text/csv', buffer: Buffer.from(fixed) });
  await page.getByText('10 orders created, 0 rows rejected').waitFor({ timeout: 30_000 });

  await page.getByRole('tab', { name: 'Batches' }).click();
  const fixedBatch = page.getByRole('row', { name: /festive-orders-fixed\.csv/ });
  await fixedBatch.waitFor();
  assert.match(await page.getByRole('row', { name: /festive-orders\.csv/ }).innerText(), /490/);
  await screenshot(page, 'orders-upload-batches-desktop');
  await fixedBatch.getByRole('link').click();
  await page.getByText(/Showing the orders of upload batch #\d+/).waitFor();
  await page.getByText('Page 1 of 1 · 10 orders').waitFor();
  await context.close();
});

/** The cells of a CSV line (quoted cells may hold commas and doubled quotes). */
const csvCells = (line: string) =>
  [...line.matchAll(/(?:^|,)("(?:[^"]|"")*"|[^,]*)/g)].map(([, c]) => c.replace(/^"|"$/g, '').replace(/""/g, '"'));

for (const [size, viewport] of Object.entries(VIEWPORTS))
  test(`the error file lists every problem of a bad row, under the sample's header (${viewport.width} px)`, async () => {
    const { page, context } = await newPage(stage.browser, viewport);
    const errors: string[] = [];
    page.on('console', (m) => void (m.type() === 'error' && errors.push(m.text())));
    await login(page);
    await page.goto(`${stage.url}/orders/upload`);
    await page.getByRole('heading', { name: 'Bulk upload orders' }).waitFor();
    const sampleDownload = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Download sample CSV' }).click();
    const header = readFileSync(await (await sampleDownload).path(), 'utf8')
      .replace(/^\uFEFF/, '')
      .split('\r\n')[0];
    const columns = header.split(',');
    const row = (cells: Record<string, string>) => csvRow(columns.map((h) => cells[h] ?? ''));
    const order = {
      orderDate: '20-11-2026',
      paymentMethod: 'COD',
      buyerName: 'Farida Khan',
      buyerPhone: '9812345678',
      shippingLine1: '4, Park Street',
      shippingPincode: '700017',
      sku: 'ATTAR-ROSE',
      itemName: 'Rose Attar 10 ml',
      quantity: '1',
      unitPrice: '650',
      taxRatePercent: '18',
      lengthCm: '10',
      breadthCm: '6',
      heightCm: '6',
      deadWeightKg: '0.2',
    };
    const tag = `${size.toUpperCase()}-${Date.now() % 100_000}`;
    const csv = [
      header,
      row({ ...order, orderNumber: `${tag}-OK` }),
      // three problems in one row: a payment method, a pincode we do not know and a short phone
      row({
        ...order,
        orderNumber: `${tag}-BAD`,
        paymentMethod: 'CARD',
        shippingPincode: '999999',
        buyerPhone: '12345',
      }),
    ].join('\n');
    await page
      .getByLabel('Orders CSV file')
      .setInputFiles({ name: `three-problems-${size}.csv`, mimeType: 'text/csv', buffer: Buffer.from(csv) });
    await page.getByText('1 order created, 1 row rejected').waitFor({ timeout: 30_000 });
    await screenshot(page, `orders-upload-row-problems-${size}`);
    assert.equal(
      await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth),
      true,
      'no sideways scrolling',
    );

    const errorDownload = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Download error CSV' }).click();
    const [errorHeader, bad, ...rest] = readFileSync(await (await errorDownload).path(), 'utf8')
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\r\n');
    assert.equal(errorHeader, `${header},errorRow,errorColumn,errorReason`);
    assert.deepEqual(rest, []);
    const cells = csvCells(bad);
    assert.equal(cells[columns.indexOf('orderNumber')], `${tag}-BAD`);
    assert.deepEqual(cells.slice(-3), [
      '3',
      'paymentMethod, shippingPincode, buyerPhone',
      'Payment method must be PPD (prepaid) or COD; Shipping pincode: unknown pincode 999999; Buyer phone: This phone number is invalid',
    ]);

    // survives a reload: the upload is in the history with its rejected row
    await page.reload();
    await page
      .getByRole('row', { name: new RegExp(`three-problems-${size}`) })
      .getByRole('button', { name: /Error CSV/ })
      .waitFor();
    assert.deepEqual(errors, []);
    await context.close();
  });

test('bulk upload reads well on a phone', async () => {
  const { page, context } = await newPage(stage.browser, VIEWPORTS.phone);
  await login(page);
  await page.goto(`${stage.url}/orders/upload`);
  await page.getByRole('heading', { name: 'Bulk upload orders' }).waitFor();
  await page
    .getByRole('row', { name: /festive-orders/ })
    .first()
    .waitFor();
  await screenshot(page, 'orders-upload-phone');
  await context.close();
});
