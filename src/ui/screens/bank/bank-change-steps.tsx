import { useSelector } from '@xstate/react';
import type { ActorRefFrom } from 'xstate';
import { resendLabel } from '../../../domain/format';
import type { bankChangeMachine } from '../../../machines/bank-change.machine';
import type { otpTimerMachine } from '../../../machines/otp-timer.machine';
import { Alert, Button, Spinner } from '../../kit';
import { OtpInput } from '../../kit/otp-input';

// The owner's OTP step of a bank account change (the bank-change machine's snapshot): the code
// went to the owner's email and mobile; 6 digits confirm; resend after the 60-second lockout.

type ChangeActor = ActorRefFrom<typeof bankChangeMachine>;

function ResendButton({ timer, onResend }: { timer: ActorRefFrom<typeof otpTimerMachine>; onResend: () => void }) {
  const t = useSelector(timer, (s) => ({
    sending: s.matches('sending'),
    locked: s.matches('locked'),
    remaining: s.context.remaining,
    message: s.context.message,
  }));
  return (
    <>
      {t.message && <Alert tone={t.message.kind === 'error' ? 'error' : 'info'}>{t.message.text}</Alert>}
      <Button variant="secondary" disabled={t.locked || t.sending} onClick={onResend}>
        {t.locked ? resendLabel(t.remaining) : t.sending ? 'Sending…' : 'Resend OTP'}
      </Button>
    </>
  );
}

export function BankChangeSteps({ actor, confirmLabel }: { actor: ChangeActor; confirmLabel: string }) {
  const s = useSelector(actor, (x) => x);
  const timer = useSelector(actor, (x) => x.children.otpTimer as ActorRefFrom<typeof otpTimerMachine> | undefined);
  if (s.matches('applying')) return <Spinner label="Saving the change" />;
  if (s.matches('failed'))
    return (
      <div className="stack">
        <Alert>{s.context.error}</Alert>
        <div className="row">
          <Button onClick={() => actor.send({ type: 'RETRY' })}>Try again</Button>
        </div>
      </div>
    );
  if (s.matches('confirming'))
    return (
      <form
        className="stack"
        aria-label="Confirm with OTP"
        onSubmit={(e) => {
          e.preventDefault();
          actor.send({ type: 'CONFIRM' });
        }}
      >
        <p>For your security, enter the OTP we sent to your email and mobile to confirm this change.</p>
        <OtpInput
          label="OTP"
          length={6}
          value={s.context.code}
          onChange={(value) => actor.send({ type: 'CODE', value })}
          invalid={!!s.context.error}
        />
        {s.context.error && (
          <p className="field-error" role="alert">
            {s.context.error}
          </p>
        )}
        <div className="row dialog-actions">
          <Button type="submit" busy={s.matches({ confirming: 'applying' })}>
            {confirmLabel}
          </Button>
          {timer && <ResendButton timer={timer} onResend={() => actor.send({ type: 'RESEND' })} />}
        </div>
      </form>
    );
  return null;
}
