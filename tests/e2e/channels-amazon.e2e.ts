import assert from 'node:assert/strict';
import { test } from 'node:test';
import { checkAccessibility, DEMO, fitsWidth, loginAs, newPage, screenshot, VIEWPORTS, watchErrors } from './support';
import { channelStage, eventually, shipCheapest } from './channel-stage';

// A seller connects the stand-in Amazon.in account with its refresh token, a self-ship order
// placed there is polled into Orders, shipped, and the stand-in shows the shipment confirmed
// with the AWB, at 1280 and 375 px (one Amazon account each), with axe on each screen.

const stage = channelStage({ CHANNEL_WRITE_BACK_S: '1', CHANNEL_POLL_S: '2' });

for (const [name, viewport, sellerId] of [
  ['desktop', VIEWPORTS.desktop, 'A2DAKIYADEMO2'],
  ['phone', VIEWPORTS.phone, 'A2DAKIYADEMO3'],
] as const) {
  test(`a seller connects Amazon, ships the self-ship order polled from it, and Amazon shows the confirmation (${name})`, async () => {
    const standin = `/dev/standin/amazon?seller=${sellerId}`;
    const { page, context } = await newPage(stage.browser, viewport);
    const errors = watchErrors(page);
    await loginAs(page, stage.url, DEMO.seller2, standin);
    const refreshToken = (await page.locator('#refresh-token').innerText()).trim();

    await page.goto(`${stage.url}/channels`);
    await page.getByRole('heading', { name: 'Sales channels' }).waitFor();
    const connect = page.getByRole('form', { name: 'Connect Amazon' });
    await connect.getByRole('button', { name: 'Connect Amazon' }).click();
    await connect.getByText('Seller ID is required').waitFor();
    await checkAccessibility(page, 'channels-amazon-required');
    await connect.getByLabel('Seller ID').fill(sellerId);
    await connect.getByLabel('Refresh token').fill(refreshToken);
    await connect.getByRole('button', { name: 'Connect Amazon' }).click();
    const stores = page.getByRole('region', { name: 'Your stores' });
    // the connection asks LWA and the SP-API before it answers: slow on a busy machine
    await stores
      .getByRole('row', { name: new RegExp(sellerId) })
      .getByText('Connected')
      .waitFor({ timeout: 60_000 });
    assert.ok(await fitsWidth(page), `${name}: the channels page fits`);
    await checkAccessibility(page, 'channels-amazon-connected');
    await screenshot(page, `channels-amazon-connected-${name}`);
    // a reload keeps the connection
    await page.reload();
    await stores
      .getByRole('row', { name: new RegExp(sellerId) })
      .getByText('Connected')
      .waitFor();

    // a buyer orders on Amazon.in (self-ship)
    await page.goto(`${stage.url}${standin}`);
    await page.getByRole('button', { name: 'Place order' }).click();
    const unshipped = page
      .getByRole('table', { name: 'Orders' })
      .getByRole('row')
      .filter({ hasText: 'Unshipped' })
      .first();
    await unshipped.waitFor();
    const orderNumber = `AZ${(await unshipped.getByRole('cell').first().innerText()).trim()}`;

    // the poll brings it into Orders with the address from the restricted data token
    await eventually(
      page,
      async () => {
        await page.goto(`${stage.url}/orders?q=${encodeURIComponent(orderNumber)}`);
        await page.getByRole('heading', { name: 'Orders' }).first().waitFor();
        await page.waitForTimeout(500);
        return (await page.getByRole('row', { name: new RegExp(orderNumber) }).count()) > 0;
      },
      'the Amazon order in Orders',
    );
    const row = page.getByRole('row', { name: new RegExp(orderNumber) });
    await row.getByText('Ananya Deshpande').first().waitFor();
    await row.getByRole('link').first().click();
    await page.getByRole('button', { name: 'Ship now' }).waitFor();
    assert.ok(await fitsWidth(page), `${name}: the order page fits`);
    await checkAccessibility(page, 'channels-amazon-order');
    const awb = await shipCheapest(page);

    // Amazon shows the shipment confirmed with the AWB
    await eventually(
      page,
      async () => {
        await page.goto(`${stage.url}${standin}`);
        return (await page.getByRole('table', { name: 'Orders' }).getByText(awb).count()) > 0;
      },
      'the shipment confirmation on Amazon',
    );
    await page.getByRole('table', { name: 'Orders' }).getByText('Shipped', { exact: true }).first().waitFor();
    await screenshot(page, `channels-amazon-confirmed-${name}`);
    assert.deepEqual(errors, []);
    await context.close();
  });
}

test('the Amazon card keeps a gap from the card above it, at 1280 and 375 px', async () => {
  for (const [name, viewport] of Object.entries(VIEWPORTS)) {
    const { page, context } = await newPage(stage.browser, viewport);
    await loginAs(page, stage.url, DEMO.seller, '/channels');
    await page.getByRole('heading', { name: 'Amazon' }).waitFor();
    const cards = await page
      .locator('section.card[aria-labelledby^="connect-"]')
      .evaluateAll((els) =>
        els.map((e) => ({ id: e.getAttribute('aria-labelledby'), ...e.getBoundingClientRect().toJSON() })),
      );
    const amazon = cards.find((c) => c.id === 'connect-amazon')!;
    const above = cards.filter((c) => c.bottom <= amazon.top + 1 && c.left < amazon.right && c.right > amazon.left);
    const nearest = above.reduce((a, b) => (b.bottom > a.bottom ? b : a));
    assert.ok(amazon.top - nearest.bottom >= 8, `${name}: the Amazon card touches ${nearest.id}`);
    await screenshot(page, `channels-connect-cards-${name}`);
    await context.close();
  }
});
