import { useMachine } from '@xstate/react';
import { useEffect, useRef, useState } from 'react';
import { fromPromise } from 'xstate';
import {
  API_WALLET,
  type CouponQuote,
  type ShipmentChargesRow,
  type WalletEntryRow,
} from '../../../domain/wallet-contract';
import { formatDateTime, formatRupees } from '../../../domain/format';
import { paymentPopupMachine, type PaymentRequest } from '../../../machines/payment-popup.machine';
import { notify } from '../../../services/notify';
import { openPopup } from '../../../services/popup';
import {
  applyCoupon,
  cancelPayment,
  fetchCoupons,
  fetchPayment,
  fetchWallet,
  PAYMENT_MESSAGE,
  startPayment,
  type PaymentMessage,
} from '../../../services/wallet-client';
import { useHttp, useScreenSession } from '../../../services/screen-services';
import { useRequest } from '../../hooks/use-request';
import { Alert, Badge, Button, Card, SelectField, Stat, Tabs, TextField } from '../../kit';
import { InvoicesPanel } from './invoices-panel';
import { ListView, type ListColumn } from '../../lists/list-view';
import { DateRangeFields, dayRangeText } from '../../lists/date-range-fields';
import { SellerShell } from '../shell/seller-shell';

// /wallet (tour step 6): the balance, a recharge through the payment popup (amount with quick
// picks, an optional coupon whose bonus shows before paying), and the statement.

export const PAYMENT_POPUP = { name: 'dakiya-payment', width: 450, height: 600 } as const;

const ENTRY_TYPES = [
  ['RECHARGE', 'Wallet recharge'],
  ['COUPON_BONUS', 'Coupon bonus'],
  ['SHIPPING_CHARGE', 'Shipping charge'],
  ['COD_CHARGE', 'COD charge'],
  ['RTO_CHARGE', 'RTO charge'],
  ['WEIGHT_CHARGE', 'Weight discrepancy charge'],
  ['SHIPMENT_REFUND', 'Shipment refund'],
  ['ADJUSTMENT_CREDIT', 'Adjustment (credit)'],
  ['ADJUSTMENT_DEBIT', 'Adjustment (debit)'],
  ['COD_REMITTANCE_CREDIT', 'COD remittance credit'],
  ['DISPUTE_CREDIT', 'Delivery dispute credit'],
  ['REVERSAL', 'Reversal'],
] as const;

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

function usePaymentPopup(onPaid: () => void) {
  const http = useHttp();
  const popup = useRef<Window | null>(null);
  const [machine] = useState(() =>
    paymentPopupMachine.provide({
      actors: {
        startPayment: fromPromise(({ input }: { input: PaymentRequest }) => startPayment(http, input)),
        checkPayment: fromPromise(({ input }: { input: { merchantTransactionId: string } }) =>
          fetchPayment(http, input.merchantTransactionId),
        ),
        cancelPayment: fromPromise(({ input }: { input: { merchantTransactionId: string } }) =>
          cancelPayment(http, input.merchantTransactionId),
        ),
        isPopupClosed: fromPromise(async () => !popup.current || popup.current.closed),
      },
      actions: {
        openPopup: ({ context }) => {
          // the window opened on the click (a popup opened after an await is blocked); now it goes to the gateway
          if (popup.current && !popup.current.closed) popup.current.location.href = context.payment!.url;
          else
            popup.current = openPopup(
              context.payment!.url,
              PAYMENT_POPUP.name,
              PAYMENT_POPUP.width,
              PAYMENT_POPUP.height,
            );
        },
        closePopup: () => {
          if (popup.current && !popup.current.closed) popup.current.close();
        },
        paid: () => onPaid(),
      },
    }),
  );
  const [state, send] = useMachine(machine);
  const txn = state.context.payment?.merchantTransactionId;
  useEffect(() => {
    const listener = (e: MessageEvent) => {
      const data = e.data as PaymentMessage | undefined;
      if (e.origin === window.location.origin && data?.type === PAYMENT_MESSAGE && data.merchantTransactionId === txn)
        send({ type: 'RESULT' });
    };
    window.addEventListener('message', listener);
    return () => window.removeEventListener('message', listener);
  }, [send, txn]);
  return {
    state,
    pay(request: PaymentRequest) {
      popup.current = openPopup('about:blank', PAYMENT_POPUP.name, PAYMENT_POPUP.width, PAYMENT_POPUP.height);
      send({ type: 'START', request });
    },
    retry: () => send({ type: 'RETRY' }),
  };
}

