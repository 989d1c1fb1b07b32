import assert from 'node:assert/strict';
import { test } from 'node:test';
import { API_ORDERS, type OrderDetail } from '../../src/domain/orders-contract';
import { API_SETUP } from '../../src/domain/setup-contract';
import { riskLabel } from '../../src/domain/risk/bands';
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

// RTO risk in the browser, at 1280 and 375 px: a risky COD order's badge in the order list and its
// band filter, the order page's RTO risk card with what weighs most, and the badge in the ship
// dialog; each survives a reload.

let call: ReturnType<typeof apiCaller>;
let pickupId = 0;

const newOrder = (over: Record<string, unknown>) =>
  call<OrderDetail>(API_ORDERS.orders.path, {
    method: 'POST',
    json: {
      orderDate: new Date().toISOString().slice(0, 10),
      paymentMethod: 'COD',
      buyerName: 'Ravi Verma',
      buyerPhone: '9876501234',
      shipping: { line1: 'Near tank', pincode: '560038' },
      items: [{ name: 'Brass lamp', sku: 'BL-1', quantity: 1, unitPrice: 4800, taxRatePercent: 12 }],
      lengthCm: 20,
      breadthCm: 20,
      heightCm: 30,
      deadWeightKg: 1.2,
      pickupAddressId: pickupId,
      ...over,
    },
  });

const stage = appStage({}, async ({ url }) => {
  call = apiCaller(url, await apiToken(url, DEMO.seller2));
  const addresses = await call<{ items: { addressId: number; verified: boolean }[] }>(API_SETUP.addresses.path);
  pickupId = addresses.items.find((a) => a.verified)!.addressId;
});

const viewports = [
  ['desktop', VIEWPORTS.desktop],
  ['phone', VIEWPORTS.phone],
] as const;

for (const [name, viewport] of viewports)
  test(`a risky COD order shows its RTO risk and why, in the list, on its page and when shipping (${name})`, async () => {
    const order = await newOrder({});
    // the band is the model's word (the demo's own history may have refitted it); a COD order worth
    // ₹5,376 to an address without a house number is never low risk
    assert.ok(order.risk);
    assert.notEqual(order.risk.band, 'LOW');
    assert.ok(order.risk.reasons.length > 0);
    const label = riskLabel(order.risk.band, order.risk.score);
    const { page, context } = await newPage(stage.browser, viewport);
    const errors = watchErrors(page);
    await loginAs(page, stage.url, DEMO.seller2);

    // the list, filtered to the order's band
    await page.goto(`${stage.url}/orders?risk=${order.risk.band}&q=${order.orderNumber}`);
    assert.equal(await page.getByLabel('RTO risk').inputValue(), order.risk.band);
    await page.getByTestId('risk-badge').filter({ hasText: label }).first().waitFor();
    await screenshot(page, `rto-risk-list-${name}`);
    assert.ok(await fitsWidth(page));
    await checkAccessibility(page, `rto-risk-list-${name}`);

    // the order page: the card and its reasons
    await page.goto(`${stage.url}/orders/${order.orderId}`);
    const card = page.getByTestId('risk-card');
    await card.getByText(label).waitFor();
    for (const reason of order.risk.reasons) await card.getByText(reason).waitFor();
    await page.reload();
    await page.getByTestId('risk-card').getByText(order.risk.reasons[0]).waitFor();
    await screenshot(page, `rto-risk-order-${name}`);
    assert.ok(await fitsWidth(page));
    await checkAccessibility(page, `rto-risk-order-${name}`);

    // the ship dialog
    await page.getByRole('button', { name: 'Ship now' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByTestId('risk-badge').getByText(label).waitFor();
    await dialog.getByRole('list', { name: 'Couriers' }).waitFor();
    await screenshot(page, `rto-risk-ship-${name}`);
    assert.ok(await fitsWidth(page));
    assert.deepEqual(errors, []);
    await context.close();
  });
