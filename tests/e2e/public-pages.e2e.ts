import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import type { Browser } from 'playwright-core';
import { launchBrowser, newPage, screenshot, startApp, VIEWPORTS, type RunningApp } from './support';

let app: RunningApp;
let browser: Browser;

before(async () => {
  app = await startApp();
  browser = await launchBrowser();
});
after(async () => {
  await browser?.close();
  await app?.stop();
});

test('an unknown path shows the 404 page', async () => {
  for (const [name, viewport] of Object.entries(VIEWPORTS)) {
    const { page, context } = await newPage(browser, viewport);
    await page.goto(`${app.url}/no/such/page`);
    await page.getByText('404 Page Not Found!').waitFor();
    assert.match(page.url(), /\/error$/);
    await screenshot(page, `not-found-${name}`);
    await context.close();
  }
});
