import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API_DASHBOARD } from '../../src/domain/dashboard-contract';
import { API_ORDERS } from '../../src/domain/orders-contract';
import { API_REPORTS, type ReportRequestRow } from '../../src/domain/reports-contract';
import { REPORT_TYPES, type ReportType } from '../../src/domain/reports';
import { carrierName } from '../../src/domain/shipping/carriers';
import { insertDeliveredCod } from '../../server/seeds/cod-delivered';
import { parseCsv } from '../../server/modules/uploads/csv-records';
import type { TestServer } from './harness';
import type { InputOf } from '../../src/domain/operation';
import { answer, send } from './call';
import { login, MEERA, startDemoServer } from './helpers';

// A report as a seller opens it: headers in words, couriers by name, amounts and weights as real
// numbers with ₹ and kg formats (so a SUM works and agrees with the dashboard), dates as dates,
// the header row frozen and filterable; the CSV has the same headers and plain numbers.

const PERIOD = { fromDate: '2026-01-01', toDate: '2026-11-30' };
/** headers may hold these words in capitals; any other all-capital header is a code */
const ACRONYMS = new Set(['AWB', 'COD', 'RTO', 'GST', 'NDR', 'UTR', 'RTO %', 'NDR %']);

function looksLikeCode(header: string): boolean {
  if (/[a-z][A-Z]/.test(header) || header.includes('_')) return true;
  return /^[A-Z0-9 %-]+$/.test(header) && !ACRONYMS.has(header);
}

