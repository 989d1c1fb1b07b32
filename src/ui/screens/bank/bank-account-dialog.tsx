import type { ActorRefFrom } from 'xstate';
import type { BankAccountRow } from '../../../domain/bank-contract';
import { formatRupees } from '../../../domain/format';
import type { bankChangeMachine } from '../../../machines/bank-change.machine';
import type { BankField } from '../../../machines/bank-verification.machine';
import { useBankVerification } from '../../../services/use-bank-verification';
import { Alert, Button, Dialog, Spinner, TextField } from '../../kit';
import { BankChangeSteps } from './bank-change-steps';

// Add and verify one bank account (the bank-verification machine): the form, the details to
// confirm, the penny drop's answer, and making it the primary account.

const FIELDS: { field: BankField; label: string; hint?: string; type?: string; inputMode?: 'numeric' }[] = [
  { field: 'ifsc', label: 'IFSC', hint: '11 characters, for example HDFC0001234 (on your cheque book or passbook)' },
  { field: 'accountNumber', label: 'Account number', type: 'password', inputMode: 'numeric' },
  { field: 'confirmAccountNumber', label: 'Account number (again)', inputMode: 'numeric' },
  { field: 'accountHolderName', label: "Account holder's name", hint: 'As the bank has it' },
];

function Summary({ account }: { account: BankAccountRow }) {
  return (
    <dl className="details">
      <dt>Bank</dt>
      <dd>{account.bankName}</dd>
      <dt>Branch</dt>
      <dd>{account.branch ?? '—'}</dd>
      <dt>IFSC</dt>
      <dd>{account.ifsc}</dd>
      <dt>Account number</dt>
      <dd>{account.accountNumberMasked}</dd>
      <dt>Account holder</dt>
      <dd>{account.holderName}</dd>
    </dl>
  );
}

export function BankAccountDialog({
  account,
  primaryNeedsOtp,
  onClose,
}: {
  account: BankAccountRow | null;
  primaryNeedsOtp: boolean;
  onClose: () => void;
}) {
  const [state, send] = useBankVerification(account, primaryNeedsOtp);
  const c = state.context;
  const title = state.matches('editing') || state.matches('saving') ? 'Add bank account' : 'Verify bank account';
  const child = state.children.makePrimary as ActorRefFrom<typeof bankChangeMachine> | undefined;
  const edit = (
    <Button variant="secondary" onClick={() => send({ type: 'EDIT' })}>
      Edit details
    </Button>
  );
  return (
    <Dialog open onOpenChange={(o) => !o && onClose()} title={title} wide>
      {(state.matches('editing') || state.matches('saving')) && (
        <form
          noValidate
          aria-label="Bank account details"
          className="stack"
          onSubmit={(e) => {
            e.preventDefault();
            send({ type: 'SAVE' });
          }}
        >
          {FIELDS.map((f) => (
            <TextField
              key={f.field}
              label={f.label}
              name={f.field}
              type={f.type ?? 'text'}
              inputMode={f.inputMode}
              autoComplete="off"
              value={c.form[f.field]}
              error={c.fieldErrors[f.field]}
              hint={
                f.field === 'ifsc' && c.bank
                  ? `${c.bank.bankName}${c.bank.branch ? `, ${c.bank.branch}` : ''}`
                  : f.field === 'ifsc' && state.matches({ editing: 'lookingUp' })
                    ? 'Looking up the bank…'
                    : f.hint
              }
              onChange={(e) => send({ type: 'FIELD', field: f.field, value: e.target.value })}
            />
          ))}
          {c.error && <Alert>{c.error}</Alert>}
          <div className="row dialog-actions">
            <Button type="submit" busy={state.matches('saving')}>
              Save and continue
            </Button>
            <Button variant="secondary" onClick={onClose}>
              Cancel
            </Button>
          </div>
        </form>
      )}
      {state.matches('confirm') && c.account && (
        <div className="stack">
          <Summary account={c.account} />
          <p>To verify it, we credit ₹1 to this account and ask the bank for the holder’s name.</p>
          {c.error && <Alert>{c.error}</Alert>}
          <div className="row dialog-actions">
            <Button onClick={() => send({ type: 'VERIFY' })}>Verify account</Button>
            {edit}
          </div>
        </div>
      )}
      {state.matches('verifying') && <Spinner label="Verifying with your bank" />}
      {state.matches('nameMismatch') && c.verification && (
        <div className="stack">
          <Alert>{c.verification.message}</Alert>
          <p>Correct the holder’s name to the one your bank holds, or add an account in your own name.</p>
          <div className="row dialog-actions">{edit}</div>
        </div>
      )}
      {state.matches('refused') && c.verification && (
        <div className="stack">
          <Alert>{c.verification.message}</Alert>
          <div className="row dialog-actions">{edit}</div>
        </div>
      )}
      {state.matches('providerDown') && c.verification && (
        <div className="stack">
          <Alert tone="warning">{c.verification.message}</Alert>
          <div className="row dialog-actions">
            <Button onClick={() => send({ type: 'RETRY' })}>Try again</Button>
            {edit}
          </div>
        </div>
      )}
      {(state.matches('verified') || state.matches('primary')) && c.account && (
        <div className="stack">
          <Alert tone="info">
            {c.verification?.message ??
              `Verified${c.account.creditedPaise !== null ? `: ${formatRupees(c.account.creditedPaise)} credited` : ''}`}
          </Alert>
          <Summary account={c.account} />
          {state.matches('primary') || c.account.isPrimary ? (
            <p>
              <strong>This is your primary account.</strong> COD remittance is paid into it.
            </p>
          ) : (
            <p>Make it your primary account to receive COD remittance in it.</p>
          )}
          <div className="row dialog-actions">
            {state.matches('verified') && !c.account.isPrimary && (
              <Button onClick={() => send({ type: 'MAKE_PRIMARY' })}>Make primary</Button>
            )}
            <Button variant="secondary" onClick={onClose}>
              Close
            </Button>
          </div>
        </div>
      )}
      {state.matches('makingPrimary') && child && <BankChangeSteps actor={child} confirmLabel="Make primary" />}
    </Dialog>
  );
}
