import { useState } from 'react';
import { useNoticedDownload } from '../../hooks/use-noticed-download';
import { Link } from 'react-router-dom';
import { API_COD, type PayoutRow, type StaffPaidRow } from '../../../domain/cod-contract';
import { timeLeft } from '../../../domain/cod-remittance';
import { formatDateTime, formatRupees } from '../../../domain/format';
import { invalidate } from '../../../services/invalidate';
import { notify } from '../../../services/notify';
import { useOperation } from '../../hooks/use-operation';
import { Button, Tabs } from '../../kit';
import { ListView, type ListColumn } from '../../lists/list-view';
import { PayoutBadge, payoutDay } from '../cod/cod-parts';
import { StaffShell } from '../shell/staff-shell';

// /dakiya/cod-remittance: staff's COD remittance (spec sections 3, 6 and 7). Pending: payouts not
// paid yet, with the amount to be remitted, the oldest delivery and the time left to the end of
// the payout day; Paid: one row per paid shipment with its UTR; History: every payout. A payout
// opens to be marked paid by hand, held or released; the bank's UTR file marks many at once. The
// payouts ticked in Pending go out as one NEFT bulk-upload file for the bank (audited).

const payoutLink = (r: PayoutRow) => <Link to={`/dakiya/cod-remittance/${r.payoutId}`}>{r.sellerName}</Link>;

const PENDING: ListColumn<PayoutRow>[] = [
  { header: 'Seller', cell: payoutLink },
  { header: 'Payout', cell: (r) => `${r.payoutId} · ${payoutDay(r.payoutDate)}` },
  { header: 'Amount to be remitted', cell: (r) => formatRupees(r.netPaise) },
  { header: 'Delivered', cell: (r) => (r.deliveredTs ? formatDateTime(r.deliveredTs) : '—') },
  {
    header: 'Time left',
    cell: (r) => (
      <span title={formatDateTime(r.remittanceExpiryTs)}>{timeLeft(new Date(r.remittanceExpiryTs), new Date())}</span>
    ),
  },
  {
    header: 'Status',
    cell: (r) => (
      <>
        <PayoutBadge status={r.status} />
        {r.holdReason && <div className="small-print">{r.holdReason}</div>}
      </>
    ),
  },
];

const PAID: ListColumn<StaffPaidRow>[] = [
  { header: 'Order number', cell: (r) => r.orderNumber },
  { header: 'Tracking number', cell: (r) => <span className="awb">{r.trackingNumber}</span> },
  { header: 'Seller', cell: (r) => <Link to={`/dakiya/cod-remittance/${r.payoutId}`}>{r.sellerName}</Link> },
  { header: 'Amount remitted', cell: (r) => formatRupees(r.amountRemitted) },
  { header: 'Remitted on', cell: (r) => formatDateTime(r.remittanceTs) },
  { header: 'Transaction', cell: (r) => r.remittanceTransactionInfo },
  { header: 'Comments', cell: (r) => r.additionalComments || '—' },
  { header: 'Status', cell: (r) => r.remittanceStatus },
];

const HISTORY: ListColumn<PayoutRow>[] = [
  { header: 'Seller', cell: payoutLink },
  { header: 'Payout', cell: (r) => `${r.payoutId} · ${payoutDay(r.payoutDate)}` },
  { header: 'Shipments', cell: (r) => r.shipmentCount },
  { header: 'Amount', cell: (r) => formatRupees(r.netPaise) },
  { header: 'UTR', cell: (r) => r.utr ?? (r.method === 'WALLET' ? 'Wallet' : '—') },
  { header: 'Status', cell: (r) => <PayoutBadge status={r.status} /> },
];

/** The NEFT file of the ticked payouts; a refusal (one not waiting for transfer) is said once. */
function BankFileButton({ payoutIds }: { payoutIds: number[] }) {
  const [download, send] = useNoticedDownload();
  return (
    <Button
      variant="secondary"
      disabled={!payoutIds.length}
      busy={download.matches('downloading')}
      onClick={() => send({ type: 'DOWNLOAD', kind: 'COD_BANK_FILE', params: { payoutIds } })}
    >
      Download NEFT bank file{payoutIds.length ? ` (${payoutIds.length})` : ''}
    </Button>
  );
}

export function StaffCodRemittanceScreen() {
  const [selected, setSelected] = useState<Set<string | number>>(new Set());
  const cycle = useOperation(
    API_COD.runCycle,
    {},
    {
      onDone: (r) => {
        notify({
          kind: 'info',
          message: `Payout day ${payoutDay(r.payoutDate)}: ${r.payouts} new payouts of ${r.shipments} shipments, ${r.released} released`,
        });
        invalidate('codPayouts');
      },
      onError: (message) => notify({ kind: 'error', message }),
    },
  );
  return (
    <StaffShell>
      <div className="page stack">
        <header className="page-head">
          <h1>COD remittance</h1>
          <p>Sellers&apos; COD payouts: pay them by bank transfer and mark them paid with the bank&apos;s UTR.</p>
        </header>
        <div className="row">
          <Button variant="secondary" busy={cycle.running} onClick={() => cycle.run()}>
            Run the payout cycle now
          </Button>
          <Link to="/dakiya/cod-remittance/upload">Upload the bank&apos;s UTR file</Link>
        </div>
        <Tabs.Root defaultValue="pending">
          <Tabs.List aria-label="COD remittance lists">
            <Tabs.Trigger value="pending">Pending</Tabs.Trigger>
            <Tabs.Trigger value="paid">Paid</Tabs.Trigger>
            <Tabs.Trigger value="history">History</Tabs.Trigger>
          </Tabs.List>
          <Tabs.Content value="pending">
            <p className="row">
              <BankFileButton payoutIds={[...selected].map(Number)} />
              <span className="small-print">
                Tick payouts waiting for bank transfer to pay them in one bank upload.
              </span>
            </p>
            <ListView
              caption="Pending COD payouts"
              noun="payouts"
              path={API_COD.pending.path}
              columns={PENDING}
              rowKey={(r) => r.payoutId}
              sortBy="payoutDate"
              searchLabel="Search by seller"
              refreshOn="codPayouts"
              selection={{ selected, onChange: setSelected }}
            />
          </Tabs.Content>
          <Tabs.Content value="paid">
            <ListView
              caption="Paid COD shipments"
              noun="shipments"
              path={API_COD.paid.path}
              columns={PAID}
              rowKey={(r) => `${r.payoutId}-${r.trackingNumber}`}
              sortBy="remittanceTs"
              refreshOn="codPayouts"
            />
          </Tabs.Content>
          <Tabs.Content value="history">
            <ListView
              caption="COD payout history"
              noun="payouts"
              path={API_COD.history.path}
              columns={HISTORY}
              rowKey={(r) => r.payoutId}
              sortBy="payoutDate"
              searchLabel="Search by seller"
              refreshOn="codPayouts"
            />
          </Tabs.Content>
        </Tabs.Root>
      </div>
    </StaffShell>
  );
}
