import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { test } from 'node:test';
import type { OrderRow } from '../../src/domain/orders-contract';
import { API_SHIPPING, type RateAnswer, type ShipmentInfo } from '../../src/domain/shipping-contract';
import { pathOf } from '../../src/domain/operation';
import { readPdf } from '../server/pdf-reader';
import { readyOrders } from './sandbox-parcels';
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

// Label templates end to end, at 1280 px and at 375 px: the seller opens Setup → Document
// templates, picks A4 four-up with a custom message, sees the server's preview (a real A4 sheet
// of four sample labels with the message), saves, finds the choice kept after a reload, then
// selects two shipped orders and downloads their labels: one A4 page with both, message included.

const shipped: Record<'desktop' | 'phone', { order: OrderRow; awb: string }[]> = { desktop: [], phone: [] };

// a courier hour is six minutes: the parcels wait for pickup while the test runs
const stage = appStage({ SANDBOX_COURIER_SPEED: '10', SANDBOX_COURIER_TICK_S: '1' }, async ({ url }) => {
  const api = apiCaller(url, await apiToken(url, DEMO.seller2));
  for (const [i, order] of (await readyOrders(api, 4)).entries()) {
    const { quotes } = await api<RateAnswer>(pathOf(API_SHIPPING.courierQuotes, { orderId: order.orderId }));
    const shipment = await api<ShipmentInfo>(pathOf(API_SHIPPING.ship, { orderId: order.orderId }), {
      method: 'POST',
      json: { carrierCode: quotes[0].carrierCode, idempotencyKey: `templates-e2e-${order.orderId}` },
    });
    shipped[i < 2 ? 'desktop' : 'phone'].push({ order, awb: shipment.awb });
  }
});

for (const [name, viewport] of [
  ['desktop', VIEWPORTS.desktop],
  ['phone', VIEWPORTS.phone],
] as const) {
  test(`a seller picks A4 four-up with a message, previews it and prints two labels on one page (${name})`, async () => {
    const { page, context } = await newPage(stage.browser, viewport);
    const errors = watchErrors(page);
    await loginAs(page, stage.url, DEMO.seller2, '/setup');
    await page.getByRole('link', { name: /Document templates/ }).click();
    await page.waitForURL(/\/setup\/document-templates$/);
    await page.getByRole('heading', { name: 'Document templates' }).waitFor();
    const preview = page.getByRole('img', { name: /Shipping label preview/ });
    await preview.waitFor();
    const size = () =>
      preview.evaluate((img: HTMLImageElement) => ({ w: img.naturalWidth, h: img.naturalHeight, done: img.complete }));
    // the server's drawing of a 4x6 label: 4 × 6 inches at 96 dpi
    await page.getByLabel('Page layout').selectOption('THERMAL_4X6');
    await page.waitForFunction(
      () => (document.querySelector('.document-preview-image') as HTMLImageElement | null)?.naturalWidth === 384,
    );
    assert.deepEqual(await size(), { w: 384, h: 576, done: true });

    const message = `Thank you for shopping with Meera Crafts (${name})`;
    await page.getByLabel('Page layout').selectOption('A4_FOUR_UP');
    await page.getByLabel('Custom message').fill(message);
    await page.getByTestId('preview-summary').getByText('A4 sheet: four labels a page').waitFor();
    // the preview is drawn again by the server: now an A4 sheet (210 × 297 mm at 96 dpi)
    await page.waitForFunction(
      () => (document.querySelector('.document-preview-image') as HTMLImageElement)?.naturalWidth > 700,
    );
    const a4 = await size();
    assert.ok(Math.abs(a4.w - 794) <= 1 && Math.abs(a4.h - 1123) <= 1, JSON.stringify(a4));
    assert.ok(await fitsWidth(page), 'the page scrolls sideways');
    await screenshot(page, `document-templates-${name}`);

    await page.getByRole('button', { name: 'Save shipping label template' }).click();
    await page.getByRole('status').filter({ hasText: 'Saved' }).waitFor();

    // the choice stays after a reload
    await page.reload();
    await page.getByLabel('Custom message').waitFor();
    assert.equal(await page.getByLabel('Page layout').inputValue(), 'A4_FOUR_UP');
    assert.equal(await page.getByLabel('Custom message').inputValue(), message);

    // two shipped orders, their labels downloaded together: one A4 page with both
    await page.goto(`${stage.url}/orders?tab=pickup`);
    for (const { order } of shipped[name]) {
      await page
        .getByRole('row', { name: new RegExp(order.orderNumber) })
        .getByRole('checkbox')
        .check();
    }
    const bar = page.getByRole('region', { name: 'Bulk actions' });
    await bar.getByText('2 selected').waitFor();
    await screenshot(page, `document-templates-orders-${name}`);
    const download = page.waitForEvent('download');
    await bar.getByRole('button', { name: 'Labels' }).click();
    const labels = readPdf(readFileSync(await (await download).path()), 150);
    assert.equal(labels.pages, 1);
    for (const { awb } of shipped[name])
      assert.ok(labels.barcodes.includes(awb), `barcodes ${labels.barcodes.join(', ')}`);
    assert.equal(labels.text.split(message).length - 1, 2, labels.text);
    assert.ok(await fitsWidth(page), 'the orders page scrolls sideways');
    assert.deepEqual(errors, []);
    await context.close();
  });
}
