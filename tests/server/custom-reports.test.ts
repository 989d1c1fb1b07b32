import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import ExcelJS from 'exceljs';
import { orders } from '../../server/db/schema';
import { API_CUSTOM_REPORTS } from '../../src/domain/custom-reports-contract';
import type { ReportDefinition } from '../../src/domain/custom-reports';
import { PERMISSION_DENIED } from '../../server/http/router';
import { planFeatureRefusal } from '../../src/domain/plans';
import { CUSTOM_REPORT_SEND_QUEUE, queueDueCustomReports } from '../../server/modules/reports/custom-schedules';
import { errorOf, type TestServer } from './harness';
import { answer, answerOf, send } from './call';
import { pathOf } from '../../src/domain/operation';
import { startDemoServer } from './helpers';
import { invitedUser, ownerOn, relogin } from './team-helpers';
import { API_TEAM } from '../../src/domain/team-contract';

// The custom report builder (Premium): preview, file, saved reports and their emailed schedule,
// over orders whose sums are known by hand; the plan gate, the role's permissions and another
// account's saved reports.

const PERIOD = { preset: 'CUSTOM', fromDate: '2026-11-01', toDate: '2026-11-15' } as const;

/** Orders of one account: [number, day, status, courier, payment, total ₹, COD ₹] */
const ORDERS: [string, string, string, string | null, 'PPD' | 'COD', number, number][] = [
  ['CR-1', '2026-11-02', 'DLV', 'DE', 'COD', 1250.5, 1250.5],
  ['CR-2', '2026-11-03', 'DLV', 'DE', 'PPD', 799, 0],
  ['CR-3', '2026-11-05', 'INT', 'XB', 'COD', 2100, 2100],
  ['CR-4', '2026-11-09', 'RTS', null, 'PPD', 349.99, 0],
  ['CR-5', '2026-11-14', 'DLV', 'XB', 'COD', 1000, 1000],
  // outside the period: in no report of it
  ['CR-6', '2026-10-31', 'DLV', 'DE', 'COD', 5000, 5000],
];

const address = { name: 'Asha', line1: '1 MG Road', line2: '', city: 'Pune', state: 'Maharashtra', pincode: '411001' };

async function insertOrders(s: TestServer, orgId: number, list: typeof ORDERS) {
  await s.deps.db.insert(orders).values(
    list.map(([orderNumber, day, status, carrierCode, paymentMethod, total, cod]) => ({
      orgId,
      orderNumber,
      status,
      paymentMethod,
      orderDate: day,
      buyerName: 'Asha Rao',
      buyerPhone: '9876543210',
      shipping: address as never,
      billing: address as never,
      subtotalPaise: Math.round(total * 100),
      totalPaise: Math.round(total * 100),
      codAmountPaise: Math.round(cod * 100),
      lengthCm: 10,
      breadthCm: 10,
      heightCm: 10,
      deadWeightKg: 0.5,
      pickup: {} as never,
      carrierCode,
      awb: carrierCode ? `AWB${orderNumber}` : null,
    })),
  );
}

const base: ReportDefinition = {
  dataset: 'SHIPMENTS',
  period: PERIOD,
  columns: ['orderNumber', 'orderDate', 'statusText', 'courierName', 'orderTotal'],
  filters: [],
  groupBy: null,
  aggregates: [],
  sort: { key: 'orderNumber', direction: 'ASC' },
};

