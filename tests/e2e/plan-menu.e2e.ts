import { pathOf } from '../../src/domain/operation';
import assert from 'node:assert/strict';
import { test } from 'node:test';
import type { Page } from 'playwright-core';
import { API_ACCOUNT, type AccountInfo } from '../../src/domain/account-contract';
import { API_WALLET, ADJUSTMENT } from '../../src/domain/wallet-contract';
import { formatRupees } from '../../src/domain/format';
import {
  apiCaller,
  apiToken,
  checkAccessibility,
  DEMO,
  fitsWidth,
  loginAs,
  newPage,
  screenshot,
  VIEWPORTS,
  watchErrors,
  appStage,
} from './support';

// The seller's menu: one row at 1280 px with a wallet of ₹12,34,56,789.00, groups that open from
// the keyboard, a drawer at 375 px; a page a higher plan opens shows that plan's badge in the menu
// and, opened, the plan and the way to upgrade, never "Access denied".

const BIG_BALANCE_PAISE = 12_34_56_789_00;

const stage = appStage({}, async ({ url }) => {
  // Aarav (Lite) holds ₹12,34,56,789.00 to spend: staff credit it in the largest hand adjustments allowed
  const staff = apiCaller(url, await apiToken(url, DEMO.staff));
  const aarav = apiCaller(url, await apiToken(url, DEMO.seller));
  const { oid } = await aarav<{ oid: number }>(API_ACCOUNT.accountDetails.path);
  const spendable = async () => (await aarav<AccountInfo>(API_ACCOUNT.accountInfo.path)).wallet!.spendablePaise;
  let missing = BIG_BALANCE_PAISE - (await spendable());
  for (let i = 0; missing > 0; i++) {
    const paise = Math.min(missing, ADJUSTMENT.maxRupees * 100);
    await staff(pathOf(API_WALLET.adjust, { orgId: oid }), {
      method: 'POST',
      json: {
        direction: 'CREDIT',
        amount: paise / 100,
        reason: 'Large balance float',
        idempotencyKey: `menu-float-${i}`,
      },
    });
    missing -= paise;
  }
  assert.equal(await spendable(), BIG_BALANCE_PAISE);
});

/** The top of each entry in the menu row: one value when the row is one line. */
const rowTops = (page: Page) =>
  page.evaluate(() =>
    Array.from(document.querySelectorAll('nav[aria-label="Main"] > ul > li, nav[aria-label="Main"] .frame-nav-end > *'))
      .filter((e) => (e as HTMLElement).offsetParent !== null)
      .map((e) => Math.round(e.getBoundingClientRect().top)),
  );

/** A plan-gated page: the plan's badge and its upgrade path, never the denied page. */
async function seesUpgradePath(page: Page, feature: string, plan: string) {
  await page.getByRole('heading', { name: `${feature} comes with ${plan}` }).waitFor();
  assert.equal(await page.getByText('Access denied').count(), 0);
  assert.ok(!page.url().includes('/denied'), page.url());
  const panel = page.getByTestId('upgrade-panel');
  assert.equal(await panel.getByTestId('plan-badge').innerText(), plan);
  assert.equal(
    await panel.getByRole('link', { name: `Upgrade to ${plan}` }).getAttribute('href'),
    `/plan?upgrade=${plan.toUpperCase()}`,
  );
  // what the plan gives, from the plans on sale
  await panel.getByRole('heading', { name: `What ${plan} gives you` }).waitFor();
  assert.ok((await panel.getByRole('listitem').count()) > 3);
  assert.ok(await fitsWidth(page), `${page.url()} fits`);
}

