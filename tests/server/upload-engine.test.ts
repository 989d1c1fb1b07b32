import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import * as v from 'valibot';
import { describe, expect, it } from 'vitest';
import { recordProblems } from '../../server/modules/uploads/import-job';
import { column, reasonIn, type CsvKind, type CsvRow } from '../../server/modules/uploads/kind';
import { UPLOAD_KINDS } from '../../server/app';

const ENGINE = ['csv-cells.ts', 'csv-records.ts', 'kind.ts', 'import-job.ts', 'service.ts', 'routes.ts'];
const KINDS = [
  'products',
  'orders',
  'order-updates',
  'order-cells',
  'order-batches',
  'returns',
  'b2b-orders',
  'weight-discrepancies',
  'cod-utr',
];

const rowOf = (cells: Record<string, string>, rowNumber = 2): CsvRow => ({
  rowNumber,
  cells: Object.values(cells),
  cell: (c) => cells[c] ?? '',
});

describe('the upload engine', () => {
  it('knows no kind by name: the app hands it the list', () => {
    for (const file of ENGINE) {
      const text = readFileSync(join(import.meta.dirname, '../../server/modules/uploads', file), 'utf8');
      for (const kind of KINDS) expect(text, `${file} imports ${kind}`).not.toMatch(new RegExp(`from '\\./${kind}'`));
    }
    expect(UPLOAD_KINDS.map((k) => k.kind)).toEqual([
      'PRODUCTS',
      'ORDERS',
      'ORDER_UPDATES',
      'RETURNS',
      'B2B_ORDERS',
      'WEIGHT_DISCREPANCIES',
      'COD_REMITTANCE_UTR',
    ]);
    // every column a seller sees has a label in words
    for (const kind of UPLOAD_KINDS)
      for (const c of kind.columns) expect(c.label, `${kind.kind} ${c.name}`).not.toMatch(/[a-z][A-Z]/);
  });

  it('names the field by its label in a reason that starts with its name, and leaves a sentence as it is', () => {
    expect(reasonIn('Buyer phone', 'buyerPhone: This phone number is invalid')).toBe(
      'Buyer phone: This phone number is invalid',
    );
    expect(reasonIn('Shipping address line 1', 'address line 1 must be 3 to 120 characters')).toBe(
      'Shipping address line 1 must be 3 to 120 characters',
    );
    expect(reasonIn('Quantity', 'quantity must be at least 1')).toBe('Quantity must be at least 1');
    expect(reasonIn('SKU', 'item sku may use letters, digits and . _ / - only')).toBe(
      'SKU may use letters, digits and . _ / - only',
    );
    expect(reasonIn('Price', 'price is required')).toBe('Price is required');
    expect(reasonIn('SKU', 'SKU KOL-1 already exists')).toBe('SKU KOL-1 already exists');
    expect(reasonIn('Order number', 'An order that is Cancelled cannot be edited')).toBe(
      'An order that is Cancelled cannot be edited',
    );
  });

  it('tells the reading’s problems and the schema’s on the other columns, each column once', () => {
    const kind: CsvKind = {
      kind: 'PRODUCTS',
      ops: UPLOAD_KINDS[0].ops,
      queue: 'test',
      columns: [column('productName', true), column('price', true), column('weightKg', true)],
      sampleRows: [],
      fileStem: 'test',
      rowNoun: 'rows',
      rowSchema: v.object({
        productName: v.pipe(v.string(), v.minLength(3, 'productName must be 3 to 100 characters')),
        price: v.number('price is required'),
        weightKg: v.pipe(v.number('weightKg is required'), v.minValue(0.01, 'weightKg must be a positive number')),
      }),
      open: () => Promise.reject(new Error('not opened here')),
    };
    const read = ([row]: CsvRow[]) => {
      const price = Number(row.cell('price'));
      return {
        candidate: {
          productName: row.cell('productName'),
          price: Number.isNaN(price) ? undefined : price,
          weightKg: Number(row.cell('weightKg')),
        },
        problems: Number.isNaN(price)
          ? [{ column: 'price', reason: `price must be a number, not "${row.cell('price')}"` }]
          : [],
      };
    };
    const { problems } = recordProblems(kind, { read }, [rowOf({ productName: 'ab', price: 'free', weightKg: '0' })]);
    expect(problems).toEqual([
      { column: 'price', reason: 'price must be a number, not "free"' },
      { column: 'productName', reason: 'productName must be 3 to 100 characters', at: 0 },
      { column: 'weightKg', reason: 'weightKg must be a positive number', at: 0 },
    ]);
    const good = recordProblems(kind, { read }, [rowOf({ productName: 'Lamp', price: '10', weightKg: '1' })]);
    expect(good).toEqual({ problems: [], parsed: { productName: 'Lamp', price: 10, weightKg: 1 } });
  });
});
