import { API_WALLET } from '../../../domain/wallet-contract';
import { useOperation } from '../../hooks/use-operation';
import { ADJUSTMENT, type CreditLimitChangeRow, type WalletAdjustmentRow } from '../../../domain/wallet-contract';
import { formatDateTime, formatRupees } from '../../../domain/format';
import { paiseOf } from '../../../domain/money';
import type { StaffWalletFormMode } from '../../../domain/wallet-staff';
import { useOnInvalidate } from '../../../services/invalidate';
import { useStaffWalletForm } from '../../../services/use-staff-wallet-form';
import { Alert, Button, Card, DataTable, Loadable, SelectField, Stat, TextField } from '../../kit';
import { Breadcrumb } from '../../kit/breadcrumb';
import { StaffShell } from '../shell/staff-shell';
import { StaffDetailRoute, type StaffList } from './staff-detail';

// /dakiya/wallets/:orgId: one seller's wallet. Staff set the postpaid credit limit and debit or
// credit the wallet by hand, each with a reason; both audits (who, when, before and after, why)
// are shown beneath and read again after every change.

const LIST: StaffList = { to: '/dakiya/wallets', label: 'Wallets' };

export function StaffWalletScreen() {
  return <StaffDetailRoute param="orgId" what="Wallet" list={LIST} page={(id) => <WalletPage orgId={id} />} />;
}

function WalletForm({ orgId, mode }: { orgId: number; mode: StaffWalletFormMode }) {
  const [state, send] = useStaffWalletForm(orgId, mode);
  const { draft, errors, error, notice } = state.context;
  const field = (name: keyof typeof draft) => ({
    value: draft[name],
    error: errors[name],
    onChange: (e: { target: { value: string } }) => send({ type: 'FIELD', name, value: e.target.value }),
  });
  const limit = mode === 'LIMIT';
  return (
    <Card className="stack" aria-labelledby={`${mode}-heading`}>
      <h2 id={`${mode}-heading`}>{limit ? 'Postpaid credit limit' : 'Adjust the wallet'}</h2>
      <form
        className="stack"
        aria-label={limit ? 'Set credit limit' : 'Wallet adjustment'}
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          send({ type: 'SUBMIT' });
        }}
      >
        {limit ? (
          <TextField
            label="Credit limit"
            prefix="₹"
            inputMode="decimal"
            hint="How far below zero the wallet may go; 0 makes it prepaid"
            {...field('creditLimit')}
          />
        ) : (
          <>
            <SelectField
              label="Direction"
              placeholder="Choose"
              options={[
                { value: 'CREDIT', label: 'Credit (add to the wallet)' },
                { value: 'DEBIT', label: 'Debit (take from the wallet)' },
              ]}
              {...field('direction')}
            />
            <TextField
              label="Amount"
              prefix="₹"
              inputMode="decimal"
              hint={`Up to ${formatRupees(paiseOf(ADJUSTMENT.maxRupees))} at once`}
              {...field('amount')}
            />
          </>
        )}
        <TextField
          label="Reason"
          maxLength={ADJUSTMENT.reasonMax}
          hint={`${ADJUSTMENT.reasonMin} to ${ADJUSTMENT.reasonMax} characters; the seller's statement shows it`}
          {...field('reason')}
        />
        {error && <Alert>{error}</Alert>}
        {notice && (
          <Alert tone="info">
            <span role="status">{notice}</span>
          </Alert>
        )}
        <Button type="submit" busy={state.matches('submitting')}>
          {limit ? 'Set credit limit' : 'Save adjustment'}
        </Button>
      </form>
    </Card>
  );
}

function WalletPage({ orgId }: { orgId: number }) {
  const wallet = useOperation(API_WALLET.sellerWallet, { params: { orgId } }, { load: true });
  const limits = useOperation(API_WALLET.creditLimitChanges, { params: { orgId } }, { load: true });
  const adjustments = useOperation(API_WALLET.adjustments, { params: { orgId } }, { load: true });
  useOnInvalidate('wallet', () => {
    wallet.run();
    limits.run();
    adjustments.run();
  });
  const w = wallet.data;
  return (
    <StaffShell>
      <div className="page">
        <Breadcrumb to="/dakiya/wallets" label="Wallets">
          Seller {orgId}
        </Breadcrumb>
        <Loadable loading={wallet.loading && !w} error={wallet.error} onRetry={wallet.retry}>
          {() =>
            w && (
              <div className="stack">
                <header className="page-head">
                  <h1>{w.companyName}</h1>
                  {w.email && <p>Owner {w.email}</p>}
                </header>
                <div className="wallet-stats">
                  <Stat
                    label="Balance"
                    value={<span data-testid="staff-wallet-balance">{formatRupees(w.balancePaise)}</span>}
                  />
                  <Stat label="Held" value={formatRupees(w.heldPaise)} />
                  <Stat
                    label="Credit limit"
                    value={
                      <span data-testid="staff-wallet-limit">
                        {w.creditLimitPaise > 0 ? formatRupees(w.creditLimitPaise) : 'Prepaid'}
                      </span>
                    }
                  />
                  <Stat label="Usable" value={formatRupees(w.usablePaise)} />
                </div>
                <div className="grid-2">
                  <WalletForm orgId={orgId} mode="LIMIT" />
                  <WalletForm orgId={orgId} mode="ADJUST" />
                </div>
                <h2>Credit limit changes</h2>
                <Loadable loading={limits.loading && !limits.data} error={limits.error} onRetry={limits.retry}>
                  {() => (
                    <DataTable<CreditLimitChangeRow>
                      caption="Credit limit changes"
                      rows={limits.data ?? []}
                      rowKey={(r) => r.id}
                      empty="The credit limit has not been changed"
                      columns={[
                        { header: 'When', cell: (r) => formatDateTime(r.createdAt) },
                        { header: 'By', cell: (r) => r.staffEmail },
                        { header: 'Old limit', cell: (r) => formatRupees(r.oldLimitPaise) },
                        { header: 'New limit', cell: (r) => formatRupees(r.newLimitPaise) },
                        { header: 'Reason', cell: (r) => r.reason },
                      ]}
                    />
                  )}
                </Loadable>
                <h2>Wallet adjustments</h2>
                <Loadable
                  loading={adjustments.loading && !adjustments.data}
                  error={adjustments.error}
                  onRetry={adjustments.retry}
                >
                  {() => (
                    <DataTable<WalletAdjustmentRow>
                      caption="Wallet adjustments"
                      rows={adjustments.data ?? []}
                      rowKey={(r) => r.id}
                      empty="No adjustments yet"
                      columns={[
                        { header: 'When', cell: (r) => formatDateTime(r.createdAt) },
                        { header: 'By', cell: (r) => r.staffEmail },
                        {
                          header: 'Amount',
                          cell: (r) => (
                            <span className={r.direction === 'CREDIT' ? 'amount-credit' : 'amount-debit'}>
                              {r.direction === 'CREDIT' ? '+' : '−'}
                              {formatRupees(r.amountPaise)}
                            </span>
                          ),
                        },
                        { header: 'Before', cell: (r) => formatRupees(r.balanceBeforePaise) },
                        { header: 'After', cell: (r) => formatRupees(r.balanceAfterPaise) },
                        { header: 'Reason', cell: (r) => r.reason },
                      ]}
                    />
                  )}
                </Loadable>
              </div>
            )
          }
        </Loadable>
      </div>
    </StaffShell>
  );
}
