import { Link, useParams } from 'react-router-dom';
import { API_COD } from '../../../domain/cod-contract';
import { useOperation } from '../../hooks/use-operation';
import { Card, Loadable } from '../../kit';
import { Breadcrumb } from '../../kit/breadcrumb';
import { SellerShell } from '../shell/seller-shell';
import { PayoutFacts, PayoutLines, payoutDay } from './cod-parts';

// /wallet/cod-remittance/:payoutId: one payout, its shipments (carrier partner, amount to be
// remitted, amount remitted, date) and its fee and deduction lines.

export function CodPayoutScreen() {
  const { payoutId = '' } = useParams();
  if (!/^\d{1,9}$/.test(payoutId))
    return (
      <SellerShell>
        <div className="page stack">
          <h1>COD payout not found</h1>
          <Link to="/wallet/cod-remittance">Back to COD remittance</Link>
        </div>
      </SellerShell>
    );
  return <PayoutPage key={payoutId} id={Number(payoutId)} />;
}

function PayoutPage({ id }: { id: number }) {
  const payout = useOperation(API_COD.payout, { params: { payoutId: id } }, { load: true });
  const d = payout.data;
  return (
    <SellerShell>
      <div className="page stack">
        <Breadcrumb to="/wallet/cod-remittance" label="COD remittance">
          {d ? `Payout of ${payoutDay(d.payout.payoutDate)}` : `Payout ${id}`}
        </Breadcrumb>
        <Loadable loading={payout.loading} error={payout.error} onRetry={payout.retry}>
          {() =>
            d && (
              <div className="stack">
                <header className="page-head">
                  <h1>COD payout of {payoutDay(d.payout.payoutDate)}</h1>
                </header>
                <Card>
                  <PayoutFacts p={d.payout} />
                </Card>
                <PayoutLines d={d} />
              </div>
            )
          }
        </Loadable>
      </div>
    </SellerShell>
  );
}