describe('custom reports', () => {
  let s: TestServer;
  let premium: Awaited<ReturnType<typeof ownerOn>>;
  let other: Awaited<ReturnType<typeof ownerOn>>;
  let pro: Awaited<ReturnType<typeof ownerOn>>;
  beforeAll(async () => {
    s = await startDemoServer();
    premium = await ownerOn(s, 'PREMIUM');
    other = await ownerOn(s, 'PREMIUM');
    pro = await ownerOn(s, 'PRO');
    await insertOrders(s, premium.orgId, ORDERS);
    // the other account's orders share numbers: none of them may show in the first's reports
    await insertOrders(
      s,
      other.orgId,
      ORDERS.map(([n, ...rest]) => [n, ...rest] as (typeof ORDERS)[number]).slice(0, 2),
    );
  });
  afterAll(() => s.close());

  /** A raw POST of the operation: the tests send bad input too */
  const post = (op: { path: string }, json: unknown, token = premium.token) =>
    s.request(op.path, { method: 'POST', token, json });

  it('previews the chosen columns of the account’s own rows in the period, sorted, with labels and values in words', async () => {
    const p = await answerOf(API_CUSTOM_REPORTS.preview, await post(API_CUSTOM_REPORTS.preview, base));
    expect(p.columns.map((c) => c.label)).toEqual([
      'Order number',
      'Order date',
      'Status',
      'Courier',
      'Order total (₹)',
    ]);
    expect(p.rowCount).toBe(5);
    expect(p.capped).toBe(false);
    expect(p.rows.map((r) => r[0])).toEqual(['CR-1', 'CR-2', 'CR-3', 'CR-4', 'CR-5']);
    expect(p.rows[0]).toEqual(['CR-1', '2026-11-02', 'Delivered', 'Delhivery Surface', 1250.5]);
    expect(p.rows[3][3]).toBeNull();
  });

  it('filters by choice (in), amount (between) and courier (eq), and sorts descending', async () => {
    const p = await answerOf(
      API_CUSTOM_REPORTS.preview,
      await post(API_CUSTOM_REPORTS.preview, {
        ...base,
        filters: [
          { field: 'statusText', op: 'in', values: ['DLV', 'INT'] },
          { field: 'orderTotal', op: 'between', values: ['800', '2100'] },
        ],
        sort: { key: 'orderTotal', direction: 'DESC' },
      }),
    );
    expect(p.rows.map((r) => r[0])).toEqual(['CR-3', 'CR-1', 'CR-5']);
    const de = await answerOf(
      API_CUSTOM_REPORTS.preview,
      await post(API_CUSTOM_REPORTS.preview, {
        ...base,
        filters: [{ field: 'courierName', op: 'eq', values: ['DE'] }],
      }),
    );
    expect(de.rows.map((r) => r[0])).toEqual(['CR-1', 'CR-2']);
  });

  it('groups with counts, sums and averages that match the sums worked by hand', async () => {
    const p = await answerOf(
      API_CUSTOM_REPORTS.preview,
      await post(API_CUSTOM_REPORTS.preview, {
        ...base,
        columns: [],
        groupBy: 'courierName',
        aggregates: [
          { field: 'orderTotal', fn: 'sum' },
          { field: 'codAmountRupees', fn: 'sum' },
          { field: 'orderTotal', fn: 'avg' },
          { field: 'awb', fn: 'count' },
        ],
        sort: { key: 'sum_orderTotal', direction: 'DESC' },
      }),
    );
    expect(p.columns.map((c) => c.label)).toEqual([
      'Courier',
      'Rows',
      'Sum of Order total (₹)',
      'Sum of COD amount (₹)',
      'Average of Order total (₹)',
      'Count of AWB',
    ]);
    // XB: 2100 + 1000; DE: 1250.50 + 799; none: 349.99
    expect(p.rows).toEqual([
      ['Xpressbees', 2, 3100, 3100, 1550, 2],
      ['Delhivery Surface', 2, 2049.5, 1250.5, 1024.75, 2],
      [null, 1, 349.99, 0, 349.99, 0],
    ]);
  });

  it('groups a day field by day, and by payment with the COD sum', async () => {
    const p = await answerOf(
      API_CUSTOM_REPORTS.preview,
      await post(API_CUSTOM_REPORTS.preview, {
        ...base,
        columns: [],
        groupBy: 'paymentType',
        aggregates: [{ field: 'codAmountRupees', fn: 'sum' }],
        sort: null,
      }),
    );
    expect(p.rows).toEqual([
      ['COD', 3, 4350.5],
      ['Prepaid', 2, 0],
    ]);
  });

  it('downloads Excel with numbers as numbers in ₹ format, and CSV with plain numbers', async () => {
    const res = await post(API_CUSTOM_REPORTS.download, { ...base, format: 'XLSX' });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-disposition')).toMatch(/orders-and-shipments-2026-11-01-to-2026-11-15\.xlsx/);
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(Buffer.from(await res.arrayBuffer()) as never);
    const sheet = book.worksheets[0];
    expect(sheet.getRow(1).values).toEqual([
      undefined,
      'Order number',
      'Order date',
      'Status',
      'Courier',
      'Order total (₹)',
    ]);
    const total = sheet.getRow(2).getCell(5);
    expect(typeof total.value).toBe('number');
    expect(total.value).toBe(1250.5);
    expect(total.numFmt).toContain('#,##,##0.00');
    expect(sheet.getRow(2).getCell(2).value).toBeInstanceOf(Date);
    const csv = await post(API_CUSTOM_REPORTS.download, { ...base, format: 'CSV' });
    const text = (await csv.text()).replace(/^\uFEFF/, '');
    expect(text.split('\r\n')[1]).toBe('CR-1,02 Nov 2026,Delivered,Delhivery Surface,1250.50');
  });

  it('refuses a report it cannot make, naming the field by its label', async () => {
    const cases: [unknown, string][] = [
      [{ ...base, dataset: 'SECRET' }, 'Data set must be one of'],
      [
        { ...base, columns: ['orderNumber', 'password'] },
        'Columns: a chosen column is not part of Orders and shipments',
      ],
      [{ ...base, columns: [] }, 'Columns: choose at least one column'],
      [
        { ...base, filters: [{ field: 'orderTotal', op: 'between', values: ['ten', '20'] }] },
        'Filter on Order total (₹): give the values as numbers',
      ],
      [
        { ...base, filters: [{ field: 'orderTotal', op: 'in', values: ['10'] }] },
        'Filter on Order total (₹): “is any of” does not apply to it',
      ],
      [
        { ...base, filters: [{ field: 'statusText', op: 'eq', values: ['NOPE'] }] },
        'Filter on Status: choose among its values',
      ],
      [
        { ...base, filters: [{ field: 'orderTotal', op: 'between', values: ['50', '10'] }] },
        'Filter on Order total (₹): the from value must not be after the to value',
      ],
      [{ ...base, groupBy: 'orderTotal', aggregates: [] }, 'Group by: Order total (₹) holds amounts'],
      [
        { ...base, groupBy: 'courierName', aggregates: [{ field: 'buyerName', fn: 'sum' }] },
        'Totals: Buyer name is not a number to add up or average',
      ],
      [{ ...base, aggregates: [{ field: 'orderTotal', fn: 'sum' }] }, 'Totals: choose a field to group by first'],
      [{ ...base, sort: { key: 'buyerName', direction: 'ASC' } }, 'Sort: sort by one of the report’s columns'],
      [
        { ...base, period: { preset: 'CUSTOM', fromDate: '2026-11-10', toDate: '2026-11-01' } },
        'From date must be on or before To date',
      ],
      [{ ...base, period: { preset: 'CUSTOM' } }, 'From date is required'],
      [{ ...base, period: { preset: 'SOMETIME' } }, 'Period must be one of'],
    ];
    for (const [json, message] of cases) {
      const e = await errorOf(await post(API_CUSTOM_REPORTS.preview, json));
      expect(e.status, message).toBe(400);
      expect(e.message).toContain(message);
      expect(e.message).not.toMatch(/[a-z][A-Z]/);
    }
  });

  it('refuses sellers not on Premium with the plan that opens it, and roles without the area or the permission', async () => {
    const e = await errorOf(await post(API_CUSTOM_REPORTS.preview, base, pro.token));
    expect(e.status).toBe(403);
    expect(e.message).toBe(planFeatureRefusal('customReporting'));
    expect(e.message).toBe('Custom reports comes with the Premium plan. Upgrade your plan to use it.');
    expect((await errorOf(await send(s, API_CUSTOM_REPORTS.saved, { token: pro.token }))).status).toBe(403);
    // a member whose role has reports but not the wallet gets no wallet ledger; one without
    // reports.schedule may preview but not save
    const role = await answer(s, API_TEAM.addRole, {
      token: premium.token,
      body: { roleName: 'Reader', permissions: ['orders.view', 'reports.view'] },
    });
    const member = await invitedUser(s, premium.token, 'reader@custom.test');
    await answer(s, API_TEAM.editUser, {
      params: { accountId: member.user.accountId },
      token: premium.token,
      body: { teamRoleId: Number(role.roleId) },
    });
    // a built-in User has no reports at all
    const user = await invitedUser(s, premium.token, 'packer@custom.test', { role: 'USER' });
    expect(await errorOf(await post(API_CUSTOM_REPORTS.preview, base, user.token))).toMatchObject({
      status: 403,
      message: PERMISSION_DENIED,
    });
    expect((await post(API_CUSTOM_REPORTS.preview, base, member.token)).status).toBe(200);
    const wallet = await errorOf(
      await post(
        API_CUSTOM_REPORTS.preview,
        { ...base, dataset: 'WALLET', columns: ['entryDate'], sort: null },
        member.token,
      ),
    );
    expect(wallet).toMatchObject({ status: 403, message: PERMISSION_DENIED });
    const save = await errorOf(await post(API_CUSTOM_REPORTS.save, { name: 'Mine', ...base }, member.token));
    expect(save).toMatchObject({ status: 403, message: PERMISSION_DENIED });
  });

  it('saves, lists, changes and deletes a named report; names are unique in the account; another account gets 404', async () => {
    const saved = await answerOf(
      API_CUSTOM_REPORTS.save,
      await post(API_CUSTOM_REPORTS.save, { name: 'COD by courier', ...base }),
    );
    expect(saved).toMatchObject({ name: 'COD by courier', schedule: null, nextRunAt: null });
    expect(saved.definition.columns).toEqual(base.columns);
    const again = await errorOf(await post(API_CUSTOM_REPORTS.save, { name: 'cod BY courier', ...base }));
    expect(again.status).toBe(409);
    expect(again.message).toContain('already have a saved report named');
    const short = await errorOf(await post(API_CUSTOM_REPORTS.save, { name: 'ab', ...base }));
    expect(short).toMatchObject({ status: 400, message: 'Name must be 3 to 60 characters' });
    const list = await answer(s, API_CUSTOM_REPORTS.saved, { token: premium.token });
    expect(list.map((r) => r.name)).toContain('COD by courier');
    const params = { reportId: saved.reportId };
    const one = pathOf(API_CUSTOM_REPORTS.one, params);
    const changed = await answer(s, API_CUSTOM_REPORTS.update, {
      params,
      body: { name: 'COD by courier', ...base, columns: ['orderNumber'], sort: null },
      token: premium.token,
    });
    expect(changed.definition.columns).toEqual(['orderNumber']);
    // another account: not found, whatever the method
    for (const method of ['GET', 'PUT', 'DELETE'])
      expect(
        (
          await s.request(one, {
            method,
            token: other.token,
            json: method === 'PUT' ? { name: 'Taken', ...base } : undefined,
          })
        ).status,
      ).toBe(404);
    expect((await answer(s, API_CUSTOM_REPORTS.saved, { token: other.token })).length).toBe(0);
    expect(await answer(s, API_CUSTOM_REPORTS.delete, { params, token: premium.token })).toEqual({ deleted: true });
    expect((await send(s, API_CUSTOM_REPORTS.one, { params, token: premium.token })).status).toBe(404);
  });

  it('refuses a schedule to an address outside the team, or at an hour that is not one', async () => {
    const schedule = { frequency: 'WEEKLY', hourIst: 9, weekday: 1, recipients: ['someone@elsewhere.test'] };
    const outsider = await errorOf(await post(API_CUSTOM_REPORTS.save, { name: 'Weekly', ...base, schedule }));
    expect(outsider).toMatchObject({
      status: 400,
      message: 'Send to: someone@elsewhere.test is not a member of your team',
    });
    const hour = await errorOf(
      await post(API_CUSTOM_REPORTS.save, {
        name: 'Weekly',
        ...base,
        schedule: { ...schedule, hourIst: 24, recipients: [premium.email] },
      }),
    );
    expect(hour).toMatchObject({ status: 400, message: 'Hour (IST) must be from 0 to 23' });
    const none = await errorOf(
      await post(API_CUSTOM_REPORTS.save, { name: 'Weekly', ...base, schedule: { ...schedule, recipients: [] } }),
    );
    expect(none.message).toBe('Send to: choose at least one team member');
  });

  it('sends a scheduled report when due: the hourly job queues it, its job emails a signed link to the Excel file', async () => {
    // Friday 20 Nov 2026 12:00 IST now; every day at 15:00 IST over last month
    const saved = await answerOf(
      API_CUSTOM_REPORTS.save,
      await post(API_CUSTOM_REPORTS.save, {
        name: 'Daily couriers',
        ...base,
        period: { preset: 'THIS_MONTH' },
        schedule: { frequency: 'DAILY', hourIst: 15, format: 'XLSX', recipients: [premium.email] },
      }),
    );
    expect(saved.scheduleText).toBe('Every day at 15:00 IST');
    expect(saved.nextRunAt).toBe('2026-11-20T09:30:00.000Z');
    expect(await queueDueCustomReports(s.deps)).toBe(0);
    s.clock.advance(4 * 3600_000);
    expect(await queueDueCustomReports(s.deps)).toBe(1);
    // a second tick at the same time finds it taken
    expect(await queueDueCustomReports(s.deps)).toBe(0);
    let mail: { subject: string; body: string } | undefined;
    for (let i = 0; i < 200 && !mail; i++) {
      mail = (await s.deps.messenger.recent()).find(
        (m) => m.recipient === premium.email && m.subject.includes('Daily couriers'),
      );
      if (!mail) await new Promise((r) => setTimeout(r, 50));
    }
    expect(mail, `no email from ${CUSTOM_REPORT_SEND_QUEUE}`).toBeDefined();
    expect(mail!.subject).toBe('Your report “Daily couriers” for 01 Nov 2026 to 20 Nov 2026');
    expect(mail!.body).toContain('with 5 rows');
    const link = /http:\/\/dakiya\.test(\/api\/v1\/files\/\S+)/.exec(mail!.body)?.[1];
    expect(link).toBeDefined();
    const file = await s.request(link!);
    expect(file.status).toBe(200);
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(Buffer.from(await file.arrayBuffer()) as never);
    expect(book.worksheets[0].getRow(6).getCell(5).value).toBe(1000);
    // the link without its signature opens nothing
    expect((await s.request(link!.split('?')[0])).status).toBe(404);
    const token = await relogin(s, premium);
    const after = await answer(s, API_CUSTOM_REPORTS.one, { params: { reportId: saved.reportId }, token });
    expect(after.lastRunAt).toBe(s.clock.now.toISOString());
    expect(after.nextRunAt).toBe('2026-11-21T09:30:00.000Z');
  });
});
