import assert from 'node:assert/strict';
import { test } from 'node:test';
import { axeFailures, DEMO, fitsWidth, loginAs, newPage, screenshot, VIEWPORTS, watchErrors } from './support';
import { channelStage, eventually, shipCheapest } from './channel-stage';

// A seller connects the stand-in Magento store with its integration token (after the store's
// owner allows bearer tokens), an order placed there is fetched on the beat and appears in
// Orders, is shipped, and the store shows the shipment's track, at 1280 and 375 px.

const stage = channelStage({ CHANNEL_WRITE_BACK_S: '1', CHANNEL_POLL_S: '2' });

for (const [name, viewport, buyer] of [
  ['desktop', VIEWPORTS.desktop, 'Kavya Menon'],
  ['phone', VIEWPORTS.phone, 'Ishaan Bhat'],
] as const) {
  test(`a seller connects Magento, ships the order fetched from it, and the store shows the track (${name})`, async () => {
    const { page, context } = await newPage(stage.browser, viewport);
    const errors = watchErrors(page);
    const storeAdmin = `${stage.url}/dev/standin/magento/admin`;
    // the store owner's side: the integration's token, and bearer tokens allowed
    await page.goto(storeAdmin);
    const token = (await page.locator('p', { hasText: 'Integration access token' }).locator('code').innerText()).trim();
    const allow = page.getByRole('button', { name: 'Allow bearer tokens', exact: true });
    if (await allow.count()) await allow.click();
    await page.getByRole('button', { name: 'Do not allow bearer tokens', exact: true }).waitFor();
    assert.deepEqual(await axeFailures(page), [], `${name}: the store's admin page`);

    await loginAs(page, stage.url, DEMO.seller2, '/channels');
    await page.getByRole('heading', { name: 'Sales channels' }).waitFor();
    const connect = page.getByRole('form', { name: 'Connect Magento' });
    await connect.getByLabel('Store URL').fill(`${stage.url}/dev/standin/magento`);
    await connect.getByRole('button', { name: 'Connect Magento' }).click();
    await connect.getByText('Access token is required').waitFor();
    await connect.getByLabel('Access token').fill(token);
    await connect.getByRole('button', { name: 'Connect Magento' }).click();
    const stores = page.getByRole('region', { name: 'Your stores' });
    const row = stores.getByRole('row', { name: /Stand-in Magento store/ });
    await row.getByText('Connected').waitFor();
    assert.ok(await fitsWidth(page), `${name}: the channels page fits`);
    assert.deepEqual(await axeFailures(page), [], `${name}: the channels page`);
    await screenshot(page, `magento-connected-${name}`);

    // a buyer orders at the store
    await page.goto(storeAdmin);
    await page.getByLabel('Customer name').fill(buyer);
    await page.getByLabel('Payment').selectOption('cod');
    await page.getByRole('button', { name: 'Place order' }).click();
    await page.getByRole('table', { name: 'Orders' }).getByText(buyer).waitFor();

    // the beat fetches it into Orders, numbered with the store's increment id
    await eventually(
      page,
      async () => {
        await page.goto(`${stage.url}/orders?q=${encodeURIComponent(buyer)}`);
        await page.getByRole('heading', { name: 'Orders' }).first().waitFor();
        await page.waitForTimeout(500);
        return (await page.getByRole('row', { name: new RegExp(buyer) }).count()) > 0;
      },
      'the Magento order in Orders',
    );
    await page
      .getByRole('row', { name: new RegExp(buyer) })
      .getByRole('link')
      .first()
      .click();
    await page.getByRole('button', { name: 'Ship now' }).waitFor();
    assert.ok((await page.getByText(/MG\d{9}/).count()) > 0, `${name}: the order shows the store's number`);
    const awb = await shipCheapest(page);

    // the store shows the shipment's track on the buyer's order
    await eventually(
      page,
      async () => {
        await page.goto(storeAdmin);
        const order = page.getByRole('row', { name: new RegExp(buyer) });
        return (await order.getByText(awb).count()) > 0;
      },
      'the track in the Magento store',
    );
    await screenshot(page, `magento-store-track-${name}`);

    // the sync log says what was fetched and what went out
    await page.goto(`${stage.url}/channels`);
    await page.getByRole('button', { name: 'Sync log of Stand-in Magento store' }).click();
    const log = page.getByRole('dialog');
    await log
      .getByText(/Update to store · Pickup Scheduled/)
      .first()
      .waitFor();
    await log
      .getByText(/Fetch · orders/)
      .first()
      .waitFor();
    await screenshot(page, `magento-sync-log-${name}`);
    await log.getByRole('button', { name: 'Close' }).click();
    assert.deepEqual(errors, []);
    await context.close();
  });
}
