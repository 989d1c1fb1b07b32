import assert from 'node:assert/strict';
import { test } from 'node:test';
import type { Page } from 'playwright-core';
import { API_ACCOUNT, type AccountInfo } from '../../src/domain/account-contract';
import { ACCOUNT_INFO } from '../../src/domain/account-session';
import { API_DASHBOARD, type DashboardSummary } from '../../src/domain/dashboard-contract';
import { TOUR_STEPS } from '../../src/domain/home-tour';
import {
  apiCaller,
  apiToken,
  DEMO,
  fitsWidth,
  loginAs,
  newPage,
  screenshot,
  signUpSeller,
  VIEWPORTS,
  watchErrors,
  appStage,
} from './support';

// The guided home tour with the keyboard: a new seller's first visit shows it (the menu drawer held
// open for the menu's steps at 375 px), arrows move, Finish ends it, a reload does not bring it
// back, Help replays it and Esc closes it. Then the demo seller's dashboard: the figures the API
// gives, a period change kept in the address across a reload, and a custom range refused when
// out of order.

const stage = appStage();

const popover = (page: Page) => page.locator('.driver-popover');
async function atStep(page: Page, index: number) {
  await popover(page)
    .getByText(`Step ${index + 1} of 7`)
    .waitFor();
  await popover(page).getByText(TOUR_STEPS[index].title, { exact: true }).waitFor();
}

for (const [width, viewport] of [
  ['1280', VIEWPORTS.desktop],
  ['375', VIEWPORTS.phone],
] as const)
  test(`the home tour by keyboard on the first visit, and again from Help, at ${width} px`, async () => {
    const who = await signUpSeller(
      stage.url,
      {
        firstName: 'Tara',
        lastName: 'Iyer',
        companyName: `Tour Test ${width}`,
        email: `tour${width}@seller.test`,
        phone: width === '1280' ? '9812301280' : '9812300375',
      },
      { firstVisit: true },
    );
    const { context, page } = await newPage(stage.browser, viewport);
    const errors = watchErrors(page);
    await loginAs(page, stage.url, who);
    await atStep(page, 0);
    assert.equal(await popover(page).getByRole('button', { name: 'Back' }).isDisabled(), true);
    // the popover's main button has the focus (after the 300 ms delay): Enter moves on
    await page.waitForFunction(() => document.activeElement?.classList.contains('driver-popover-next-btn'));
    await screenshot(page, `home-tour-${width}-step1`);
    await page.keyboard.press('Enter');
    await atStep(page, 1);
    const drawer = page.getByRole('dialog', { name: 'Menu' });
    if (width === '375') await drawer.waitFor();
    await page.keyboard.press('ArrowLeft');
    await atStep(page, 0);
    for (let i = 1; i < TOUR_STEPS.length; i++) {
      await page.keyboard.press('ArrowRight');
      await atStep(page, i);
      if (i === 4) {
        assert.ok(await fitsWidth(page), `${width}: the Help step fits`);
        // the popover fades in (0.4 s): the picture shows it as the seller reads it, not half drawn
        await popover(page).evaluate((el) => Promise.all(el.getAnimations().map((a) => a.finished)));
        await page.screenshot({ path: `test-results/screens/home-tour-${width}-help-step.png` });
      }
    }
    const finish = popover(page).getByRole('button', { name: 'Finish' });
    await finish.waitFor();
    await page.waitForFunction(() => document.activeElement?.textContent?.includes('Finish'));
    // the record of it is slow to leave (a busy phone, a slow network) and the seller reloads at
    // once: the request outlives the page, and the server has it
    await page.route(`**${API_ACCOUNT.homeTourSeen.path}`, async (route) => {
      await new Promise((r) => setTimeout(r, 300));
      await route.continue();
    });
    await page.keyboard.press('Enter');
    await popover(page).waitFor({ state: 'detached' });
    if (width === '375') await drawer.waitFor({ state: 'detached' });
    await page.reload();
    const api = apiCaller(stage.url, await apiToken(stage.url, who));
    for (const until = Date.now() + 10_000; !(await api<AccountInfo>(ACCOUNT_INFO.path)).homeTourSeen;) {
      assert.ok(Date.now() < until, `${width}: the server has the tour seen`);
      await new Promise((r) => setTimeout(r, 200));
    }

    // remembered by the server: a reload (or another device) does not show it again
    await page.reload();
    await page.getByRole('heading', { name: 'Get started' }).waitFor();
    await page.waitForTimeout(1200);
    assert.equal(await popover(page).count(), 0);

    // Help replays it; Esc closes it
    if (width === '375') {
      await page.getByRole('button', { name: 'Open menu' }).click();
      await drawer.getByRole('button', { name: 'Take the tour' }).click();
    } else {
      await page.getByRole('button', { name: 'Help' }).click();
      await page.getByRole('button', { name: 'Take the tour' }).click();
    }
    await atStep(page, 0);
    await page.keyboard.press('ArrowRight');
    await atStep(page, 1);
    await page.keyboard.press('Escape');
    await popover(page).waitFor({ state: 'detached' });
    if (width === '375') await drawer.waitFor({ state: 'detached' });
    assert.ok(await fitsWidth(page), `${width}: home fits`);
    assert.deepEqual(errors, []);
    await context.close();
  });

