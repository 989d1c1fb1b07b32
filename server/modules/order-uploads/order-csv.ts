import { and, eq, isNull } from 'drizzle-orm';
import * as v from 'valibot';
import { packageTypes, pickupAddresses, products } from '../../db/schema';
import type { PickupCopy } from '../../db/schema';
import { istDay } from '../../../src/domain/format';
import { OrderBody } from '../../../src/domain/schemas/order';
import { combinedProblem, numberCell, type RowProblem } from '../csv-uploads/csv-cells';
import type { CsvImportKind, CsvRow, ReadResult } from '../csv-uploads/import-kind';
import { insertOrderBatch, type ResolvedOrder } from '../orders/bulk-create';
import { lookupPincode } from '../pincodes/lookup';
import { checkStockAlerts } from '../products/stock-alert';
import { csvDate, lookupByName, orderFieldColumn } from './order-csv-cells';

// The orders CSV: one row per order line. Consecutive rows with the same orderNumber are the
// lines of one order (its order-level columns are read from its first row); a row with no
// orderNumber is an order of its own and gets the next generated number. A catalogue SKU fills
// the line's name, price, tax rate and HSN when those cells are blank.

export const ORDER_CSV_COLUMNS = [
  'orderNumber',
  'orderDate',
  'channel',
  'paymentMethod',
  'fulfilment',
  'buyerName',
  'buyerPhone',
  'buyerEmail',
  'shippingLine1',
  'shippingLine2',
  'shippingPincode',
  'billingLine1',
  'billingLine2',
  'billingPincode',
  'sku',
  'itemName',
  'quantity',
  'unitPrice',
  'taxRatePercent',
  'hsnCode',
  'discount',
  'shippingCharges',
  'packageType',
  'lengthCm',
  'breadthCm',
  'heightCm',
  'deadWeightKg',
  'pickupAddress',
] as const;

const REQUIRED = [
  'paymentMethod',
  'buyerName',
  'buyerPhone',
  'shippingLine1',
  'shippingPincode',
  'sku',
  'quantity',
  'deadWeightKg',
];

const SAMPLE_ROWS: string[][] = [
  [
    'WEB-1001',
    '21-11-2026',
    'DAKIYA',
    'COD',
    'SELF',
    'Riya Sharma',
    '9876543210',
    'riya@example.com',
    '12 MG Road, Flat 4B',
    'Near City Mall',
    '560001',
    '',
    '',
    '',
    'KURTA-IND-M',
    'Cotton Kurta - Indigo, M',
    '2',
    '799',
    '5',
    '6211',
    '50',
    '40',
    '',
    '30',
    '25',
    '6',
    '0.8',
    '',
  ],
  [
    'WEB-1001',
    '',
    '',
    '',
    '',
    '',
    '',
    '',
    '',
    '',
    '',
    '',
    '',
    '',
    'DIYA-BRS-2',
    'Brass Diya (set of 2)',
    '1',
    '449.50',
    '12',
    '7418',
    '',
    '',
    '',
    '',
    '',
    '',
    '',
    '',
  ],
  [
    '',
    '2026-11-21',
    'SHOPIFY',
    'PPD',
    'SELF',
    'Arjun Menon',
    '+91 91234 56789',
    '',
    '7 Marine Drive',
    '',
    '400020',
    '',
    '',
    '',
    'TEE-BLK-L',
    'Black Tee, L',
    '1',
    '499',
    '5',
    '6109',
    '',
    '',
    '',
    '25',
    '20',
    '3',
    '0.3',
    '',
  ],
];

type OrderColumn = (typeof ORDER_CSV_COLUMNS)[number];

const PAYMENT: Record<string, string> = { PPD: 'PPD', PREPAID: 'PPD', COD: 'COD', 'CASH ON DELIVERY': 'COD' };
const FULFILMENT: Record<string, string> = { SELF: 'SELF', EASY: 'EASY', 'EASY SHIP': 'EASY' };

interface Catalogue {
  productId: number;
  name: string;
  price: number;
  taxRatePercent: number;
  hsnCode: string;
}

interface Lookups {
  today: string;
  products: Map<string, Catalogue>;
  packages: Map<string, { id: number; lengthCm: number; breadthCm: number; heightCm: number }>;
  pickups: Map<string, PickupCopy & { verified: boolean }>;
  primary: (PickupCopy & { verified: boolean }) | null;
}

const problem = (rowNumber: number, column: OrderColumn | string, reason: string): ReadResult<ResolvedOrder> => ({
  problem: { column, reason },
  rowNumber,
});

