import { pathOf } from '../../src/domain/operation';
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { API_ORDERS, type OrderDetail } from '../../src/domain/orders-contract';
import { API_SETUP } from '../../src/domain/setup-contract';
import { API_SHIPPING, type RateAnswer } from '../../src/domain/shipping-contract';
import { API_TEAM } from '../../src/domain/team-contract';
import { API_WALLET } from '../../src/domain/wallet-contract';
import { platformDefaultRanking } from '../../src/domain/shipping/carrier-ranking';
import {
  apiCaller,
  apiToken,
  DEMO,
  fitsWidth,
  loginAs,
  newPage,
  screenshot,
  VIEWPORTS,
  watchErrors,
  appStage,
} from './support';

// The Pro demo seller's auto-ship follows their courier priority list ahead of the platform's
// ranking; then, on Premium, the ship dialog starts on the recommended courier and says why
// (from the demo's past shipments), at 1280 and 375 px.

let call: ReturnType<typeof apiCaller>;
let pickupId = 0;

const newOrder = async () =>
  call<OrderDetail>(API_ORDERS.orders.path, {
    method: 'POST',
    json: {
      orderDate: new Date().toISOString().slice(0, 10),
      paymentMethod: 'PPD',
      buyerName: 'Kavya Reddy',
      buyerPhone: '9988776655',
      shipping: { line1: '12, 4th Cross, Indiranagar', pincode: '560038' },
      items: [{ name: 'Blue Pottery Vase', sku: 'BPV-12', quantity: 1, unitPrice: 1450, taxRatePercent: 12 }],
      lengthCm: 20,
      breadthCm: 20,
      heightCm: 30,
      deadWeightKg: 1.2,
      pickupAddressId: pickupId,
    },
  });

const stage = appStage({}, async ({ url }) => {
  const staff = apiCaller(url, await apiToken(url, DEMO.staff));
  call = apiCaller(url, await apiToken(url, DEMO.seller2));
  const me = await call<{ oid: number }>('/api/v1/account/details');
  await staff(pathOf(API_WALLET.adjust, { orgId: me.oid }), {
    method: 'POST',
    json: { direction: 'CREDIT', amount: 20000, reason: 'Recommendation float', idempotencyKey: 'reco-e2e-float' },
  });
  const addresses = await call<{ items: { addressId: number; verified: boolean }[] }>(API_SETUP.addresses.path);
  pickupId = addresses.items.find((a) => a.verified)!.addressId;
});

const viewports = [
  ['desktop', VIEWPORTS.desktop],
  ['phone', VIEWPORTS.phone],
] as const;

for (const [name, viewport] of viewports)
  test(`a Pro seller's auto-ship follows their priority list (${name})`, async () => {
    const order = await newOrder();
    const { quotes } = await call<RateAnswer>(pathOf(API_SHIPPING.courierQuotes, { orderId: order.orderId }));
    const platform = platformDefaultRanking(quotes);
    const mine = platform[platform.length - 1];
    await call(API_SHIPPING.preferences.path, {
      method: 'PUT',
      json: { autoShipRule: 'PRIORITY', carrierPriority: [mine.carrierCode] },
    });
    const { page, context } = await newPage(stage.browser, viewport);
    const errors = watchErrors(page);
    await loginAs(page, stage.url, DEMO.seller2, '/tools/courier-preferences');
    await page.getByText('Auto-ship tries your couriers in this order first').waitFor();
    await page.reload();
    await page.getByText('Auto-ship tries your couriers in this order first').waitFor();
    await screenshot(page, `reco-priority-preferences-${name}`);
    assert.ok(await fitsWidth(page));
    await page.goto(`${stage.url}/orders?q=${order.orderNumber}`);
    await page.getByRole('checkbox', { name: `Select ${order.orderNumber}` }).check();
    await page.getByRole('region', { name: 'Bulk actions' }).getByRole('button', { name: 'Ship' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByRole('button', { name: 'Ship 1' }).click();
    await dialog.getByText(`Shipped: ${mine.carrierName}`).waitFor();
    assert.notEqual(mine.carrierCode, platform[0].carrierCode);
    await screenshot(page, `reco-priority-auto-ship-${name}`);
    assert.ok(await fitsWidth(page));
    assert.deepEqual(errors, []);
    await context.close();
  });

test('the seller moves to Premium', async () => {
  await call(API_TEAM.upgrade.path, {
    method: 'PUT',
    json: { plan: 'PREMIUM', billingFrequency: 'MONTHLY', requestKey: 'reco-e2e-upgrade' },
  });
});

for (const [name, viewport] of viewports)
  test(`a Premium seller's ship dialog starts on the recommended courier and says why (${name})`, async () => {
    const order = await newOrder();
    const { page, context } = await newPage(stage.browser, viewport);
    const errors = watchErrors(page);
    await loginAs(page, stage.url, DEMO.seller2, `/orders/${order.orderId}`);
    await page.getByRole('button', { name: 'Ship now' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByRole('list', { name: 'Couriers' }).waitFor();
    const reason = await dialog.getByText(/Recommended: /).innerText();
    assert.match(reason, /\d+% delivered to 560038 in \d+\.\d days over \d+ shipments/);
    const recommended = dialog.locator('.quote').filter({ hasText: 'Recommended' });
    assert.equal(await recommended.count(), 1);
    assert.ok(await recommended.getByRole('radio').isChecked());
    await screenshot(page, `reco-ship-dialog-${name}`);
    assert.ok(await fitsWidth(page));
    await page.reload();
    await page.getByRole('button', { name: 'Ship now' }).click();
    await page
      .getByRole('dialog')
      .getByText(/Recommended: /)
      .waitFor();
    // the settings section: the rule and floor, saved
    await page.goto(`${stage.url}/tools/courier-preferences`);
    await page.getByLabel('Recommendation rule').selectOption('FASTEST');
    await page.getByLabel('Delivered % floor').fill('85');
    await page.getByRole('button', { name: 'Save recommendation settings' }).click();
    await page.getByText('Recommendation settings saved').waitFor();
    await screenshot(page, `reco-settings-${name}`);
    assert.ok(await fitsWidth(page));
    assert.deepEqual(errors, []);
    await context.close();
  });
