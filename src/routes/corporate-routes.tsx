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
import { StaffBannersScreen } from '../ui/screens/corporate/banners-screen';
import { StaffReleaseNotesScreen } from '../ui/screens/corporate/release-notes-screen';
import { StaffTicketsScreen } from '../ui/screens/corporate/tickets-screen';
import { StaffTicketScreen } from '../ui/screens/corporate/ticket-screen';

// The corporate (/dakiya) module, loaded lazily; only the DAKIYA account type may enter.

export const corporateRoutes: RouteObject[] = [
  {
    path: 'dashboard',
    element: (
      <AccountTypeGuard allowed={INTERNAL_TYPES}>
        <DashboardScreen />
      </AccountTypeGuard>
    ),
  },
  {
    path: 'disputes',
    element: (
      <AccountTypeGuard allowed={INTERNAL_TYPES}>
        <StaffDisputesScreen />
      </AccountTypeGuard>
    ),
  },
  {
    path: 'disputes/:disputeId',
    element: (
      <AccountTypeGuard allowed={INTERNAL_TYPES}>
        <StaffDisputeScreen />
      </AccountTypeGuard>
    ),
  },
  {
    path: 'kyc',
    element: (
      <AccountTypeGuard allowed={INTERNAL_TYPES}>
        <StaffKycQueueScreen />
      </AccountTypeGuard>
    ),
  },
  {
    path: 'kyc/:applicationId',
    element: (
      <AccountTypeGuard allowed={INTERNAL_TYPES}>
        <StaffKycScreen />
      </AccountTypeGuard>
    ),
  },
  {
    path: 'weight-discrepancies',
    element: (
      <AccountTypeGuard allowed={INTERNAL_TYPES}>
        <StaffWeightDiscrepanciesScreen />
      </AccountTypeGuard>
    ),
  },
  {
    path: 'weight-discrepancies/upload',
    element: (
      <AccountTypeGuard allowed={INTERNAL_TYPES}>
        <StaffWeightFileScreen />
      </AccountTypeGuard>
    ),
  },
  {
    path: 'weight-discrepancies/:discrepancyId',
    element: (
      <AccountTypeGuard allowed={INTERNAL_TYPES}>
        <StaffWeightDiscrepancyScreen />
      </AccountTypeGuard>
    ),
  },
  {
    path: 'weight-freezes',
    element: (
      <AccountTypeGuard allowed={INTERNAL_TYPES}>
        <StaffWeightFreezesScreen />
      </AccountTypeGuard>
    ),
  },
  {
    path: 'cod-remittance',
    element: (
      <AccountTypeGuard allowed={INTERNAL_TYPES}>
        <StaffCodRemittanceScreen />
      </AccountTypeGuard>
    ),
  },
  {
    path: 'cod-remittance/upload',
    element: (
      <AccountTypeGuard allowed={INTERNAL_TYPES}>
        <StaffCodUtrFileScreen />
      </AccountTypeGuard>
    ),
  },
  {
    path: 'cod-remittance/:payoutId',
    element: (
      <AccountTypeGuard allowed={INTERNAL_TYPES}>
        <StaffCodPayoutScreen />
      </AccountTypeGuard>
    ),
  },
  {
    path: 'wallets',
    element: (
      <AccountTypeGuard allowed={INTERNAL_TYPES}>
        <StaffWalletsScreen />
      </AccountTypeGuard>
    ),
  },
  {
    path: 'wallets/:orgId',
    element: (
      <AccountTypeGuard allowed={INTERNAL_TYPES}>
        <StaffWalletScreen />
      </AccountTypeGuard>
    ),
  },
  {
    path: 'tickets',
    element: (
      <AccountTypeGuard allowed={INTERNAL_TYPES}>
        <StaffTicketsScreen />
      </AccountTypeGuard>
    ),
  },
  {
    path: 'tickets/:ticketId',
    element: (
      <AccountTypeGuard allowed={INTERNAL_TYPES}>
        <StaffTicketScreen />
      </AccountTypeGuard>
    ),
  },
  {
    path: 'bank-account-changes',
    element: (
      <AccountTypeGuard allowed={INTERNAL_TYPES}>
        <StaffBankChangesScreen />
      </AccountTypeGuard>
    ),
  },
  {
    path: 'terms',
    element: (
      <AccountTypeGuard allowed={INTERNAL_TYPES}>
        <StaffTermsScreen />
      </AccountTypeGuard>
    ),
  },
  {
    path: 'simulation',
    element: (
      <AccountTypeGuard allowed={INTERNAL_TYPES}>
        <StaffSimulationScreen />
      </AccountTypeGuard>
    ),
  },
  {
    path: 'simulation/:orderId',
    element: (
      <AccountTypeGuard allowed={INTERNAL_TYPES}>
        <StaffSimulationOrderScreen />
      </AccountTypeGuard>
    ),
  },
  {
    path: 'banners',
    element: (
      <AccountTypeGuard allowed={INTERNAL_TYPES}>
        <StaffBannersScreen />
      </AccountTypeGuard>
    ),
  },
  {
    path: 'release-notes',
    element: (
      <AccountTypeGuard allowed={INTERNAL_TYPES}>
        <StaffReleaseNotesScreen />
      </AccountTypeGuard>
    ),
  },
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
