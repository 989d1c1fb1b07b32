import assert from 'node:assert/strict';
import { test } from 'node:test';
import { DEMO, loginAs, newPage, screenshot, VIEWPORTS, appStage } from './support';

// The B2B screens open from the Orders menu's pages at 1280 px and 375 px: the list with its
// filters and the link to a new order, the new order form, the warehouses and the rate
// calculator; each without console errors, without sideways scrolling, and again after a reload.

const stage = appStage();

const SCREENS: [string, string][] = [
  ['/b2b/orders', 'B2B orders'],
  ['/b2b/orders/new', 'New B2B order'],
  ['/b2b/warehouses', 'B2B warehouses'],
  ['/b2b/rate-calculator', 'B2B rate calculator'],
];

for (const viewport of [VIEWPORTS.desktop, VIEWPORTS.phone]) {
  test(`the B2B screens at ${viewport.width} px`, async () => {
    const { context, page } = await newPage(stage.browser, viewport);
    const errors: string[] = [];
    page.on('console', (m) => m.type() === 'error' && errors.push(m.text()));
    await loginAs(page, stage.url, DEMO.seller);
    for (const [path, heading] of SCREENS) {
      await page.goto(`${stage.url}${path}`);
      await page.getByRole('heading', { level: 1, name: heading }).waitFor();
      await page.reload();
      await page.getByRole('heading', { level: 1, name: heading }).waitFor();
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
      assert.ok(overflow <= 0, `${path} scrolls sideways by ${overflow} px at ${viewport.width} px`);
      await screenshot(page, `b2b${path.replace(/\//g, '-')}-${viewport.width}`);
    }
    assert.deepEqual(errors, []);
    await context.close();
  });
}