/** One order's rows → a resolved order, or the problems of its first bad row (all of them) and that row. */
export function readOrder(rows: CsvRow[], look: Lookups): ReadResult<ResolvedOrder> {
  const first = rows[0];
  const c = first.cell;
  const at = first.rowNumber;
  // every problem of the order's first row is told at once
  const found: RowProblem[] = [];
  const note = (column: string, reason: string) => void found.push({ column, reason });

  const numbers: Partial<Record<OrderColumn, number | undefined>> = {};
  for (const col of ['discount', 'shippingCharges', 'lengthCm', 'breadthCm', 'heightCm', 'deadWeightKg'] as const) {
    const n = numberCell(c(col));
    if (Number.isNaN(n)) note(col, `${col} must be a number, not "${c(col).slice(0, 30)}"`);
    else numbers[col] = n;
  }
  const orderDate = c('orderDate').trim() === '' ? look.today : csvDate(c('orderDate'));
  if (!orderDate) note('orderDate', 'orderDate must be a date as dd-mm-yyyy or yyyy-mm-dd');
  const payment = PAYMENT[c('paymentMethod').trim().toUpperCase()];
  if (!payment) note('paymentMethod', 'paymentMethod must be PPD (prepaid) or COD');
  const fulfilment = c('fulfilment').trim() === '' ? 'SELF' : FULFILMENT[c('fulfilment').trim().toUpperCase()];
  if (!fulfilment) note('fulfilment', 'fulfilment must be SELF or EASY');

  // the package: a named package type, or the three dimensions
  let pkg: { id: number | null; lengthCm?: number; breadthCm?: number; heightCm?: number } = {
    id: null,
    lengthCm: numbers.lengthCm,
    breadthCm: numbers.breadthCm,
    heightCm: numbers.heightCm,
  };
  if (c('packageType').trim()) {
    const pkgFound = lookupByName(look.packages, c('packageType'));
    if (!pkgFound)
      note(
        'packageType',
        `No active package type "${c('packageType').trim().slice(0, 40)}": add it under Setup → Package types, or give lengthCm, breadthCm and heightCm`,
      );
    else
      pkg = {
        id: pkgFound.id,
        lengthCm: pkgFound.lengthCm,
        breadthCm: pkgFound.breadthCm,
        heightCm: pkgFound.heightCm,
      };
  }
  const pickup = c('pickupAddress').trim() ? lookupByName(look.pickups, c('pickupAddress')) : look.primary;
  if (!pickup)
    note(
      'pickupAddress',
      c('pickupAddress').trim()
        ? `No pickup address named "${c('pickupAddress').trim().slice(0, 40)}"`
        : 'Name a pickup address: you have no primary pickup address',
    );
  else if (!pickup.verified)
    note('pickupAddress', `Verify the phone of pickup address ${pickup.entityName} before shipping from it`);
  if (found.length || !orderDate || !payment || !fulfilment || !pickup)
    return { problem: combinedProblem(found), rowNumber: at };

  const items = [];
  for (const row of rows) {
    const cell = row.cell;
    const line: RowProblem[] = [];
    const quantity = numberCell(cell('quantity'));
    if (Number.isNaN(quantity))
      line.push({
        column: 'quantity',
        reason: `quantity must be a whole number, not "${cell('quantity').slice(0, 30)}"`,
      });
    const unitPrice = numberCell(cell('unitPrice'));
    if (Number.isNaN(unitPrice))
      line.push({ column: 'unitPrice', reason: `unitPrice must be a number, not "${cell('unitPrice').slice(0, 30)}"` });
    const taxRate = numberCell(cell('taxRatePercent'));
    if (Number.isNaN(taxRate))
      line.push({
        column: 'taxRatePercent',
        reason: `taxRatePercent must be a number, not "${cell('taxRatePercent').slice(0, 30)}"`,
      });
    const sku = cell('sku').trim();
    const known = look.products.get(sku.toLowerCase());
    if (!known && cell('itemName').trim() === '')
      line.push({
        column: 'itemName',
        reason: `SKU ${sku.slice(0, 40) || '(blank)'} is not in your catalogue: give itemName, unitPrice and taxRatePercent`,
      });
    if (line.length) return { problem: combinedProblem(line), rowNumber: row.rowNumber };
    items.push({
      productId: known?.productId ?? null,
      name: cell('itemName').trim() || known!.name,
      sku,
      quantity,
      unitPrice: unitPrice ?? known?.price,
      taxRatePercent: taxRate ?? known?.taxRatePercent,
      hsnCode: cell('hsnCode').trim() || known?.hsnCode || '',
    });
  }
  const billingGiven = c('billingLine1').trim() !== '' || c('billingPincode').trim() !== '';
  const candidate = {
    orderNumber: c('orderNumber'),
    orderDate,
    channel: c('channel').trim() === '' ? 'DAKIYA' : c('channel').trim().toUpperCase(),
    paymentMethod: payment,
    fulfilment,
    buyerName: c('buyerName'),
    buyerPhone: c('buyerPhone'),
    buyerEmail: c('buyerEmail'),
    shipping: { line1: c('shippingLine1'), line2: c('shippingLine2'), pincode: c('shippingPincode') },
    billingSameAsShipping: !billingGiven,
    billing: billingGiven ? { line1: c('billingLine1'), line2: c('billingLine2'), pincode: c('billingPincode') } : null,
    items,
    discount: numbers.discount,
    shippingCharges: numbers.shippingCharges,
    packageTypeId: pkg.id,
    lengthCm: pkg.lengthCm ?? null,
    breadthCm: pkg.breadthCm ?? null,
    heightCm: pkg.heightCm ?? null,
    deadWeightKg: numbers.deadWeightKg,
    pickupAddressId: pickup.addressId,
  };
  const parsed = v.safeParse(OrderBody, candidate, { abortEarly: false });
  if (!parsed.success) {
    // the row of the first problem, with every problem the schema found on that row
    const placed = parsed.issues.map((issue) => {
      const keys = (issue.path ?? []).map((p) => p.key as string | number);
      const row = keys[0] === 'items' && typeof keys[1] === 'number' ? rows[keys[1]].rowNumber : at;
      return { row, column: orderFieldColumn(keys, issue.message), reason: issue.message };
    });
    const row = placed[0].row;
    const onRow = placed
      .filter((p) => p.row === row)
      .filter((p, i, all) => all.findIndex((q) => q.column === p.column) === i);
    return { problem: combinedProblem(onRow), rowNumber: row };
  }
  const input = parsed.output;
  const place = (a: { line1: string; line2: string; pincode: string }) => {
    const found = lookupPincode(a.pincode);
    return found ? { line1: a.line1, line2: a.line2, pincode: a.pincode, city: found.city, state: found.state } : null;
  };
  const shipping = place(input.shipping);
  if (!shipping) return problem(at, 'shippingPincode', `Unknown pincode ${input.shipping.pincode}`);
  const billing = input.billingSameAsShipping ? shipping : place(input.billing!);
  if (!billing) return problem(at, 'billingPincode', `Unknown pincode ${input.billing!.pincode}`);
  const { verified: _verified, ...pickupCopy } = pickup;
  return {
    input: {
      input,
      shipping,
      billing,
      pickup: pickupCopy,
      packageTypeId: pkg.id,
      lengthCm: input.lengthCm!,
      breadthCm: input.breadthCm!,
      heightCm: input.heightCm!,
    },
  };
}

