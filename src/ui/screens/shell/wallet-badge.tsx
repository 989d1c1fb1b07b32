import type { AccountInfo } from '../../../domain/account-contract';
import { formatRupees } from '../../../domain/format';
import { heldPurposesText, heldText } from '../../../domain/spendable';

// The header's wallet: what the seller can spend now (the account answer's figure, the same the
// checks use), and, while money is held, how much and for what, in words a screen reader says too.

export function WalletBadge({ account }: { account: AccountInfo | null }) {
  const w = account?.wallet;
  const spendable = w ? w.spendablePaise : account?.walletBalancePaise;
  const held = w && w.heldPaise > 0 ? heldText(w, w.heldFor) : null;
  return (
    <>
      Wallet{' '}
      <span className="badge" aria-label="available to spend" data-testid="header-spendable">
        {spendable === undefined ? '…' : formatRupees(spendable)}
      </span>
      {held && (
        <span className="small-print wallet-held-note" data-testid="header-held" title={held}>
          {`${formatRupees(w!.heldPaise)} held`}
          <span className="sr-only"> {heldPurposesText(w!.heldFor)}</span>
        </span>
      )}
    </>
  );
}
