import type { ReactNode } from 'react';
import { formatRupees } from '../../../domain/format';
import { isAdminSubject } from '../../../domain/access';
import { closeThisPopup } from '../../../services/popup';
import { useScreenSession } from '../../../services/screen-services';
import { existingRoutes } from '../../../routes/route-paths';
import { AppFrame, type FrameItem } from '../../kit/app-frame';
import { Button } from '../../kit';

// The seller app frame. The menu order is the guided tour's (spec section 1): Home, Dashboard,
// Orders (3rd), Returns (4th), Setup (5th), then Help, Wallet and Profile. Areas that do not
// exist yet (Dashboard, Returns, Help, Profile) keep their place here and are not shown until
// their path is in the route table.

const MENU: FrameItem[] = [
  { to: '/home', label: 'Home' },
  { to: '/dashboard', label: 'Dashboard' },
  { to: '/orders', label: 'Orders', tour: 'tour-orders' },
  { to: '/returns', label: 'Returns', tour: 'tour-returns' },
  { to: '/setup', label: 'Setup', tour: 'tour-setup' },
  // after the tour's items, so their places stay
  { to: '/ndr', label: 'NDR' },
  { to: '/disputes', label: 'Disputes' },
  { to: '/weight-discrepancies', label: 'Weight' },
  { to: '/wallet/cod-remittance', label: 'COD remittance' },
];

export function SellerShell({ children }: { children?: ReactNode }) {
  const session = useScreenSession();
  const account = session.account;
  const name = account ? `${account.firstName} ${account.lastName}` : 'Profile';
  // staff viewing this seller (the seller panel): said on every screen, with the way out
  const panel = isAdminSubject(session.claims?.sub);
  const exitPanel = () => {
    session.logout();
    closeThisPopup();
  };
  return (
    <AppFrame
      homeTo="/home"
      items={existingRoutes(MENU)}
      endItems={existingRoutes([
        { to: '/help', label: 'Help', tour: 'tour-help' },
        {
          to: '/wallet',
          tour: 'tour-wallet',
          label: (
            <>
              Wallet{' '}
              <span className="badge" aria-label="wallet balance">
                {account ? formatRupees(account.walletBalancePaise) : '…'}
              </span>
            </>
          ),
        },
      ])}
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
        links: existingRoutes([
          { to: '/profile', label: 'Profile' },
          { to: '/kyc', label: 'KYC' },
          { to: '/bank-accounts', label: 'Bank accounts' },
          { to: '/settings', label: 'Settings' },
          { to: '/change_password', label: 'Change password' },
        ]),
        actions: [{ label: 'Logout', onSelect: () => session.logout() }],
      }}
    >
      {panel && (
        <div className="panel-banner" role="region" aria-label="Staff session">
          <span>
            Viewing as <strong>{account?.companyName || name}</strong> — staff session
          </span>
          <Button variant="secondary" onClick={exitPanel}>
            Exit seller panel
          </Button>
        </div>
      )}
      {children}
    </AppFrame>
  );
}
