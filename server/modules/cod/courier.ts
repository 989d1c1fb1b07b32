import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { queryRows } from '../../db/rows';
import { unnestSelect } from '../../db/unnest';

// A courier's COD remittance file: the cash it collected on delivered COD shipments, paid to the
// platform with its bank reference. Recorded once per (courier, reference); each line once per
// shipment. A line is refused (counted, not recorded) when its AWB is not a delivered COD shipment
// of that courier (an RTO or a cancelled one never is), when its amount is not the order's COD
// amount, or when the shipment was remitted before.

export interface CourierRemittanceFile {
  carrierCode: string;
  reference: string;
  utr: string;
  remittedAt: Date;
  lines: { awb: string; amountPaise: number }[];
}

export interface RecordedRemittance {
  remittanceId: number | null;
  /** false when this courier's reference was recorded before: nothing changed */
  recorded: boolean;
  lines: number;
  refused: number;
  totalPaise: number;
}

export async function recordCourierRemittance(
  db: Db,
  file: CourierRemittanceFile,
  receivedAt: Date,
): Promise<RecordedRemittance> {
  return db.transaction(async (tx) => {
    const [head] = await queryRows<{ id: number }>(
      tx,
      sql`insert into courier_remittances (carrier_code, reference, utr, remitted_at, total_paise, line_count, received_at)
          values (${file.carrierCode}, ${file.reference}, ${file.utr}, ${file.remittedAt}::timestamptz, 0, 0, ${receivedAt}::timestamptz)
          on conflict (carrier_code, reference) do nothing returning id`,
    );
    if (!head) return { remittanceId: null, recorded: false, lines: 0, refused: file.lines.length, totalPaise: 0 };
    const [sums] = await queryRows<{ n: number; total: string | number | null }>(
      tx,
      sql`with ins as (
            insert into courier_remittance_lines (remittance_id, shipment_id, awb, amount_paise)
            select ${head.id}::int, s.id, s.awb, u.amount
            from (${unnestSelect([
              [file.lines.map((l) => l.awb), 'text'],
              [file.lines.map((l) => l.amountPaise), 'bigint'],
            ])}) as u(awb, amount)
            join shipments s on s.awb = u.awb and s.carrier_code = ${file.carrierCode}
            join orders o on o.id = s.order_id
            where s.state = 'BOOKED' and s.delivered_at is not null and o.payment_method = 'COD' and o.status = 'DLV'
              and o.cod_amount_paise = u.amount
            on conflict (shipment_id) do nothing
            returning amount_paise
          )
          select count(*)::int as n, sum(amount_paise) as total from ins`,
    );
    const lines = Number(sums.n);
    const totalPaise = Number(sums.total ?? 0);
    await tx.execute(
      sql`update courier_remittances set line_count = ${lines}, total_paise = ${totalPaise}, refused_count = ${file.lines.length - lines}
          where id = ${head.id}`,
    );
    return { remittanceId: head.id, recorded: true, lines, refused: file.lines.length - lines, totalPaise };
  });
}
