import assert from 'node:assert/strict';
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, test } from 'node:test';
import type { Browser, Page } from 'playwright-core';
import { istDay } from '../../src/domain/format';
import { API_ORDERS } from '../../src/domain/orders-contract';
import { API_REPORTS, type ReportScheduleRow } from '../../src/domain/reports-contract';
import { exportPath } from '../../src/domain/setup-contract';
import { parseCsv } from '../../server/modules/uploads/csv-records';
import {
  apiCaller,
  apiToken,
  DEMO,
  fitsWidth,
  launchBrowser,
  loginAs,
  newPage,
  screenshot,
  SCREENS_DIR,
  startApp,
  VIEWPORTS,
  watchErrors,
  type RunningApp,
} from './support';

// Reports: a seller asks for an orders report on /reports, watches it being made, downloads it
// and finds the orders list's rows in it; then schedules a daily report, its run is started
// through its job (the development control), and the email with the link arrives in the
// development mailbox; the link opens the report, ready to download. At 1280 px and at 375 px.

let app: RunningApp;
let browser: Browser;

before(async () => {
  app = await startApp({ REPORTS_DIR: mkdtempSync(join(tmpdir(), 'dakiya-e2e-reports-')) });
  browser = await launchBrowser();
});
after(async () => {
  await browser?.close();
  await app?.stop();
});

/** The orders list's export over the same days, without its BOM: what the report must hold. */
async function listExport(token: string, fromDate: string, toDate: string): Promise<string> {
  const res = await fetch(
    `${app.url}${exportPath(API_ORDERS.orders)}?orderBookedFrom=${fromDate}&orderBookedTo=${toDate}`,
    {
      headers: { authorization: `Bearer ${token}` },
    },
  );
  return (await res.text()).replace(/^\uFEFF/, '');
}

async function reportFlow(page: Page, who: { email: string; password: string }, mailbox: string, shot: string) {
  const errors = watchErrors(page);
  await loginAs(page, app.url, who);
  await page.goto(`${app.url}/reports`);
  await page.getByRole('heading', { name: 'Reports', level: 1 }).waitFor();
  await page.getByRole('list', { name: 'Report types' }).getByText('Counted when made').first().waitFor();
  assert.ok(await fitsWidth(page), `${shot}: the reports page fits`);
  await screenshot(page, `${shot}-reports`);

  // ask for the orders report of this month, watch it, download it
  await page.getByRole('button', { name: 'Choose the Orders report' }).click();
  await page.getByRole('button', { name: 'Request report' }).click();
  // watched live: queued, its progress, then ready
  const progress = page.getByRole('status', { name: 'Report progress' });
  await progress.waitFor();
  const ready = progress.getByText(/^Ready: /);
  await ready.waitFor();
  await screenshot(page, `${shot}-report-ready`);
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    progress.getByRole('button', { name: /^Download orders-/ }).click(),
  ]);
  const today = istDay();
  const from = `${today.slice(0, 8)}01`;
  assert.equal(download.suggestedFilename(), `orders-${from}-to-${today}.csv`);
  const file = parseCsv(readFileSync((await download.path())!, 'utf8'));
  const token = await apiToken(app.url, who);
  const firstColumn = (rows: string[][]) => rows.slice(1).map((r) => r[0]);
  assert.deepEqual(
    firstColumn(file),
    firstColumn(parseCsv(await listExport(token, from, today))),
    `${shot}: the report has the orders list's rows`,
  );
  assert.deepEqual(file[0].slice(0, 3), ['Order number', 'Order date', 'Status'], `${shot}: headers in words`);
  const rows = file.length - 1;
  assert.match((await ready.textContent()) ?? '', new RegExp(`Ready: ${rows} rows?`));
  await page.getByRole('table', { name: 'Your reports' }).getByText('Ready').first().waitFor();

  // a daily schedule, run now through its job; the email with its link arrives
  await page.getByLabel('Email').fill(mailbox);
  await page.getByLabel('Frequency').selectOption('DAILY');
  await page.getByRole('button', { name: 'Add schedule' }).click();
  const schedules = page.getByRole('table', { name: 'Scheduled reports' });
  await schedules.getByText(mailbox).waitFor();
  assert.ok(await fitsWidth(page), `${shot}: the schedules fit`);
  await screenshot(page, `${shot}-scheduled`);
  const call = apiCaller(app.url, token);
  const schedule = (await call<ReportScheduleRow[]>(API_REPORTS.scheduled)).find((s) => s.email === mailbox)!;
  const run = await fetch(`${app.url}${API_REPORTS.devRunSchedule(schedule.scheduleId)}`, { method: 'POST' });
  assert.equal(run.status, 200);

  await page.goto(`${app.url}/dev/outbox`);
  const mail = page.locator('article').filter({ hasText: mailbox }).filter({ hasText: 'Orders report for' });
  await mail.first().waitFor({ timeout: 30_000 });
  const body = (await mail.first().locator('pre').textContent()) ?? '';
  const link = /(http\S+\/reports\?report=\d+)/.exec(body)?.[1];
  assert.ok(link, `${shot}: the email carries the report's link`);
  // the development mailbox is no product screen (it refreshes itself): a picture, no audit
  await page.screenshot({ path: join(SCREENS_DIR, `${shot}-mailbox.png`), fullPage: true });

  // the link opens the report, ready to download; the page survives a reload
  await page.goto(link);
  await progress.getByText(/^Ready: /).waitFor();
  await page.getByRole('table', { name: 'Your reports' }).getByText('scheduled', { exact: false }).first().waitFor();
  await page.reload();
  await progress.getByText(/^Ready: /).waitFor();
  await page.getByRole('table', { name: 'Scheduled reports' }).getByText(mailbox).waitFor();
  assert.ok(await fitsWidth(page), `${shot}: the page opened from the email fits`);
  await screenshot(page, `${shot}-from-email`);
  assert.deepEqual(errors, []);
}

test('a seller downloads an orders report and gets a scheduled one by email, at 1280 px', async () => {
  const { context, page } = await newPage(browser, VIEWPORTS.desktop);
  await reportFlow(page, DEMO.seller2, 'accounts@meera.test', 'reports-desktop');
  await context.close();
});

test('a seller downloads an orders report and gets a scheduled one by email, at 375 px', async () => {
  const { context, page } = await newPage(browser, VIEWPORTS.phone);
  await reportFlow(page, DEMO.seller, 'accounts@aarav.test', 'reports-phone');
  await context.close();
});
