import { eq } from 'drizzle-orm';
import * as v from 'valibot';
import { b2bWarehouses } from '../../db/schema';
import { ApiError } from '../../http/errors';
import { API_B2B } from '../../../src/domain/b2b-contract';
import { BoxSchema } from '../../../src/domain/b2b/quote-input';
import { GoodsLineSchema, GoodsLinesSchema, goodsMismatch } from '../../../src/domain/b2b/goods-lines';
import { isWholePaise, paiseOf } from '../../../src/domain/money';
import { fieldLabel } from '../../../src/domain/schemas/labels';
import { B2bInvoiceBody, B2bOrderBody, type B2bOrderInput } from '../../../src/domain/schemas/b2b';
import { numberCell } from './csv-cells';
import { column, type CsvKind, type CsvRow, type RowProblem } from './kind';
import { lookupByName } from './order-cells';
import { insertB2bOrder } from '../b2b/create';

// B2B orders in bulk (docs/decisions/b2b-orders.md): one row a box size, and rows next to each
// other with the same order reference make one order (the reference is its order number). The
// order's own columns are read from its first row; a row may also carry one invoice (1 to 20 an
// order), and a row with an invoice and no box size is an invoice only. A row's goods columns are
// a goods line of its invoice (a row naming an invoice above again adds a line to it). The warehouses are named
// as the seller named them; the consignee is a consignee warehouse or typed in the consignee
// columns. Each record is checked by the form's own schema (B2bOrderBody), each box and invoice
// on its own row so an error names the row and the column by its label.

export const B2B_ORDER_COLUMNS = [
  'orderReference',
  'originWarehouse',
  'consigneeWarehouse',
  'consigneeBusinessName',
  'consigneeGstin',
  'consigneePhone',
  'consigneeEmail',
  'consigneeAddressLine1',
  'consigneeAddressLine2',
  'consigneePincode',
  'goodsDescription',
  'freightPayer',
  'risk',
  'handover',
  'appointmentDate',
  'slotStart',
  'slotEnd',
  'poNumbers',
  'invoiceNumber',
  'invoiceDate',
  'invoiceValue',
  'ewayBillNumber',
  'goodsName',
  'hsnCode',
  'quantity',
  'quantityUnit',
  'taxableValue',
  'gstRate',
  'lengthCm',
  'breadthCm',
  'heightCm',
  'weightKg',
  'count',
] as const;

const REQUIRED = new Set<string>([
  'orderReference',
  'originWarehouse',
  'goodsDescription',
  'freightPayer',
  'risk',
  'handover',
  'invoiceNumber',
  'invoiceDate',
  'invoiceValue',
  'lengthCm',
  'breadthCm',
  'heightCm',
  'weightKg',
  'count',
]);

const BOX_COLUMNS = ['lengthCm', 'breadthCm', 'heightCm', 'weightKg', 'count'] as const;
const INVOICE_COLUMNS = ['invoiceNumber', 'invoiceDate', 'invoiceValue', 'ewayBillNumber'] as const;
const GOODS_COLUMNS = ['goodsName', 'hsnCode', 'quantity', 'quantityUnit', 'taxableValue', 'gstRate'] as const;

/** The consignee's fields (B2bOrderBody's `consignee`) and the columns they are typed in. */
const CONSIGNEE_COLUMN: Record<string, string> = {
  businessName: 'consigneeBusinessName',
  gstin: 'consigneeGstin',
  contactName: 'consigneeBusinessName',
  contactPhone: 'consigneePhone',
  contactEmail: 'consigneeEmail',
  addressLine1: 'consigneeAddressLine1',
  addressLine2: 'consigneeAddressLine2',
  pincode: 'consigneePincode',
};
/** The order's fields named otherwise in the file. */
const FIELD_COLUMN: Record<string, string> = {
  orderNumber: 'orderReference',
  originWarehouseId: 'originWarehouse',
  consigneeWarehouseId: 'consigneeWarehouse',
  consignee: 'consigneeBusinessName',
  boxes: 'count',
  invoices: 'invoiceNumber',
  invoiceValuePaise: 'invoiceValue',
  taxableValuePaise: 'taxableValue',
  goods: 'taxableValue',
};

/** A row of the file by column name, the other cells empty. */
const sampleRow = (cells: Partial<Record<(typeof B2B_ORDER_COLUMNS)[number], string>>) =>
  B2B_ORDER_COLUMNS.map((c) => cells[c] ?? '');