function RechargeCard({
  limits,
  onPaid,
}: {
  limits: { minRupees: number; maxRupees: number; quickPicks: readonly number[] };
  onPaid: () => void;
}) {
  const http = useHttp();
  const [amount, setAmount] = useState('500');
  const [coupon, setCoupon] = useState('');
  const [quote, setQuote] = useState<CouponQuote | null>(null);
  const [amountError, setAmountError] = useState<string | null>(null);
  const coupons = useRequest(() => fetchCoupons(http), { load: true });
  const apply = useRequest((args: { code: string; amount: number }) => applyCoupon(http, args.code, args.amount), {
    onDone: (q) => setQuote(q),
    onError: () => setQuote(null),
  });
  const payment = usePaymentPopup(onPaid);
  const rupees = Number(amount);
  const check = (): number | null => {
    if (!/^\d+(\.\d{1,2})?$/.test(amount.trim()) || rupees < limits.minRupees || rupees > limits.maxRupees) {
      setAmountError(
        `Enter an amount between ₹${limits.minRupees.toLocaleString('en-IN')} and ₹${limits.maxRupees.toLocaleString('en-IN')}`,
      );
      return null;
    }
    setAmountError(null);
    return rupees;
  };
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
        hint={`Between ₹${limits.minRupees.toLocaleString('en-IN')} and ₹${limits.maxRupees.toLocaleString('en-IN')}`}
        onChange={(e) => {
          setAmount(e.target.value);
          setQuote(null);
        }}
      />
      <div className="row" role="group" aria-label="Quick amounts">
        {limits.quickPicks.map((q) => (
          <Button
            key={q}
            className="btn-small"
            variant={Number(amount) === q ? 'primary' : 'secondary'}
            onClick={() => {
              setAmount(String(q));
              setQuote(null);
            }}
          >
            ₹{q.toLocaleString('en-IN')}
          </Button>
        ))}
      </div>
      <form
        className="row coupon-row"
        onSubmit={(e) => {
          e.preventDefault();
          const value = check();
          if (value !== null && coupon.trim()) apply.run({ code: coupon.trim(), amount: value });
        }}
      >
        <TextField
          label="Coupon code (optional)"
          value={coupon}
          onChange={(e) => {
            setCoupon(e.target.value.toUpperCase());
            setQuote(null);
            apply.reset();
          }}
          error={apply.failed ? apply.error : null}
        />
        <Button type="submit" variant="secondary" busy={apply.running} disabled={!coupon.trim()}>
          Apply
        </Button>
      </form>
      {quote && <Alert tone="info">{quote.message}</Alert>}
      {coupons.data && coupons.data.length > 0 && (
        <p className="small-print">
          Offers: {coupons.data.map((c) => `${c.couponCode} — ${c.description}`).join(' · ')}
        </p>
      )}
      <Button
        busy={busy}
        onClick={() => {
          const value = check();
          if (value === null) return;
          if (coupon.trim() && !quote) {
            notify({ kind: 'error', message: 'Apply the coupon first, or clear it' });
            return;
          }
          payment.pay({ rechargeAmount: value, couponCode: quote?.couponCode });
        }}
      >
        Pay {Number.isFinite(rupees) && rupees > 0 ? formatRupees(Math.round(rupees * 100)) : ''}
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
  const http = useHttp();
  const session = useScreenSession();
  const wallet = useRequest(() => fetchWallet(http), { load: true });
  const [version, setVersion] = useState(0);
  const [type, setType] = useState('');
  const [fromDate, setFromDate] = useState('');
  const [toDate, setToDate] = useState('');
  const dateError = dayRangeText('fromDate', fromDate, 'toDate', toDate);
  const refresh = () => {
    wallet.run();
    session.reloadAccount();
    setVersion((n) => n + 1);
  };
  const w = wallet.data;
  return (
    <SellerShell>
      <div className="page">
        <header className="page-head">
          <h1>Wallet</h1>
          <p>Shipping charges come out of your wallet; recharge it here.</p>
        </header>
        <div className="wallet-grid">
          <div className="stack">
            <div className="wallet-stats">
              <Stat
                label="Wallet balance"
                value={<span data-testid="wallet-balance">{w ? formatRupees(w.balancePaise) : '…'}</span>}
              />
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
          {w && <RechargeCard limits={w.limits} onPaid={refresh} />}
        </div>
        <Tabs.Root defaultValue="statement">
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
                options={ENTRY_TYPES.map(([value, label]) => ({ value, label }))}
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
              path={API_WALLET.history}
              columns={STATEMENT_COLUMNS}
              rowKey={(r) => r.entryId}
              sortBy="createdAt"
              searchLabel="Search by reference or description"
              exportName="wallet-statement"
              version={version}
              filters={{ type: type || undefined, fromDate: fromDate || undefined, toDate: toDate || undefined }}
              filterError={dateError}
            />
          </Tabs.Content>
          <Tabs.Content value="shipments">
            <ListView
              caption="Charges by shipment"
              noun="shipments"
              path={API_WALLET.shippingCharges}
              columns={SHIPMENT_COLUMNS}
              rowKey={(r) => r.awb}
              sortBy="lastChargedAt"
              searchLabel="Search by AWB"
              exportName="shipping-charges"
              version={version}
            />
          </Tabs.Content>
          <Tabs.Content value="invoices">
            <InvoicesPanel key={version} />
          </Tabs.Content>
        </Tabs.Root>
      </div>
    </SellerShell>
  );
}
