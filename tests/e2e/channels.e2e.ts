import assert from 'node:assert/strict';
import { test } from 'node:test';
import { DEMO, fitsWidth, loginAs, newPage, screenshot, VIEWPORTS, watchErrors } from './support';
import { channelStage, eventually, shipCheapest } from './channel-stage';

// A seller connects the stand-in Shopify store, an order placed there appears in Orders, is
// shipped, and the stand-in store shows the tracking number, at 1280 and 375 px. The Pro demo
// seller has a verified pickup address and a wallet float.

const stage = channelStage({ CHANNEL_WRITE_BACK_S: '1' });

for (const [name, viewport, shop, buyer] of [
  ['desktop', VIEWPORTS.desktop, 'chai-corner', 'Kavya Iyer'],
  ['phone', VIEWPORTS.phone, 'masala-box', 'Ishaan Rao'],
] as const) {
  test(`a seller connects Shopify, ships the order placed there, and the store shows the tracking (${name})`, async () => {
    const { page, context } = await newPage(stage.browser, viewport);
    const errors = watchErrors(page);
    await loginAs(page, stage.url, DEMO.seller2, '/channels');
    await page.getByRole('heading', { name: 'Sales channels' }).waitFor();
    const connect = page.getByRole('form', { name: 'Connect Shopify' });
    await connect.getByRole('button', { name: 'Connect Shopify' }).click();
    await connect.getByText('Shop domain is required').waitFor();
    await connect.getByLabel('Shop domain').fill(shop);
    await connect.getByRole('button', { name: 'Connect Shopify' }).click();

    // the shop's approval page, then back through the callback to the list
    await page.getByRole('heading', { name: /Install Dakiya on/ }).waitFor();
    await page.getByRole('button', { name: 'Install app' }).click();
    await page.waitForURL(`${stage.url}/channels`);
    const stores = page.getByRole('region', { name: 'Your stores' });
    const row = stores.getByRole('row', { name: new RegExp(`${shop}\\.myshopify\\.com`) });
    await row.getByText('Connected').waitFor();
    assert.ok(await fitsWidth(page), `${name}: the channels page fits`);
    await screenshot(page, `channels-connected-${name}`);

    // a buyer orders at the shop
    await page.goto(`${stage.url}/dev/standin/shopify/${shop}.myshopify.com/admin`);
    await page.getByLabel('Buyer name').fill(buyer);
    await page.getByLabel('Payment').selectOption('cod');
    await page.getByRole('button', { name: 'Place order' }).click();
    await page.getByRole('table', { name: 'Orders' }).getByText(buyer).waitFor();

    // it is in Orders, from Shopify
    await eventually(
      page,
      async () => {
        await page.goto(`${stage.url}/orders?q=${encodeURIComponent(buyer)}`);
        await page.getByRole('heading', { name: 'Orders' }).first().waitFor();
        await page.waitForTimeout(500);
        return (await page.getByRole('row', { name: new RegExp(buyer) }).count()) > 0;
      },
      'the Shopify order in Orders',
    );
    await page
      .getByRole('row', { name: new RegExp(buyer) })
      .getByRole('link')
      .first()
      .click();
    // the order carries the shop's number
    await page.getByRole('button', { name: 'Ship now' }).waitFor();
    // the shop's number (#1001 as SH1001); the second shop's #1001 finds it taken and gets ours
    const numbered = name === 'desktop' ? /SH1001/ : /ORD-\d{6}/;
    assert.ok((await page.getByText(numbered).count()) > 0, `${name}: the order shows its number`);
    const awb = await shipCheapest(page);

    // the shop shows the fulfilment with the AWB as its tracking number
    await eventually(
      page,
      async () => {
        await page.goto(`${stage.url}/dev/standin/shopify/${shop}.myshopify.com/admin`);
        return (await page.locator('.tracking', { hasText: awb }).count()) > 0;
      },
      'the tracking number in the shop',
    );
    await screenshot(page, `channels-shop-tracking-${name}`);

    // the sync log says what came in and what went out, and the page survives a reload
    await page.goto(`${stage.url}/channels`);
    await page.reload();
    await page
      .getByRole('button', { name: `Sync log of ${shop[0].toUpperCase()}`, exact: false })
      .first()
      .click();
    const log = page.getByRole('dialog');
    await log
      .getByText(/Update to store · Pickup Scheduled/)
      .first()
      .waitFor();
    await log
      .getByText(/Webhook · orders\/create/)
      .first()
      .waitFor();
    await screenshot(page, `channels-sync-log-${name}`);
    await log.getByRole('button', { name: 'Close' }).click();
    assert.ok(await fitsWidth(page), `${name}: the channels page fits after the log`);
    assert.deepEqual(errors, []);
    await context.close();
  });
}
