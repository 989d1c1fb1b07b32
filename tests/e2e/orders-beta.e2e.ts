import { pathOf } from '../../src/domain/operation';
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { API_ACCOUNT } from '../../src/domain/account-contract';
import { API_ORDERS, type OrderDetail, type OrderRow } from '../../src/domain/orders-contract';
import { API_SHIPPING, type RateAnswer, type ShipmentInfo } from '../../src/domain/shipping-contract';
import { API_STAFF } from '../../src/domain/staff-contract';
import { reasonCode, readyOrders, sandboxControl } from './sandbox-parcels';
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

// The beta orders page: staff give Meera early access; /orders takes her to /orders_v2 with her
// orders, where she finds orders as she types them (a number's start, part of a name, a phone's
// last digits), saves a view, works the list by keyboard, sees a row change status live, and
// ships a row from the list; a reload keeps all of it. Then the same page on a phone.

let fresh: OrderDetail[] = [];
let shipped: ShipmentInfo;

const stage = appStage({}, async ({ url }) => {
  const staff = apiCaller(url, await apiToken(url, DEMO.staff));
  const meera = apiCaller(url, await apiToken(url, DEMO.seller2));
  const me = await meera<{ accountId: number }>(API_ACCOUNT.accountDetails.path);
  await staff(pathOf(API_STAFF.betaFeatures, { accountId: me.accountId }), {
    method: 'PUT',
    json: { enabled: true, reason: 'Early access to the new orders page' },
  });
  // two fresh copies of orders ready to ship: the newest rows of her list; the first is shipped
  const ready: OrderRow[] = await readyOrders(meera, 2);
  fresh = [];
  for (const o of ready)
    fresh.push(await meera<OrderDetail>(pathOf(API_ORDERS.clone, { orderId: o.orderId }), { method: 'POST' }));
  const { quotes } = await meera<RateAnswer>(pathOf(API_SHIPPING.courierQuotes, { orderId: fresh[0].orderId }));
  const quote = quotes.find((q) => q.carrierCode === 'DE') ?? quotes[0];
  shipped = await meera<ShipmentInfo>(pathOf(API_SHIPPING.ship, { orderId: fresh[0].orderId }), {
    method: 'POST',
    json: { carrierCode: quote.carrierCode, idempotencyKey: `beta-e2e-${fresh[0].orderId}` },
  });
});

