import { useSelector } from '@xstate/react';
import { useAddressVerification } from '../../../services/use-address-verification';
import { useEffect } from 'react';
import type { PickupAddressRow } from '../../../domain/setup-contract';
import { resendLabel } from '../../../domain/format';
import { notify } from '../../../services/notify';
import { Alert, Button, Dialog } from '../../kit';
import { OtpInput } from '../../kit/otp-input';

// Verify a pickup address's phone: the code goes out on opening; enter 6 digits; resend after
// the 60-second lockout. Behaviour is the address-verification machine (with the otp-timer
// machine as its resend timer).

export function VerifyPhoneDialog({
  address,
  onClose,
  onVerified,
}: {
  address: PickupAddressRow;
  onClose: () => void;
  onVerified: () => void;
}) {
  const [state, send, actor] = useAddressVerification(address);
  const timer = useSelector(actor, (s) => s.children.resendTimer);
  const timerState = useSelector(timer!, (s) => ({
    sending: s.matches('sending'),
    locked: s.matches('locked'),
    remaining: s.context.remaining,
    message: s.context.message,
  }));
  const verified = state.matches('verified');
  useEffect(() => {
    if (!verified) return;
    notify({ kind: 'info', message: `Phone +91 ${address.phoneNumber} verified. You can ship from this address` });
    onVerified();
  }, [verified, address.phoneNumber, onVerified]);
  return (
    <Dialog
      open
      onOpenChange={(o) => !o && onClose()}
      title="Verify pickup phone"
      description={`A 6-digit code goes by SMS to +91 ${address.phoneNumber}.`}
    >
      <form
        aria-label="Verify pickup phone"
        onSubmit={(e) => {
          e.preventDefault();
          send({ type: 'VERIFY' });
        }}
      >
        {timerState.message && (
          <Alert tone={timerState.message.kind === 'error' ? 'error' : 'info'}>{timerState.message.text}</Alert>
        )}
        <OtpInput
          label="Verification code"
          length={6}
          value={state.context.code}
          onChange={(value) => send({ type: 'CODE', value })}
          invalid={!!state.context.error}
        />
        {state.context.error && (
          <p className="field-error" role="alert">
            {state.context.error}
          </p>
        )}
        <div className="row dialog-actions">
          <Button type="submit" busy={state.matches('verifying')} disabled={state.context.code.length !== 6}>
            Verify
          </Button>
          <Button
            variant="secondary"
            disabled={timerState.locked || timerState.sending}
            onClick={() => send({ type: 'RESEND' })}
          >
            {timerState.locked ? resendLabel(timerState.remaining) : timerState.sending ? 'Sending…' : 'Resend OTP'}
          </Button>
        </div>
      </form>
    </Dialog>
  );
}
