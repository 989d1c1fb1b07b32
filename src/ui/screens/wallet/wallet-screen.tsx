import { useOperation } from '../../hooks/use-operation';
import { useCallback, useEffect, useState } from 'react';
import { Link, useSearchParams } from 'react-router-dom';
import { API_WALLET, type ShipmentChargesRow, type WalletEntryRow } from '../../../domain/wallet-contract';
import { WALLET_ENTRY_TYPES } from '../../../domain/wallet-entries';
import { payablePaise, rechargeRangeText } from '../../../domain/wallet-rules';
import { formatDateTime, formatRupees } from '../../../domain/format';
import { useOnInvalidate } from '../../../services/invalidate';
import { useRechargeForm } from '../../../services/use-recharge-form';
import { Alert, Badge, Button, buttonClass, Card, SelectField, Stat, Tabs, TextField } from '../../kit';
import { InvoicesPanel } from './invoices-panel';
import { SpendableStats } from './spendable-stats';
import { ListView, type ListColumn } from '../../lists/list-view';
import { DateRangeFields, dayRangeText } from '../../lists/date-range-fields';
import { SellerShell } from '../shell/seller-shell';

// /wallet (tour step 6): what can be spent (balance, held and for what, credit limit), a recharge through the payment popup (amount with quick
// picks, an optional coupon whose bonus shows before paying), and the statement.

const STATEMENT_COLUMNS: ListColumn<WalletEntryRow>[] = [
  { header: 'Date', cell: (r) => formatDateTime(r.createdAt) },
  { header: 'Type', cell: (r) => r.label },
  { header: 'Reference', cell: (r) => r.reference || '—' },
  { header: 'Description', cell: (r) => r.description },
  {
    header: 'Amount',
    cell: (r) => (
      <span className={r.amountPaise > 0 ? 'amount-credit' : 'amount-debit'}>
        {r.amountPaise > 0 ? '+' : '−'}
        {formatRupees(Math.abs(r.amountPaise))}
      </span>
    ),
  },
  { header: 'Balance', cell: (r) => formatRupees(r.balanceAfterPaise) },
];

const SHIPMENT_COLUMNS: ListColumn<ShipmentChargesRow>[] = [
  { header: 'AWB', cell: (r) => r.awb },
  { header: 'Freight', cell: (r) => formatRupees(r.freightPaise) },
  { header: 'COD', cell: (r) => formatRupees(r.codPaise) },
  { header: 'RTO', cell: (r) => formatRupees(r.rtoPaise) },
  { header: 'Weight', cell: (r) => formatRupees(r.weightPaise) },
  { header: 'Refunds', cell: (r) => formatRupees(r.refundsPaise) },
  { header: 'Net', cell: (r) => <strong>{formatRupees(r.netPaise)}</strong> },
  { header: 'Last charged', cell: (r) => formatDateTime(r.lastChargedAt) },
];

function RechargeCard({
  limits,
  onOffersRead,
}: {
  limits: { minRupees: number; maxRupees: number; quickPicks: readonly number[] };
  /** once the offers have been read (or could not be): the card has its full height */
  onOffersRead: () => void;
}) {
  const { state: form, send, payment } = useRechargeForm(limits);
  const offersRead = !form.matches({ offers: 'loading' });
  useEffect(() => {
    if (offersRead) onOffersRead();
  }, [offersRead, onOffersRead]);
  // opened from a refusal (/wallet?amount=151): the amount it offered is filled in
  const [params] = useSearchParams();
  const offered = params.get('amount');
  useEffect(() => {
    if (offered) send({ type: 'AMOUNT', value: offered });
  }, [offered, send]);
  const { amount, coupon, quote, amountError, codeError, offers } = form.context;
  const payable = payablePaise(amount);
  const s = payment.state;
  const busy = s.matches('starting') || s.matches('popupOpen') || s.matches('verifying') || s.matches('cancelling');
  return (
    <Card className="stack" aria-labelledby="recharge-heading">
      <h2 id="recharge-heading">Recharge wallet</h2>
      <TextField
        label="Amount"
        prefix="₹"
        inputMode="decimal"
        value={amount}
        error={amountError}
        hint={rechargeRangeText(limits)}
        onChange={(e) => send({ type: 'AMOUNT', value: e.target.value })}
      />
      <div className="row" role="group" aria-label="Quick amounts">
        {limits.quickPicks.map((q) => (
          <Button
            key={q}
            className="btn-small"
            variant={Number(amount) === q ? 'primary' : 'secondary'}
            onClick={() => send({ type: 'AMOUNT', value: String(q) })}
          >
            ₹{q.toLocaleString('en-IN')}
          </Button>
        ))}
      </div>
      <form
        className="row coupon-row"
        onSubmit={(e) => {
          e.preventDefault();
          send({ type: 'APPLY' });
        }}
      >
        <TextField
          label="Coupon code (optional)"
          value={coupon}
          onChange={(e) => send({ type: 'COUPON', value: e.target.value })}
          error={codeError}
        />
        <Button type="submit" variant="secondary" busy={form.matches({ form: 'applying' })} disabled={!coupon.trim()}>
          Apply
        </Button>
      </form>
      {quote && <Alert tone="info">{quote.message}</Alert>}
      {offers.length > 0 && (
        <p className="small-print">Offers: {offers.map((c) => `${c.couponCode} — ${c.description}`).join(' · ')}</p>
      )}
      <Button busy={busy} onClick={() => send({ type: 'PAY' })}>
        Pay {payable !== null ? formatRupees(payable) : ''}
      </Button>
      {s.matches('popupOpen') && (
        <p className="small-print" role="status">
          Complete the payment in the window that opened. Closing it cancels the payment.
        </p>
      )}
      {s.matches('verifying') && (
        <p className="small-print" role="status">
          Confirming the payment with the gateway…
        </p>
      )}
      {s.matches('succeeded') && s.context.result && (
        <Alert tone="info">
          <span role="status">
            Payment of {formatRupees(s.context.result.amountPaise)} received
            {s.context.result.bonusPaise ? ` and ${formatRupees(s.context.result.bonusPaise)} coupon bonus added` : ''}.
            Your wallet is updated.
          </span>
        </Alert>
      )}
      {(s.matches('failed') || s.matches('cancelled')) && (
        <Alert>
          <span role="status">{s.context.error}</span>
          <Button variant="secondary" onClick={payment.retry}>
            Try again
          </Button>
        </Alert>
      )}
    </Card>
  );
}

