import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { reportRequests } from '../../server/db/schema';
import {
  expireReports,
  REPORT_SCHEDULE_QUEUES,
  runDueSchedules,
  scheduleCron,
} from '../../server/modules/reports/schedules';
import { queryRows } from '../../server/db/rows';
import { sql } from 'drizzle-orm';
import { PERMISSION_DENIED } from '../../server/http/router';
import { API_ORDERS } from '../../src/domain/orders-contract';
import { API_PINCODE_PERFORMANCE } from '../../src/domain/quality/pincode-performance-contract';
import { exportPath } from '../../src/domain/setup-contract';
import { API_REPORTS, devRunSchedulePath, type ReportRequestRow } from '../../src/domain/reports-contract';
import { errorOf, type TestServer } from './harness';
import { answer, answerOf, send } from './call';
import { insertDeliveredCod } from '../../server/seeds/cod-delivered';
import { parseCsv } from '../../server/modules/uploads/csv-records';
import { login, MEERA, SELLER, startDemoServer } from './helpers';
import { invitedUser, ownerOn } from './team-helpers';
import { API_TEAM } from '../../src/domain/team-contract';

import { generateReport } from '../../server/modules/reports/generate';
import { JOB_LEASE_SECONDS } from '../../server/jobs/queue';

// Reports: asked for, made by the job, downloaded; their rows are the rows of the list they
// mirror under the same filters; only their organisation sees them; they expire after 30 days;
// schedules email the link.

const PERIOD = { fromDate: '2026-01-01', toDate: '2026-11-30' };

