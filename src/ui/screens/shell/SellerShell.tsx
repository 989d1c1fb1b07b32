import type { ReactNode } from 'react';
import { formatRupees } from '../../../domain/format';
import { useScreenSession } from '../../../services/screen-services';
import { AppFrame, type FrameItem } from '../../kit/AppFrame';

// The seller app frame. The menu order is the guided tour's (spec section 1): Home, Dashboard,
// Orders (3rd), Returns (4th), Setup (5th), then Help, Wallet and Profile. Areas that do not
// exist yet link to their future paths.

const MENU: FrameItem[] = [
  { to: '/home', label: 'Home' },
  { to: '/dashboard', label: 'Dashboard' },
  { to: '/orders', label: 'Orders', tour: 'tour-orders' },
  { to: '/returns', label: 'Returns', tour: 'tour-returns' },
  { to: '/setup', label: 'Setup', tour: 'tour-setup' },
];

export function SellerShell({ children }: { children?: ReactNode }) {
  const session = useScreenSession();
  const account = session.account;
  const name = account ? `${account.firstName} ${account.lastName}` : 'Profile';
  return (
    <AppFrame
      homeTo="/home"
      items={MENU}
      endItems={[
        { to: '/help', label: 'Help', tour: 'tour-help' },
        {
          to: '/wallet',
          tour: 'tour-wallet',
          label: (
            <>
              Wallet <span className="badge" aria-label="wallet balance">{account ? formatRupees(account.walletBalancePaise) : '…'}</span>
            </>
          ),
        },
      ]}
      profile={{
        label: name,
        tour: 'tour-profile',
        heading: account && (
          <div className="small-print">
            <strong>{name}</strong>
            <br />
            {account.email}
          </div>
        ),
        links: [
          { to: '/profile', label: 'Profile' },
          { to: '/change_password', label: 'Change password' },
        ],
        actions: [{ label: 'Logout', onSelect: () => session.logout() }],
      }}
    >
      {children}
    </AppFrame>
  );
}
