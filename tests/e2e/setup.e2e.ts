import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { test } from 'node:test';
import type { Page } from 'playwright-core';
import { DEMO, latestCode, loginAs, newPage, openFromSellerMenu, screenshot, VIEWPORTS, appStage } from './support';

// The Setup area as a seller uses it: a pickup address verified by OTP, a package type, two
// products by hand, then a products CSV with bad rows and the error file downloaded.

const stage = appStage();

const login = (page: Page) => loginAs(page, stage.url, DEMO.seller);

test('a seller sets up a verified pickup address, a package type, two products and a CSV upload with errors', async () => {
  const { page, context } = await newPage(stage.browser, VIEWPORTS.desktop);
  await login(page);
  await openFromSellerMenu(page, 'Setup', 'Setup overview');
  await page.waitForURL(/\/setup$/);
  await page.getByRole('heading', { name: 'Setup', exact: true }).waitFor();
  await screenshot(page, 'setup-hub-desktop');

  // a pickup address, its city from the pincode, then its phone verified by OTP
  await page.getByRole('link', { name: /Pickup addresses/ }).click();
  await page.getByRole('cell', { name: 'No results found' }).waitFor();
  await page.getByRole('button', { name: 'Add pickup address' }).click();
  const dialog = page.getByRole('dialog', { name: 'Add pickup address' });
  await dialog.getByLabel('Name at this address').fill('Aarav Traders Peenya');
  await dialog.getByLabel('Phone number').fill('98450 12345');
  await dialog.getByLabel('Email').fill('pickup@aaravtraders.in');
  await dialog.getByLabel('Pincode').fill('560058');
  await dialog.getByText('Bengaluru, Karnataka').waitFor();
  await dialog.getByLabel('Address line 1').fill('Plot 14, 2nd Phase, Peenya Industrial Area');
  await screenshot(page, 'setup-address-form-desktop');
  await dialog.getByRole('button', { name: 'Save address' }).click();
  const verify = page.getByRole('dialog', { name: 'Verify pickup phone' });
  await verify.getByText('OTP sent to your Phone Number').waitFor();
  await verify.getByRole('button', { name: /Resend OTP in 0:5\d|Resend OTP in 1:00/ }).waitFor();
  const { code } = await latestCode(stage.url, '9845012345');
  await verify.getByLabel('Verification code').first().click();
  await page.keyboard.type(code);
  await screenshot(page, 'setup-address-otp-desktop');
  await verify.getByRole('button', { name: 'Verify', exact: true }).click();
  await verify.waitFor({ state: 'detached' });
  const row = page.getByRole('row', { name: /Aarav Traders Peenya/ });
  await row.getByText('Verified').waitFor();
  await row.getByText('Primary').waitFor();
  await screenshot(page, 'setup-addresses-desktop');

  // a package type, with its volumetric weight shown as it is typed
  await page.goto(`${stage.url}/setup/package-types`);
  await page.getByRole('button', { name: 'Add package type' }).click();
  const pkg = page.getByRole('dialog', { name: 'Add package type' });
  await pkg.getByLabel('Package name').fill('Shoe box');
  await pkg.getByLabel('Length (cm)').fill('34');
  await pkg.getByLabel('Breadth (cm)').fill('22');
  await pkg.getByLabel('Height (cm)').fill('13');
  await pkg.getByText('Volumetric weight: 1.945 kg').waitFor();
  await pkg.getByRole('button', { name: 'Save package type' }).click();
  await page
    .getByRole('row', { name: /Shoe box/ })
    .getByText('1.945')
    .waitFor();

  // two products by hand; the first form is sent incomplete once
  await page.goto(`${stage.url}/setup/products`);
  for (const p of [
    { name: 'Leather Mojari, size 8', sku: 'MOJ-LTH-8', price: '1299', weight: '0.7', hsn: '6403', gst: '12%' },
    { name: 'Leather Mojari, size 9', sku: 'MOJ-LTH-9', price: '1299', weight: '0.75', hsn: '6403', gst: '12%' },
  ]) {
    await page.getByRole('button', { name: 'Add product' }).click();
    const form = page.getByRole('dialog', { name: 'Add product' });
    await form.getByLabel('Product name').fill(p.name);
    await form.getByLabel('Master SKU').fill(p.sku);
    if (p.sku.endsWith('8')) {
      await form.getByRole('button', { name: 'Save product' }).click();
      await form.getByText('Price is required').waitFor();
    }
    await form.getByLabel('Category').selectOption({ label: 'Footwear' });
    await form.getByLabel('Price').fill(p.price);
    await form.getByLabel('HSN code (optional)').fill(p.hsn);
    await form.getByLabel('GST rate').selectOption({ label: p.gst });
    await form.getByLabel('Weight per unit (kg)').fill(p.weight);
    await form.getByLabel('Length (cm)').fill('32');
    await form.getByLabel('Breadth (cm)').fill('20');
    await form.getByLabel('Height (cm)').fill('12');
    await form.getByLabel('Manage inventory for this product').check();
    await form.getByLabel('Available inventory').fill('25');
    await form.getByLabel('Stock alert at').fill('5');
    if (p.sku.endsWith('8')) await screenshot(page, 'setup-product-form-desktop');
    await form.getByRole('button', { name: 'Save product' }).click();
    await form.waitFor({ state: 'detached' });
  }
  await page.getByLabel('Search by name, SKU or HSN code').fill('mojari');
  await page.getByRole('button', { name: 'Search' }).click();
  await page.getByRole('row', { name: /MOJ-LTH-9/ }).waitFor();
  assert.equal(await page.getByRole('row', { name: /MOJ-LTH/ }).count(), 2);
  await screenshot(page, 'setup-products-desktop');

  // a CSV with two bad rows among good ones
  await page.getByRole('link', { name: 'Bulk upload' }).click();
  await page.getByRole('heading', { name: 'Bulk upload products' }).waitFor();
  const sampleDownload = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Download sample CSV' }).click();
  const sample = readFileSync(await (await sampleDownload).path(), 'utf8').replace(/^\uFEFF/, '');
  const header = sample.split('\r\n')[0];
  const csv = [
    header,
    'Kolhapuri Chappal,KOL-01,Footwear,899,yes,40,5,0.5,30,12,5,6403,12',
    'No price here,KOL-02,Footwear,,no,,,0.5,30,12,5,6403,12',
    'Kolhapuri Chappal Brown,KOL-03,Footwear,949,no,,,0.5,30,12,5,6403,12',
    'Same SKU again,MOJ-LTH-8,Footwear,100,no,,,0.5,30,12,5,6403,12',
  ].join('\n');
  await page
    .getByLabel('Products CSV file')
    .setInputFiles({ name: 'chappals.csv', mimeType: 'text/csv', buffer: Buffer.from(csv) });
  await page.getByText('2 rows created, 2 rows rejected').waitFor();
  await screenshot(page, 'setup-upload-done-desktop');
  const errorDownload = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Download error CSV' }).click();
  const errorsCsv = readFileSync(await (await errorDownload).path(), 'utf8');
  assert.match(errorsCsv, /errorRow,errorColumn,errorReason/);
  assert.match(errorsCsv, /No price here,KOL-02.*,3,price,Price is required/);
  assert.match(errorsCsv, /Same SKU again,MOJ-LTH-8.*,5,sku,SKU MOJ-LTH-8 already exists/);
  await page
    .getByRole('row', { name: /chappals\.csv/ })
    .getByText('Finished', { exact: true })
    .waitFor();
  await context.close();
});

