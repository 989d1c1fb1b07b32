import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { queryRows } from '../../db/rows';
import { containsPattern } from '../../http/paging';
import type { Paged } from '../../../src/domain/paging';
import type { ShipmentChargesRow } from '../../../src/domain/wallet-contract';

// What each shipment cost: the wallet's charge and refund entries grouped by their reference
// (the AWB), newest first.

export async function shippingCharges(
  db: Db,
  orgId: number,
  q: { pageNumber: number; recordsPerPage: number; searchPattern?: string },
): Promise<Paged<ShipmentChargesRow>> {
  const like = q.searchPattern ? containsPattern(q.searchPattern) : null;
  const rows = await queryRows<{
    reference: string;
    freight: string;
    cod: string;
    rto: string;
    weight: string;
    refunds: string;
    last_at: string | Date;
    total: string;
  }>(
    db,
    sql`with lines as (
          select e.reference, e.kind, e.created_at, p.amount_paise
          from postings p join journal_entries e on e.id = p.entry_id
          join ledger_accounts a on a.id = p.account_id and a.kind = 'SELLER_WALLET' and a.org_id = ${orgId}
          where e.kind in ('SHIPPING_CHARGE', 'COD_CHARGE', 'RTO_CHARGE', 'WEIGHT_CHARGE', 'SHIPMENT_REFUND')
            ${like ? sql`and e.reference ilike ${like}` : sql``}
        )
        select reference,
          coalesce(-sum(amount_paise) filter (where kind = 'SHIPPING_CHARGE'), 0)::text as freight,
          coalesce(-sum(amount_paise) filter (where kind = 'COD_CHARGE'), 0)::text as cod,
          coalesce(-sum(amount_paise) filter (where kind = 'RTO_CHARGE'), 0)::text as rto,
          coalesce(-sum(amount_paise) filter (where kind = 'WEIGHT_CHARGE'), 0)::text as weight,
          coalesce(sum(amount_paise) filter (where kind = 'SHIPMENT_REFUND'), 0)::text as refunds,
          max(created_at) as last_at,
          count(*) over ()::text as total
        from lines group by reference
        order by max(created_at) desc, reference
        limit ${q.recordsPerPage} offset ${q.pageNumber * q.recordsPerPage}`,
  );
  return {
    items: rows.map((r) => {
      const [freight, cod, rto, weight, refunds] = [r.freight, r.cod, r.rto, r.weight, r.refunds].map(Number);
      return {
        awb: r.reference,
        freightPaise: freight,
        codPaise: cod,
        rtoPaise: rto,
        weightPaise: weight,
        refundsPaise: refunds,
        netPaise: freight + cod + rto + weight - refunds,
        lastChargedAt: new Date(r.last_at).toISOString(),
      };
    }),
    total: rows.length ? Number(rows[0].total) : 0,
    pageNumber: q.pageNumber,
    recordsPerPage: q.recordsPerPage,
  };
}