test('a beta seller searches, saves a view, works by keyboard, sees a live change and ships from /orders_v2', async () => {
  const { page, context } = await newPage(stage.browser, VIEWPORTS.desktop);
  const errors = watchErrors(page);
  await loginAs(page, stage.url, DEMO.seller2, '/orders');
  await page.waitForURL(/\/orders_v2$/);
  await page.getByRole('heading', { name: 'Orders', exact: true }).waitFor();
  const [live, inline] = fresh;
  await page.getByRole('row', { name: new RegExp(live.orderNumber) }).waitFor();

  // searches as a seller types them
  const search = page.getByLabel('Search by order number, AWB, buyer phone or name');
  const find = async (text: string, expect: string) => {
    await search.fill(text);
    await page.getByRole('button', { name: 'Search', exact: true }).click();
    await page
      .getByRole('row', { name: new RegExp(expect) })
      .first()
      .waitFor();
  };
  await find(inline.orderNumber.slice(0, -2), inline.orderNumber);
  await find(inline.buyerName.split(' ').at(-1)!.slice(1).toLowerCase(), inline.buyerName);
  await find(inline.buyerPhone.slice(-4), inline.orderNumber);
  await find(shipped.awb.slice(0, -3), live.orderNumber);

  // the search saved as a view
  await page.getByRole('button', { name: 'Save view' }).click();
  const naming = page.getByRole('dialog', { name: 'Save this view' });
  await naming.getByRole('button', { name: 'Save view' }).click();
  await naming.getByText('View name is required').waitFor();
  await naming.getByLabel('View name').fill('Parcel by AWB');
  await naming.getByRole('button', { name: 'Save view' }).click();
  const chip = page.getByRole('link', { name: 'Parcel by AWB' });
  await chip.waitFor();

  // back to every order; the keyboard: j to the first row, x selects it, ? shows the keys
  await search.fill('');
  await page.getByRole('button', { name: 'Search', exact: true }).click();
  await page.getByRole('row', { name: new RegExp(inline.orderNumber) }).waitFor();
  await page.locator('h1').click();
  await page.keyboard.press('j');
  await page.locator('tr.row-cursor').waitFor();
  await page.keyboard.press('x');
  await page.getByRole('region', { name: 'Bulk actions' }).getByText('1 selected').waitFor();
  await page.keyboard.press('x');
  await page.keyboard.press('?');
  const help = page.getByRole('dialog', { name: 'Keyboard shortcuts' });
  await help.getByText('Select or unselect the order').waitFor();
  await screenshot(page, 'orders-beta-shortcuts-desktop');
  await page.keyboard.press('Escape');
  await help.waitFor({ state: 'hidden' });

  // the courier's failed delivery reaches the row without a reload
  const liveRow = page.getByRole('row', { name: new RegExp(live.orderNumber) });
  await liveRow.getByText('Pickup Scheduled').waitFor();
  await sandboxControl(stage.url, shipped.awb, 'fail-delivery', {
    reasonCode: reasonCode(shipped.carrierCode, 'CONSIGNEE_UNAVAILABLE'),
  });
  await liveRow.getByText('Delivery Attempt Failed').waitFor({ timeout: 20_000 });

  // shipped from its row
  await page.getByRole('button', { name: `Ship ${inline.orderNumber}` }).click();
  const dialog = page.getByRole('dialog', { name: `Ship ${inline.orderNumber}` });
  await dialog.getByRole('list', { name: 'Couriers' }).waitFor();
  await dialog.locator('.quote').filter({ hasText: 'Cheapest' }).getByRole('radio').check();
  await dialog.getByRole('button', { name: 'Ship now' }).click();
  await dialog.getByText(/Shipped with .*: AWB/).waitFor();
  await dialog.getByRole('button', { name: 'Done' }).click();
  const inlineRow = page.getByRole('row', { name: new RegExp(inline.orderNumber) });
  await inlineRow.getByText('Pickup Scheduled').waitFor();
  await checkAccessibility(page, 'orders-beta-desktop');
  await screenshot(page, 'orders-beta-desktop');

  // a reload keeps the page, the view and the new statuses
  await page.reload();
  await page.getByRole('link', { name: 'Parcel by AWB' }).click();
  await page
    .getByRole('row', { name: new RegExp(live.orderNumber) })
    .getByText('Delivery Attempt Failed')
    .waitFor();
  assert.match(page.url(), /\/orders_v2\?q=/);
  assert.ok(await fitsWidth(page));
  assert.deepEqual(errors, []);
  await context.close();
});

test('the beta page on a phone: the list, the saved view and the shortcuts help fit', async () => {
  const { page, context } = await newPage(stage.browser, VIEWPORTS.phone);
  const errors = watchErrors(page);
  await loginAs(page, stage.url, DEMO.seller2, '/orders_v2');
  await page.getByRole('link', { name: 'Parcel by AWB' }).waitFor();
  await page.getByRole('row', { name: new RegExp(fresh[1].orderNumber) }).waitFor();
  assert.ok(await fitsWidth(page), 'the beta orders page fits a phone');
  await checkAccessibility(page, 'orders-beta-phone');
  await screenshot(page, 'orders-beta-phone');
  await page.getByRole('button', { name: 'Keyboard shortcuts' }).click();
  await page.getByRole('dialog', { name: 'Keyboard shortcuts' }).waitFor();
  assert.ok(await fitsWidth(page));
  await screenshot(page, 'orders-beta-shortcuts-phone');
  assert.deepEqual(errors, []);
  await context.close();
});