const SAMPLE_ROWS: string[][] = [
  // one order: two box sizes, two invoices (₹72,000 and ₹48,000), a consignee typed in full
  sampleRow({
    orderReference: 'B2B-1001',
    originWarehouse: 'Peenya DC',
    consigneeBusinessName: 'Shree Distributors',
    consigneeGstin: '07AAACD1234K1ZY',
    consigneePhone: '9810012345',
    consigneeEmail: 'orders@shree.in',
    consigneeAddressLine1: '14 Okhla Phase 2',
    consigneePincode: '110020',
    goodsDescription: 'Steel utensils',
    freightPayer: 'PAID',
    risk: 'OWNER',
    handover: 'PICKUP',
    invoiceNumber: 'INV-2211',
    invoiceDate: '2026-11-18',
    invoiceValue: '72000',
    goodsName: 'Steel tumblers',
    hsnCode: '73239390',
    quantity: '1200',
    quantityUnit: 'NOS',
    taxableValue: '41016.95',
    gstRate: '18',
    lengthCm: '60',
    breadthCm: '40',
    heightCm: '40',
    weightKg: '18',
    count: '8',
  }),
  sampleRow({
    orderReference: 'B2B-1001',
    invoiceNumber: 'INV-2212',
    invoiceDate: '2026-11-18',
    invoiceValue: '48000',
    goodsName: 'Steel plates',
    hsnCode: '7323',
    quantity: '40',
    quantityUnit: 'DOZ',
    taxableValue: '40677.97',
    gstRate: '18',
    lengthCm: '50',
    breadthCm: '40',
    heightCm: '30',
    weightKg: '12',
    count: '4',
  }),
  // a second goods line of INV-2211: a row with goods and no invoice adds to the invoice above it
  sampleRow({
    orderReference: 'B2B-1001',
    invoiceNumber: 'INV-2211',
    goodsName: 'Steel plates',
    hsnCode: '7323',
    quantity: '40',
    quantityUnit: 'DOZ',
    taxableValue: '20000',
    gstRate: '18',
  }),
  // another: a consignee warehouse, an appointment with two PO numbers
  sampleRow({
    orderReference: 'B2B-1002',
    originWarehouse: 'Peenya DC',
    consigneeWarehouse: 'Bhiwandi FC',
    goodsDescription: 'Cotton bedsheets',
    freightPayer: 'TO_PAY',
    risk: 'OWNER',
    handover: 'SELF_DROP',
    appointmentDate: '2026-11-25',
    slotStart: '10:00',
    slotEnd: '12:00',
    poNumbers: 'PO-7781;PO-7782',
    invoiceNumber: 'INV-2213',
    invoiceDate: '2026-11-19',
    invoiceValue: '38000',
    lengthCm: '80',
    breadthCm: '60',
    heightCm: '50',
    weightKg: '25',
    count: '6',
  }),
];

type Row = B2bOrderInput;

/** Whether any of the columns has a value on this row. */
const has = (row: CsvRow, columns: readonly string[]) => columns.some((c) => row.cell(c).trim() !== '');

/** A number cell for the schema: a number, undefined when empty, or a problem when it is not one. */
function numberOf(row: CsvRow, name: string, at: number, problems: RowProblem[]): number | undefined {
  const n = numberCell(row.cell(name));
  if (Number.isNaN(n)) {
    problems.push({ column: name, reason: `${name} must be a number`, at });
    return undefined;
  }
  return n;
}

/** One part of a record checked on its own row: its problems named by column, at that row. */
function checkPart(schema: v.GenericSchema, candidate: unknown, at: number, problems: RowProblem[]) {
  const parsed = v.safeParse(schema, candidate, { abortEarly: false });
  for (const issue of parsed.issues ?? []) {
    const key = String(issue.path?.[0]?.key ?? '');
    const name = FIELD_COLUMN[key] ?? key;
    if (!problems.some((p) => p.at === at && p.column === name))
      problems.push({ column: name, reason: issue.message, at });
  }
}

/** Rupees in a cell as paise, refusing finer than a paisa. */
function paiseCell(row: CsvRow, name: string, at: number, problems: RowProblem[]): number | undefined {
  const rupees = numberOf(row, name, at, problems);
  if (rupees !== undefined && !isWholePaise(rupees))
    problems.push({ column: name, reason: `${name} may have at most 2 decimals (paise)`, at });
  return rupees === undefined ? undefined : paiseOf(rupees);
}