const stat = (page: Page, label: string) =>
  page
    .locator('.stat', { has: page.locator('.stat-label', { hasText: new RegExp(`^${label}$`) }) })
    .locator('.stat-value');

for (const [width, viewport] of [
  ['1280', VIEWPORTS.desktop],
  ['375', VIEWPORTS.phone],
] as const)
  test(`the dashboard shows the demo seller's figures and keeps the period at ${width} px`, async () => {
    const api = apiCaller(stage.url, await apiToken(stage.url, DEMO.seller2));
    const { context, page } = await newPage(stage.browser, viewport);
    const errors = watchErrors(page);
    await loginAs(page, stage.url, DEMO.seller2);
    // the home page's headline figures lead to the dashboard
    await page.getByRole('region', { name: 'Today' }).or(page.getByLabel('Today')).first().waitFor();
    await page.getByRole('link', { name: 'See the dashboard' }).click();
    await page.getByRole('heading', { name: 'Dashboard', level: 1 }).waitFor();
    const month = await api<DashboardSummary>(`${API_DASHBOARD.summary.path}?period=30d`);
    assert.ok(month.orders > 0, 'the demo seller has orders in 30 days');
    await stat(page, 'Orders').getByText(month.orders.toLocaleString('en-IN'), { exact: true }).waitFor();
    await stat(page, 'Shipments').getByText(month.shipments.toLocaleString('en-IN'), { exact: true }).waitFor();
    await stat(page, 'Delivered').getByText(`${month.deliveredPercent}%`, { exact: true }).waitFor();
    await page.getByRole('heading', { name: 'Top products' }).waitFor();
    await page.locator('.chart canvas').first().waitFor();
    assert.ok(await fitsWidth(page), `${width}: the dashboard fits`);
    await screenshot(page, `dashboard-${width}`);

    await page.getByRole('button', { name: '7 days' }).click();
    await page.waitForURL(/period=7d/);
    const week = await api<DashboardSummary>(`${API_DASHBOARD.summary.path}?period=7d`);
    await stat(page, 'Orders').getByText(week.orders.toLocaleString('en-IN'), { exact: true }).waitFor();
    await page.reload();
    await page.getByRole('button', { name: '7 days', pressed: true }).waitFor();
    await stat(page, 'Orders').getByText(week.orders.toLocaleString('en-IN'), { exact: true }).waitFor();

    await page.getByRole('button', { name: 'Custom' }).click();
    // days typed the Indian way, as an English (US) browser would otherwise ask mm/dd/yyyy
    await page.getByLabel('From date').fill('20/11/2026');
    await page.getByLabel('To date').fill('2 Nov 2026');
    await page.getByLabel('From date').click();
    assert.equal(await page.getByLabel('To date').inputValue(), '02 Nov 2026');
    await page.getByRole('button', { name: 'Show' }).click();
    await page.getByText('From date must be on or before To date').waitFor();
    assert.ok(await fitsWidth(page), `${width}: the custom period fits`);
    assert.deepEqual(errors, []);
    await context.close();
  });
