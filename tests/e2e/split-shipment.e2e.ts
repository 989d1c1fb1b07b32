import { pathOf } from '../../src/domain/operation';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { test } from 'node:test';
import type { Page } from 'playwright-core';
import type { Paged } from '../../src/domain/paging';
import { API_ORDERS, type OrderDetail } from '../../src/domain/orders-contract';
import { API_SETUP, type PickupAddressRow } from '../../src/domain/setup-contract';
import { API_SPLIT, type OrderPackages } from '../../src/domain/split-contract';
import { readPdf } from '../server/pdf-reader';
import {
  apiCaller,
  apiToken,
  checkAccessibility,
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

// Split shipments: on Pro the order page offers no split; on Premium the seller splits an order
// of two items into two packages, ships both, downloads both labels ("1 of 2", "2 of 2"), and
// the buyer's tracking page shows both packages, at 1280 and 375 px. Both packages are insured and
// protected against a late delivery in the ship dialog (the first at 1280 px, the second at 375 px).

const stage = appStage();

async function twoItemOrder(call: ReturnType<typeof apiCaller>): Promise<OrderDetail> {
  const addresses = await call<Paged<PickupAddressRow>>(API_SETUP.addresses.path);
  const pickup = addresses.items.find((a) => a.verified) ?? addresses.items[0];
  return call<OrderDetail>(API_ORDERS.orders.path, {
    method: 'POST',
    json: {
      orderDate: '2026-11-20',
      paymentMethod: 'COD',
      buyerName: 'Ritika Sen',
      buyerPhone: '9988771122',
      shipping: { line1: '12, 4th Cross, Indiranagar', pincode: '560038' },
      items: [
        { name: 'Blue Pottery Vase', sku: 'BPV-12', quantity: 1, unitPrice: 1500, taxRatePercent: 12 },
        { name: 'Block Print Cushion', sku: 'BPC-02', quantity: 2, unitPrice: 500, taxRatePercent: 5 },
      ],
      lengthCm: 30,
      breadthCm: 20,
      heightCm: 15,
      deadWeightKg: 1.8,
      pickupAddressId: pickup.addressId,
    },
  });
}

/** Ships a package from the order page; with `cover`, insured for its share of the order and protected, shown as `cover`. */
async function shipPackageFromPage(page: Page, no: number, cover?: string) {
  await page.getByRole('button', { name: `Ship package ${no}` }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByRole('list', { name: 'Couriers' }).waitFor();
  await dialog.locator('.quote').filter({ hasText: 'Cheapest' }).getByRole('radio').check();
  if (cover) {
    const group = dialog.getByRole('group', { name: 'Insurance and delay protection' });
    await group.getByRole('checkbox', { name: /Insure this shipment for ₹[\d,]+\.\d{2}: ₹/ }).check();
    await group.getByRole('checkbox', { name: /Delay protection: ₹/ }).check();
    await group.getByText(/Insurance premium ₹[\d.]+ · Delay protection ₹[\d.]+ · You pay/).waitFor();
    assert.ok(await fitsWidth(page), `${cover} scrolls sideways`);
    await screenshot(page, cover);
    await checkAccessibility(page, cover);
  }
  await dialog.getByRole('button', { name: 'Ship now' }).click();
  await dialog.getByText(/Shipped with .*: AWB/).waitFor();
  await dialog.getByRole('button', { name: 'Done' }).click();
  await dialog.waitFor({ state: 'detached' });
}

test('a Premium seller splits an order in two, ships both packages, and the buyer sees both', async () => {
  const call = apiCaller(stage.url, await apiToken(stage.url, DEMO.seller2));
  const order = await twoItemOrder(call);
  const { page } = await newPage(stage.browser, VIEWPORTS.desktop);
  const errors = watchErrors(page);

  // Pro: no split on the order page
  await loginAs(page, stage.url, DEMO.seller2, `/orders/${order.orderId}`);
  await page.getByRole('heading', { name: `Order ${order.orderNumber}` }).waitFor();
  await page.getByRole('button', { name: 'Ship now' }).waitFor();
  assert.equal(await page.getByRole('button', { name: 'Split shipment' }).count(), 0);

  // Premium (paid from the wallet): the split opens
  await meeraOnPremium(stage.url, 'split-e2e');
  // signed in again on the new plan (the signed-in login page would go straight home)
  await page.context().clearCookies();
  await page.evaluate(() => {
    localStorage.clear();
    sessionStorage.clear();
  });
  await loginAs(page, stage.url, DEMO.seller2, `/orders/${order.orderId}`);
  await page.getByRole('button', { name: 'Split shipment' }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByRole('group', { name: 'Package 1 of 2' }).waitFor();
  // one cushion too many in the first package: the dialog says so before anything is saved
  await dialog.getByRole('group', { name: 'Package 1 of 2' }).getByLabel('Block Print Cushion (of 2)').fill('1');
  await dialog.getByRole('button', { name: 'Save packages' }).click();
  await dialog.getByText('Block Print Cushion: 3 packed but the order has 2').waitFor();
  await dialog.getByRole('group', { name: 'Package 1 of 2' }).getByLabel('Block Print Cushion (of 2)').fill('0');
  await screenshot(page, 'split-dialog-desktop');
  await checkAccessibility(page, 'split-dialog');
  await dialog.getByRole('button', { name: 'Save packages' }).click();
  await dialog.waitFor({ state: 'detached' });

  const packages = page.getByRole('table', { name: 'Packages, each its own shipment' });
  await packages.getByRole('cell', { name: '1 × Blue Pottery Vase' }).waitFor();
  // split, the order ships package by package: its own Ship now goes once the page reads it again
  await page.getByRole('button', { name: 'Ship now' }).waitFor({ state: 'detached' });
  // the first package insured for its share of the order's value and protected against a late delivery
  await shipPackageFromPage(page, 1, 'split-ship-cover-desktop');
  await page.getByText('Partially Shipped').first().waitFor();
  await page.getByText(/Package 1 of 2 shipped with .*; insured for ₹[\d,.]+ \(₹[\d.]+\), delay protection/).waitFor();
  // the second from a phone, covered as well
  const phone = await newPage(stage.browser, VIEWPORTS.phone);
  const phoneErrors = watchErrors(phone.page);
  await loginAs(phone.page, stage.url, DEMO.seller2, `/orders/${order.orderId}`);
  await shipPackageFromPage(phone.page, 2, 'split-ship-cover-mobile');
  assert.deepEqual(phoneErrors, []);
  await phone.context.close();
  await page.reload();
  await page.getByRole('button', { name: 'Download label 2' }).waitFor();

  const split = await call<OrderPackages>(pathOf(API_SPLIT.packages, { orderId: order.orderId }));
  assert.deepEqual(
    split.packages.map((p) => p.status),
    ['PKP_SCH', 'PKP_SCH'],
  );
  for (const p of split.packages) {
    const download = page.waitForEvent('download');
    await page.getByRole('button', { name: `Download label ${p.packageNo}` }).click();
    const label = readPdf(readFileSync(await (await download).path()));
    assert.ok(label.text.includes(`Package ${p.packageNo} of 2`), label.text);
    assert.ok(label.barcodes.includes(p.awb!), `barcodes ${label.barcodes.join(', ')}`);
  }
  await screenshot(page, 'split-order-desktop');
  assert.ok(await fitsWidth(page));

  // the buyer's page, opened from either package's number, shows both
  const track = await newPage(stage.browser, VIEWPORTS.desktop);
  await track.page.goto(`${stage.url}/tracking/${split.packages[1].awb}?loading=0`);
  const section = track.page.getByRole('region', { name: 'Your order comes in 2 packages' });
  await section.getByRole('article', { name: 'Package 1 of 2' }).waitFor();
  await section.getByRole('article', { name: 'Package 2 of 2' }).getByText(split.packages[1].awb!).waitFor();
  await screenshot(track.page, 'split-tracking-desktop');
  assert.ok(await fitsWidth(track.page));

  // 375 px: the order page and the tracking page fit, and survive a reload
  for (const [url, name, shows] of [
    [`${stage.url}/orders/${order.orderId}`, 'split-order-mobile', 'Download label 2'],
    [`${stage.url}/tracking/${split.packages[0].awb}?loading=0`, 'split-tracking-mobile', 'Package 2 of 2'],
  ] as const) {
    const mobile = await newPage(stage.browser, VIEWPORTS.phone);
    if (url.includes('/orders/')) await loginAs(mobile.page, stage.url, DEMO.seller2);
    await mobile.page.goto(url);
    await mobile.page.reload();
    await mobile.page.getByText(shows).first().waitFor();
    await screenshot(mobile.page, name);
    assert.ok(await fitsWidth(mobile.page), `${name} scrolls sideways`);
  }
  assert.deepEqual(errors, []);
});
