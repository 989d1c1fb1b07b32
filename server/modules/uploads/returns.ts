import { and, eq, isNull, sql } from 'drizzle-orm';
import * as v from 'valibot';
import { orderItems, orders, pickupAddresses, warehouses } from '../../db/schema';
import { ApiError } from '../../http/errors';
import { API_RETURNS } from '../../../src/domain/returns-contract';
import { REFUND_DECISION_CODES, subReasonOf, type ReturnToKind } from '../../../src/domain/returns';
import { ORDER_NUMBER } from '../../../src/domain/schemas/order';
import { reasonField, subReasonField } from '../../../src/domain/schemas/returns';
import { FORWARD_STATUSES, type ForwardStatus } from '../../../src/domain/order-status';
import { numberCell } from './csv-cells';
import { column, type CsvKind, type RowProblem } from './kind';
import { lookupByName } from './order-cells';
import { insertReturn, pickLines } from '../returns/store';
import { fromForward } from '../returns/service';
import { ORDER_TYPE } from '../../../src/domain/order-type';

// Returns in bulk: one return per delivered order, its rows the products coming back (rows with
// the same orderNumber next to each other are one return). The return-to address is named as
// the seller named a pickup address or a warehouse; the buyer's address is the order's own.

export const RETURN_COLUMNS = [
  'orderNumber',
  'sku',
  'quantity',
  'reason',
  'subReason',
  'returnTo',
  'refundDecision',
  'comment',
] as const;

const SAMPLE_ROWS: string[][] = [
  ['ORD-000042', 'BPV-12', '1', 'DAMAGED', 'BROKEN', 'Meera Jaipur', 'REFUND', 'Cracked at the rim'],
  ['ORD-000043', 'TSH-M-BLU', '2', 'SIZE_FIT', 'TOO_SMALL', 'Meera Jaipur', 'EXCHANGE', ''],
];

export const ReturnUploadRow = v.pipe(
  v.object({
    orderNumber: v.pipe(v.string(), v.trim(), v.regex(ORDER_NUMBER, 'orderNumber is not an order number')),
    items: v.array(
      v.object({
        sku: v.pipe(v.string(), v.trim(), v.nonEmpty('sku is required')),
        quantity: v.pipe(
          v.number('quantity must be a number'),
          v.integer('quantity must be a whole number'),
          v.minValue(1, 'quantity must be at least 1'),
        ),
      }),
    ),
    reason: reasonField,
    subReason: subReasonField,
    returnTo: v.pipe(v.string(), v.trim(), v.nonEmpty('returnTo is required: a pickup address or warehouse name')),
    refundDecision: v.optional(
      v.picklist(REFUND_DECISION_CODES, `refundDecision must be one of ${REFUND_DECISION_CODES.join(', ')}`),
      'REFUND',
    ),
    comment: v.optional(v.pipe(v.string(), v.trim(), v.maxLength(500, 'comment must be at most 500 characters')), ''),
  }),
  v.forward(
    v.check((r) => subReasonOf(r.reason, r.subReason), 'subReason is not one of the reason’s sub-reasons'),
    ['subReason'],
  ),
);
type Row = v.InferOutput<typeof ReturnUploadRow>;
interface Record_ extends Row {
  returnToKind: ReturnToKind;
  returnToId: number;
}

