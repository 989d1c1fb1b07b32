import assert from 'node:assert/strict';
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { test } from 'node:test';
import type { Page } from 'playwright-core';
import { istDay } from '../../src/domain/format';
import { API_ORDERS } from '../../src/domain/orders-contract';
import { API_PINCODE_PERFORMANCE } from '../../src/domain/quality/pincode-performance-contract';
import { API_REPORTS, devRunSchedulePath, type ReportScheduleRow } from '../../src/domain/reports-contract';
import { exportPath } from '../../src/domain/setup-contract';
import { parseCsv } from '../../server/modules/uploads/csv-records';
import ExcelJS from 'exceljs';
import { API_CUSTOM_REPORTS, type SavedReportRow } from '../../src/domain/custom-reports-contract';
import {
  apiCaller,
  apiToken,
  checkAccessibility,
  DEMO,
  meeraOnPremium,
  fitsWidth,
  loginAs,
  newPage,
  screenshot,
  SCREENS_DIR,
  VIEWPORTS,
  watchErrors,
  appStage,
} from './support';

// Reports: a seller asks for an orders report on /reports, watches it being made, downloads it
// and finds the orders list's rows in it, and the pincode performance report with the pincode
// performance page's rows; then schedules a daily report, its run is started
// through its job (the development control), and the email with the link arrives in the
// development mailbox; the link opens the report, ready to download. At 1280 px and at 375 px.
// Custom reports: a Premium seller builds one (grouped, with totals), previews it, saves it, finds
// it again after a reload and downloads it as Excel with real numbers; a seller on another plan
// sees the builder locked with the Premium badge and the way to upgrade.

const stage = appStage({ REPORTS_DIR: mkdtempSync(join(tmpdir(), 'dakiya-e2e-reports-')) });

/** The orders list's export over the same days, without its BOM: what the report must hold. */
async function listExport(token: string, fromDate: string, toDate: string): Promise<string> {
  const res = await fetch(
    `${stage.url}${exportPath(API_ORDERS.orders.path)}?orderBookedFrom=${fromDate}&orderBookedTo=${toDate}`,
    {
      headers: { authorization: `Bearer ${token}` },
    },
  );
  return (await res.text()).replace(/^\uFEFF/, '');
}

async function reportFlow(page: Page, who: { email: string; password: string }, mailbox: string, shot: string) {
  const errors = watchErrors(page);
  await loginAs(page, stage.url, who, '/reports');
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
  const token = await apiToken(stage.url, who);
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

  // the pincode performance report: the page's rows by pincode, as a file like the others
  await page.getByRole('button', { name: 'Choose the Pincode performance report' }).click();
  await page.getByRole('button', { name: 'Request report' }).click();
  const [pincodes] = await Promise.all([
    page.waitForEvent('download'),
    progress.getByRole('button', { name: /^Download pincode-performance-/ }).click(),
  ]);
  assert.equal(pincodes.suggestedFilename(), `pincode-performance-${from}-to-${today}.csv`);
  const byPincode = parseCsv(readFileSync((await pincodes.path())!, 'utf8'));
  assert.deepEqual(byPincode[0].slice(0, 4), ['Pincode', 'District', 'State', 'Courier'], `${shot}: pincode headers`);
  const onPage = await apiCaller(
    stage.url,
    token,
  )<{ total: number }>(`${API_PINCODE_PERFORMANCE.list.path}?fromDate=${from}&toDate=${today}&recordsPerPage=1`);
  assert.equal(byPincode.length - 1, onPage.total, `${shot}: the report has the page's rows`);
  await page.getByRole('table', { name: 'Your reports' }).getByText('Pincode performance').first().waitFor();
  assert.ok(await fitsWidth(page), `${shot}: the reports page fits with both reports`);
  await screenshot(page, `${shot}-pincode-report`);

  // a daily schedule, run now through its job; the email with its link arrives
  await page.getByLabel('Email').fill(mailbox);
  await page.getByLabel('Frequency').selectOption('DAILY');
  await page.getByRole('button', { name: 'Add schedule' }).click();
  const schedules = page.getByRole('table', { name: 'Scheduled reports' });
  await schedules.getByText(mailbox).waitFor();
  assert.ok(await fitsWidth(page), `${shot}: the schedules fit`);
  await screenshot(page, `${shot}-scheduled`);
  const call = apiCaller(stage.url, token);
  const schedule = (await call<ReportScheduleRow[]>(API_REPORTS.schedules.path)).find((s) => s.email === mailbox)!;
  const run = await fetch(`${stage.url}${devRunSchedulePath(schedule.scheduleId)}`, { method: 'POST' });
  assert.equal(run.status, 200);

  await page.goto(`${stage.url}/dev/outbox`);
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
  const { context, page } = await newPage(stage.browser, VIEWPORTS.desktop);
  await reportFlow(page, DEMO.seller2, 'accounts@meera.test', 'reports-desktop');
  await context.close();
});

test('a seller downloads an orders report and gets a scheduled one by email, at 375 px', async () => {
  const { context, page } = await newPage(stage.browser, VIEWPORTS.phone);
  await reportFlow(page, DEMO.seller, 'accounts@aarav.test', 'reports-phone');
  await context.close();
});

