import type { ReactNode } from 'react';
import type { PayoutDetail, PayoutLine, PayoutRow } from '../../../domain/cod-contract';
import { PAYOUT_STATUS_LABELS, type PayoutStatus } from '../../../domain/cod-remittance';
import { formatDate, formatDay, formatDateTime, formatRupees } from '../../../domain/format';
import { Badge, DataTable } from '../../kit';

// Pieces shared by the seller's and staff's COD payout pages.

const TONES: Record<PayoutStatus, 'success' | 'warning' | 'danger'> = {
  PAID: 'success',
  AWAITING_TRANSFER: 'warning',
  ON_HOLD: 'danger',
};

export function PayoutBadge({ status }: { status: PayoutStatus }) {
  return <Badge tone={TONES[status]}>{PAYOUT_STATUS_LABELS[status]}</Badge>;
}

/** A payout day (yyyy-mm-dd) as dd MMM yyyy. */
export const payoutDay = (day: string) => formatDay(day);

export function PayoutFacts({ p, extra }: { p: PayoutRow; extra?: ReactNode }) {
  return (
    <dl className="facts">
      <dt>Payout day</dt>
      <dd>{payoutDay(p.payoutDate)}</dd>
      <dt>Status</dt>
      <dd>
        <PayoutBadge status={p.status} />
        {p.holdReason && <span className="muted"> · {p.holdReason}</span>}
      </dd>
      <dt>Paid to</dt>
      <dd>{p.method === 'WALLET' ? 'Wallet' : (p.bankLabel ?? 'Bank account')}</dd>
      <dt>COD collected</dt>
      <dd>{formatRupees(p.grossPaise)}</dd>
      {p.feePaise > 0 && (
        <>
          <dt>Early COD fee</dt>
          <dd>−{formatRupees(p.feePaise)}</dd>
        </>
      )}
      {p.deductionPaise > 0 && (
        <>
          <dt>Deducted for the wallet</dt>
          <dd>−{formatRupees(p.deductionPaise)}</dd>
        </>
      )}
      <dt>{p.status === 'PAID' ? 'Amount remitted' : 'Amount to be remitted'}</dt>
      <dd>
        <strong>{formatRupees(p.netPaise)}</strong>
      </dd>
      {p.utr && (
        <>
          <dt>UTR</dt>
          <dd className="awb">{p.utr}</dd>
        </>
      )}
      {p.paidAt && (
        <>
          <dt>Date of amount remitted</dt>
          <dd>{formatDateTime(p.paidAt)}</dd>
        </>
      )}
      {p.comments && (
        <>
          <dt>Comments</dt>
          <dd>{p.comments}</dd>
        </>
      )}
      {extra}
    </dl>
  );
}

/** The payout's lines in the spec's seller columns: carrier partner, amount to be remitted, remitted, date. */
export function PayoutLines({ d }: { d: PayoutDetail }) {
  const paid = d.payout.status === 'PAID';
  return (
    <DataTable<PayoutLine>
      caption="Payout lines"
      rows={d.lines}
      rowKey={(l) => l.lineId}
      columns={[
        { header: 'Line', cell: (l) => (l.kind === 'SHIPMENT' ? (l.orderNumber ?? '') : l.label) },
        {
          header: 'Tracking number',
          cell: (l) => (l.trackingNumber ? <span className="awb">{l.trackingNumber}</span> : '—'),
        },
        { header: 'Carrier partner', cell: (l) => l.carrierPartner ?? '—' },
        { header: 'Delivered', cell: (l) => (l.deliveredTs ? formatDateTime(l.deliveredTs) : '—') },
        {
          header: 'Amount to be remitted',
          cell: (l) => (
            <span className={l.amountPaise < 0 ? 'amount-debit' : undefined}>
              {formatRupees(l.amountPaise - l.feePaise)}
              {l.advance && ' · early'}
            </span>
          ),
        },
        { header: 'Amount remitted', cell: (l) => (paid ? formatRupees(l.amountPaise - l.feePaise) : '—') },
        { header: 'Date of amount remitted', cell: () => (d.payout.paidAt ? formatDate(d.payout.paidAt) : '—') },
        { header: 'Note', cell: (l) => l.description || (l.feePaise > 0 ? `Fee ${formatRupees(l.feePaise)}` : '') },
      ]}
    />
  );
}
