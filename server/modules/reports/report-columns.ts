import type { OrderRow } from '../../../src/domain/orders-contract';
import {
  NDR_ACTIONS,
  NDR_REASONS,
  RTO_ACKS,
  type NdrActionKind,
  type NdrRow,
  type RtoRow,
} from '../../../src/domain/ndr-contract';
import type { ReturnRow } from '../../../src/domain/returns-contract';
import { RETURN_STATUSES } from '../../../src/domain/order-status';
import { REFUND_DECISIONS } from '../../../src/domain/returns';
import type { WalletEntryRow } from '../../../src/domain/wallet-contract';
import type { DiscrepancyRow } from '../../../src/domain/weight-contract';
import type { PincodePerformanceRow } from '../../../src/domain/quality/pincode-performance-contract';
import { PAYOUT_LINE_LABELS, PAYOUT_STATUS_LABELS } from '../../../src/domain/cod-remittance';
import type { StatementLine } from '../cod/service';
import { carrierName } from '../../../src/domain/shipping/carriers';
import { ZONE_NAMES, type Zone } from '../../../src/domain/shipping/zones';
import { column, dayOf, momentOf, rupeesOf, type ReportColumn } from './columns';

// Each report's columns: what a seller reconciles with, labelled from the field label table,
// couriers by name and statuses in words (docs/decisions/reports.md says why these columns).

const courier = (code: string | null | undefined) => (code ? carrierName(code) : '');
const payment = (method: string) => (method === 'COD' ? 'COD' : 'Prepaid');

export const ORDER_COLUMNS: ReportColumn<OrderRow>[] = [
  column('orderNumber', 'text', (r) => r.orderNumber),
  column('orderDate', 'date', (r) => dayOf(r.orderDate)),
  column('statusText', 'text', (r) => r.statusText),
  column('channel', 'text', (r) => r.channel),
  column('paymentType', 'text', (r) => payment(r.paymentMethod)),
  column('buyerName', 'text', (r) => r.buyerName),
  column('buyerPhone', 'text', (r) => r.buyerPhone),
  column('city', 'text', (r) => r.city),
  column('pincode', 'text', (r) => r.pincode),
  column('orderTotal', 'money', (r) => rupeesOf(r.totalPaise)),
  column('codAmountRupees', 'money', (r) => rupeesOf(r.codAmountPaise)),
  column('chargedWeightKg', 'weight', (r) => r.chargedWeightKg),
  column('awb', 'text', (r) => r.awb),
  column('courierName', 'text', (r) => courier(r.carrierCode)),
];

/** What the live shipment behind an order's AWB cost, from the shipments table. */
export interface ShipmentCharges {
  bookedAt: Date;
  deliveredAt: Date | null;
  zone: string;
  freightPaise: number;
  codChargePaise: number;
  rtoChargePaise: number;
  gstPaise: number;
  totalPaise: number;
}
export type ShipmentLine = OrderRow & { charges: ShipmentCharges | null };

export const SHIPMENT_COLUMNS: ReportColumn<ShipmentLine>[] = [
  column('orderNumber', 'text', (r) => r.orderNumber),
  column('awb', 'text', (r) => r.awb),
  column('courierName', 'text', (r) => courier(r.carrierCode)),
  column('statusText', 'text', (r) => r.statusText),
  column('paymentType', 'text', (r) => payment(r.paymentMethod)),
  column('bookedOn', 'date', (r) => r.charges?.bookedAt ?? null),
  column('deliveredOn', 'date', (r) => r.charges?.deliveredAt ?? null),
  column('shippingZone', 'text', (r) =>
    r.charges ? `${r.charges.zone} (${ZONE_NAMES[r.charges.zone as Zone] ?? r.charges.zone})` : '',
  ),
  column('chargedWeightKg', 'weight', (r) => r.chargedWeightKg),
  column('freightCharge', 'money', (r) => rupeesOf(r.charges?.freightPaise)),
  column('codCharge', 'money', (r) => rupeesOf(r.charges?.codChargePaise)),
  column('rtoCharge', 'money', (r) => rupeesOf(r.charges?.rtoChargePaise)),
  column('gstCharge', 'money', (r) => rupeesOf(r.charges?.gstPaise)),
  column('totalCharged', 'money', (r) => rupeesOf(r.charges?.totalPaise)),
  column('codAmountRupees', 'money', (r) => rupeesOf(r.codAmountPaise)),
  column('city', 'text', (r) => r.city),
  column('state', 'text', (r) => r.state),
  column('pincode', 'text', (r) => r.pincode),
];

