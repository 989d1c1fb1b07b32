import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { test } from 'node:test';
import type { IntelligenceResults } from '../../src/domain/intelligence-results';
import { checkAccessibility, fitsWidth, newPage, ROOT, screenshot, VIEWPORTS, watchErrors, appStage } from './support';

// The public page of measured figures (/promises): no login; the delivery promise figures as the
// bench wrote them, each RTO figure the file does not hold said to be not measured yet.

const stage = appStage();

const results = JSON.parse(
  readFileSync(join(ROOT, 'bench/results/intelligence.json'), 'utf8'),
) as Partial<IntelligenceResults> & Pick<IntelligenceResults, 'promises'>;

test('a visitor reads the measured delivery promise and RTO figures at 1280px and 375px', async () => {
  for (const [name, viewport] of Object.entries(VIEWPORTS)) {
    const { page, context } = await newPage(stage.browser, viewport);
    const errors = watchErrors(page);
    await page.goto(`${stage.url}/promises`);
    await page.getByRole('heading', { name: 'What our delivery dates and RTO scores are worth' }).waitFor();
    const dates = page.getByRole('region', { name: 'Delivery dates' });
    await dates
      .getByText(`${(results.promises.hitRate * 100).toFixed(1)} %`)
      .first()
      .waitFor();
    await dates.getByText(results.promises.historyShipments.toLocaleString('en-IN')).waitFor();
    const rto = page.getByRole('region', { name: 'RTO risk' });
    const auc = results.rto?.auc?.model;
    await rto
      .getByText(auc === undefined ? 'Not measured yet' : auc.toFixed(3))
      .first()
      .waitFor();
    assert.ok(await fitsWidth(page), `no sideways scroll at ${name}`);
    await checkAccessibility(page, `promises-${name}`);
    await screenshot(page, `promises-${name}`);
    // the page is whole again after a reload
    await page.reload();
    await dates
      .getByText(`${(results.promises.hitRate * 100).toFixed(1)} %`)
      .first()
      .waitFor();
    assert.deepEqual(errors, []);
    await context.close();
  }
});
