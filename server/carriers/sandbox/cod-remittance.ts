import { sql } from 'drizzle-orm';
import type { AppDeps } from '../../deps';
import { queryRows } from '../../db/rows';
import { istDate } from '../../../src/domain/cod-remittance';

// The sandbox couriers' COD remittance: once a day each courier pays the cash it collected on
// parcels delivered at least REMIT_AFTER_DAYS days ago and not remitted yet, and sends the file
// (AWB, COD amount, its bank UTR), as a real courier's finance team would. The sandbox courier's
// book of collected cash is the delivered COD shipments it carried (docs/simulated.md).

export const COD_REMIT_QUEUE = 'sandbox-courier-cod-remittance';
export const REMIT_AFTER_DAYS = 3;
const DAY = 86_400_000;

/** Sends today's remittance file of every sandbox courier that has cash to remit; a repeat the same day sends none. */
export async function remitCollectedCod(deps: AppDeps): Promise<{ files: number; lines: number }> {
  const now = deps.now();
  const before = new Date(now.getTime() - REMIT_AFTER_DAYS * DAY);
  const collected = await queryRows<{ carrier_code: string; awb: string; amount: string | number }>(
    deps.db,
    sql`select s.carrier_code, s.awb, o.cod_amount_paise as amount
        from shipments s join orders o on o.id = s.order_id
        where s.state = 'BOOKED' and s.delivered_at is not null and s.delivered_at <= ${before}::timestamptz
          and o.payment_method = 'COD' and o.status = 'DLV' and o.cod_amount_paise > 0
          and not exists (select 1 from courier_remittance_lines c where c.shipment_id = s.id)
        order by s.carrier_code, s.id`,
  );
  const byCourier = new Map<string, { awb: string; amountPaise: number }[]>();
  for (const r of collected) {
    const list = byCourier.get(r.carrier_code) ?? [];
    list.push({ awb: r.awb, amountPaise: Number(r.amount) });
    byCourier.set(r.carrier_code, list);
  }
  const day = istDate(now).replace(/-/g, '');
  let files = 0;
  let lines = 0;
  for (const [carrierCode, list] of byCourier) {
    const code = carrierCode.replace(/[^A-Z0-9]/gi, '').toUpperCase();
    // the file goes to the product's inlet, as a courier's finance team would send it
    const done = await deps.courierInlet.receiveRemittance({
      carrierCode,
      reference: `COD-${code}-${day}`,
      utr: `${code}N${day}${String(list.length).padStart(6, '0')}`.slice(0, 22),
      remittedAt: now,
      lines: list,
    });
    if (done.recorded) {
      files++;
      lines += done.lines;
    }
  }
  return { files, lines };
}
