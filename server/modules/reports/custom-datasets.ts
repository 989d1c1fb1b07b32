import { sql, type SQL } from 'drizzle-orm';
import { DATASETS, type DatasetKey } from '../../../src/domain/custom-reports';
import { ORDER_TYPE } from '../../../src/domain/order-type';

// The custom report builder's data sets as SQL: each one a query of one seller's rows over a
// period of IST days whose columns are named by the catalogue's field keys
// (src/domain/custom-reports.ts). The builder (custom-query.ts) only ever picks, filters, groups
// and sorts these named columns; the organisation and the period are bound here, as parameters.
// Amounts are rupees (numeric, exact), weights kg, fields with a fixed set of values their code
// (the page and the file show its label).

export interface DatasetSql {
  /** every field of the catalogue, as `expression as "key"` */
  columns: Record<string, SQL>;
  /** the rows of one organisation over the period, before the columns are chosen */
  from: (orgId: number, fromDate: string, toDate: string) => SQL;
}

const rupees = (paise: SQL) => sql`(${paise})::numeric / 100`;
/** a timestamp column within IST days, both ends included (the reports' rule) */
const istDays = (column: SQL, fromDate: string, toDate: string) =>
  sql`${column} >= (${fromDate}::date)::timestamp at time zone 'Asia/Kolkata'
      and ${column} < ((${toDate}::date + 1)::timestamp at time zone 'Asia/Kolkata')`;

export const DATASET_SQL: Record<DatasetKey, DatasetSql> = {
  SHIPMENTS: {
    columns: {
      orderNumber: sql`o.order_number`,
      orderDate: sql`o.order_date`,
      statusText: sql`o.status`,
      channel: sql`o.channel`,
      paymentType: sql`o.payment_method`,
      buyerName: sql`o.buyer_name`,
      city: sql`o.shipping->>'city'`,
      state: sql`o.shipping->>'state'`,
      pincode: sql`o.shipping->>'pincode'`,
      orderTotal: rupees(sql`o.total_paise`),
      codAmountRupees: rupees(sql`o.cod_amount_paise`),
      awb: sql`o.awb`,
      courierName: sql`o.carrier_code`,
      bookedOn: sql`(s.booked_at at time zone 'Asia/Kolkata')::date`,
      deliveredOn: sql`(s.delivered_at at time zone 'Asia/Kolkata')::date`,
      shippingZone: sql`s.zone`,
      chargedWeightKg: sql`coalesce(s.charged_weight_kg, o.dead_weight_kg)::numeric`,
      freightCharge: rupees(sql`s.freight_paise`),
      codCharge: rupees(sql`s.cod_charge_paise`),
      rtoCharge: rupees(sql`s.rto_charge_paise`),
      gstCharge: rupees(sql`s.gst_paise`),
      totalCharged: rupees(sql`s.total_paise`),
    },
    // the order's live shipment (the one behind its AWB), as the shipments report reads it
    from: (orgId, fromDate, toDate) =>
      sql`orders o left join shipments s on s.awb = o.awb and s.org_id = o.org_id and s.state = 'BOOKED'
          where o.org_id = ${orgId} and o.order_type = ${ORDER_TYPE.FORWARD}
            and o.order_date between ${fromDate}::date and ${toDate}::date`,
  },
  WALLET: {
    columns: {
      entryDate: sql`e.created_at`,
      entryType: sql`e.kind`,
      description: sql`e.description`,
      entryReference: sql`e.reference`,
      debitAmount: sql`case when p.amount_paise < 0 then ${rupees(sql`-p.amount_paise`)} end`,
      creditAmount: sql`case when p.amount_paise > 0 then ${rupees(sql`p.amount_paise`)} end`,
      netAmount: rupees(sql`p.amount_paise`),
    },
    from: (orgId, fromDate, toDate) =>
      sql`postings p join journal_entries e on e.id = p.entry_id
          where p.account_id = (select a.id from ledger_accounts a where a.org_id = ${orgId} and a.kind = 'SELLER_WALLET')
            and ${istDays(sql`e.created_at`, fromDate, toDate)}`,
  },
  COD_REMITTANCE: {
    columns: {
      payoutDate: sql`p.payout_date`,
      payoutId: sql`p.id`,
      payoutStatus: sql`p.status`,
      payoutLine: sql`l.kind`,
      orderNumber: sql`l.order_number`,
      awb: sql`l.awb`,
      courierName: sql`l.carrier_code`,
      deliveredOn: sql`(l.delivered_at at time zone 'Asia/Kolkata')::date`,
      // a shipment's line carries its COD; the payout's own lines carry what was taken off
      codAmountRupees: sql`case when l.kind = 'SHIPMENT' then ${rupees(sql`l.amount_paise`)} end`,
      earlyCodFee: sql`case when l.kind = 'SHIPMENT' then ${rupees(sql`l.fee_paise`)} end`,
      deductionsAmount: sql`case when l.kind <> 'SHIPMENT' then ${rupees(sql`abs(l.amount_paise)`)} end`,
      utr: sql`p.utr`,
      remittedOn: sql`p.paid_at`,
      paidTo: sql`p.method`,
    },
    from: (orgId, fromDate, toDate) =>
      sql`cod_payouts p join cod_payout_lines l on l.payout_id = p.id
          where p.org_id = ${orgId} and p.payout_date between ${fromDate}::date and ${toDate}::date`,
  },
  WEIGHT_DISPUTES: {
    columns: {
      raisedOn: sql`w.raised_at`,
      awb: sql`w.awb`,
      orderNumber: sql`o.order_number`,
      courierName: sql`w.carrier_code`,
      statusText: sql`w.status`,
      declaredWeight: sql`w.seller_charged_kg::numeric`,
      courierWeight: sql`w.courier_charged_kg::numeric`,
      weightDifference: sql`(w.courier_charged_kg - w.seller_charged_kg)::numeric`,
      discrepancyAmount: rupees(sql`w.amount_paise`),
      answerBy: sql`w.deadline_at`,
    },
    from: (orgId, fromDate, toDate) =>
      sql`weight_discrepancies w join orders o on o.id = w.order_id
          where w.org_id = ${orgId} and ${istDays(sql`w.raised_at`, fromDate, toDate)}`,
  },
  NDR: {
    columns: {
      raisedOn: sql`n.raised_at`,
      orderNumber: sql`o.order_number`,
      awb: sql`n.awb`,
      courierName: sql`n.carrier_code`,
      paymentType: sql`n.payment_method`,
      codAmountRupees: rupees(sql`o.cod_amount_paise`),
      attempt: sql`n.attempt`,
      ndrReason: sql`n.reason`,
      ndrState: sql`n.status`,
      actionTaken: sql`n.action`,
      answerBy: sql`n.deadline_at`,
    },
    from: (orgId, fromDate, toDate) =>
      sql`ndr_records n join orders o on o.id = n.order_id
          where n.org_id = ${orgId} and ${istDays(sql`n.raised_at`, fromDate, toDate)}`,
  },
};

// every catalogue field has its SQL and nothing else does: checked once when the module loads
for (const [key, d] of Object.entries(DATASETS)) {
  const sqlKeys = Object.keys(DATASET_SQL[key as DatasetKey].columns)
    .sort()
    .join();
  const fieldKeys = d.fields
    .map((x) => x.key)
    .sort()
    .join();
  if (sqlKeys !== fieldKeys) throw new Error(`custom report data set ${key}: SQL columns differ from the catalogue`);
}