test('the Setup lists read well on a phone', async () => {
  const { page, context } = await newPage(stage.browser, VIEWPORTS.phone);
  await login(page);
  for (const [path, heading] of [
    ['/setup', 'Setup'],
    ['/setup/products', 'Products'],
    ['/setup/customers', 'Customers'],
    ['/setup/warehouses', 'Warehouses'],
  ] as const) {
    await page.goto(`${stage.url}${path}`);
    await page.getByRole('heading', { name: heading, exact: true }).waitFor();
    await screenshot(page, `setup${path.replace('/setup', '').replace(/\//g, '-') || '-hub'}-phone`);
  }
  // the demo buyers and an export of them
  await page.goto(`${stage.url}/setup/customers`);
  await page.getByRole('cell', { name: 'Kavya Reddy' }).waitFor();
  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Export CSV of customers' }).click();
  assert.equal((await download).suggestedFilename(), 'customers.csv');
  assert.match(readFileSync(await (await download).path(), 'utf8'), /Kavya Reddy,9988776655/);
  await context.close();
});

test('after an edit the pickup address table still shows the address name at 1280 and 375 px', async () => {
  for (const [label, viewport] of [
    ['desktop', VIEWPORTS.desktop],
    ['phone', VIEWPORTS.phone],
  ] as const) {
    const { page, context } = await newPage(stage.browser, viewport);
    await loginAs(page, stage.url, DEMO.seller2, '/setup/pickup-addresses');
    // the Name column's cell (on a phone its accessible name also carries the column's label)
    const name = page
      .getByRole('row', { name: /Meera Crafts Johari Bazaar/ })
      .getByRole('cell')
      .first();
    await name.waitFor();
    await page.getByRole('button', { name: 'Edit Meera Crafts Johari Bazaar' }).click();
    const dialog = page.getByRole('dialog', { name: 'Edit pickup address' });
    await dialog.getByLabel('Address line 2 (optional)').fill(`Pink City, near Hawa Mahal (${label})`);
    await dialog.getByRole('button', { name: 'Save address' }).click();
    await dialog.waitFor({ state: 'detached' });
    await page.getByText('Pickup address saved').waitFor();
    await page.getByRole('cell', { name: new RegExp(`near Hawa Mahal \\(${label}\\)`) }).waitFor();
    // focus went back to the row's Edit button: the table must not have scrolled the name out of view
    const view = await name.evaluate((cell) => {
      const wrap = cell.closest('.table-wrap') as HTMLElement;
      const c = cell.getBoundingClientRect();
      const w = wrap.getBoundingClientRect();
      return {
        scrollLeft: wrap.scrollLeft,
        cellLeft: c.left,
        cellRight: c.right,
        wrapLeft: w.left,
        wrapRight: w.right,
        pageWide: document.documentElement.scrollWidth > window.innerWidth,
      };
    });
    assert.equal(view.scrollLeft, 0, `${label}: the table scrolled sideways by ${view.scrollLeft} px`);
    assert.ok(
      view.cellLeft >= view.wrapLeft - 1 && view.cellRight <= view.wrapRight + 1,
      `${label}: the name cell (${view.cellLeft}–${view.cellRight}) is outside the table's view (${view.wrapLeft}–${view.wrapRight})`,
    );
    assert.equal(view.pageWide, false, `${label}: the page scrolls sideways`);
    await screenshot(page, `setup-address-edited-${label}`);
    await context.close();
  }
});
