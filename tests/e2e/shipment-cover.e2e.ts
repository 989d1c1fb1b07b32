import assert from 'node:assert/strict';
import { test } from 'node:test';
import { API_ORDERS, type OrderDetail } from '../../src/domain/orders-contract';
import { API_SETUP, type PickupAddressRow } from '../../src/domain/setup-contract';
import type { Paged } from '../../src/domain/paging';
import { istDay } from '../../src/domain/format';
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

// A seller insures a shipment in the ship dialog: the premium (with GST) is shown beside the
// courier's price and in what the wallet pays, the booking charges it as its own line on the AWB,
// and the wallet statement shows it. At 1280 px and 375 px, with axe on each state.

const stage = appStage({ SANDBOX_COURIER_SPEED: '1' });

/** A prepaid order of one ₹1,450 vase from Meera's pickup address: insuring it costs ₹15 + 18% GST. */
async function prepaidVase(buyerName: string): Promise<OrderDetail> {
  const call = apiCaller(stage.url, await apiToken(stage.url, DEMO.seller2));
  const addresses = await call<Paged<PickupAddressRow>>(API_SETUP.addresses.path);
  const pickup = addresses.items.find((a) => a.verified) ?? addresses.items[0];
  return call<OrderDetail>(API_ORDERS.orders.path, {
    method: 'POST',
    json: {
      orderDate: istDay(),
      paymentMethod: 'PPD',
      buyerName,
      buyerPhone: '9876501234',
      shipping: { line1: '7, MG Road', pincode: '560001' },
      items: [{ name: 'Blue Pottery Vase', sku: 'BPV-12', quantity: 1, unitPrice: 1450, taxRatePercent: 12 }],
      lengthCm: 20,
      breadthCm: 20,
      heightCm: 30,
      deadWeightKg: 1.2,
      pickupAddressId: pickup.addressId,
    },
  });
}

for (const [width, viewport] of Object.entries(VIEWPORTS)) {
  test(`a seller books with insurance and sees the premium in the quote and on the statement (${width})`, async () => {
    const order = await prepaidVase(width === 'desktop' ? 'Ishaan Kapoor' : 'Tara Iyer');
    const { page, context } = await newPage(stage.browser, viewport);
    const errors = watchErrors(page);
    await loginAs(page, stage.url, DEMO.seller2, `/orders/${order.orderId}`);
    await page.getByRole('button', { name: 'Ship now' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByRole('list', { name: 'Couriers' }).waitFor();
    const cover = dialog.getByRole('group', { name: 'Insurance and delay protection' });
    const insure = cover.getByRole('checkbox', { name: /Insure this shipment for ₹1,450\.00: ₹17\.70/ });
    assert.equal(await insure.isChecked(), false);
    await cover.getByText('premium ₹15.00, GST ₹2.70', { exact: false }).waitFor();
    await insure.check();
    const total = cover.locator('#cover-total');
    await total.getByText('Insurance premium ₹17.70', { exact: false }).waitFor();
    assert.match(await total.innerText(), /You pay ₹[\d,]+\.\d{2} with /);
    assert.ok(await fitsWidth(page));
    await screenshot(page, `shipment-cover-insured-${width}`);

    await dialog.getByRole('button', { name: 'Ship now' }).click();
    const shipped = await dialog.getByText(/Shipped with .*: AWB/).innerText();
    const [, courier, awb] = /Shipped with (.+): AWB (\w+)/.exec(shipped) ?? [];
    assert.ok(awb, shipped);
    await dialog.getByRole('button', { name: 'Done' }).click();
    await dialog.waitFor({ state: 'detached' });
    // the history names the cover; a reload keeps it
    await page.reload();
    await page.getByText(new RegExp(`AWB ${awb}, ₹[\\d,.]+; insured for ₹1,450\\.00 \\(₹17\\.70\\)`)).waitFor();

    await page.goto(`${stage.url}/wallet`);
    await page.getByRole('tab', { name: 'Statement' }).click();
    const premium = page
      .getByRole('row')
      .filter({ hasText: awb })
      .filter({ hasText: `Insurance with ${courier} (incl. GST)` });
    await premium.waitFor();
    assert.match(await premium.innerText(), /−₹17\.70/);
    assert.ok(await fitsWidth(page));
    await screenshot(page, `shipment-cover-statement-${width}`);
    await page.reload();
    await page.getByRole('tab', { name: 'Statement' }).click();
    await page
      .getByRole('row')
      .filter({ hasText: `Insurance with ${courier}` })
      .first()
      .waitFor();
    assert.deepEqual(errors, []);
    await context.close();
  });
}