export const NDR_COLUMNS: ReportColumn<NdrRow>[] = [
  column('ndrNumber', 'count', (r) => r.ndrId),
  column('orderNumber', 'text', (r) => r.orderNumber),
  column('awb', 'text', (r) => r.awb),
  column('courierName', 'text', (r) => r.carrierName),
  column('channel', 'text', (r) => r.channelName),
  column('customerName', 'text', (r) => r.customerName),
  column('paymentType', 'text', (r) => payment(r.paymentMethod)),
  column('codAmountRupees', 'money', (r) => rupeesOf(r.codAmountPaise)),
  column('attempt', 'count', (r) => r.attempt),
  column('ndrReason', 'text', (r) => NDR_REASONS[r.reason]),
  column('courierRemark', 'text', (r) => r.exceptionInfo),
  column('raisedOn', 'datetime', (r) => momentOf(r.raisedAt)),
  column('answerBy', 'datetime', (r) => momentOf(r.deadlineAt)),
  column('actionTaken', 'text', (r) =>
    r.action ? `${NDR_ACTIONS[r.action as NdrActionKind]} (${(r.actionSource ?? '').toLowerCase()})` : '',
  ),
];

export const RTO_COLUMNS: ReportColumn<RtoRow>[] = [
  column('orderNumber', 'text', (r) => r.orderNumber),
  column('awb', 'text', (r) => r.awb),
  column('courierName', 'text', (r) => r.carrierName),
  column('customerName', 'text', (r) => r.customerName),
  column('paymentType', 'text', (r) => payment(r.paymentMethod)),
  column('rtoStage', 'text', (r) => r.stageText),
  column('rtoInitiatedOn', 'date', (r) => momentOf(r.initiatedAt)),
  column('rtoDeliveredOn', 'date', (r) => momentOf(r.deliveredAt)),
  column('rtoCharge', 'money', (r) => rupeesOf(r.rtoChargePaise)),
  column('codFeeRefund', 'money', (r) => rupeesOf(r.codFeeRefundPaise)),
  column('acknowledgement', 'text', (r) => (r.ack ? RTO_ACKS[r.ack] : '')),
];

export const RETURN_COLUMNS: ReportColumn<ReturnRow>[] = [
  column('returnNumber', 'text', (r) => r.returnNumber),
  column('orderNumber', 'text', (r) => r.forwardOrderNumber),
  column('statusText', 'text', (r) => RETURN_STATUSES[r.status]),
  column('returnCreatedOn', 'date', (r) => momentOf(r.createdAt)),
  column('customerName', 'text', (r) => r.customerName),
  column('customerPhone', 'text', (r) => r.customerPhone),
  column('pincode', 'text', (r) => r.pincode),
  column('reason', 'text', (r) => `${r.reasonText}: ${r.subReasonText}`),
  column('itemCount', 'count', (r) => r.itemCount),
  column('returnValue', 'money', (r) => rupeesOf(r.valuePaise)),
  column('qcResult', 'text', (r) =>
    r.qc ? ({ PENDING: 'Pending', PASSED: 'Passed', FAILED: 'Failed' } as const)[r.qcResult ?? 'PENDING'] : 'No',
  ),
  column('refundDecision', 'text', (r) => REFUND_DECISIONS[r.refundDecision]),
  column('awb', 'text', (r) => r.awb),
  column('courierName', 'text', (r) => courier(r.carrierCode)),
  column('exchangeOrder', 'text', (r) => r.exchangeOrderNumber ?? ''),
];

export const WALLET_COLUMNS: ReportColumn<WalletEntryRow>[] = [
  column('entryDate', 'datetime', (r) => momentOf(r.createdAt)),
  column('entryType', 'text', (r) => r.label),
  column('description', 'text', (r) => r.description),
  column('entryReference', 'text', (r) => r.reference),
  column('debitAmount', 'money', (r) => (r.amountPaise < 0 ? rupeesOf(-r.amountPaise) : null)),
  column('creditAmount', 'money', (r) => (r.amountPaise > 0 ? rupeesOf(r.amountPaise) : null)),
  column('balanceAfter', 'money', (r) => rupeesOf(r.balanceAfterPaise)),
];

/**
 * A shipment's line pays its COD in; the payout's own lines (the early COD fee of all its
 * shipments, a wallet deduction) take off: COD amount summed less deductions summed is what was
 * paid. A shipment's share of the early COD fee is shown beside it, not deducted twice.
 */
const collected = (r: StatementLine) => (r.kind === 'SHIPMENT' ? rupeesOf(r.amount_paise) : null);
const deducted = (r: StatementLine) => (r.kind === 'SHIPMENT' ? null : rupeesOf(Math.abs(Number(r.amount_paise))));
const shipmentFee = (r: StatementLine) => (r.kind === 'SHIPMENT' ? rupeesOf(r.fee_paise) : null);

