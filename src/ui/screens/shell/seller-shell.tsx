import type { ReactNode } from 'react';
import { formatRupees } from '../../../domain/format';
import { isAdminSubject } from '../../../domain/access';
import { closeThisPopup } from '../../../services/popup';
import { useScreenSession } from '../../../services/screen-services';
import { existingRoutes } from '../../../routes/route-paths';
import { AppFrame, type FrameItem } from '../../kit/app-frame';
import { Button } from '../../kit';
import { mayUse, SELF, type RoutePermission } from '../../../domain/permissions';

// The seller app frame. The menu order is the guided tour's (spec section 1): Home, Dashboard,
// Orders (3rd), Returns (4th), Setup (5th), then Help, Wallet and Profile. Areas that do not
// exist yet (Dashboard, Returns, Help, Profile) keep their place here and are not shown until
// their path is in the route table.

type MenuItem = FrameItem & { needs?: RoutePermission };

const MENU: MenuItem[] = [
  { to: '/home', label: 'Home', needs: SELF },
  { to: '/dashboard', label: 'Dashboard', needs: SELF },
  { to: '/orders', label: 'Orders', tour: 'tour-orders', needs: 'orders.view' },
  { to: '/returns', label: 'Returns', tour: 'tour-returns', needs: 'returns.view' },
  { to: '/setup', label: 'Setup', tour: 'tour-setup', needs: 'setup.view' },
  // after the tour's items, so their places stay
  { to: '/ndr', label: 'NDR', needs: 'ndr.view' },
  { to: '/disputes', label: 'Disputes', needs: 'billing.view' },
  { to: '/weight-discrepancies', label: 'Weight', needs: 'billing.view' },
  { to: '/wallet/cod-remittance', label: 'COD remittance', needs: 'wallet.view' },
  { to: '/reports', label: 'Reports', needs: 'reports.view' },
];

/** A menu shows only what the user's role allows (the server refuses the rest anyway). */
function allowed<T extends { to: string; needs?: RoutePermission }>(
  items: readonly T[],
  account: { role: string; permissions: string[] } | null | undefined,
): T[] {
  return existingRoutes(items).filter(
    (i) => !account || mayUse(account.role, account.permissions, 'needs' in i ? i.needs : SELF),
  );
}

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
      items={allowed(MENU, account)}
      endItems={allowed<MenuItem>(
        [
          { to: '/help', label: 'Help', tour: 'tour-help' },
          {
            to: '/wallet',
            needs: 'wallet.view',
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
        ],
        account,
      )}
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
        links: allowed<MenuItem>(
          [
            { to: '/profile', label: 'Profile' },
            { to: '/kyc', label: 'KYC', needs: 'kyc.view' },
            { to: '/bank-accounts', label: 'Bank accounts', needs: 'kyc.view' },
            { to: '/team', label: 'Team', needs: 'users.manage' },
            { to: '/plan', label: 'Plan and billing', needs: 'billing.view' },
            // the owner's alone (no permission opens it)
            { to: '/sub-sellers', label: 'Sub-sellers', needs: undefined },
            { to: '/settings', label: 'Settings' },
            { to: '/change_password', label: 'Change password' },
          ],
          account,
        ),
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
