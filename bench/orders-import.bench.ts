import { API_ORDERS } from '../src/domain/orders-contract';
import { ORDER_CSV_COLUMNS } from '../server/modules/uploads/orders';
import { ROWS, runImportBench } from './import-bench';

// `npm run bench -- orders-import`: 10,000 one-line orders (1% with a bad phone) through the
// bulk upload — validation, pincode lookups, orders with their lines and history, buyers — beside
// raw COPYs of the same rows (bench/import-bench.ts). The COPY fills one table; the import four.

const PINCODES = [
  ['560038', 'Bengaluru', 'Karnataka'],
  ['400050', 'Mumbai', 'Maharashtra'],
  ['700017', 'Kolkata', 'West Bengal'],
  ['110057', 'New Delhi', 'Delhi'],
];
const PICKUP = {
  addressId: 1,
  entityName: 'Bench Warehouse',
  phone: '9123456780',
  line1: 'Plot 1',
  line2: '',
  pincode: '302003',
  city: 'Jaipur',
  state: 'Rajasthan',
};

const cellsOf = (run: number, i: number) => ({
  orderNumber: `BN-${run}-${i}`,
  orderDate: '2026-11-20',
  paymentMethod: i % 3 ? 'COD' : 'PPD',
  buyerName: `Buyer ${run}-${i}`,
  buyerPhone: i % 100 === 42 ? '12345' : `9${String(100_000_000 + run * 20_000 + i).padStart(9, '0')}`,
  shippingLine1: `${i} Main Road, Ward ${i % 40}`,
  shippingPincode: PINCODES[i % PINCODES.length][0],
  sku: `SKU-${i % 500}`,
  itemName: `Cotton Dupatta ${i % 500}`,
  quantity: String(1 + (i % 3)),
  unitPrice: String(299 + (i % 200)),
  taxRatePercent: '5',
  lengthCm: '30',
  breadthCm: '25',
  heightCm: '4',
  deadWeightKg: '0.35',
});

function csv(run: number): string {
  const lines = [ORDER_CSV_COLUMNS.join(',')];
  for (let i = 0; i < ROWS; i++) {
    const cells: Record<string, string> = cellsOf(run, i);
    lines.push(ORDER_CSV_COLUMNS.map((c) => (cells[c]?.includes(',') ? `"${cells[c]}"` : (cells[c] ?? ''))).join(','));
  }
  return `${lines.join('\n')}\n`;
}

function typed(run: number, orgId: number): string {
  const out: string[] = [];
  for (let i = 0; i < ROWS; i++) {
    const c = cellsOf(run, i);
    const [pincode, city, state] = PINCODES[i % PINCODES.length];
    const address = JSON.stringify({ line1: c.shippingLine1, line2: '', pincode, city, state });
    const total = Number(c.quantity) * Number(c.unitPrice) * 100;
    out.push(
      [
        orgId,
        c.orderNumber,
        'RTS',
        'DAKIYA',
        c.paymentMethod,
        'SELF',
        c.orderDate,
        c.buyerName,
        c.buyerPhone,
        '',
        address,
        address,
        total,
        0,
        0,
        total,
        c.paymentMethod === 'COD' ? total : 0,
        30,
        25,
        4,
        0.35,
        JSON.stringify(PICKUP),
      ].join('\t'),
    );
  }
  return `${out.join('\n')}\n`;
}

export const run = () =>
  runImportBench({
    name: 'orders-import',
    goalRatio: 0.3,
    label: 'validate, orders + lines + history + buyers',
    target: { table: 'orders', foreignKeys: 'ADD FOREIGN KEY (org_id) REFERENCES organisations (id)' },
    columns: ORDER_CSV_COLUMNS,
    ops: API_ORDERS.uploads,
    csv,
    typed,
    typedColumns:
      'org_id, order_number, status, channel, payment_method, fulfilment, order_date, buyer_name, buyer_phone, buyer_email, shipping, billing, subtotal_paise, discount_paise, shipping_charges_paise, total_paise, cod_amount_paise, length_cm, breadth_cm, height_cm, dead_weight_kg, pickup',
    // the seller ships from one verified primary address (the import's default pickup)
    prepare: async (raw, orgId) => {
      await raw.query(
        `INSERT INTO pickup_addresses (org_id, entity_name, phone, email, address_line1, pincode, city, state, is_primary, verified_at)
         VALUES ($1, $2, $3, 'w@bench.in', $4, $5, $6, $7, true, now())`,
        [orgId, PICKUP.entityName, PICKUP.phone, PICKUP.line1, PICKUP.pincode, PICKUP.city, PICKUP.state],
      );
    },
  });