describe('report files', () => {
  let s: TestServer;
  let token: string;
  const workbooks = new Map<ReportType, ExcelJS.Worksheet>();
  const csvs = new Map<ReportType, string[][]>();

  async function made(body: InputOf<typeof API_REPORTS.request>['body']): Promise<ReportRequestRow> {
    const asked = await answer(s, API_REPORTS.request, { body, token });
    for (let i = 0; i < 400; i++) {
      const row = await answer(s, API_REPORTS.report, { params: { reportId: asked.reportId }, token });
      if (row.status === 'READY' || row.status === 'FAILED') return row;
      await new Promise((r) => setTimeout(r, 50));
    }
    throw new Error(`report ${asked.reportId} did not finish`);
  }

  async function download(type: ReportType, format: 'XLSX' | 'CSV') {
    const report = await made({ reportType: type, format, ...PERIOD });
    expect(report.status, type).toBe('READY');
    return send(s, API_REPORTS.download, { params: { reportId: report.reportId }, token });
  }

  beforeAll(async () => {
    s = await startDemoServer();
    const meera = await login(s, MEERA);
    token = meera.token;
    // shipped and delivered COD orders booked on 07 Nov 2026 with Delhivery Surface (DE)
    await insertDeliveredCod(s.deps.db, {
      orgIds: [meera.claims.oid!],
      perOrg: 12,
      prefix: 'XLS',
      deliveredAt: new Date('2026-11-10T10:00:00Z'),
      carrierCode: 'DE',
    });
    for (const type of REPORT_TYPES) {
      const book = new ExcelJS.Workbook();
      await book.xlsx.load(await (await download(type, 'XLSX')).arrayBuffer());
      workbooks.set(type, book.worksheets[0]);
      const text = (await (await download(type, 'CSV')).text()).replace(/^\uFEFF/, '');
      csvs.set(type, parseCsv(text));
    }
  }, 240_000);
  afterAll(() => s.close());

  const headerOf = (sheet: ExcelJS.Worksheet) => (sheet.getRow(1).values as unknown[]).slice(1).map(String);
  const columnOf = (sheet: ExcelJS.Worksheet, label: string) => {
    const at = headerOf(sheet).indexOf(label);
    expect(at, `column ${label}`).toBeGreaterThanOrEqual(0);
    const cells: ExcelJS.Cell[] = [];
    for (let r = 2; r <= sheet.rowCount; r++) cells.push(sheet.getRow(r).getCell(at + 1));
    return cells;
  };

  it('heads every column with a label a seller reads, never a code', () => {
    for (const type of REPORT_TYPES) {
      const header = headerOf(workbooks.get(type)!);
      expect(header.length, type).toBeGreaterThan(3);
      for (const h of header) expect(looksLikeCode(h), `${type}: "${h}"`).toBe(false);
    }
  });

  it('stores amounts and weights as numbers with ₹ and kg formats, and dates as dates', () => {
    let checked = 0;
    for (const type of REPORT_TYPES) {
      const sheet = workbooks.get(type)!;
      for (const label of headerOf(sheet)) {
        const money = label.includes('(₹)');
        const weight = label.includes('(kg)');
        for (const cell of columnOf(sheet, label)) {
          if (cell.value === null || cell.value === undefined) continue;
          if (money || weight) {
            expect(typeof cell.value, `${type} ${label}`).toBe('number');
            expect(cell.numFmt, `${type} ${label}`).toContain(money ? '₹' : 'kg');
            checked++;
          }
          if (/ on$|^Date$|date$/.test(label)) {
            expect(cell.value, `${type} ${label}`).toBeInstanceOf(Date);
            expect(cell.numFmt, `${type} ${label}`).toMatch(/^dd mmm yyyy/);
            checked++;
          }
        }
      }
    }
    expect(checked).toBeGreaterThan(100);
  });

  it("has the shipments a seller reconciles with: freight that sums to the dashboard's total", async () => {
    const sheet = workbooks.get('SHIPMENTS')!;
    expect(headerOf(sheet)).toEqual(
      expect.arrayContaining([
        'Order number',
        'AWB',
        'Courier',
        'Status',
        'Booked on',
        'Delivered on',
        'Zone',
        'Charged weight (kg)',
        'Freight (₹)',
        'COD charge (₹)',
        'RTO charge (₹)',
        'GST (₹)',
        'Total charged (₹)',
        'COD amount (₹)',
      ]),
    );
    const sum = (label: string) =>
      columnOf(sheet, label).reduce((a, c) => a + (typeof c.value === 'number' ? c.value : 0), 0);
    const money = await answer(s, API_DASHBOARD.money, {
      query: { period: 'custom', fromDate: PERIOD.fromDate, toDate: PERIOD.toDate },
      token,
    });
    expect(money.freightPaise).toBeGreaterThan(12 * 11_328 - 1);
    expect(Math.round(sum('Total charged (₹)') * 100)).toBe(money.freightPaise);
    expect(Math.round((sum('Freight (₹)') + sum('COD charge (₹)') + sum('GST (₹)')) * 100)).toBe(money.freightPaise);
    // and the courier performance report says the same total
    const couriers = workbooks.get('COURIER_PERFORMANCE')!;
    const courierTotal = columnOf(couriers, 'Total charged (₹)').reduce((a, c) => a + Number(c.value), 0);
    expect(Math.round(courierTotal * 100)).toBe(money.freightPaise);

    // one of the shipped orders, row by row: its courier by name, its days in IST
    const at = headerOf(sheet);
    const row = [...Array(sheet.rowCount - 1).keys()]
      .map((i) => sheet.getRow(i + 2))
      .find((r) => String(r.getCell(at.indexOf('Order number') + 1).value).startsWith('XLS-'))!;
    const cell = (label: string) => row.getCell(at.indexOf(label) + 1).value;
    expect(cell('Courier')).toBe(carrierName('DE'));
    expect(cell('Courier')).not.toBe('DE');
    expect(cell('Status')).toBe('Delivered');
    expect(cell('Booked on')).toEqual(new Date('2026-11-07T00:00:00Z'));
    expect(cell('Delivered on')).toEqual(new Date('2026-11-10T00:00:00Z'));
    expect(cell('Freight (₹)')).toBe(60);
    expect(cell('Total charged (₹)')).toBe(113.28);
    expect(cell('Zone')).toMatch(/^D /);
  });

  it('names couriers as the screen does in every report', async () => {
    const orders = await answer(s, API_ORDERS.orders, {
      query: { orderBookedFrom: PERIOD.fromDate, orderBookedTo: PERIOD.toDate },
      token,
    });
    const names = new Set(orders.items.flatMap((o) => (o.carrierCode ? [carrierName(o.carrierCode)] : [])));
    expect(names.size).toBeGreaterThan(0);
    for (const type of ['ORDERS', 'SHIPMENTS', 'COURIER_PERFORMANCE'] as const) {
      const couriers = columnOf(workbooks.get(type)!, 'Courier')
        .map((c) => c.value)
        .filter(Boolean);
      expect(couriers.length, type).toBeGreaterThan(0);
      for (const c of couriers) expect(/^[A-Z]{2,5}(-[A-Z]{2})?$/.test(String(c)), `${type}: ${c}`).toBe(false);
      expect(couriers).toEqual(expect.arrayContaining([carrierName('DE')]));
    }
  });

  it('freezes the header row, filters it and sizes the columns', () => {
    for (const type of REPORT_TYPES) {
      const sheet = workbooks.get(type)!;
      expect(sheet.views[0], type).toMatchObject({ state: 'frozen', ySplit: 1 });
      expect(sheet.autoFilter, type).toBeTruthy();
      for (const c of sheet.columns) expect(c.width, type).toBeGreaterThanOrEqual(10);
    }
  });

  it('writes the CSV with the same headers and amounts as plain numbers that sum', () => {
    for (const type of REPORT_TYPES) {
      const [header, ...rows] = csvs.get(type)!;
      expect(header, type).toEqual(headerOf(workbooks.get(type)!));
      for (const h of header) expect(looksLikeCode(h), `${type}: "${h}"`).toBe(false);
      header.forEach((h, i) => {
        if (!h.includes('(₹)')) return;
        for (const r of rows) if (r[i] !== '') expect(r[i], `${type} ${h}`).toMatch(/^-?\d+\.\d{2}$/);
      });
    }
    const [header, ...rows] = csvs.get('SHIPMENTS')!;
    const courier = header.indexOf('Courier');
    expect(rows.some((r) => r[courier] === carrierName('DE'))).toBe(true);
  });
});
