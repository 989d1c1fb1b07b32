import { useState } from 'react';
import {
  API_BANK,
  changeNeedsOtp,
  type BankAccountList,
  type BankAccountRow,
  type BankChange,
} from '../../../domain/bank-contract';
import { formatDateTime, formatRupees } from '../../../domain/format';
import { notify } from '../../../services/notify';
import { useBankChange } from '../../../services/use-bank-verification';
import { useOperation } from '../../hooks/use-operation';
import { Alert, Badge, Button, Card, Dialog, Loadable } from '../../kit';
import { SellerShell } from '../shell/seller-shell';
import { BankAccountDialog } from './bank-account-dialog';
import { BankChangeSteps } from './bank-change-steps';

// /bank-accounts: the seller's bank accounts for COD remittance, each masked to its last 4
// digits, with its verification; add and verify one (the bank-verification machine), make a
// verified one primary or remove one (the bank-change machine, with the owner's OTP when the
// change touches a verified account).

const TONE = { VERIFIED: 'success', UNVERIFIED: 'warning', NAME_MISMATCH: 'danger', INVALID: 'danger' } as const;

type Open =
  { kind: 'verify'; account: BankAccountRow | null } | { kind: 'change'; change: BankChange; account: BankAccountRow };

function ChangeDialog({
  change,
  account,
  needsOtp,
  onClose,
}: {
  change: BankChange;
  account: BankAccountRow;
  needsOtp: boolean;
  onClose: (done: boolean) => void;
}) {
  const [state, , actor] = useBankChange(change, account.bankAccountId, needsOtp);
  const title = change === 'PRIMARY' ? 'Make primary account' : 'Remove bank account';
  const done = state.matches('done');
  return (
    <Dialog
      open
      onOpenChange={(o) => !o && onClose(done)}
      title={title}
      description={`${account.bankName} ${account.accountNumberMasked} (IFSC ${account.ifsc})`}
    >
      {done ? (
        <div className="stack">
          <Alert tone="info">
            {change === 'PRIMARY'
              ? 'This is now your primary account. COD remittance is paid into it.'
              : 'The account was removed.'}
          </Alert>
          <div className="row dialog-actions">
            <Button onClick={() => onClose(true)}>Close</Button>
          </div>
        </div>
      ) : (
        <BankChangeSteps actor={actor} confirmLabel={change === 'PRIMARY' ? 'Make primary' : 'Remove'} />
      )}
    </Dialog>
  );
}

export function BankAccountsScreen() {
  const list = useOperation(API_BANK.accounts, {}, { load: true });
  const [open, setOpen] = useState<Open | null>(null);
  const data: BankAccountList | null = list.data ?? null;
  const close = (reload = true) => {
    setOpen(null);
    if (reload) list.run();
  };
  return (
    <SellerShell>
      <div className="page stack">
        <div className="page-head">
          <h1>Bank accounts</h1>
          <p>COD remittance is paid into your primary account. Each account is verified with your bank first.</p>
        </div>
        <Loadable loading={list.loading && !data} error={list.error} onRetry={() => list.run()}>
          {() =>
            data && (
              <div className="stack">
                {data.canChange ? (
                  <div className="row">
                    <Button onClick={() => setOpen({ kind: 'verify', account: null })}>Add bank account</Button>
                  </div>
                ) : (
                  <Alert tone="info">Only the account owner can add or change bank accounts.</Alert>
                )}
                {data.accounts.length === 0 && (
                  <p className="muted">No bank account yet. Add one to receive COD remittance.</p>
                )}
                <div className="grid-cards">
                  {data.accounts.map((a) => (
                    <Card key={a.bankAccountId} aria-label={`${a.bankName} ${a.accountNumberMasked}`} className="stack">
                      <div className="row">
                        <h2 className="h3">{a.bankName}</h2>
                        <Badge tone={TONE[a.status]}>{a.statusText}</Badge>
                        {a.isPrimary && <Badge>Primary</Badge>}
                      </div>
                      <dl className="details">
                        <dt>Account number</dt>
                        <dd>{a.accountNumberMasked}</dd>
                        <dt>IFSC</dt>
                        <dd>{a.ifsc}</dd>
                        <dt>Branch</dt>
                        <dd>{a.branch ?? '—'}</dd>
                        <dt>Account holder</dt>
                        <dd>{a.holderName}</dd>
                        {a.nameAtBank && (
                          <>
                            <dt>Name at the bank</dt>
                            <dd>{a.nameAtBank}</dd>
                          </>
                        )}
                        {a.status === 'VERIFIED' && a.verifiedAt && (
                          <>
                            <dt>Verified</dt>
                            <dd>
                              {formatDateTime(a.verifiedAt)}
                              {a.creditedPaise !== null && ` (${formatRupees(a.creditedPaise)} credited)`}
                            </dd>
                          </>
                        )}
                      </dl>
                      {data.canChange && (
                        <div className="row">
                          {a.status !== 'VERIFIED' && (
                            <Button variant="secondary" onClick={() => setOpen({ kind: 'verify', account: a })}>
                              Verify
                            </Button>
                          )}
                          {a.status === 'VERIFIED' && !a.isPrimary && (
                            <Button
                              variant="secondary"
                              onClick={() => setOpen({ kind: 'change', change: 'PRIMARY', account: a })}
                            >
                              Make primary
                            </Button>
                          )}
                          {!a.isPrimary && (
                            <Button
                              variant="ghost"
                              onClick={() => setOpen({ kind: 'change', change: 'REMOVE', account: a })}
                            >
                              Remove
                            </Button>
                          )}
                        </div>
                      )}
                    </Card>
                  ))}
                </div>
              </div>
            )
          }
        </Loadable>
      </div>
      {open?.kind === 'verify' && data && (
        <BankAccountDialog
          account={open.account}
          primaryNeedsOtp={changeNeedsOtp('PRIMARY', { status: 'VERIFIED' }, data.accounts)}
          onClose={() => close()}
        />
      )}
      {open?.kind === 'change' && data && (
        <ChangeDialog
          change={open.change}
          account={open.account}
          needsOtp={changeNeedsOtp(open.change, open.account, data.accounts)}
          onClose={(done) => {
            if (done)
              notify({
                kind: 'info',
                message: open.change === 'PRIMARY' ? 'Primary account changed' : 'Bank account removed',
              });
            close(done);
          }}
        />
      )}
    </SellerShell>
  );
}