export const orderCsv: CsvImportKind<ResolvedOrder> = {
  kind: 'ORDERS',
  queue: 'orders-import',
  layout: { columns: ORDER_CSV_COLUMNS, required: REQUIRED },
  sampleRows: SAMPLE_ROWS,
  fileStem: 'orders',
  rowNoun: 'order rows',
  groupKey: (cell) => cell('orderNumber'),
  async open(deps, ctx) {
    const [catalogue, packages, pickups] = await Promise.all([
      deps.db.select().from(products).where(eq(products.orgId, ctx.orgId)),
      deps.db
        .select()
        .from(packageTypes)
        .where(and(eq(packageTypes.orgId, ctx.orgId), eq(packageTypes.status, 'ACTIVE'))),
      deps.db
        .select()
        .from(pickupAddresses)
        .where(and(eq(pickupAddresses.orgId, ctx.orgId), isNull(pickupAddresses.deletedAt))),
    ]);
    const pickupOf = (a: (typeof pickups)[number]) => ({
      addressId: a.id,
      entityName: a.entityName,
      phone: a.phone,
      line1: a.addressLine1,
      line2: a.addressLine2 ?? '',
      pincode: a.pincode,
      city: a.city,
      state: a.state,
      verified: a.verifiedAt !== null,
    });
    const primary = pickups.find((a) => a.isPrimary);
    const look: Lookups = {
      today: istDay(deps.now()),
      products: new Map(
        catalogue.map((p) => [
          p.sku.toLowerCase(),
          {
            productId: p.id,
            name: p.productName,
            price: p.pricePaise / 100,
            taxRatePercent: p.taxRatePercent,
            hsnCode: p.hsnCode ?? '',
          },
        ]),
      ),
      packages: new Map(
        packages.map((p) => [
          p.packageName.toLowerCase(),
          { id: p.id, lengthCm: p.lengthCm, breadthCm: p.breadthCm, heightCm: p.heightCm },
        ]),
      ),
      pickups: new Map(pickups.map((a) => [a.entityName.toLowerCase(), pickupOf(a)])),
      primary: primary ? pickupOf(primary) : null,
    };
    const stockTouched = new Set<number>();
    return {
      read: (rows) => readOrder(rows, look),
      unique: {
        key: (o) => o.input.orderNumber.toLowerCase() || null,
        repeated: (o, firstRow): RowProblem => ({
          column: 'orderNumber',
          reason: `Order number ${o.input.orderNumber} appears earlier in this file (row ${firstRow}); put an order's lines one under another`,
        }),
      },
      async write(tx, records) {
        const result = await insertOrderBatch(
          tx,
          {
            orgId: ctx.orgId,
            accountId: ctx.accountId,
            uploadBatchId: ctx.uploadId,
            note: `Uploaded from ${ctx.fileName}`,
            now: deps.now(),
          },
          records.map((r) => r.input),
        );
        for (const id of result.productIds) stockTouched.add(id);
        return {
          written: result.created.length,
          refused: result.refused.map((r) => ({ at: r.at, problem: { column: r.column, reason: r.reason } })),
        };
      },
      async afterCommit() {
        if (stockTouched.size === 0) return;
        await checkStockAlerts(deps, ctx.orgId, [...stockTouched]);
        stockTouched.clear();
      },
    };
  },
};
