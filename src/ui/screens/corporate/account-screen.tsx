import { Link, useParams } from 'react-router-dom';
import { API_STAFF, type AccountOverview } from '../../../domain/staff-contract';
import { labelOf } from '../../../domain/display-labels';
import { formatDate, formatDateTime, formatPhone, formatRupees } from '../../../domain/format';
import { useOnInvalidate } from '../../../services/invalidate';
import { useScreenSession } from '../../../services/screen-services';
import { useStaffEditForm } from '../../../services/use-staff-edit-form';

import { useOperation } from '../../hooks/use-operation';
import { Badge, Card, DataTable, Loadable, Stat, type Column } from '../../kit';
import { Breadcrumb } from '../../kit/breadcrumb';
import { StaffShell } from '../shell/staff-shell';
import { StaffDecisionForm } from './staff-decision';
import { AccountManagerCard } from './account-manager-card';
import { BetaFeaturesCard } from './beta-features-card';

// /dakiya/accounts/:accountId: one seller's whole picture (plan, KYC, wallet, the latest orders,
// shipments, NDRs, weight discrepancies, COD payouts, support tickets) and,
// for staff who may manage accounts, turning the login off (every session ends) or on again.

export function StaffAccountScreen() {
  const { accountId = '' } = useParams();
  if (!/^\d{1,9}$/.test(accountId))
    return (
      <StaffShell>
        <div className="page stack">
          <h1>Account not found</h1>
          <Link to="/dakiya/accounts">Back to accounts</Link>
        </div>
      </StaffShell>
    );
  return <AccountPage key={accountId} accountId={Number(accountId)} />;
}

function StatusForm({ o }: { o: AccountOverview }) {
  const turnOff = o.account.active;
  const [state, send] = useStaffEditForm({
    kind: 'ACCOUNT_STATUS',
    target: String(o.account.accountId),
    initial: { activated: turnOff ? 'false' : 'true', reason: '' },
  });
  return (
    <Card className="stack" aria-labelledby="status-heading">
      <h2 id="status-heading">{turnOff ? 'Deactivate this login' : 'Activate this login'}</h2>
      <p className="muted">
        {turnOff
          ? 'Every session of the seller ends at once, and login says the account was deactivated.'
          : 'The seller can log in again.'}
      </p>
      <StaffDecisionForm
        label={turnOff ? 'Deactivate account' : 'Activate account'}
        state={state}
        send={send}
        submitLabel={turnOff ? 'Deactivate' : 'Activate'}
        confirm={{
          title: 'Deactivate this seller?',
          message: `${o.account.email} is logged out everywhere and cannot log in until activated again.`,
          confirmLabel: 'Deactivate',
        }}
      />
    </Card>
  );
}

const recent = <T,>(caption: string, rows: T[], columns: Column<T>[], rowKey: (r: T) => string | number) => (
  <section className="stack" aria-label={caption}>
    <h2>{caption}</h2>
    <DataTable caption={caption} columns={columns} rows={rows} rowKey={rowKey} empty={`No ${caption.toLowerCase()}`} />
  </section>
);

