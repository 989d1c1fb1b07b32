import assert from 'node:assert/strict';
import { after, before } from 'node:test';
import type { Browser, Page } from 'playwright-core';
import { launchBrowser, startApp, type RunningApp } from './support';

// What the sales-channel browser tests share: one app (with the write-back beat, and the poll
// beat for stores without webhooks, fast) and one browser for the file, and a wait for what a
// stand-in store or a beat brings in its own time.

export interface ChannelStage {
  /** the app's address (set once the file's `before` has run) */
  readonly url: string;
  readonly browser: Browser;
}

/** Starts the app with these settings and a browser before the file's tests, and stops both after. */
export function channelStage(env: Record<string, string>): ChannelStage {
  let app: RunningApp | undefined;
  let browser: Browser | undefined;
  before(async () => {
    app = await startApp(env);
    browser = await launchBrowser();
  });
  after(async () => {
    await browser?.close();
    await app?.stop();
  });
  return {
    get url() {
      return app!.url;
    },
    get browser() {
      return browser!;
    },
  };
}

/** Checks once a second until the check holds, failing with what was awaited after `tries`. */
export async function eventually(page: Page, check: () => Promise<boolean>, what: string, tries = 30) {
  for (let i = 0; i < tries; i++) {
    if (await check()) return;
    await page.waitForTimeout(1000);
  }
  assert.fail(`timed out waiting for ${what}`);
}

/** Ships the open order page's order with the cheapest courier and answers its AWB. */
export async function shipCheapest(page: Page): Promise<string> {
  await page.getByRole('button', { name: 'Ship now' }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByRole('list', { name: 'Couriers' }).waitFor();
  await dialog.locator('.quote').filter({ hasText: 'Cheapest' }).getByRole('radio').check();
  await dialog.getByRole('button', { name: 'Ship now' }).click();
  const shipped = await dialog.getByText(/Shipped with .*: AWB/).innerText();
  const awb = /AWB (\w+)/.exec(shipped)?.[1];
  assert.ok(awb, shipped);
  await dialog.getByRole('button', { name: 'Done' }).click();
  return awb;
}
