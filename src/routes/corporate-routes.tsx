import { Navigate, useRoutes, type RouteObject } from 'react-router-dom';
import { AccountTypeGuard } from './guards';
import { INTERNAL_TYPES } from '../domain/access';
import { DashboardScreen } from '../ui/screens/corporate/dashboard-screen';
import { ChangePasswordScreen } from '../ui/screens/account/change-password-screen';
import { StaffDisputesScreen } from '../ui/screens/corporate/disputes-screen';
import { StaffDisputeScreen } from '../ui/screens/corporate/dispute-screen';
import { StaffBankChangesScreen } from '../ui/screens/corporate/bank-changes-screen';
import { StaffTermsScreen } from '../ui/screens/corporate/terms-screen';

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