interface CsvInvoice {
  at: number;
  invoice: {
    invoiceNumber: string;
    invoiceDate: string;
    invoiceValuePaise: number | undefined;
    ewayBillNumber: string | null;
    invoiceFileId: null;
    goods: unknown[];
  };
}

function readGoodsLine(row: CsvRow, at: number, problems: RowProblem[]) {
  const line = {
    goodsName: row.cell('goodsName'),
    hsnCode: row.cell('hsnCode'),
    quantity: numberOf(row, 'quantity', at, problems),
    quantityUnit: row.cell('quantityUnit').trim().toUpperCase(),
    taxableValuePaise: paiseCell(row, 'taxableValue', at, problems),
    gstRate: numberOf(row, 'gstRate', at, problems),
  };
  checkPart(GoodsLineSchema, line, at, problems);
  return line;
}

/**
 * The order's invoices: a row with invoice columns names one (or, naming one above again, adds to
 * it); a row's goods columns are a goods line of the invoice on that row or, when it names none,
 * of the invoice above it. Each invoice is checked with all its lines, on the row it was named.
 */
function readInvoices(rows: CsvRow[], problems: RowProblem[]) {
  const invoices: CsvInvoice[] = [];
  rows.forEach((row, at) => {
    const number = row.cell('invoiceNumber').trim().toLowerCase();
    const named = number ? invoices.find((i) => i.invoice.invoiceNumber.trim().toLowerCase() === number) : undefined;
    const onlyGoods = named && !row.cell('invoiceDate').trim() && !row.cell('invoiceValue').trim();
    if (has(row, INVOICE_COLUMNS) && !onlyGoods)
      invoices.push({
        at,
        invoice: {
          invoiceNumber: row.cell('invoiceNumber'),
          invoiceDate: row.cell('invoiceDate').trim(),
          invoiceValuePaise: paiseCell(row, 'invoiceValue', at, problems),
          ewayBillNumber: row.cell('ewayBillNumber').trim() || null,
          invoiceFileId: null,
          goods: [],
        },
      });
    if (!has(row, GOODS_COLUMNS)) return;
    const owner = onlyGoods ? named : invoices.at(-1);
    if (!owner) problems.push({ column: 'goodsName', reason: 'goodsName: name the invoice this line is on', at });
    else owner.invoice.goods.push(readGoodsLine(row, at, problems));
  });
  for (const { at, invoice } of invoices) {
    // the lines were checked on their own rows; here the invoice, and what its lines add up to
    checkPart(B2bInvoiceBody, { ...invoice, goods: [] }, at, problems);
    const lines = v.safeParse(GoodsLinesSchema, invoice.goods);
    const mismatch =
      lines.success && invoice.invoiceValuePaise !== undefined
        ? goodsMismatch(lines.output, invoice.invoiceValuePaise)
        : null;
    if (mismatch) problems.push({ column: 'taxableValue', reason: mismatch, at });
  }
  return invoices.map((i) => i.invoice);
}

function readBox(row: CsvRow, at: number, problems: RowProblem[]) {
  const box = Object.fromEntries(BOX_COLUMNS.map((c) => [c, numberOf(row, c, at, problems)]));
  checkPart(BoxSchema, box, at, problems);
  return box;
}

