import type { ReactNode } from 'react';
import { useNavigate } from 'react-router-dom';
import { isAdminSubject } from '../../../domain/access';
import { closeThisPopup } from '../../../services/popup';
import { useScreenSession } from '../../../services/screen-services';
import { existingRoutes } from '../../../routes/route-paths';
import { AppFrame, type FrameEntry, type FrameGroup, type FrameItem } from '../../kit/app-frame';
import { withPlanBadge } from '../../kit/plan-gate';
import { Button } from '../../kit';
import { mayUse, SELF, type RoutePermission } from '../../../domain/permissions';
import { planLockFor, type PlanFeature } from '../../../domain/plans';
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

type MenuItem = FrameItem & { needs?: RoutePermission; feature?: PlanFeature };
type MenuGroup = Omit<FrameGroup, 'links'> & { links: MenuItem[] };

// Grouped so the row holds on one line at 1280 px whatever the balance (docs/decisions/seller-menu.md):
// the shipment's problems under Orders, the business set-up under Setup, the money under Wallet.
const MENU: (MenuItem | MenuGroup)[] = [
  { to: '/home', label: 'Home', needs: SELF },
  { to: '/dashboard', label: 'Dashboard', needs: 'orders.view' },
  {
    key: 'orders',
    label: 'Orders',
    tour: 'tour-orders',
    links: [
      { to: '/orders', label: 'All orders', needs: 'orders.view' },
      { to: '/b2b/orders', label: 'B2B orders', needs: 'orders.view' },
      { to: '/ndr', label: 'NDR', needs: 'ndr.view' },
      { to: '/rto', label: 'RTO', needs: 'ndr.view' },
      { to: '/pickups', label: 'Pickups', needs: 'orders.view' },
      { to: '/weight-discrepancies', label: 'Weight discrepancies', needs: 'billing.view' },
      { to: '/disputes', label: 'Disputes', needs: 'billing.view' },
      { to: '/tools/rate-calculator', label: 'Rate calculator', needs: 'orders.view' },
      { to: '/tools/rate-card', label: 'My rate card', needs: 'orders.view', feature: 'customPricing' },
    ],
  },
  { to: '/returns', label: 'Returns', tour: 'tour-returns', needs: 'returns.view' },
  {
    key: 'setup',
    label: 'Setup',
    tour: 'tour-setup',
    links: [
      { to: '/setup', label: 'Setup overview', needs: 'setup.view' },
      { to: '/channels', label: 'Channels', needs: 'setup.view' },
      { to: '/tools/courier-preferences', label: 'Courier preferences', needs: 'setup.view' },
      { to: '/setup/cod-verification', label: 'COD verification', needs: 'setup.view', feature: 'codVerification' },
      { to: '/setup/payment-modes', label: 'Payment modes', needs: 'setup.view', feature: 'customPaymentModes' },
    ],
  },
  {
    key: 'reports',
    label: 'Reports',
    links: [
      { to: '/reports', label: 'All reports', needs: 'reports.view' },
      { to: '/reports/pincodes', label: 'Pincode performance', needs: 'reports.view' },
    ],
  },
];

const isMenuGroup = (e: MenuItem | MenuGroup): e is MenuGroup => 'links' in e;

/**
 * A menu shows only what the user's role allows (the server refuses the rest anyway). A page the
 * plan does not include stays, with the badge of the plan that opens it: it opens the upgrade path.
 */
function allowed<T extends { to: string; needs?: RoutePermission; feature?: PlanFeature; label: FrameItem['label'] }>(
  items: readonly T[],
  account: { role: string; permissions: string[]; subscriptionType?: string } | null | undefined,
): T[] {
  return existingRoutes(items)
    .filter((i) => !account || mayUse(account.role, account.permissions, 'needs' in i ? i.needs : SELF))
    .map((i) =>
      i.feature ? { ...i, label: withPlanBadge(i.label, planLockFor(account?.subscriptionType, i.feature)) } : i,
    );
}

/** Groups keep their allowed links; a group left with none is not shown. */
function allowedEntries(
  entries: readonly (MenuItem | MenuGroup)[],
  account: Parameters<typeof allowed>[1],
): FrameEntry[] {
  return entries.flatMap((e): FrameEntry[] => {
    if (!isMenuGroup(e)) return allowed([e], account);
    const links = allowed(e.links, account);
    return links.length ? [{ ...e, links }] : [];
  });
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
      items={allowedEntries(MENU, account)}
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
      endItems={allowedEntries(
        [
          {
            key: 'wallet',
            tour: 'tour-wallet',
            // what can be spent, the API's figure; what is held (and for what) stays in sight
            label: <WalletBadge account={account} />,
            links: [
              { to: '/wallet', label: 'Wallet', needs: 'wallet.view' },
              { to: '/wallet/statements', label: 'Statements', needs: 'wallet.view' },
              { to: '/wallet/cod-remittance', label: 'COD remittance', needs: 'wallet.view' },
            ],
          },
        ],
        account,
      )}
      profile={{
        // a long name gives way (the whole name heads the menu); the row stays one line
        label: (
          <span className="menu-label-clip" title={name}>
            {name}
          </span>
        ),
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
            { to: '/team', label: 'Team', needs: 'users.manage', feature: 'multiUser' },
            { to: '/plan', label: 'Plan and billing', needs: 'billing.view' },
            // Premium is the top plan: nothing above it
            ...(account?.subscriptionType === 'PREMIUM'
              ? []
              : [{ to: '/upgrade', label: 'Upgrade plan', needs: 'billing.view' as const }]),
            { to: '/api-keys', label: 'API keys', needs: 'apikeys.manage', feature: 'openApi' },
            { to: '/webhooks', label: 'Webhooks', needs: 'apikeys.manage', feature: 'openApi' },
            // the owner's alone (no permission opens it)
            { to: '/sub-sellers', label: 'Sub-sellers', needs: undefined, feature: 'subSellers' },
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
