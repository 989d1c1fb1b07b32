import { useEffect } from 'react';
import { Link } from 'react-router-dom';
import { formatDate, formatRupees } from '../../../domain/format';
import { useHttp, useScreenSession } from '../../../services/screen-services';
import { API_DASHBOARD } from '../../../domain/dashboard-contract';
import { checkableRole, mayUse } from '../../../domain/permissions';
import { fetchDelayCounts } from '../../../services/delay-counts';
import { useOperation } from '../../hooks/use-operation';
import { useRequest } from '../../hooks/use-request';
import { existingRoutes } from '../../../routes/route-paths';
import { Badge, Card, Spinner, Stat } from '../../kit';
import { SellerShell } from '../shell/seller-shell';
import { PendingPickupDocuments } from './pending-pickup-documents';
import { DelayedOrders } from './delayed-orders';
import { HomeFigures } from './home-figures';
import { HomeChecklist } from './home-checklist';
import { offerTour } from '../../../services/home-tour';
import { labelOf } from '../../../domain/display-labels';

// /home: the seller landing, from the session's account info, with today's headline figures. The
// get-started area is the first stop of the guided tour (data-tour="tour-get-started"), which
// starts on a login's first visit. Links to areas not built yet are left out.

const QUICK_LINKS = existingRoutes([
  { to: '/orders', title: 'Create and ship orders', text: 'Add an order or sync your channels, then book a courier.' },
  { to: '/returns', title: 'Manage returns', text: 'Start a return pickup and follow it back to your warehouse.' },
  { to: '/setup', title: 'Set up your store', text: 'Products, packages, couriers and marketplaces.' },
  { to: '/wallet', title: 'Recharge your wallet', text: 'Shipping charges are paid from your wallet.' },
  { to: '/help', title: 'Get help', text: 'Raise a ticket and track its resolution.' },
  { to: '/profile', title: 'Your profile', text: 'Edit your personal and company details.' },
]);

export function HomeScreen() {
  const { account, claims } = useScreenSession();
  const http = useHttp();
  const who = checkableRole(account, claims);
  // the checklist and today's figures are for a login that may see orders
  const ordersSeen = !!who && mayUse(who.role, who.permissions, 'orders.view');
  const checklist = useOperation(API_DASHBOARD.checklist, {}, { load: ordersSeen });
  const today = useOperation(API_DASHBOARD.home, {}, { load: ordersSeen });
  const delays = useRequest(() => fetchDelayCounts(http), { load: true });
  // what follows the account's figures appears at once, when the sections' reads have answered
  // (or failed): shown as each answered, every section pushed the ones below it down the screen
  const settled = !!account && ![checklist, today, delays].some((read) => read.loading);
  const seen = account?.homeTourSeen;
  useEffect(() => {
    if (seen !== undefined) offerTour(seen);
  }, [seen]);
  return (
    <SellerShell>
      <div className="page">
        {/* the greeting paints at once, the name as the account arrives; the account's figures wait
            for it, and the sections' reads are asked meanwhile */}
        <div className="page-head">
          <h1>{account ? `Namaste, ${account.firstName} ${account.lastName}` : 'Namaste'}</h1>
          {account && (
            <p className="row">
              {account.companyName && <span>{account.companyName}</span>}
              <Badge>{labelOf('plan', account.subscriptionType)}</Badge>
              {account.subscriptionExpiryDate && (
                <span className="small-print">Plan renews {formatDate(account.subscriptionExpiryDate)}</span>
              )}
            </p>
          )}
        </div>
        {!account ? (
          <Spinner label="Loading your account" />
        ) : (
          <div className="grid-stats">
            <Stat label="Wallet balance" value={formatRupees(account.walletBalancePaise)} />
            <Stat label="Plan" value={labelOf('plan', account.subscriptionType)} />
            <Stat
              label="KYC"
              value={
                <Badge tone={account.kycVerified ? 'success' : 'warning'}>
                  {account.kycVerified ? 'Verified' : 'Not verified'}
                </Badge>
              }
            />
            <Stat label="Wallet type" value={account.postpaidWallet ? 'Postpaid' : 'Prepaid'} />
          </div>
        )}
        {settled ? (
          <div className="page-sections">
            <HomeChecklist list={checklist.data} />
            <HomeFigures stats={today.data} />
            <DelayedOrders counts={delays.data} />
            <PendingPickupDocuments />
            <section aria-labelledby="get-started" data-tour="tour-get-started">
              <h2 id="get-started">Get started</h2>
              <div className="grid-cards">
                {QUICK_LINKS.map((q) => (
                  <Card key={q.to} className="stack">
                    <Link to={q.to}>
                      <strong>{q.title}</strong>
                    </Link>
                    <span className="muted">{q.text}</span>
                  </Card>
                ))}
              </div>
            </section>
          </div>
        ) : (
          account && <Spinner label="Loading today’s figures" />
        )}
      </div>
    </SellerShell>
  );
}
