import { useCallback, useState } from 'react';
import { Link } from 'react-router-dom';
import type { Paged } from '../../../domain/paging';
import { API_COD, type CodForecast, type PayoutRow, type SellerPayoutList } from '../../../domain/cod-contract';
import { formatDateTime, formatRupees } from '../../../domain/format';
import { invalidate, useOnInvalidate } from '../../../services/invalidate';
import { notify } from '../../../services/notify';
import { useOperation } from '../../hooks/use-operation';
import { Alert, Button, Card, DataTable, Loadable, Stat } from '../../kit';
import { ListView, type ListColumn } from '../../lists/list-view';
import { SellerShell } from '../shell/seller-shell';
import { EarlyCodPanel } from './early-cod-panel';
import { PayoutBadge, payoutDay } from './cod-parts';

// /wallet/cod-remittance: the seller's COD payouts (what was remitted with its UTR, what waits for
// the bank transfer, what is held and why), the next payouts forecast (which delivered COD
// shipments are expected on which payout day, with fees and the expected wallet deduction), early
// COD, where payouts go, and the statement CSV (the payouts list's export).

const COLUMNS: ListColumn<PayoutRow>[] = [
  {
    header: 'Payout day',
    cell: (r) => <Link to={`/wallet/cod-remittance/${r.payoutId}`}>{payoutDay(r.payoutDate)}</Link>,
  },
  { header: 'Shipments', cell: (r) => r.shipmentCount },
  { header: 'Amount to be remitted', cell: (r) => (r.status === 'PAID' ? '—' : formatRupees(r.netPaise)) },
  { header: 'Amount remitted', cell: (r) => (r.status === 'PAID' ? formatRupees(r.netPaise) : '—') },
  { header: 'Date of amount remitted', cell: (r) => (r.paidAt ? formatDateTime(r.paidAt) : '—') },
  {
    header: 'UTR',
    cell: (r) => (r.utr ? <span className="awb">{r.utr}</span> : r.method === 'WALLET' ? 'Wallet' : '—'),
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

export function CodRemittanceScreen() {
  const [page, setPage] = useState<SellerPayoutList | null>(null);
  const onPage = useCallback((p: Paged<unknown>) => setPage(p as SellerPayoutList), []);
  const forecast = useOperation(API_COD.forecast, {}, { load: true });
  const settings = useOperation(API_COD.settings, {}, { load: true });
  const method = useOperation(API_COD.payoutMethod, (payToWallet: boolean) => ({ body: { payToWallet } }), {
    onDone: (s) => {
      notify({
        kind: 'info',
        message: s.payToWallet ? 'COD is now paid into your wallet' : 'COD is now paid to your bank account',
      });
      settings.run();
      invalidate('codPayouts');
    },
    onError: (message) => notify({ kind: 'error', message }),
  });
  useOnInvalidate('codPayouts', () => forecast.run());
  const s = settings.data;
  return (
    <SellerShell>
      <div className="page stack">
        <header className="page-head">
          <h1>COD remittance</h1>
          <p>
            Cash your buyers paid on delivery, paid to you on payout days
            {s ? ` (${s.payoutDays}), ${s.planDays} days after delivery on your plan` : ''}.
          </p>
        </header>
        {page && (
          <div className="wallet-stats">
            <Stat label="Remitted" value={formatRupees(page.remittedPaise)} />
            <Stat label="Waiting for bank transfer" value={formatRupees(page.awaitingPaise)} />
            <Stat label="On hold" value={formatRupees(page.onHoldPaise)} />
          </div>
        )}
        {forecast.data?.holdReason && <Alert tone="warning">{forecast.data.holdReason}</Alert>}
        <Card className="stack">
          <h2>Where payouts go</h2>
          {s && (
            <div className="row">
              <span>
                {s.payToWallet
                  ? 'Into your Dakiya wallet, on each payout day'
                  : s.bankLabel
                    ? `To your bank account ${s.bankLabel}`
                    : 'To your bank account: add and verify one to receive payouts'}
              </span>
              <Button variant="secondary" busy={method.running} onClick={() => method.run(!s.payToWallet)}>
                {s.payToWallet ? 'Pay to my bank account' : 'Pay COD into my wallet'}
              </Button>
              {!s.payToWallet && !s.bankLabel && <Link to="/bank-accounts">Bank accounts</Link>}
            </div>
          )}
        </Card>
        <Card className="stack">
          <h2>Next payouts</h2>
          <Loadable loading={forecast.loading} error={forecast.error} onRetry={forecast.retry}>
            {() => <Forecast f={forecast.data!} />}
          </Loadable>
        </Card>
        <EarlyCodPanel />
        <ListView
          caption="COD payouts"
          noun="payouts"
          path={API_COD.payouts.path}
          columns={COLUMNS}
          rowKey={(r) => r.payoutId}
          sortBy="payoutDate"
          sortOrder="DESC"
          exportName="cod-remittance-statement"
          refreshOn="codPayouts"
          onPage={onPage}
        />
      </div>
    </SellerShell>
  );
}

function Forecast({ f }: { f: CodForecast }) {
  if (!f.days.length) return <p className="muted">No delivered COD shipment is waiting to be paid.</p>;
  return (
    <div className="stack">
      {f.walletUsablePaise < 0 && (
        <Alert tone="info">
          Your wallet is at {formatRupees(f.walletUsablePaise)}: that much is deducted from your next bank payout and
          credited to the wallet.
        </Alert>
      )}
      {f.days.map((d) => (
        <details key={d.payoutDate} className="details">
          <summary>
            <strong>{payoutDay(d.payoutDate)}</strong> · {d.shipments.length} shipments · {formatRupees(d.netPaise)}
            {d.feePaise > 0 && ` (fee ${formatRupees(d.feePaise)})`}
            {d.expectedDeductionPaise > 0 && ` (wallet deduction ${formatRupees(d.expectedDeductionPaise)})`}
          </summary>
          <DataTable
            caption={`Expected on ${payoutDay(d.payoutDate)}`}
            rows={d.shipments}
            rowKey={(x) => x.trackingNumber}
            columns={[
              { header: 'Order', cell: (x) => x.orderNumber },
              { header: 'Tracking number', cell: (x) => <span className="awb">{x.trackingNumber}</span> },
              { header: 'Carrier partner', cell: (x) => x.carrierPartner },
              { header: 'Delivered', cell: (x) => formatDateTime(x.deliveredTs) },
              { header: 'Amount to be remitted', cell: (x) => formatRupees(x.amountToBeRemitted) },
              {
                header: 'Note',
                cell: (x) =>
                  [
                    x.early && `early COD, fee ${formatRupees(x.feePaise)}`,
                    !x.courierRemitted && !x.early && "waiting for the courier's remittance",
                  ]
                    .filter(Boolean)
                    .join('; '),
              },
            ]}
          />
        </details>
      ))}
    </div>
  );
}
