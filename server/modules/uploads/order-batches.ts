import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { queryRows } from '../../db/rows';
import { csvUploads, orders } from '../../db/schema';
import type { Paged } from '../../../src/domain/paging';
import type { OrderBatchRow } from '../../../src/domain/orders-contract';
import { IN_FLIGHT } from '../../../src/domain/order-status';

// Batch history: each upload of new orders, and where its orders stand now.

interface BatchRecord {
  id: number;
  file_name: string;
  created_at: Date | string;
  status: OrderBatchRow['status'];
  rejected_rows: number;
  orders: number;
  ready: number;
  in_transit: number;
  delivered: number;
  cancelled: number;
  returned: number;
}

export async function listBatches(
  db: Db,
  orgId: number,
  q: { pageNumber: number; recordsPerPage: number },
): Promise<Paged<OrderBatchRow>> {
  const [{ total }] = await queryRows<{ total: number }>(
    db,
    sql`select count(*)::int as total from ${csvUploads} where org_id = ${orgId} and kind = 'ORDERS'`,
  );
  const rows = await queryRows<BatchRecord>(
    db,
    sql`select u.id, u.file_name, u.created_at, u.status, u.rejected_rows,
        count(o.id)::int as orders,
        (count(o.id) filter (where o.status = 'RTS'))::int as ready,
        (count(o.id) filter (where o.status = any(${sql.param([...IN_FLIGHT])}::text[])))::int as in_transit,
        (count(o.id) filter (where o.status = 'DLV'))::int as delivered,
        (count(o.id) filter (where o.status = 'CAN'))::int as cancelled,
        (count(o.id) filter (where o.status = 'RTO_DLV'))::int as returned
      from ${csvUploads} u left join ${orders} o on o.org_id = u.org_id and o.upload_batch_id = u.id
      where u.org_id = ${orgId} and u.kind = 'ORDERS'
      group by u.id order by u.id desc limit ${q.recordsPerPage} offset ${q.pageNumber * q.recordsPerPage}`,
  );
  return {
    items: rows.map((r) => ({
      batchId: r.id,
      fileName: r.file_name,
      uploadedAt: new Date(r.created_at).toISOString(),
      status: r.status,
      rowsRejected: r.rejected_rows,
      orders: r.orders,
      readyToShip: r.ready,
      inTransit: r.in_transit,
      delivered: r.delivered,
      cancelled: r.cancelled,
      returned: r.returned,
    })),
    total,
    pageNumber: q.pageNumber,
    recordsPerPage: q.recordsPerPage,
  };
}
