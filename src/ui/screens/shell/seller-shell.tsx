import type { ReactNode } from 'react';
import { useNavigate } from 'react-router-dom';
import { isAdminSubject } from '../../../domain/access';
import { closeThisPopup } from '../../../services/popup';
import { useScreenSession } from '../../../services/screen-services';
import { existingRoutes } from '../../../routes/route-paths';
import { AppFrame, type FrameItem } from '../../kit/app-frame';
import { Button } from '../../kit';
import { mayUse, SELF, type RoutePermission } from '../../../domain/permissions';
import { planAllowsFeature } from '../../../domain/plans';
import { NotificationBell } from './notification-bell';
import { SellerNotices } from './seller-notices';
import { WalletBadge } from './wallet-badge';
import { TOUR_TEXT } from '../../../domain/home-tour';
import { startTour } from '../../../services/home-tour';
import { useTourDrawer } from '../../../services/tour-drawer';

// The seller app frame. The menu order is the guided tour's (spec section 1): Home, Dashboard,
// Orders (3rd), Returns (4th), Setup (5th), then Help, Wallet and Profile. Areas that do not
// exist yet keep their place here and are not shown until their path is in the route table.
// Help is a menu: the help desk, and the guided tour taken again (it starts on the home page).

type MenuItem = FrameItem & { needs?: RoutePermission };

const MENU: MenuItem[] = [
  { to: '/home', label: 'Home', needs: SELF },
  { to: '/dashboard', label: 'Dashboard', needs: 'orders.view' },
  { to: '/orders', label: 'Orders', tour: 'tour-orders', needs: 'orders.view' },
  { to: '/returns', label: 'Returns', tour: 'tour-returns', needs: 'returns.view' },
  { to: '/setup', label: 'Setup', tour: 'tour-setup', needs: 'setup.view' },
  // after the tour's items, so their places stay
  { to: '/ndr', label: 'NDR', needs: 'ndr.view' },
  { to: '/disputes', label: 'Disputes', needs: 'billing.view' },
  { to: '/weight-discrepancies', label: 'Weight', needs: 'billing.view' },
  { to: '/wallet/cod-remittance', label: 'COD remittance', needs: 'wallet.view' },
  { to: '/reports', label: 'Reports', needs: 'reports.view' },
  { to: '/channels', label: 'Channels', needs: 'setup.view' },
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
  const navigate = useNavigate();
  const drawerPinned = useTourDrawer();
  const exitPanel = () => {
    session.logout();
    closeThisPopup();
  };
  return (
    <AppFrame
      homeTo="/home"
      // staff in the seller panel do not close the seller's banners nor read its notes
      top={!panel && <SellerNotices />}
      headerEnd={<NotificationBell />}
      items={allowed(MENU, account)}
      drawerPinned={drawerPinned}
      help={{
        label: 'Help',
        tour: 'tour-help',
        links: allowed<MenuItem>([{ to: '/help', label: 'Help desk', needs: SELF }], account),
        actions: [
          {
            label: TOUR_TEXT.replay,
            onSelect: () => {
              navigate('/home');
              startTour();
            },
          },
        ],
      }}
      endItems={allowed<MenuItem>(
        [
          {
            to: '/wallet',
            needs: 'wallet.view',
            tour: 'tour-wallet',
            // what can be spent, the API's figure; what is held (and for what) stays in sight
            label: <WalletBadge account={account} />,
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
            { to: '/api-keys', label: 'API keys', needs: 'apikeys.manage' },
            { to: '/webhooks', label: 'Webhooks', needs: 'apikeys.manage' },
            // Premium's own rate card: the page's guard sends other plans to the plan that opens it
            ...(planAllowsFeature(account?.subscriptionType ?? '', 'customPricing')
              ? [{ to: '/tools/rate-card', label: 'My rate card', needs: 'orders.view' as const }]
              : []),
            // the owner's alone (no permission opens it)
            { to: '/sub-sellers', label: 'Sub-sellers', needs: undefined },
            { to: '/settings', label: 'Settings' },
            { to: '/whats-new', label: "What's new" },
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
