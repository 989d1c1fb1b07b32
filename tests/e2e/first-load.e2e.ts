import assert from 'node:assert/strict';
import { test } from 'node:test';
import type { Page } from 'playwright-core';
import { appStage, DEMO, fitsWidth, loginAs, newPage, screenshot, VIEWPORTS, watchErrors } from './support';

// A seller page loaded afresh, on a phone and on a desktop: it asks for no stylesheet and no tab
// icon (both are in its HTML), its styles apply, and nothing on it moves once painted (the home's
// sections appear together, the wallet's records wait for the recharge card above them). Each page
// is reloaded with the browser's cache emptied, as a first visit of the day finds it.

const stage = appStage();

interface Shifts {
  /** the sum of the shifts' scores, as the browser's CLS adds them within its windows */
  score: number;
  /** what moved, for a failure to name */
  moved: string[];
}

/** The page's layout shifts from its load on, as the browser scores them (CLS), and what moved. */
async function shiftsAfterReload(page: Page, path: string, settled: () => Promise<void>): Promise<Shifts> {
  await page.context().addInitScript(() => {
    const w = window as unknown as { __shifts: Shifts };
    w.__shifts = { score: 0, moved: [] };
    type Shift = PerformanceEntry & {
      value: number;
      hadRecentInput: boolean;
      sources: { node?: Node; previousRect: DOMRectReadOnly; currentRect: DOMRectReadOnly }[];
    };
    new PerformanceObserver((list) => {
      for (const e of list.getEntries() as Shift[]) {
        if (e.hadRecentInput) continue;
        w.__shifts.score += e.value;
        for (const s of e.sources) {
          const el = s.node instanceof Element ? s.node : s.node?.parentElement;
          w.__shifts.moved.push(
            `${el?.tagName.toLowerCase()}.${el?.className} "${(el?.textContent ?? '').slice(0, 40)}" ` +
              `${Math.round(s.previousRect.top)}→${Math.round(s.currentRect.top)}`,
          );
        }
      }
    }).observe({ type: 'layout-shift', buffered: true });
  });
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Network.clearBrowserCache');
  await page.goto(`${stage.url}${path}`);
  await settled();
  await page.waitForLoadState('networkidle');
  return page.evaluate(() => (window as unknown as { __shifts: Shifts }).__shifts);
}

const assertStill = (shifts: Shifts, what: string) =>
  assert.ok(
    shifts.score < 0.01,
    `${what} moved after it painted (layout shift ${shifts.score.toFixed(3)}): ${shifts.moved.join('; ')}`,
  );

for (const [size, viewport] of Object.entries(VIEWPORTS)) {
  test(`a seller page's first load at ${size} width: no stylesheet or icon asked, nothing moves`, async () => {
    const { page, context } = await newPage(stage.browser, viewport);
    const errors = watchErrors(page);
    await loginAs(page, stage.url, DEMO.seller);
    const asked: string[] = [];
    page.on('request', (r) => asked.push(new URL(r.url()).pathname));

    const home = await shiftsAfterReload(page, '/home', () =>
      page.getByRole('heading', { name: 'Get started' }).waitFor(),
    );
    assertStill(home, 'the home page');
    // where every login lands loads no chunk of the screens it does not show
    assert.deepEqual(
      asked.filter((p) => /^\/assets\/screens-shared-/.test(p)),
      [],
      'the home page loads the shared screens’ chunk',
    );
    await page.getByRole('region', { name: 'Today' }).waitFor();
    // the inlined sheets apply: a card has its shadow and rounded corners
    const card = await page
      .locator('section.card')
      .first()
      .evaluate((c) => [getComputedStyle(c).boxShadow, getComputedStyle(c).borderTopLeftRadius]);
    assert.notEqual(card[0], 'none');
    assert.notEqual(card[1], '0px');
    assert.ok(await fitsWidth(page), 'no sideways scroll');
    await screenshot(page, `first-load-home-${size}`);

    const wallet = await shiftsAfterReload(page, '/wallet', () =>
      page.getByRole('tab', { name: 'Statement' }).waitFor(),
    );
    assertStill(wallet, 'the wallet page');
    await page.getByRole('button', { name: '₹500', exact: true }).waitFor();
    assert.ok(await fitsWidth(page), 'no sideways scroll');
    await screenshot(page, `first-load-wallet-${size}`);

    assert.deepEqual(
      asked.filter((p) => p.endsWith('.css') || p === '/favicon.ico'),
      [],
      'no stylesheet or tab icon is asked for',
    );
    // the tab's icon is the page's own
    assert.match((await page.locator('link[rel="icon"]').getAttribute('href')) ?? '', /^data:image\/svg\+xml,/);
    assert.deepEqual(errors, []);
    await context.close();
  });
}
