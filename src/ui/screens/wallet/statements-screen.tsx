import { API_WALLET } from '../../../domain/wallet-contract';
import { useOperation } from '../../hooks/use-operation';
import { useState } from 'react';
import { useNoticedDownload } from '../../hooks/use-noticed-download';
import { Link } from 'react-router-dom';
import type { MonthStatement } from '../../../domain/wallet-contract';
import { formatDate, formatRupees } from '../../../domain/format';
import { monthLabel, recentMonths } from '../../../domain/wallet-statement';
import { useOnInvalidate } from '../../../services/invalidate';
import { Alert, Badge, Button, DataTable, Loadable, SelectField, Stat } from '../../kit';
import { Breadcrumb } from '../../kit/breadcrumb';
import { SellerShell } from '../shell/seller-shell';

// /wallet/statements: the monthly wallet statement (IST month). The opening balance, each
// section's subtotal (freight, COD fees, RTO, weight, refunds, remittances, recharges,
// adjustments), the closing balance reconciled to the ledger, money held as a note; the full
// statement downloads as PDF or CSV through the document-download machine.

const MONTHS_OFFERED = 12;

type Section = MonthStatement['sections'][number];

/** One month's statement: read when shown (a month picked mounts a new one) and after a wallet change. */
function MonthStatementView({ month, onReady }: { month: string; onReady: (month: string) => void }) {
  const statement = useOperation(
    API_WALLET.statement,
    { params: { month } },
    { load: true, onDone: () => onReady(month) },
  );
  useOnInvalidate('wallet', () => statement.run());
  const s = statement.data;
  return (
    <Loadable loading={statement.loading} error={statement.error} onRetry={statement.retry}>
      {() =>
        s && (
          <div className="stack">
            <p className="muted">
              {formatDate(s.from)} to {formatDate(new Date(new Date(s.to).getTime() - 1))}, IST
            </p>
            <div className="wallet-stats">
              <Stat label="Opening balance" value={formatRupees(s.openingPaise)} />
              <Stat
                label="Closing balance"
                value={<span data-testid="statement-closing">{formatRupees(s.closingPaise)}</span>}
              />
            </div>
            {s.reconciled ? (
              <p>
                <Badge>Reconciled</Badge> Opening balance and every section add up to the closing balance, the
                wallet&apos;s ledger balance at the month end.
              </p>
            ) : (
              <Alert>
                The ledger&apos;s balance at the month end is {formatRupees(s.ledgerClosingPaise)}; please contact
                support.
              </Alert>
            )}
            <DataTable<Section>
              caption={`Statement for ${monthLabel(s.month, true)}`}
              rows={s.sections}
              rowKey={(r) => r.key}
              columns={[
                { header: 'Section', cell: (r) => r.title },
                { header: 'Entries', cell: (r) => r.lines.length },
                {
                  header: 'Subtotal',
                  cell: (r) => (
                    <span className={r.subtotalPaise >= 0 ? 'amount-credit' : 'amount-debit'}>
                      {r.subtotalPaise > 0 ? '+' : r.subtotalPaise < 0 ? '−' : ''}
                      {formatRupees(Math.abs(r.subtotalPaise))}
                    </span>
                  ),
                },
              ]}
            />
            <p className="small-print">
              {s.heldAtEndPaise > 0
                ? `Note: ${formatRupees(s.heldAtEndPaise)} was held for weight discrepancies at the month end. Held money is set aside, not charged, and is not part of these balances.`
                : 'Note: no money was held for weight discrepancies at the month end.'}
            </p>
            <p className="small-print">
              Each line is in the PDF and CSV; the <Link to="/wallet">wallet</Link> lists them too.
            </p>
          </div>
        )
      }
    </Loadable>
  );
}

export function StatementsScreen() {
  const [months] = useState(() => recentMonths(new Date(), MONTHS_OFFERED));
  const [month, setMonth] = useState(months[0]);
  const [ready, setReady] = useState<string | null>(null);
  const [download, send] = useNoticedDownload();
  const busy = download.matches('downloading');
  const get = (format: 'pdf' | 'csv') => send({ type: 'DOWNLOAD', kind: 'MONTH_STATEMENT', params: { month, format } });
  const s = ready === month;
  return (
    <SellerShell>
      <div className="page stack">
        <Breadcrumb to="/wallet" label="Wallet">
          Statements
        </Breadcrumb>
        <header className="page-head">
          <h1>Monthly statements</h1>
          <p>Every rupee in and out of your wallet in a month, from the opening balance to the closing one.</p>
        </header>
        <div className="row">
          <SelectField
            label="Month"
            value={month}
            onChange={(e) => setMonth(e.target.value)}
            options={months.map((m) => ({ value: m, label: monthLabel(m, true) }))}
          />
          <Button variant="secondary" disabled={busy || !s} onClick={() => get('pdf')}>
            Download PDF
          </Button>
          <Button variant="ghost" disabled={busy || !s} onClick={() => get('csv')}>
            Download CSV
          </Button>
        </div>
        <MonthStatementView key={month} month={month} onReady={setReady} />
      </div>
    </SellerShell>
  );
}
