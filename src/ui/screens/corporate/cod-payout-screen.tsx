import { useStaffCodPayout } from '../../../services/use-staff-cod-payout';
import { Alert, Button, Card, TextField } from '../../kit';
import { PayoutFacts, PayoutLines, payoutDay } from '../cod/cod-parts';
import { StaffDetailFrame, StaffDetailRoute, type StaffList } from './staff-detail';
import { PayoutBankDetailsCard } from './payout-bank-details';

// /dakiya/cod-remittance/:payoutId: one payout and its lines; waiting for transfer: mark it paid
// with the bank's UTR and comments (its whole bank account shown when asked, audited), or hold it
// with a reason; held by staff: release it.

const LIST: StaffList = { to: '/dakiya/cod-remittance', label: 'COD remittance' };

export function StaffCodPayoutScreen() {
  return <StaffDetailRoute param="payoutId" what="COD payout" list={LIST} page={(id) => <PayoutPage id={id} />} />;
}

function PayoutPage({ id }: { id: number }) {
  const [state, send] = useStaffCodPayout(id);
  const { detail: d, utr, comments, holdReason, error } = state.context;
  const busy = state.matches('working');
  return (
    <StaffDetailFrame
      list={LIST}
      crumb={<>Payout {id}</>}
      loading={state.matches('loading')}
      error={state.matches('loadFailed') ? error : null}
      onRetry={() => send({ type: 'RETRY' })}
    >
      {() =>
        d && (
          <div className="stack">
            <header className="page-head">
              <h1>
                {d.payout.sellerName}: payout of {payoutDay(d.payout.payoutDate)}
              </h1>
            </header>
            <Card>
              <PayoutFacts p={d.payout} />
            </Card>
            {d.payout.method === 'BANK' && d.payout.status !== 'PAID' && <PayoutBankDetailsCard payoutId={id} />}
            {(state.matches({ viewing: 'awaiting' }) || (busy && d.payout.status === 'AWAITING_TRANSFER')) && (
              <div className="grid-cards">
                <Card className="stack">
                  <h2>Mark paid</h2>
                  <TextField
                    label="UTR"
                    value={utr}
                    autoComplete="off"
                    onChange={(e) => send({ type: 'UTR', value: e.currentTarget.value })}
                  />
                  <TextField
                    label="Comments"
                    value={comments}
                    onChange={(e) => send({ type: 'COMMENTS', value: e.currentTarget.value })}
                  />
                  <Button busy={busy} onClick={() => send({ type: 'MARK_PAID' })}>
                    Mark paid
                  </Button>
                </Card>
                <Card className="stack">
                  <h2>Hold</h2>
                  <TextField
                    label="Hold reason"
                    value={holdReason}
                    onChange={(e) => send({ type: 'HOLD_REASON', value: e.currentTarget.value })}
                  />
                  <Button variant="danger" busy={busy} onClick={() => send({ type: 'HOLD' })}>
                    Hold payout
                  </Button>
                </Card>
              </div>
            )}
            {state.matches({ viewing: 'staffHold' }) && (
              <Button busy={busy} onClick={() => send({ type: 'RELEASE' })}>
                Release the hold
              </Button>
            )}
            {state.matches({ viewing: 'gateHold' }) && (
              <Alert tone="info">The cycle releases this payout once the seller completes what holds it.</Alert>
            )}
            {error && <Alert>{error}</Alert>}
            <PayoutLines d={d} />
          </div>
        )
      }
    </StaffDetailFrame>
  );
}
