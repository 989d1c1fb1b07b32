import { Link } from 'react-router-dom';
import { useScreenSession } from '../../../services/screen-services';
import { Alert, Card } from '../../kit';
import { SellerShell } from '../shell/seller-shell';

/** /orders_v2: where the beta guard sends accounts with beta features on (spec section 6). */
export function OrdersV2Screen() {
  const { account } = useScreenSession();
  const enabled = !!account?.betaFeaturesEnabled;
  return (
    <SellerShell>
      <div className="page">
        <div className="page-head">
          <h1>Orders</h1>
          <p>The new orders experience</p>
        </div>
        {enabled ? (
          <Alert tone="info">The new orders experience is enabled for this account.</Alert>
        ) : (
          <Alert tone="info">
            The new orders experience is not enabled for this account yet. Your orders are under{' '}
            <Link to="/orders">Orders</Link>.
          </Alert>
        )}
        <Card className="stack">
          <p className="m-0">
            {enabled
              ? 'Your account has early access to the redesigned orders area. '
              : 'Accounts with early access see the redesigned orders area here. '}
            Order lists, bulk shipping and tracking will appear here as they are released.
          </p>
          <p className="m-0">
            Meanwhile, start from <Link to="/home">Home</Link>.
          </p>
        </Card>
      </div>
    </SellerShell>
  );
}
