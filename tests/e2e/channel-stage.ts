import assert from 'node:assert/strict';
import type { Page } from 'playwright-core';
import { appStage, type AppStage } from './support';

// What the sales-channel browser tests share: one app (with the write-back beat, and the poll
// beat for stores without webhooks, fast) and one browser for the file, and a wait for what a
// stand-in store or a beat brings in its own time.

/** The channel files' stage: the app with their beats' settings, and a browser. */
export const channelStage = (env: Record<string, string>): AppStage => appStage(env);

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
