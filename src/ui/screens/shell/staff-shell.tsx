import type { ReactNode } from 'react';
import { useScreenSession } from '../../../services/screen-services';
import { AppFrame } from '../../kit/app-frame';

// The staff (DAKIYA) frame: the corporate dashboard and its accounts table, change password, logout.

export function StaffShell({ children }: { children?: ReactNode }) {
  const session = useScreenSession();
  const email = session.account?.email ?? 'Staff';
  return (
    <AppFrame
      homeTo="/dakiya/dashboard"
      items={[
        { to: '/dakiya/dashboard', label: 'Dashboard' },
        { to: '/dakiya/dashboard#accounts', label: 'Accounts' },
        { to: '/dakiya/tickets', label: 'Tickets' },
        { to: '/dakiya/disputes', label: 'Disputes' },
        { to: '/dakiya/kyc', label: 'KYC' },
        { to: '/dakiya/weight-discrepancies', label: 'Weight' },
        { to: '/dakiya/wallets', label: 'Wallets' },
        { to: '/dakiya/cod-remittance', label: 'COD' },
        { to: '/dakiya/bank-account-changes', label: 'Bank changes' },
        { to: '/dakiya/terms', label: 'Terms' },
        { to: '/dakiya/simulation', label: 'Simulation' },
        { to: '/dakiya/banners', label: 'Banners' },
        { to: '/dakiya/release-notes', label: 'Release notes' },
      ]}
      profile={{
        label: email,
        links: [{ to: '/dakiya/change_password', label: 'Change password' }],
        actions: [{ label: 'Logout', onSelect: () => session.logout() }],
      }}
    >
      {children}
    </AppFrame>
  );
}