function AccountPage({ accountId }: { accountId: number }) {
  const { account: me } = useScreenSession();
  const overview = useOperation(API_STAFF.accountOverview, { params: { accountId } }, { load: true });
  useOnInvalidate('staffConsole', () => overview.run());
  const o = overview.data;
  const mayManage = !!me?.permissions.includes('accounts.manage');
  return (
    <StaffShell>
      <div className="page">
        <Breadcrumb to="/dakiya/accounts" label="Accounts">
          Account {accountId}
        </Breadcrumb>
        <Loadable loading={overview.loading && !o} error={overview.error} onRetry={overview.retry}>
          {() =>
            o && (
              <div className="stack">
                <header className="page-head">
                  <h1>
                    {o.account.firstName} {o.account.lastName}{' '}
                    {o.account.active ? <Badge tone="success">Active</Badge> : <Badge tone="danger">Deactivated</Badge>}
                  </h1>
                  <p>
                    {o.account.companyName ?? 'No company'} · {o.account.email} · {formatPhone(o.account.phone)} ·{' '}
                    {labelOf('role', o.account.role)} · since {formatDate(o.account.createdAt)}
                    {o.account.lastLoginAt && <> · last login {formatDateTime(o.account.lastLoginAt)}</>}
                  </p>
                </header>
                <div className="grid-stats">
                  <Stat
                    label="Plan"
                    value={`${labelOf('plan', o.plan.subscriptionType)}${o.plan.billingFrequency ? `, ${labelOf('billingFrequency', o.plan.billingFrequency).toLowerCase()}` : ''}`}
                  />
                  <Stat
                    label="KYC"
                    value={
                      o.kyc.verified ? 'Verified' : o.kyc.status ? labelOf('kycStatus', o.kyc.status) : 'Not started'
                    }
                  />
                  <Stat label="Wallet balance" value={formatRupees(o.wallet.balancePaise)} />
                  <Stat
                    label="Credit limit"
                    value={o.wallet.creditLimitPaise > 0 ? formatRupees(o.wallet.creditLimitPaise) : 'Prepaid'}
                  />
                </div>
                {mayManage && <StatusForm key={String(o.account.active)} o={o} />}
                {o.account.orgId !== null && (
                  <AccountManagerCard key={o.accountManager?.managerId ?? 0} o={o} mayManage={mayManage} />
                )}
                {o.account.orgId !== null && (
                  <BetaFeaturesCard key={String(o.betaFeaturesEnabled)} o={o} mayManage={mayManage} />
                )}
                {me?.permissions.includes('pricing.manage') && o.account.orgId !== null && (
                  <p>
                    <Link to={`/dakiya/rate-cards/${o.account.orgId}`}>Rate cards of this seller</Link>
                  </p>
                )}
                {recent(
                  'Recent orders',
                  o.orders,
                  [
                    { header: 'Order', cell: (r) => r.orderNumber },
                    { header: 'Status', cell: (r) => labelOf('orderStatus', r.status) },
                    { header: 'Total', cell: (r) => formatRupees(r.totalPaise) },
                    { header: 'Created', cell: (r) => formatDate(r.createdAt) },
                  ],
                  (r) => r.orderId,
                )}
                {recent(
                  'Shipments',
                  o.shipments,
                  [
                    { header: 'AWB', cell: (r) => r.awb },
                    { header: 'Courier', cell: (r) => labelOf('courier', r.carrierCode) },
                    { header: 'Status', cell: (r) => labelOf('orderStatus', r.status) },
                    { header: 'Booked', cell: (r) => formatDate(r.createdAt) },
                  ],
                  (r) => r.awb,
                )}
                {recent(
                  'NDRs',
                  o.ndrs,
                  [
                    { header: 'AWB', cell: (r) => r.awb },
                    { header: 'Reason', cell: (r) => labelOf('ndrReason', r.reason) },
                    { header: 'Status', cell: (r) => labelOf('ndrStatus', r.status) },
                    { header: 'Raised', cell: (r) => formatDate(r.createdAt) },
                  ],
                  (r) => r.ndrId,
                )}
                {recent(
                  'Weight discrepancies',
                  o.discrepancies,
                  [
                    { header: 'AWB', cell: (r) => r.awb },
                    { header: 'Extra charge', cell: (r) => formatRupees(r.extraPaise) },
                    { header: 'Status', cell: (r) => labelOf('discrepancyStatus', r.status) },
                    { header: 'Raised', cell: (r) => formatDate(r.createdAt) },
                  ],
                  (r) => r.discrepancyId,
                )}
                {recent(
                  'COD payouts',
                  o.payouts,
                  [
                    { header: 'Payout', cell: (r) => r.payoutId },
                    { header: 'Amount', cell: (r) => formatRupees(r.amountPaise) },
                    { header: 'Status', cell: (r) => labelOf('payoutStatus', r.status) },
                    { header: 'Created', cell: (r) => formatDate(r.createdAt) },
                  ],
                  (r) => r.payoutId,
                )}
                {recent(
                  'Support tickets',
                  o.tickets,
                  [
                    {
                      header: 'Ticket',
                      cell: (r) => <Link to={`/dakiya/tickets/${r.ticketId}`}>{r.ticketNumber}</Link>,
                    },
                    { header: 'Subject', cell: (r) => r.subject },
                    { header: 'Priority', cell: (r) => labelOf('ticketPriority', r.priority) },
                    { header: 'Status', cell: (r) => labelOf('staffTicketStatus', r.status) },
                    { header: 'Raised', cell: (r) => formatDate(r.createdAt) },
                  ],
                  (r) => r.ticketId,
                )}
              </div>
            )
          }
        </Loadable>
      </div>
    </StaffShell>
  );
}
