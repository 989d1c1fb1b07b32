import { Link } from 'react-router-dom';
import { formatRupees } from '../../../domain/format';
import { heldPurposesText } from '../../../domain/spendable';
import type { SpendableWalletAnswer } from '../../../domain/spendable-wallet';
import { Stat } from '../../kit';

// The wallet's money as the server read it: what can be spent first, then the balance, what is
// held and for what (with the way to the disputes), and the credit limit of a postpaid wallet.
// Every figure is the API's; none is worked out here.

export function SpendableStats({ wallet: w }: { wallet: SpendableWalletAnswer | null | undefined }) {
  return (
    <>
      <Stat
        label="Available to spend"
        value={<span data-testid="wallet-spendable">{w ? formatRupees(w.spendablePaise) : '…'}</span>}
      />
      <Stat
        label="Wallet balance"
        value={<span data-testid="wallet-balance">{w ? formatRupees(w.balancePaise) : '…'}</span>}
      />
      {w && w.heldPaise > 0 && (
        <Stat
          label="Held"
          value={
            <span data-testid="wallet-held">
              {formatRupees(w.heldPaise)}
              <span className="small-print stat-note">
                {heldPurposesText(w.heldFor)}
                {w.heldFor.some((h) => h.purpose === 'WEIGHT_DISPUTE') && (
                  <>
                    {' '}
                    · <Link to="/weight-discrepancies">See the disputes</Link>
                  </>
                )}
              </span>
            </span>
          }
        />
      )}
      {w && w.creditLimitPaise > 0 && (
        <Stat
          label="Credit limit"
          value={<span data-testid="wallet-credit-limit">{formatRupees(w.creditLimitPaise)}</span>}
        />
      )}
    </>
  );
}
