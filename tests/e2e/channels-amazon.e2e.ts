import assert from 'node:assert/strict';
import { test } from 'node:test';
import { DEMO, fitsWidth, loginAs, newPage, screenshot, VIEWPORTS, watchErrors } from './support';
import { channelStage, eventually } from './channel-stage';

// A seller connects the stand-in Amazon.in account with its refresh token, a self-ship order
// placed there is polled into Orders, shipped, and the stand-in shows the shipment confirmed
// with the AWB.

const SELLER_ID = 'A2DAKIYADEMO2';
const STANDIN = `/dev/standin/amazon?seller=${SELLER_ID}`;

const stage = channelStage({ CHANNEL_WRITE_BACK_S: '1', CHANNEL_POLL_S: '2' });

test('a seller connects Amazon, ships the self-ship order polled from it, and Amazon shows the confirmation', async () => {
  const { page, context } = await newPage(stage.browser, VIEWPORTS.desktop);
  const errors = watchErrors(page);
  await loginAs(page, stage.url, DEMO.seller2);
  await page.goto(`${stage.url}${STANDIN}`);
  const refreshToken = (await page.locator('#refresh-token').innerText()).trim();

  await page.goto(`${stage.url}/channels`);
  await page.getByRole('heading', { name: 'Sales channels' }).waitFor();
  const connect = page.getByRole('form', { name: 'Connect Amazon' });
  await connect.getByRole('button', { name: 'Connect Amazon' }).click();
  await connect.getByText('Seller ID is required').waitFor();
  await connect.getByLabel('Seller ID').fill(SELLER_ID);
  await connect.getByLabel('Refresh token').fill(refreshToken);
  await connect.getByRole('button', { name: 'Connect Amazon' }).click();
  const stores = page.getByRole('region', { name: 'Your stores' });
  await stores
    .getByRole('row', { name: new RegExp(SELLER_ID) })
    .getByText('Connected')
    .waitFor();
  assert.ok(await fitsWidth(page), 'the channels page fits');
  await screenshot(page, 'channels-amazon-connected');

  // a buyer orders on Amazon.in (self-ship)
  await page.goto(`${stage.url}${STANDIN}`);
  await page.getByRole('button', { name: 'Place order' }).click();
  await page.getByRole('table', { name: 'Orders' }).getByText('Unshipped').waitFor();

  // the poll brings it into Orders with the address from the restricted data token
  const buyer = 'Ananya Deshpande';
  await eventually(
    page,
    async () => {
      await page.goto(`${stage.url}/orders?q=${encodeURIComponent(buyer)}`);
      await page.getByRole('heading', { name: 'Orders' }).first().waitFor();
      await page.waitForTimeout(500);
      return (await page.getByRole('row', { name: new RegExp(buyer) }).count()) > 0;
    },
    'the Amazon order in Orders',
  );
  await page
    .getByRole('row', { name: new RegExp(buyer) })
    .getByRole('link')
    .first()
    .click();
  await page.getByRole('button', { name: 'Ship now' }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByRole('list', { name: 'Couriers' }).waitFor();
  await dialog.locator('.quote').filter({ hasText: 'Cheapest' }).getByRole('radio').check();
  await dialog.getByRole('button', { name: 'Ship now' }).click();
  const shipped = await dialog.getByText(/Shipped with .*: AWB/).innerText();
  const awb = /AWB (\w+)/.exec(shipped)?.[1];
  assert.ok(awb, shipped);
  await dialog.getByRole('button', { name: 'Done' }).click();

  // Amazon shows the shipment confirmed with the AWB
  await eventually(
    page,
    async () => {
      await page.goto(`${stage.url}${STANDIN}`);
      return (await page.getByRole('table', { name: 'Orders' }).getByText(awb!).count()) > 0;
    },
    'the shipment confirmation on Amazon',
  );
  await page.getByRole('table', { name: 'Orders' }).getByText('Shipped', { exact: true }).waitFor();
  await screenshot(page, 'channels-amazon-confirmed');
  assert.deepEqual(errors, []);
  await context.close();
});

test('the Amazon card keeps a gap from the card above it, at 1280 and 375 px', async () => {
  for (const [name, viewport] of Object.entries(VIEWPORTS)) {
    const { page, context } = await newPage(stage.browser, viewport);
    await loginAs(page, stage.url, DEMO.seller);
    await page.goto(`${stage.url}/channels`);
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