describe('reports', () => {
  let s: TestServer;
  // Meera (the demo seller with orders) asks for reports; the other demo seller must see none of them
  let seller: string;
  let other: string;
  beforeAll(async () => {
    s = await startDemoServer();
    const meera = await login(s, MEERA);
    seller = meera.token;
    other = (await login(s, SELLER)).token;
    await insertDeliveredCod(s.deps.db, {
      orgIds: [meera.claims.oid!],
      perOrg: 40,
      prefix: 'RPT',
      deliveredAt: new Date('2026-11-10T10:00:00Z'),
      carrierCode: 'DE',
    });
  });
  afterAll(() => s.close());

  const ask = (json: Record<string, unknown>, token = seller) =>
    s.request(API_REPORTS.request.path, { method: 'POST', token, json });

  async function finished(reportId: number, token = seller): Promise<ReportRequestRow> {
    for (let i = 0; i < 400; i++) {
      const row = await answer(s, API_REPORTS.report, { params: { reportId: reportId }, token });
      if (row.status === 'READY' || row.status === 'FAILED') return row;
      await new Promise((r) => setTimeout(r, 50));
    }
    throw new Error(`report ${reportId} did not finish`);
  }

  async function made(json: Record<string, unknown>, token = seller) {
    const asked = await answerOf(API_REPORTS.request, await ask(json, token));
    expect(asked.status).toBe('QUEUED');
    return finished(asked.reportId, token);
  }

  const text = async (res: Response) => (await res.text()).replace(/^\uFEFF/, '');
  /** a file's rows by their first column, the order number (the report's headers are its own) */
  const orderNumbers = (csv: string) =>
    parseCsv(csv)
      .slice(1)
      .map((r) => r[0]);

  it('lists the report types with the filters each takes', async () => {
    const types = await answer(s, API_REPORTS.types, { token: seller });
    expect(types.map((t) => t.type)).toEqual([
      'ORDERS',
      'SHIPMENTS',
      'NDR',
      'RTO',
      'RETURNS',
      'COD_REMITTANCE',
      'WALLET',
      'WEIGHT_DISCREPANCIES',
      'COURIER_PERFORMANCE',
      'PINCODE_PERFORMANCE',
    ]);
    expect(types[0]).toMatchObject({ label: 'Orders', filters: ['status', 'carrierCode', 'paymentMethod'] });
  });

  it("makes an orders report whose rows are the orders list's rows under the same filters", async () => {
    const report = await made({ reportType: 'ORDERS', ...PERIOD });
    expect(report).toMatchObject({ status: 'READY', progress: 100, fileName: 'orders-2026-01-01-to-2026-11-30.csv' });
    const file = await send(s, API_REPORTS.download, { params: { reportId: report.reportId }, token: seller });
    expect(file.status).toBe(200);
    expect(file.headers.get('content-type')).toContain('text/csv');
    const list = await s.request(
      `${exportPath(API_ORDERS.orders.path)}?orderBookedFrom=${PERIOD.fromDate}&orderBookedTo=${PERIOD.toDate}`,
      { token: seller },
    );
    const expected = orderNumbers(await text(list));
    expect(expected.length).toBeGreaterThan(3);
    expect(orderNumbers(await text(file))).toEqual(expected);
    expect(report.rowCount).toBe(expected.length);

    // a filter narrows both alike
    const cod = await made({ reportType: 'ORDERS', ...PERIOD, paymentMethod: 'COD', status: 'DLV' });
    const codList = await s.request(
      `${exportPath(API_ORDERS.orders.path)}?orderBookedFrom=${PERIOD.fromDate}&orderBookedTo=${PERIOD.toDate}&orderPaymentMethodFilter=COD&orderStatusCodes=DLV`,
      { token: seller },
    );
    expect(
      orderNumbers(
        await text(await send(s, API_REPORTS.download, { params: { reportId: cod.reportId }, token: seller })),
      ),
    ).toEqual(orderNumbers(await text(codList)));
  });

  it("makes a pincode performance report whose rows are the pincode performance page's, by pincode", async () => {
    const report = await made({ reportType: 'PINCODE_PERFORMANCE', ...PERIOD });
    expect(report).toMatchObject({ status: 'READY', fileName: 'pincode-performance-2026-01-01-to-2026-11-30.csv' });
    const file = parseCsv(
      await text(await send(s, API_REPORTS.download, { params: { reportId: report.reportId }, token: seller })),
    );
    expect(file[0]).toEqual([
      'Pincode',
      'District',
      'State',
      'Courier',
      'Shipments',
      'Delivered',
      'Delivered %',
      'RTO',
      'RTO %',
      'With NDR',
      'NDR %',
      'Average days to deliver',
    ]);
    // the page's own export over the same days, by pincode, the busiest first: the same places, couriers and counts
    const page = parseCsv(
      await text(
        await s.request(`${API_PINCODE_PERFORMANCE.export.path}?fromDate=${PERIOD.fromDate}&toDate=${PERIOD.toDate}`, {
          token: seller,
        }),
      ),
    );
    const key = (r: string[], shipmentsAt: number) => [r[0], r[3], r[shipmentsAt]].join('|');
    expect(page.length).toBeGreaterThan(1);
    expect(file.slice(1).map((r) => key(r, 4))).toEqual(page.slice(1).map((r) => key(r, 4)));
    expect(report.rowCount).toBe(page.length - 1);
    // a courier filter narrows both alike
    const courier = await made({ reportType: 'PINCODE_PERFORMANCE', ...PERIOD, carrierCode: 'DE' });
    const narrowed = parseCsv(
      await text(await send(s, API_REPORTS.download, { params: { reportId: courier.reportId }, token: seller })),
    );
    expect(narrowed.length).toBeGreaterThan(1);
    expect(new Set(narrowed.slice(1).map((r) => r[3]))).toEqual(new Set(['Delhivery Surface']));
    // a filter the report does not take is refused by its label
    expect(await errorOf(await ask({ reportType: 'PINCODE_PERFORMANCE', ...PERIOD, status: 'DLV' }))).toMatchObject({
      status: 400,
    });
  });

  it('says in the stats how many rows each report has over the period and when it was last made', async () => {
    const stats = await answer(s, API_REPORTS.stats, { query: PERIOD, token: seller });
    const orders = stats.types.find((t) => t.type === 'ORDERS')!;
    const all = await answer(s, API_REPORTS.list, { token: seller });
    const first = all.items.find((r) => r.type === 'ORDERS' && Object.keys(r.filters).length === 0)!;
    expect(orders.rows).toBe(first.rowCount);
    expect(orders.lastGeneratedAt).not.toBeNull();
  });

  it('writes every report type, as CSV and as XLSX', async () => {
    for (const type of [
      'SHIPMENTS',
      'NDR',
      'RTO',
      'RETURNS',
      'COD_REMITTANCE',
      'WALLET',
      'WEIGHT_DISCREPANCIES',
      'COURIER_PERFORMANCE',
      'PINCODE_PERFORMANCE',
    ]) {
      const report = await made({ reportType: type, ...PERIOD });
      expect(report.status, type).toBe('READY');
    }
    const xlsx = await made({ reportType: 'ORDERS', ...PERIOD, format: 'XLSX' });
    const file = await send(s, API_REPORTS.download, { params: { reportId: xlsx.reportId }, token: seller });
    expect(file.headers.get('content-type')).toContain('spreadsheetml');
    const bytes = new Uint8Array(await file.arrayBuffer());
    expect(String.fromCharCode(bytes[0], bytes[1])).toBe('PK');
  });

  it("answers 404 for another seller's report and schedule", async () => {
    const mine = await made({ reportType: 'WALLET', ...PERIOD });
    expect(
      (await errorOf(await send(s, API_REPORTS.report, { params: { reportId: mine.reportId }, token: other }))).status,
    ).toBe(404);
    expect(
      (await errorOf(await send(s, API_REPORTS.download, { params: { reportId: mine.reportId }, token: other })))
        .status,
    ).toBe(404);
    const page = await answer(s, API_REPORTS.list, { token: other });
    expect(page.items.some((r) => r.reportId === mine.reportId)).toBe(false);
    const schedule = await answer(s, API_REPORTS.createSchedule, {
      body: { reportType: 'ORDERS', frequency: 'WEEKLY', email: 'ops@seller.test' },
      token: seller,
    });
    const params = { scheduleId: schedule.scheduleId };
    const body = { reportType: 'ORDERS', frequency: 'DAILY', email: 'x@y.in' } as const;
    expect((await send(s, API_REPORTS.updateSchedule, { params, body, token: other })).status).toBe(404);
    expect((await send(s, API_REPORTS.deleteSchedule, { params, token: other })).status).toBe(404);
  });

  it('names the field of bad input by its label', async () => {
    const cases: [Record<string, unknown>, string][] = [
      [{ ...PERIOD }, 'Report type'],
      [{ reportType: 'PARCELS', ...PERIOD }, 'Report type must be one of'],
      [
        { reportType: 'ORDERS', fromDate: '2026-11-30', toDate: '2026-11-01' },
        'From date must be on or before To date',
      ],
      [{ reportType: 'ORDERS', fromDate: '2026-02-30', toDate: '2026-03-01' }, 'From date is not a real date'],
      [
        { reportType: 'ORDERS', fromDate: '2024-01-01', toDate: '2026-11-01' },
        'To date: the period may be at most 366 days',
      ],
      [{ reportType: 'WALLET', ...PERIOD, carrierCode: 'DE' }, 'Courier does not apply to this report'],
      [{ reportType: 'ORDERS', ...PERIOD, format: 'PDF' }, 'Format must be one of CSV, XLSX'],
      [
        { reportType: 'ORDERS', ...PERIOD, paymentMethod: 'CARD' },
        'Payment method must be one of Prepaid, Cash on delivery',
      ],
    ];
    for (const [json, message] of cases) {
      const e = await errorOf(await ask(json));
      expect(e.status, JSON.stringify(json)).toBe(400);
      expect(e.message).toContain(message);
    }
    const e = await errorOf(
      await s.request(API_REPORTS.createSchedule.path, {
        method: 'POST',
        token: seller,
        json: { reportType: 'ORDERS', frequency: 'HOURLY', email: 'a@b.in' },
      }),
    );
    expect(e.message).toContain('Frequency must be DAILY, WEEKLY or MONTHLY');
  });

  it("refuses a login whose role lacks reports, or the report's own area", async () => {
    const owner = await ownerOn(s, 'PRO');
    const user = await invitedUser(s, owner.token, 'usr@reports.test', { role: 'USER' });
    const refused = await errorOf(await ask({ reportType: 'ORDERS', ...PERIOD }, user.token));
    expect(refused).toMatchObject({ status: 403, message: PERMISSION_DENIED });
    expect((await send(s, API_REPORTS.schedules, { token: user.token })).status).toBe(403);
    // reports without the wallet: the wallet report is refused, and not offered
    const role = await answer(s, API_TEAM.addRole, {
      body: { roleName: 'Orders reporter', permissions: ['orders.view', 'reports.view'] },
      token: owner.token,
    });
    const reporter = await invitedUser(s, owner.token, 'rep@reports.test');
    await answer(s, API_TEAM.editUser, {
      params: { accountId: reporter.user.accountId },
      body: { teamRoleId: Number(role.roleId) },
      token: owner.token,
    });
    expect((await errorOf(await ask({ reportType: 'WALLET', ...PERIOD }, reporter.token))).status).toBe(403);
    const types = await answer(s, API_REPORTS.types, { token: reporter.token });
    expect(types.map((t) => t.type)).toEqual(['ORDERS', 'SHIPMENTS', 'COURIER_PERFORMANCE', 'PINCODE_PERFORMANCE']);
    expect((await ask({ reportType: 'ORDERS', ...PERIOD }, reporter.token)).status).toBe(200);
    // scheduling is a permission of its own
    const scheduled = await send(s, API_REPORTS.createSchedule, {
      body: { reportType: 'ORDERS', frequency: 'DAILY', email: 'rep@reports.test' },
      token: reporter.token,
    });
    expect(scheduled.status).toBe(403);
  });

  it('expires a file after 30 days: deleted, and the download says so', async () => {
    const report = await made({ reportType: 'COURIER_PERFORMANCE', ...PERIOD });
    const [row] = await s.deps.db.select().from(reportRequests).where(eq(reportRequests.id, report.reportId));
    const path = join(s.deps.config.reportsDir, row.filePath!);
    expect(existsSync(path)).toBe(true);
    s.clock.advance(29 * 86_400_000);
    await expireReports(s.deps);
    seller = (await login(s, MEERA)).token;
    expect((await send(s, API_REPORTS.download, { params: { reportId: report.reportId }, token: seller })).status).toBe(
      200,
    );
    s.clock.advance(2 * 86_400_000);
    await expireReports(s.deps);
    seller = (await login(s, MEERA)).token;
    expect(existsSync(path)).toBe(false);
    const after = await answer(s, API_REPORTS.report, { params: { reportId: report.reportId }, token: seller });
    expect(after.status).toBe('EXPIRED');
    const gone = await errorOf(
      await send(s, API_REPORTS.download, { params: { reportId: report.reportId }, token: seller }),
    );
    expect(gone.status).toBe(410);
    expect(gone.message).toMatch(/^This report expired on \d{2} \w{3} \d{4}\. Ask for it again\.$/);
  });

  it('a report whose worker died mid-way is made by the retried job once its lease has run out', async () => {
    const report = await made({ reportType: 'COURIER_PERFORMANCE', ...PERIOD });
    // as a worker killed mid-file leaves it: claimed, half made
    await s.deps.db
      .update(reportRequests)
      .set({ status: 'GENERATING', startedAt: s.clock.now, progress: 40 })
      .where(eq(reportRequests.id, report.reportId));
    // a repeat while the first may still be alive leaves it alone
    await generateReport(s.deps, report.reportId);
    const [held] = await s.deps.db.select().from(reportRequests).where(eq(reportRequests.id, report.reportId));
    expect(held.status).toBe('GENERATING');
    // pg-boss hands the job out again once its lease has run out: the retry makes the report
    s.clock.advance((s.deps.config.jobLeaseSeconds ?? JOB_LEASE_SECONDS) * 1000 + 1000);
    await generateReport(s.deps, report.reportId);
    seller = (await login(s, MEERA)).token;
    const again = await finished(report.reportId);
    expect(again.status).toBe('READY');
    expect(again.rowCount).toBe(report.rowCount);
  });

  it('runs a daily schedule through its job and emails the link to the report of yesterday', async () => {
    const schedule = await answer(s, API_REPORTS.createSchedule, {
      body: { reportType: 'ORDERS', format: 'CSV', frequency: 'DAILY', email: 'accounts@seller.test' },
      token: seller,
    });
    expect(schedule).toMatchObject({ frequency: 'DAILY', active: true });
    // the next 07:00 in India after the clock
    expect(new Date(schedule.nextRunAt!).getTime()).toBeGreaterThan(s.clock.now.getTime());
    const run = await s.request(devRunSchedulePath(schedule.scheduleId), {
      method: 'POST',
      headers: { 'x-forwarded-for': '127.0.0.1' },
    });
    expect(run.status).toBe(200);
    let made: ReportRequestRow | undefined;
    for (let i = 0; i < 200 && made?.status !== 'READY'; i++) {
      await new Promise((r) => setTimeout(r, 50));
      const page = await answer(s, API_REPORTS.list, { token: seller });
      made = page.items.find((r) => r.scheduleId === schedule.scheduleId);
    }
    expect(made).toMatchObject({ status: 'READY', type: 'ORDERS' });
    expect(made!.fromDate).toBe(made!.toDate);
    const mail = (await s.deps.messenger.recent()).find((m) => m.recipient === 'accounts@seller.test');
    expect(mail?.subject).toMatch(/^Your Orders report for \d{2} \w{3} \d{4} is ready$/);
    expect(mail?.body).toContain(`http://dakiya.test/reports?report=${made!.reportId}`);

    // paused, then deleted
    const params = { scheduleId: schedule.scheduleId };
    const paused = await answer(s, API_REPORTS.updateSchedule, {
      params,
      body: { reportType: 'ORDERS', frequency: 'DAILY', email: 'accounts@seller.test', active: false },
      token: seller,
    });
    expect(paused).toMatchObject({ active: false, nextRunAt: null });
    expect(await answer(s, API_REPORTS.deleteSchedule, { params, token: seller })).toEqual({ deleted: true });
    const list = await answer(s, API_REPORTS.schedules, { token: seller });
    expect(list.some((x) => x.scheduleId === schedule.scheduleId)).toBe(false);
  });

  it('keeps one pg-boss cron schedule a frequency, at 07:00 in India', async () => {
    expect(['DAILY', 'WEEKLY', 'MONTHLY'].map((f) => scheduleCron(f as 'DAILY'))).toEqual([
      '0 7 * * *',
      '0 7 * * 1',
      '0 7 1 * *',
    ]);
    const kept = await queryRows<{ name: string; cron: string; tz: string }>(
      s.deps.db,
      sql`select name, cron, options->>'tz' as tz from pgboss.schedule where name like 'report-schedules-%' order by name`,
    );
    expect(kept).toEqual(
      REPORT_SCHEDULE_QUEUES.map(({ queue, cron }) => ({ name: queue, cron, tz: 'Asia/Kolkata' })).sort((a, b) =>
        a.name.localeCompare(b.name),
      ),
    );
  });

  it("a frequency's tick makes the report of each due schedule of that frequency, once", async () => {
    const make = (frequency: 'DAILY' | 'MONTHLY') =>
      answer(s, API_REPORTS.createSchedule, {
        body: { reportType: 'NDR', format: 'CSV', frequency, email: 'ticks@seller.test' },
        token: seller,
      });
    const daily = await make('DAILY');
    const monthly = await make('MONTHLY');
    const madeFor = async (scheduleId: number) =>
      (await s.deps.db.select().from(reportRequests).where(eq(reportRequests.scheduleId, scheduleId))).length;
    // before 07:00 nothing is due
    expect(await runDueSchedules(s.deps, 'DAILY')).toBe(0);
    s.clock.now = new Date(new Date(daily.nextRunAt!).getTime() + 1000);
    // the daily tick runs the daily schedule only, and a second tick (another process) adds nothing
    const [first, second] = await Promise.all([runDueSchedules(s.deps, 'DAILY'), runDueSchedules(s.deps, 'DAILY')]);
    expect(first + second).toBe(1);
    expect(await madeFor(daily.scheduleId)).toBe(1);
    expect(await madeFor(monthly.scheduleId)).toBe(0);
    const [after] = await s.deps.db
      .select()
      .from(reportRequests)
      .where(eq(reportRequests.scheduleId, daily.scheduleId));
    expect(after.fromDate).toBe(after.toDate);
    // the monthly one waits for the 1st; a catch-up of every frequency finds it once it is due
    s.clock.now = new Date(new Date(monthly.nextRunAt!).getTime() + 1000);
    expect(await runDueSchedules(s.deps)).toBeGreaterThanOrEqual(1);
    expect(await madeFor(monthly.scheduleId)).toBe(1);
    // both files are made before the schedules go
    seller = (await login(s, MEERA)).token;
    for (const x of [daily, monthly]) {
      const [row] = await s.deps.db.select().from(reportRequests).where(eq(reportRequests.scheduleId, x.scheduleId));
      expect((await finished(row.id)).status).toBe('READY');
    }
    for (const x of [daily, monthly])
      await send(s, API_REPORTS.deleteSchedule, { params: { scheduleId: x.scheduleId }, token: seller });
  });
});