export const b2bOrderUploads: CsvKind<Row, Row> = {
  kind: 'B2B_ORDERS',
  ops: API_B2B.uploads,
  queue: 'b2b-orders-import',
  permissions: { view: 'orders.view', upload: 'orders.create' },
  columns: B2B_ORDER_COLUMNS.map((c) => column(c, REQUIRED.has(c))),
  sampleRows: SAMPLE_ROWS,
  fileStem: 'b2b-orders',
  rowNoun: 'B2B order rows',
  rowSchema: B2bOrderBody,
  groupKey: (cell) => cell('orderReference').trim().toLowerCase(),
  issueAt(path) {
    const [top, second] = path.map(String);
    // each box and invoice was checked on its own row while reading
    if ((top === 'boxes' || top === 'invoices') && second !== undefined) return null;
    if (top === 'consignee' && second !== undefined) return { at: 0, column: CONSIGNEE_COLUMN[second] ?? top };
    if (top === 'appointment' && second !== undefined) return { at: 0, column: second };
    return { at: 0, column: FIELD_COLUMN[top] ?? top };
  },
  async open(deps, ctx) {
    const stores = await deps.db
      .select({ id: b2bWarehouses.id, name: b2bWarehouses.name, kind: b2bWarehouses.kind })
      .from(b2bWarehouses)
      .where(eq(b2bWarehouses.orgId, ctx.orgId));
    const named = (kind: 'OWN' | 'CONSIGNEE') =>
      new Map(stores.filter((w) => w.kind === kind).map((w) => [w.name.toLowerCase(), w.id]));
    const own = named('OWN');
    const consignees = named('CONSIGNEE');
    return {
      read(rows) {
        const problems: RowProblem[] = [];
        const first = rows[0];
        const cell = (name: string) => first.cell(name).trim();
        const warehouseId = (
          name: 'originWarehouse' | 'consigneeWarehouse',
          map: Map<string, number>,
          words: string,
        ) => {
          if (!cell(name)) return null;
          const id = lookupByName(map, cell(name));
          if (id === undefined)
            problems.push({ column: name, reason: `${name}: you have no ${words} named "${cell(name).slice(0, 40)}"` });
          return id ?? null;
        };
        const originWarehouseId = warehouseId('originWarehouse', own, 'warehouse of your own');
        const consigneeWarehouseId = warehouseId('consigneeWarehouse', consignees, 'consignee warehouse');
        const typed = !cell('consigneeWarehouse');
        const boxes = rows.flatMap((r, at) => (has(r, BOX_COLUMNS) ? [readBox(r, at, problems)] : []));
        const invoices = readInvoices(rows, problems);
        const appointment = cell('appointmentDate') || cell('slotStart') || cell('slotEnd');
        const candidate = {
          orderNumber: cell('orderReference'),
          channel: 'DAKIYA',
          // a name not found is told above; the schema needs a number in its place
          originWarehouseId: originWarehouseId ?? (cell('originWarehouse') ? 1 : undefined),
          consigneeWarehouseId: typed ? null : (consigneeWarehouseId ?? 1),
          consignee: typed
            ? {
                businessName: first.cell('consigneeBusinessName'),
                gstin: first.cell('consigneeGstin'),
                contactName: '',
                contactPhone: first.cell('consigneePhone'),
                contactEmail: first.cell('consigneeEmail'),
                addressLine1: first.cell('consigneeAddressLine1'),
                addressLine2: first.cell('consigneeAddressLine2'),
                pincode: first.cell('consigneePincode'),
              }
            : null,
          goodsDescription: first.cell('goodsDescription'),
          boxes,
          invoices,
          freightPayer: cell('freightPayer').toUpperCase(),
          risk: cell('risk').toUpperCase(),
          handover: cell('handover').toUpperCase(),
          appointment: appointment
            ? {
                appointmentDate: cell('appointmentDate'),
                slotStart: cell('slotStart'),
                slotEnd: cell('slotEnd'),
                poNumbers: cell('poNumbers')
                  .split(';')
                  .map((p) => p.trim())
                  .filter(Boolean),
              }
            : null,
        };
        return { candidate, problems };
      },
      build: (row) => row,
      unique: {
        key: (r) => r.orderNumber.toLowerCase(),
        repeated: (r, firstRow): RowProblem => ({
          column: 'orderReference',
          reason: `Order ${r.orderNumber} is earlier in this file (row ${firstRow}); put its rows next to each other`,
        }),
      },
      async write(tx, records) {
        const now = deps.now();
        let written = 0;
        const refused: { at: number; problem: RowProblem }[] = [];
        for (const [at, { input }] of records.entries()) {
          try {
            await tx.transaction((sp) =>
              insertB2bOrder(sp, { orgId: ctx.orgId, accountId: ctx.accountId }, input, now, `From ${ctx.fileName}`),
            );
            written++;
          } catch (e) {
            if (!(e instanceof ApiError)) throw e;
            refused.push({ at, problem: { column: columnOfRefusal(e.message), reason: e.message } });
          }
        }
        return { written, refused };
      },
    };
  },
};

/** The column a refusal of the order's writing names (by the field's label at its start). */
function columnOfRefusal(message: string): string {
  const byLabel: [string, string][] = [
    [fieldLabel('gstin'), 'consigneeGstin'],
    [fieldLabel('pincode'), 'consigneePincode'],
    [fieldLabel('originWarehouseId'), 'originWarehouse'],
    [fieldLabel('consigneeWarehouseId'), 'consigneeWarehouse'],
  ];
  return byLabel.find(([label]) => message.startsWith(label))?.[1] ?? 'orderReference';
}