export function WalletScreen() {
  const wallet = useOperation(API_WALLET.wallet, {}, { load: true });
  const [type, setType] = useState('');
  const [fromDate, setFromDate] = useState('');
  const [toDate, setToDate] = useState('');
  const dateError = dayRangeText('fromDate', fromDate, 'toDate', toDate);
  useOnInvalidate('wallet', () => wallet.run());
  const w = wallet.data;
  const [cardWhole, setCardWhole] = useState(false);
  const markCardWhole = useCallback(() => setCardWhole(true), []);
  // the recharge card and the records below it show once the card is whole (the wallet's answer
  // and the card's offers read): shown earlier, the offers' line pushed them down the screen
  const settled = !wallet.loading && (cardWhole || !w);
  return (
    <SellerShell>
      <div className="page">
        <header className="page-head row">
          <div>
            <h1>Wallet</h1>
            <p>Shipping charges come out of your wallet; recharge it here.</p>
          </div>
          <Link to="/wallet/statements" className={buttonClass('secondary')}>
            Monthly statements
          </Link>
        </header>
        <div className="wallet-grid">
          <div className="stack">
            <div className="wallet-stats">
              <SpendableStats wallet={w} />
              <Stat
                label="Wallet type"
                value={
                  w ? (
                    w.postpaid ? (
                      <>
                        Postpaid <Badge>limit {formatRupees(w.creditLimitPaise)}</Badge>
                      </>
                    ) : (
                      'Prepaid'
                    )
                  ) : (
                    '…'
                  )
                }
              />
            </div>
            {w?.gateways.some((g) => g.sandbox) && (
              <Alert tone="warning">Payments go through the sandbox gateway on this server: no money moves.</Alert>
            )}
          </div>
          {w && (
            <div hidden={!settled}>
              <RechargeCard limits={w.limits} onOffersRead={markCardWhole} />
            </div>
          )}
        </div>
        {/* hidden, not unmounted: the records are read meanwhile */}
        <Tabs.Root defaultValue="statement" hidden={!settled}>
          <Tabs.List aria-label="Wallet records">
            <Tabs.Trigger value="statement">Statement</Tabs.Trigger>
            <Tabs.Trigger value="shipments">Charges by shipment</Tabs.Trigger>
            <Tabs.Trigger value="invoices">Invoices</Tabs.Trigger>
          </Tabs.List>
          <Tabs.Content value="statement" className="stack">
            <div className="grid-3">
              <SelectField
                label="Type"
                value={type}
                onChange={(e) => setType(e.target.value)}
                placeholder="All types"
                options={WALLET_ENTRY_TYPES.map(([value, label]) => ({ value, label }))}
              />
              <DateRangeFields
                fromKey="fromDate"
                toKey="toDate"
                from={fromDate}
                to={toDate}
                onFromChange={setFromDate}
                onToChange={setToDate}
                error={dateError}
              />
            </div>
            <ListView
              caption="Wallet statement"
              noun="entries"
              path={API_WALLET.history.path}
              columns={STATEMENT_COLUMNS}
              rowKey={(r) => r.entryId}
              sortBy="createdAt"
              searchLabel="Search by reference or description"
              exportName="wallet-statement"
              refreshOn="wallet"
              filters={{ type: type || undefined, fromDate: fromDate || undefined, toDate: toDate || undefined }}
              filterError={dateError}
            />
          </Tabs.Content>
          <Tabs.Content value="shipments">
            <ListView
              caption="Charges by shipment"
              noun="shipments"
              path={API_WALLET.shippingCharges.path}
              columns={SHIPMENT_COLUMNS}
              rowKey={(r) => r.awb}
              sortBy="lastChargedAt"
              searchLabel="Search by AWB"
              exportName="shipping-charges"
              refreshOn="wallet"
            />
          </Tabs.Content>
          <Tabs.Content value="invoices">
            <InvoicesPanel />
          </Tabs.Content>
        </Tabs.Root>
      </div>
    </SellerShell>
  );
}