export const returnUploads: CsvKind<Row, Record_> = {
  kind: 'RETURNS',
  ops: API_RETURNS.uploads,
  queue: 'returns-import',
  permissions: { view: 'returns.view', upload: 'returns.manage' },
  columns: RETURN_COLUMNS.map((c) =>
    column(c, ['orderNumber', 'sku', 'quantity', 'reason', 'subReason', 'returnTo'].includes(c)),
  ),
  sampleRows: SAMPLE_ROWS,
  fileStem: 'returns',
  rowNoun: 'return rows',
  rowSchema: ReturnUploadRow,
  groupKey: (cell) => cell('orderNumber').trim().toLowerCase(),
  issueAt(path) {
    if (path[0] === 'items') return { at: Number(path[1] ?? 0), column: String(path[2] ?? 'sku') };
    return { at: 0, column: String(path[0]) };
  },
  async open(deps, ctx) {
    const [addresses, stores] = await Promise.all([
      deps.db
        .select({ id: pickupAddresses.id, name: pickupAddresses.entityName })
        .from(pickupAddresses)
        .where(and(eq(pickupAddresses.orgId, ctx.orgId), isNull(pickupAddresses.deletedAt))),
      deps.db
        .select({ id: warehouses.id, name: warehouses.warehouseName })
        .from(warehouses)
        .where(eq(warehouses.orgId, ctx.orgId)),
    ]);
    const places = new Map<string, { kind: ReturnToKind; id: number }>([
      ...stores.map((w) => [w.name.toLowerCase(), { kind: 'WAREHOUSE' as const, id: w.id }] as const),
      ...addresses.map((a) => [a.name.toLowerCase(), { kind: 'PICKUP_ADDRESS' as const, id: a.id }] as const),
    ]);
    return {
      read(rows) {
        const problems: RowProblem[] = [];
        const first = rows[0].cell;
        const items = rows.map((r, at) => {
          const n = numberCell(r.cell('quantity'));
          if (Number.isNaN(n)) problems.push({ column: 'quantity', reason: `quantity must be a number`, at });
          return { sku: r.cell('sku'), quantity: Number.isNaN(n) ? undefined : n };
        });
        if (first('returnTo').trim() && !lookupByName(places, first('returnTo')))
          problems.push({
            column: 'returnTo',
            reason: `returnTo: no pickup address or warehouse named "${first('returnTo').trim().slice(0, 40)}"`,
          });
        const candidate = {
          orderNumber: first('orderNumber'),
          items,
          reason: first('reason').trim().toUpperCase(),
          subReason: first('subReason').trim().toUpperCase(),
          returnTo: first('returnTo'),
          refundDecision: first('refundDecision').trim() ? first('refundDecision').trim().toUpperCase() : undefined,
          comment: first('comment'),
        };
        return { candidate, problems };
      },
      build: (row) => {
        const place = lookupByName(places, row.returnTo)!;
        return { ...row, returnToKind: place.kind, returnToId: place.id };
      },
      unique: {
        key: (r) => r.orderNumber.toLowerCase(),
        repeated: (r, first): RowProblem => ({
          column: 'orderNumber',
          reason: `Order ${r.orderNumber} is returned earlier in this file (row ${first}); put its products in rows next to each other`,
        }),
      },
      async write(tx, records) {
        const now = deps.now();
        let written = 0;
        const refused: { at: number; problem: RowProblem }[] = [];
        for (const [at, { input }] of records.entries()) {
          try {
            await tx.transaction(async (sp) => {
              const [o] = await sp
                .select()
                .from(orders)
                .where(
                  and(
                    eq(orders.orgId, ctx.orgId),
                    eq(orders.orderType, ORDER_TYPE.FORWARD),
                    sql`lower(${orders.orderNumber}) = lower(${input.orderNumber})`,
                  ),
                )
                .for('update');
              if (!o) throw new ApiError(400, `orderNumber: no order ${input.orderNumber} of yours`);
              if (o.status !== 'DLV')
                throw new ApiError(
                  400,
                  `orderNumber: order ${o.orderNumber} is ${FORWARD_STATUSES[o.status as ForwardStatus] ?? o.status}; only a delivered order can be returned`,
                );
              const lines = await sp.select().from(orderItems).where(eq(orderItems.orderId, o.id));
              const asked = input.items.map((i) => {
                const line = lines.find((l) => l.sku.toLowerCase() === i.sku.toLowerCase());
                if (!line) throw new ApiError(400, `sku: ${i.sku} is not in order ${o.orderNumber}`);
                return { orderItemId: line.id, quantity: i.quantity };
              });
              const items = await pickLines(sp, o, asked);
              await insertReturn(
                sp,
                { orgId: ctx.orgId, accountId: ctx.accountId },
                fromForward(o, { ...input, photoFileIds: [], qc: null }, items, 'CSV'),
                now,
              );
            });
            written++;
          } catch (e) {
            if (!(e instanceof ApiError)) throw e;
            const [col, ...rest] = e.message.split(': ');
            refused.push({ at, problem: { column: col, reason: rest.length ? e.message : e.message } });
          }
        }
        return { written, refused };
      },
    };
  },
};
