import assert from 'node:assert/strict';
import { test } from 'node:test';
import { checkAccessibility, DEMO, fitsWidth, loginAs, newPage, screenshot, VIEWPORTS, watchErrors } from './support';
import { channelStage, eventually, shipCheapest } from './channel-stage';

// A seller connects a stand-in Wix site (Wix's installer: the site, then the app's
// permissions), an order placed there appears in Orders, is shipped, and the site shows the
// fulfilment's tracking number, at 1280 and 375 px, with axe on each screen. The Pro demo
// seller has a verified pickup address and a wallet float.

const stage = channelStage({ CHANNEL_WRITE_BACK_S: '1' });

for (const [name, viewport, site, buyer] of [
  ['desktop', VIEWPORTS.desktop, 'Kala Ghar', 'Ananya Sen'],
  ['phone', VIEWPORTS.phone, 'Bunai Studio', 'Tenzin Dorje'],
] as const) {
  test(`a seller connects Wix, ships the order placed there, and the site shows the tracking (${name})`, async () => {
    const { page, context } = await newPage(stage.browser, viewport);
    const errors = watchErrors(page);
    await loginAs(page, stage.url, DEMO.seller2, '/channels');
    await page.getByRole('heading', { name: 'Sales channels' }).waitFor();
    await page.getByRole('button', { name: 'Connect Wix' }).click();

    // Wix's installer asks for the site, then for the app's permissions, and returns to Dakiya
    await page.getByRole('heading', { name: 'Add Dakiya to a Wix site' }).waitFor();
    await page.getByLabel('Site name').fill(site);
    await page.getByRole('button', { name: 'Add to site' }).click();
    await page.getByRole('heading', { name: `Allow Dakiya on ${site}` }).waitFor();
    await page.getByRole('button', { name: 'Agree & add' }).click();
    await page.waitForURL(`${stage.url}/channels`);
    const row = page.getByRole('region', { name: 'Your stores' }).getByRole('row', { name: new RegExp(site) });
    await row.getByText('Connected').waitFor();
    assert.ok(await fitsWidth(page), `${name}: the channels page fits`);
    await checkAccessibility(page, 'channels-wix-connected');
    await screenshot(page, `wix-connected-${name}`);
    // a reload keeps the connection
    await page.reload();
    await row.getByText('Connected').waitFor();

    // a buyer orders on the site
    await page.goto(`${stage.url}/dev/standin/wix/admin`);
    const card = page.locator('.card', { has: page.getByRole('table', { name: `Orders of ${site}` }) });
    await card.getByLabel('Buyer name').fill(buyer);
    await card.getByLabel('Payment').selectOption('cod');
    await card.getByRole('button', { name: 'Place order' }).click();
    await page
      .getByRole('table', { name: `Orders of ${site}` })
      .getByText(buyer)
      .waitFor();

    // it is in Orders, from Wix
    await eventually(
      page,
      async () => {
        await page.goto(`${stage.url}/orders?q=${encodeURIComponent(buyer)}`);
        await page.getByRole('heading', { name: 'Orders' }).first().waitFor();
        await page.waitForTimeout(500);
        return (await page.getByRole('row', { name: new RegExp(buyer) }).count()) > 0;
      },
      'the Wix order in Orders',
    );
    await page
      .getByRole('row', { name: new RegExp(buyer) })
      .getByRole('link')
      .first()
      .click();
    await page.getByRole('button', { name: 'Ship now' }).waitFor();
    // the site's number (10001 as WX10001); the second site's 10002 is its own
    assert.ok((await page.getByText(/WX1000\d/).count()) > 0, `${name}: the order shows the site's number`);
    assert.ok(await fitsWidth(page), `${name}: the order page fits`);
    await checkAccessibility(page, 'channels-wix-order');
    const awb = await shipCheapest(page);

    // the site shows the fulfilment with the AWB as its tracking number
    await eventually(
      page,
      async () => {
        await page.goto(`${stage.url}/dev/standin/wix/admin`);
        return (await page.locator('.tracking', { hasText: awb }).count()) > 0;
      },
      'the tracking number on the Wix site',
    );
    await screenshot(page, `wix-site-tracking-${name}`);

    // the sync log says what came in and what went out
    await page.goto(`${stage.url}/channels`);
    await page
      .getByRole('button', { name: `Sync log of ${site}` })
      .first()
      .click();
    const log = page.getByRole('dialog');
    await log
      .getByText(/Update to store · Pickup Scheduled/)
      .first()
      .waitFor();
    await log
      .getByText(/Webhook · wix\.ecom\.v1\.order_created/)
      .first()
      .waitFor();
    await checkAccessibility(page, 'channels-wix-sync-log');
    await log.getByRole('button', { name: 'Close' }).click();
    assert.ok(await fitsWidth(page), `${name}: the channels page fits after the log`);
    assert.deepEqual(errors, []);
    await context.close();
  });
}