/** The custom report builder, by a Premium seller: build, preview, save, reload, download Excel. */
async function builderFlow(page: Page, shot: string, name: string) {
  const errors = watchErrors(page);
  await loginAs(page, stage.url, DEMO.seller2, '/reports');
  await page.getByRole('link', { name: 'Build a custom report' }).click();
  await page.getByRole('heading', { name: /^Custom reports/, level: 1 }).waitFor();
  await page.getByRole('heading', { name: 'New report' }).waitFor();

  // orders of the last 30 days by courier, with the order value summed, largest first
  await page.getByLabel('Group by').selectOption({ label: 'Courier' });
  await page.getByLabel('Sum of Order total (₹)').check();
  await page.getByLabel('Sort by').selectOption({ label: 'Sum of Order total (₹)' });
  await page.getByLabel('Order', { exact: true }).selectOption('DESC');
  await page.getByRole('button', { name: 'Preview' }).click();
  const table = page.getByRole('region', { name: 'Report preview' });
  await table.getByRole('columnheader', { name: 'Sum of Order total (₹)' }).waitFor();
  const firstSum = (await table.locator('tbody tr').first().locator('td').nth(2).textContent()) ?? '';
  assert.match(firstSum, /^₹[\d,]+\.\d{2}$/, `${shot}: the sum reads as rupees in Indian grouping`);
  assert.ok(await fitsWidth(page), `${shot}: the builder fits`);
  await screenshot(page, `${shot}-builder-preview`);

  // saved under a name: the address names it, and a reload opens it again, previewed
  await page.getByLabel('Report name').fill(name);
  await page.getByRole('button', { name: 'Save report' }).click();
  await page.getByRole('status').getByText(`Saved “${name}”`).waitFor();
  await page.waitForURL(/\/reports\/builder\?report=\d+/);
  await page.reload();
  await page.getByRole('heading', { name: `Editing “${name}”` }).waitFor();
  await table.getByRole('columnheader', { name: 'Sum of Order total (₹)' }).waitFor();
  assert.equal(
    await page.getByLabel('Group by').inputValue(),
    'courierName',
    `${shot}: the grouping survived the reload`,
  );
  const token = await apiToken(stage.url, DEMO.seller2);
  const saved = await apiCaller(stage.url, token)<SavedReportRow[]>(API_CUSTOM_REPORTS.saved.path);
  assert.ok(saved.some((r) => r.name === name && r.definition.groupBy === 'courierName'));

  // Excel: the sums are numbers with the rupee format, not text
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('button', { name: 'Download Excel' }).click(),
  ]);
  assert.match(download.suggestedFilename(), /^orders-and-shipments-\d{4}-\d{2}-\d{2}\.xlsx$/);
  const book = new ExcelJS.Workbook();
  await book.xlsx.readFile((await download.path())!);
  const sheet = book.worksheets[0];
  assert.deepEqual((sheet.getRow(1).values as unknown[]).slice(1), ['Courier', 'Rows', 'Sum of Order total (₹)']);
  const sum = sheet.getRow(2).getCell(3);
  assert.equal(typeof sum.value, 'number', `${shot}: the sum in the workbook is a number`);
  assert.equal(typeof sheet.getRow(2).getCell(2).value, 'number', `${shot}: the row count is a number`);
  assert.ok(String(sum.numFmt).includes('#,##,##0.00'), `${shot}: the sum has the rupee format`);
  assert.ok(await fitsWidth(page), `${shot}: the saved report fits`);
  await screenshot(page, `${shot}-builder-saved`);
  assert.deepEqual(errors, []);
}

test('a Premium seller builds, previews, saves and downloads a custom report, at 1280 px', async () => {
  await meeraOnPremium(stage.url, 'e2e-custom-reports');
  const { context, page } = await newPage(stage.browser, VIEWPORTS.desktop);
  await builderFlow(page, 'reports-desktop', 'Orders by courier');
  await context.close();
});

test('custom reports at 375 px: a Premium seller builds and saves one; another plan sees it locked with the way to upgrade', async () => {
  const { context, page } = await newPage(stage.browser, VIEWPORTS.phone);
  await builderFlow(page, 'reports-phone', 'Courier totals');
  await context.close();
  const other = await newPage(stage.browser, VIEWPORTS.phone);
  const errors = watchErrors(other.page);
  await loginAs(other.page, stage.url, DEMO.seller, '/reports/builder');
  await other.page.getByRole('heading', { name: /^Custom reports/, level: 1 }).waitFor();
  await other.page.getByText('Custom reports comes with the Premium plan. Upgrade your plan to use it.').waitFor();
  assert.equal(await other.page.getByTestId('plan-badge').first().textContent(), 'Premium');
  const upgrade = other.page.getByRole('link', { name: 'Upgrade to Premium' });
  assert.equal(await upgrade.getAttribute('href'), '/plan?upgrade=PREMIUM');
  assert.equal(await other.page.getByText('Access denied').count(), 0);
  assert.ok(await fitsWidth(other.page), 'the locked builder fits');
  await checkAccessibility(other.page);
  await screenshot(other.page, 'reports-phone-builder-locked');
  await upgrade.click();
  await other.page.waitForURL(/\/plan/);
  assert.deepEqual(errors, []);
  await other.context.close();
});
