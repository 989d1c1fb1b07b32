import { API_PRODUCTS } from '../src/domain/setup-contract';
import { PRODUCT_CSV_COLUMNS } from '../server/modules/uploads/products';
import { ROWS, runImportBench } from './import-bench';

// `npm run bench -- products-import`: a products CSV of 10,000 rows (1% with a price that is not
// a number) through the bulk upload, beside raw COPYs of the same rows (bench/import-bench.ts).

function csv(run: number): string {
  const lines = [PRODUCT_CSV_COLUMNS.join(',')];
  for (let i = 0; i < ROWS; i++) {
    const bad = i % 100 === 42;
    lines.push(
      `"Handloom Cotton Saree ${run}-${i}, Maroon",SAREE-${run}-${i},Apparel & Fashion,${bad ? 'abc' : (499 + (i % 500)).toFixed(2)},yes,${i % 90},5,0.65,35,28,5,5208,5`,
    );
  }
  return `${lines.join('\n')}\n`;
}

/** The same rows as products stores them (a bad price read as 0). */
function typed(run: number, orgId: number): string {
  const out: string[] = [];
  for (let i = 0; i < ROWS; i++) {
    const price = i % 100 === 42 ? 0 : (499 + (i % 500)) * 100;
    out.push(
      [
        orgId,
        '0',
        `Handloom Cotton Saree ${run}-${i}, Maroon`,
        `SAREE-${run}-${i}`,
        '1',
        price,
        't',
        i % 90,
        '5',
        '0.65',
        '35',
        '28',
        '5',
        '5208',
        '5',
      ].join('\t'),
    );
  }
  return `${out.join('\n')}\n`;
}

export const run = () =>
  runImportBench({
    name: 'products-import',
    goalRatio: 0.25,
    label: 'validate, insert',
    target: {
      table: 'products',
      foreignKeys:
        'ADD FOREIGN KEY (org_id) REFERENCES organisations (id), ADD FOREIGN KEY (category_id) REFERENCES product_categories (id)',
    },
    columns: PRODUCT_CSV_COLUMNS,
    ops: API_PRODUCTS.uploads,
    csv,
    typed,
    typedColumns:
      'org_id, upload_id, product_name, sku, category_id, price_paise, inventory_managed, available_inventory, notify_threshold, weight_kg, length_cm, breadth_cm, height_cm, hsn_code, tax_rate_percent',
  });
