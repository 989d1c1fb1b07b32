import type { ReactElement } from 'react';
import { Navigate, useRoutes, type RouteObject } from 'react-router-dom';
import { AccountTypeGuard } from './guards';
import { INTERNAL_TYPES } from '../domain/access';
import { DashboardScreen } from '../ui/screens/corporate/dashboard-screen';
import { ChangePasswordScreen } from '../ui/screens/account/change-password-screen';
import { StaffDisputesScreen } from '../ui/screens/corporate/disputes-screen';
import { StaffDisputeScreen } from '../ui/screens/corporate/dispute-screen';
import { StaffBankChangesScreen } from '../ui/screens/corporate/bank-changes-screen';
import { StaffTermsScreen } from '../ui/screens/corporate/terms-screen';
import { StaffWeightDiscrepanciesScreen } from '../ui/screens/corporate/weight-discrepancies-screen';
import { StaffWeightDiscrepancyScreen } from '../ui/screens/corporate/weight-discrepancy-screen';
import { StaffWeightFreezesScreen } from '../ui/screens/corporate/weight-freezes-screen';
import { StaffWeightFileScreen } from '../ui/screens/corporate/weight-file-screen';
import { StaffWalletsScreen } from '../ui/screens/corporate/wallets-screen';
import { StaffWalletScreen } from '../ui/screens/corporate/wallet-screen';
import { StaffCodRemittanceScreen } from '../ui/screens/corporate/cod-remittance-screen';
import { StaffCodPayoutScreen } from '../ui/screens/corporate/cod-payout-screen';
import { StaffCodUtrFileScreen } from '../ui/screens/corporate/cod-utr-file-screen';
import { StaffKycQueueScreen } from '../ui/screens/corporate/kyc-queue-screen';
import { StaffKycScreen } from '../ui/screens/corporate/kyc-screen';
import { StaffSimulationScreen } from '../ui/screens/corporate/simulation-screen';
import { StaffSimulationOrderScreen } from '../ui/screens/corporate/simulation-order-screen';
import { StaffAccountsScreen } from '../ui/screens/corporate/accounts-screen';
import { StaffAccountScreen } from '../ui/screens/corporate/account-screen';
import { StaffAuditScreen } from '../ui/screens/corporate/audit-screen';
import { StaffMembersScreen } from '../ui/screens/corporate/staff-screen';
import { StaffCouponsScreen } from '../ui/screens/corporate/coupons-screen';
import { StaffPlansScreen } from '../ui/screens/corporate/plans-screen';
import { StaffBannersScreen } from '../ui/screens/corporate/banners-screen';
import { StaffReleaseNotesScreen } from '../ui/screens/corporate/release-notes-screen';
import { StaffTicketsScreen } from '../ui/screens/corporate/tickets-screen';
import { StaffTicketScreen } from '../ui/screens/corporate/ticket-screen';
import { StaffRateCardsScreen } from '../ui/screens/corporate/rate-cards-screen';
import { StaffCouriersScreen } from '../ui/screens/corporate/couriers-screen';
import { StaffUnknownCodesScreen } from '../ui/screens/corporate/unknown-codes-screen';
import { StaffMessageTemplatesScreen } from '../ui/screens/corporate/message-templates-screen';
import { StaffShell } from '../ui/screens/shell/staff-shell';
import { RouteBoundary } from '../ui/kit/error-boundary';

// The corporate (/dakiya) module, loaded lazily; only the DAKIYA account type may enter, and the
// route in app.tsx checks the page's staff permission before this module loads (staff-pages.ts).

const staffPage = (path: string, screen: ReactElement): RouteObject => ({
  path,
  element: (
    // a screen that fails while rendering shows its card inside the staff shell: the menu stays
    <RouteBoundary shell={StaffShell}>
      <AccountTypeGuard allowed={INTERNAL_TYPES}>{screen}</AccountTypeGuard>
    </RouteBoundary>
  ),
});

export const corporateRoutes: RouteObject[] = [
  staffPage('accounts', <StaffAccountsScreen />),
  staffPage('accounts/:accountId', <StaffAccountScreen />),
  staffPage('audit', <StaffAuditScreen />),
  staffPage('staff', <StaffMembersScreen />),
  staffPage('coupons', <StaffCouponsScreen />),
  staffPage('plans', <StaffPlansScreen />),
  staffPage('dashboard', <DashboardScreen />),
  staffPage('disputes', <StaffDisputesScreen />),
  staffPage('disputes/:disputeId', <StaffDisputeScreen />),
  staffPage('kyc', <StaffKycQueueScreen />),
  staffPage('kyc/:applicationId', <StaffKycScreen />),
  staffPage('weight-discrepancies', <StaffWeightDiscrepanciesScreen />),
  staffPage('weight-discrepancies/upload', <StaffWeightFileScreen />),
  staffPage('weight-discrepancies/:discrepancyId', <StaffWeightDiscrepancyScreen />),
  staffPage('weight-freezes', <StaffWeightFreezesScreen />),
  staffPage('cod-remittance', <StaffCodRemittanceScreen />),
  staffPage('cod-remittance/upload', <StaffCodUtrFileScreen />),
  staffPage('cod-remittance/:payoutId', <StaffCodPayoutScreen />),
  staffPage('wallets', <StaffWalletsScreen />),
  staffPage('wallets/:orgId', <StaffWalletScreen />),
  staffPage('bank-account-changes', <StaffBankChangesScreen />),
  staffPage('terms', <StaffTermsScreen />),
  staffPage('simulation', <StaffSimulationScreen />),
  staffPage('simulation/:orderId', <StaffSimulationOrderScreen />),
  staffPage('couriers', <StaffCouriersScreen />),
  staffPage('courier-codes', <StaffUnknownCodesScreen />),
  staffPage('message-templates', <StaffMessageTemplatesScreen />),
  staffPage('banners', <StaffBannersScreen />),
  staffPage('release-notes', <StaffReleaseNotesScreen />),
  staffPage('tickets', <StaffTicketsScreen />),
  staffPage('tickets/:ticketId', <StaffTicketScreen />),
  staffPage('rate-cards/:orgId', <StaffRateCardsScreen />),
  {
    path: 'change_password',
    element: (
      <AccountTypeGuard allowed={INTERNAL_TYPES} allowDuringPasswordChange>
        <ChangePasswordScreen staff />
      </AccountTypeGuard>
    ),
  },
  { index: true, element: <Navigate replace to="/dakiya/dashboard" /> },
  { path: '*', element: <Navigate replace to="/error" /> },
];

/** The module's root: its own route table under /dakiya. */
export default function CorporateModule() {
  return useRoutes(corporateRoutes);
}