export const COD_COLUMNS: ReportColumn<StatementLine>[] = [
  column('awb', 'text', (r) => r.awb),
  column('orderNumber', 'text', (r) => r.order_number),
  column('courierName', 'text', (r) => courier(r.carrier_code)),
  column('deliveredOn', 'date', (r) => momentOf(r.delivered_at)),
  column('codAmountRupees', 'money', collected),
  column('earlyCodFee', 'money', shipmentFee),
  column('deductionsAmount', 'money', deducted),
  column('payoutLine', 'text', (r) => PAYOUT_LINE_LABELS[r.kind]),
  column('payoutId', 'count', (r) => r.id),
  column('payoutDate', 'date', (r) => dayOf(r.payout_date)),
  column('payoutStatus', 'text', (r) => PAYOUT_STATUS_LABELS[r.status]),
  column('remittedOn', 'datetime', (r) => momentOf(r.paid_at)),
  column('utr', 'text', (r) => r.utr),
  column('paidTo', 'text', (r) => (r.method === 'WALLET' ? 'Wallet' : 'Bank account')),
  column('note', 'text', (r) => r.description),
  column('paymentModeCode', 'text', (r) => r.mode_code),
  column('buyerAdvance', 'money', (r) => (r.mode_code ? rupeesOf(r.buyer_advance_paise ?? 0) : null)),
  column('advancePaymentId', 'text', (r) => r.advance_payment_id),
];

export const WEIGHT_COLUMNS: ReportColumn<DiscrepancyRow>[] = [
  column('awb', 'text', (r) => r.awb),
  column('orderNumber', 'text', (r) => r.orderNumber),
  column('courierName', 'text', (r) => r.carrierName),
  column('statusText', 'text', (r) => r.statusText),
  column('declaredWeight', 'weight', (r) => r.sellerChargedKg),
  column('courierWeight', 'weight', (r) => r.courierChargedKg),
  column('weightDifference', 'weight', (r) => Math.round((r.courierChargedKg - r.sellerChargedKg) * 1000) / 1000),
  column('discrepancyAmount', 'money', (r) => rupeesOf(r.amountPaise)),
  column('raisedOn', 'datetime', (r) => momentOf(r.raisedAt)),
  column('answerBy', 'datetime', (r) => momentOf(r.deadlineAt)),
];

/** The pincode performance page's rows by pincode, with its whole-number shares. */
export const PINCODE_COLUMNS: ReportColumn<PincodePerformanceRow>[] = [
  column('pincode', 'text', (r) => r.place),
  column('district', 'text', (r) => r.district),
  column('state', 'text', (r) => r.state),
  column('courierName', 'text', (r) => r.carrierName),
  column('shipmentCount', 'count', (r) => r.shipments),
  column('deliveredCount', 'count', (r) => r.delivered),
  column('deliveredShare', 'count', (r) => r.deliveredPct),
  column('rtoCount', 'count', (r) => r.rto),
  column('rtoShare', 'count', (r) => r.rtoPct),
  column('ndrCount', 'count', (r) => r.ndr),
  column('ndrShare', 'count', (r) => r.ndrPct),
  column('averageDays', 'decimal', (r) => r.avgDays),
];

/** One courier's shipments over the period (sources.ts courierLines). */
export interface CourierLine {
  carrier_code: string;
  shipments: number;
  delivered: number;
  ndr: number;
  rto: number;
  avg_days: string | null;
  freight_paise: string;
}
const percent = (part: number, whole: number) => (whole ? Math.round((1000 * part) / whole) / 10 : 0);

export const COURIER_COLUMNS: ReportColumn<CourierLine>[] = [
  column('courierName', 'text', (r) => carrierName(r.carrier_code)),
  column('shipmentCount', 'count', (r) => r.shipments),
  column('deliveredCount', 'count', (r) => r.delivered),
  column('deliveredShare', 'decimal', (r) => percent(r.delivered, r.shipments)),
  column('ndrCount', 'count', (r) => r.ndr),
  column('ndrShare', 'decimal', (r) => percent(r.ndr, r.shipments)),
  column('rtoCount', 'count', (r) => r.rto),
  column('rtoShare', 'decimal', (r) => percent(r.rto, r.shipments)),
  column('averageDays', 'decimal', (r) => (r.avg_days === null ? null : Number(r.avg_days))),
  column('totalCharged', 'money', (r) => rupeesOf(r.freight_paise)),
];
