import { sql, type SQL } from 'drizzle-orm';
import type * as v from 'valibot';
import type { Db } from '../../db/client';
import { queryRows } from '../../db/rows';
import { badRequest } from '../../http/errors';
import { ORDER_TYPE } from '../../../src/domain/order-type';
import { addDays, periodDays } from '../../../src/domain/reports';
import { istDay } from '../../../src/domain/format';
import { fieldLabel } from '../../../src/domain/schemas/labels';
import { carrierName } from '../../../src/domain/shipping/carriers';
import { wholePct } from '../../../src/domain/quality/lane-quality';
import {
  PERFORMANCE_DEFAULT_DAYS,
  PERFORMANCE_MAX_DAYS,
  type PERFORMANCE_FILTERS,
  type PincodePerformanceRow,
  type PlaceGroup,
} from '../../../src/domain/quality/pincode-performance-contract';
import type { Paged } from '../../../src/domain/paging';

// A seller's pincode performance: their own forward shipments booked in the period (not
// cancelled), by destination place and courier, counted as the Courier performance report counts
// (delivered: a delivered scan; RTO: on the way back or returned; NDR: a failed attempt at least
// once; days: pickup, else booking, to delivery). One grouped statement over the seller's
// shipments in the period (shipments_org_booked_idx); the page and the total come from it together.

export type PerformanceQuery = v.InferOutput<v.ObjectSchema<typeof PERFORMANCE_FILTERS, undefined>>;

/** The period asked for, or the last 90 days (IST) up to today; a longer one than a year is refused. */
export function performancePeriod(q: Pick<PerformanceQuery, 'fromDate' | 'toDate'>, now: Date) {
  const toDate = q.toDate ?? (q.fromDate ? addDays(q.fromDate, PERFORMANCE_DEFAULT_DAYS - 1) : istDay(now));
  const fromDate = q.fromDate ?? addDays(toDate, -(PERFORMANCE_DEFAULT_DAYS - 1));
  if (periodDays(fromDate, toDate) > PERFORMANCE_MAX_DAYS)
    throw badRequest(
      `${fieldLabel('toDate')} must be at most ${PERFORMANCE_MAX_DAYS} days after ${fieldLabel('fromDate')}`,
    );
  return { fromDate, toDate };
}

const PLACE_COLUMNS: Record<PlaceGroup, { key: SQL; place: SQL }> = {
  PINCODE: { key: sql`pincode`, place: sql`pincode` },
  DISTRICT: { key: sql`district, state`, place: sql`district` },
  STATE: { key: sql`state`, place: sql`state` },
};

const SORT_COLUMNS: Record<PerformanceQuery['sortBy'], SQL> = {
  place: sql`place`,
  shipments: sql`shipments`,
  deliveredPct: sql`delivered::float / shipments`,
  rtoPct: sql`rto::float / shipments`,
  ndrPct: sql`ndr::float / shipments`,
  avgDays: sql`avg_days`,
};

interface Row {
  place: string;
  district: string;
  state: string;
  carrier_code: string;
  shipments: number;
  delivered: number;
  rto: number;
  ndr: number;
  avg_days: number | null;
  total: number;
}

export async function pincodePerformance(
  db: Db,
  orgId: number,
  q: PerformanceQuery,
  now: Date,
  page: { pageNumber: number; recordsPerPage: number },
): Promise<Paged<PincodePerformanceRow>> {
  const { fromDate, toDate } = performancePeriod(q, now);
  const group = PLACE_COLUMNS[q.groupBy];
  const direction = q.sortOrder === 'ASC' ? sql`asc` : sql`desc`;
  const rows = await queryRows<Row>(
    db,
    sql`with parcel as (
          select s.carrier_code,
                 o.shipping ->> 'pincode' as pincode,
                 coalesce(o.shipping ->> 'city', '') as district,
                 coalesce(o.shipping ->> 'state', '') as state,
                 s.delivered_at is not null as delivered,
                 s.rto_stage is not null as rto,
                 s.ndr_attempts > 0 as ndr,
                 extract(epoch from s.delivered_at - coalesce(s.pickup_at, s.booked_at)) / 86400 as days
          from shipments s
          join orders o on o.id = s.order_id
          where s.org_id = ${orgId} and s.cancelled_at is null
            and s.booked_at >= (${fromDate}::date)::timestamp at time zone 'Asia/Kolkata'
            and s.booked_at < ((${toDate}::date + 1)::timestamp at time zone 'Asia/Kolkata')
            and o.order_type = ${ORDER_TYPE.FORWARD}
            ${q.carrierCode ? sql`and s.carrier_code = ${q.carrierCode}` : sql``}
            ${q.paymentMethod ? sql`and o.payment_method = ${q.paymentMethod}` : sql``}
            ${q.state ? sql`and o.shipping ->> 'state' = ${q.state}` : sql``}
        ),
        grouped as (
          select ${group.place} as place, max(district) as district, max(state) as state, carrier_code,
                 count(*)::int as shipments,
                 count(*) filter (where delivered)::int as delivered,
                 count(*) filter (where rto)::int as rto,
                 count(*) filter (where ndr)::int as ndr,
                 avg(days)::float8 as avg_days
          from parcel
          group by ${group.key}, carrier_code
        )
        select *, count(*) over ()::int as total from grouped
        order by ${SORT_COLUMNS[q.sortBy]} ${direction} nulls last, place, carrier_code
        limit ${page.recordsPerPage} offset ${page.pageNumber * page.recordsPerPage}`,
  );
  return {
    items: rows.map((r) => ({
      place: r.place,
      district: r.district,
      state: r.state,
      carrierCode: r.carrier_code,
      carrierName: carrierName(r.carrier_code),
      shipments: r.shipments,
      delivered: r.delivered,
      rto: r.rto,
      ndr: r.ndr,
      deliveredPct: wholePct(r.delivered, r.shipments),
      rtoPct: wholePct(r.rto, r.shipments),
      ndrPct: wholePct(r.ndr, r.shipments),
      avgDays: r.avg_days === null ? null : Math.round(r.avg_days * 10) / 10,
    })),
    total: rows[0]?.total ?? 0,
    pageNumber: page.pageNumber,
    recordsPerPage: page.recordsPerPage,
  };
}