test('1280 px: the menu holds one row with a ₹12,34,56,789.00 wallet; groups open from the keyboard; Premium pages show their upgrade path', async () => {
  const { page, context } = await newPage(stage.browser, VIEWPORTS.desktop);
  const errors = watchErrors(page);
  await loginAs(page, stage.url, DEMO.seller);
  const nav = page.getByRole('navigation', { name: 'Main' });
  await nav
    .getByTestId('header-spendable')
    .filter({ hasText: formatRupees(BIG_BALANCE_PAISE) })
    .waitFor();
  const tops = await rowTops(page);
  assert.ok(tops.length >= 9, `entries in the row: ${tops.length}`);
  assert.equal(new Set(tops).size, 1, `one row: ${tops.join(', ')}`);
  const header = await page.getByRole('banner').boundingBox();
  assert.ok(header && header.height < 70, `header height ${header?.height}`);
  assert.ok(await fitsWidth(page));
  await screenshot(page, 'plan-menu-row-1280');

  // keyboard: Tab to Orders, the down arrow opens it, the arrows walk it, Escape gives focus back
  const orders = nav.getByRole('button', { name: 'Orders' });
  await orders.focus();
  await page.keyboard.press('ArrowDown');
  assert.equal(await orders.getAttribute('aria-expanded'), 'true');
  await page.keyboard.press('ArrowDown');
  assert.equal(await page.evaluate(() => document.activeElement?.textContent), 'All orders');
  await page.keyboard.press('ArrowDown');
  assert.equal(await page.evaluate(() => document.activeElement?.textContent), 'B2B orders');
  await page.keyboard.press('ArrowDown');
  assert.equal(await page.evaluate(() => document.activeElement?.textContent), 'NDR');
  await page.keyboard.press('Escape');
  assert.equal(await orders.getAttribute('aria-expanded'), 'false');
  assert.equal(await page.evaluate(() => document.activeElement?.textContent), 'Orders▾');
  await orders.press('Enter');
  await checkAccessibility(page, 'menu-open');
  // the check's trip to 375 px hides the row, and a menu left by focus closes
  if ((await orders.getAttribute('aria-expanded')) !== 'true') await orders.click();
  await nav.getByRole('link', { name: 'NDR' }).click();
  await page.waitForURL(/\/ndr$/);

  // a Lite seller's Orders menu keeps Premium's rate card, with its badge; opening it shows the upgrade path
  await nav.getByRole('button', { name: 'Orders' }).click();
  await nav.getByRole('link', { name: 'My rate card Premium' }).click();
  await page.waitForURL(/\/tools\/rate-card$/);
  await seesUpgradePath(page, 'Customised pricing', 'Premium');
  await screenshot(page, 'plan-upgrade-rate-card-1280');
  await page.reload();
  await seesUpgradePath(page, 'Customised pricing', 'Premium');

  // API keys and Webhooks, and the team (more than one login is Pro's)
  await nav.getByRole('button', { name: /Aarav/ }).click();
  await page.getByRole('link', { name: 'API keys Premium' }).click();
  await seesUpgradePath(page, 'Open API access', 'Premium');
  await nav.getByRole('button', { name: /Aarav/ }).click();
  await page.getByRole('link', { name: 'Team Pro' }).click();
  await page.waitForURL(/\/team$/);
  await seesUpgradePath(page, 'More than one login', 'Pro');
  // Compare plans: the plans above Lite, each with its upgrade
  await page.getByRole('link', { name: 'Compare plans' }).click();
  await page.getByRole('heading', { name: 'Upgrade your plan', level: 1 }).waitFor();
  await page.getByRole('heading', { name: 'Premium', level: 2 }).waitFor();
  assert.equal(await page.getByTestId('upgrade-panel').count(), 2);
  await checkAccessibility(page, 'upgrade');
  await screenshot(page, 'plan-upgrade-compare-1280');
  await page.getByRole('link', { name: 'Upgrade to Pro' }).click();
  await page.waitForURL(/\/plan\?upgrade=PRO$/);
  // an older link to /denied naming a plan shows the upgrade path too
  await page.goto(`${stage.url}/denied?plan=PREMIUM`);
  await page.getByRole('heading', { name: 'This page comes with Premium' }).waitFor();
  assert.equal(await page.getByText('Access denied').count(), 0);
  assert.deepEqual(errors, []);
  await context.close();
});

test('375 px: a Pro seller finds every page in the drawer, and Webhooks show Premium and the way to upgrade', async () => {
  const { page, context } = await newPage(stage.browser, VIEWPORTS.phone);
  const errors = watchErrors(page);
  await loginAs(page, stage.url, DEMO.seller2);
  await page.getByRole('button', { name: 'Open menu' }).click();
  const drawer = page.getByRole('dialog', { name: 'Menu' });
  for (const name of [
    'All orders',
    'NDR',
    'Returns',
    'Setup overview',
    'All reports',
    'Pincode performance',
    'COD remittance',
  ])
    await drawer.getByRole('link', { name, exact: true }).waitFor();
  // Pro opens the team and COD verification: no badge there
  assert.equal(await drawer.getByRole('link', { name: 'Team', exact: true }).count(), 1);
  assert.equal(await drawer.getByRole('link', { name: 'COD verification', exact: true }).count(), 1);
  await checkAccessibility(page, 'menu-drawer');
  await screenshot(page, 'plan-menu-drawer-375');
  await drawer.getByRole('link', { name: 'Webhooks Premium' }).click();
  await page.waitForURL(/\/webhooks$/);
  await seesUpgradePath(page, 'Open API access', 'Premium');
  await page.getByText('Your account is on the Pro plan.').waitFor();
  await screenshot(page, 'plan-upgrade-webhooks-375');
  assert.deepEqual(errors, []);
  await context.close();
});
