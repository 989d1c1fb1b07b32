import { useEffect, useState, type ReactNode } from 'react';
import { useSelector } from '@xstate/react';
import { type ActorRefFrom } from 'xstate';
import { otpTimerMachine } from '../../../machines/otp-timer.machine';
import { useKeptSignupDraft } from '../../../services/signup-draft-store';
import { signupFieldErrors, type SignupForm as Form } from '../../../domain/signup-checks';
import { LIMITS, PHONE_PREFIX } from '../../../domain/constants';
import { resendLabel } from '../../../domain/format';
import { ANALYTICS_EVENTS, trackEvent } from '../../../services/analytics';
import { Button, Checkbox, SelectField, TextField } from '../../kit';
import { InlineMessage } from './inline-message';
import { SignupFeedback } from './signup-feedback';
import { useSignup } from '../../../services/use-signup';

// Sign-up (login page form 3). Behaviour lives in signupMachine and its two otp-timer children.

type TimerActor = ActorRefFrom<typeof otpTimerMachine>;

export function SignupForm({ onLogin }: { onLogin: () => void }) {
  const [state, send, actor] = useSignup();
  useKeptSignupDraft(actor);
  // the sign-up form is open: a seller starts signing up (once per visit of the form)
  useEffect(() => trackEvent(ANALYTICS_EVENTS.signUp), []);
  const [touched, setTouched] = useState<Partial<Record<keyof Form, boolean>>>({});
  const { form, phoneVerified, emailVerified, referralSources, message } = state.context;
  const errors = signupFieldErrors(form);
  const shown = (field: keyof Form) => (touched[field] ? errors[field] : undefined);
  const change = (field: keyof Form, value: string | number | boolean | null) => send({ type: 'CHANGE', field, value });
  const touch = (field: keyof Form) => () => setTouched((t) => ({ ...t, [field]: true }));
  const text = (field: keyof Form, label: string, extra: Record<string, unknown> = {}) => (
    <TextField
      label={label}
      value={String(form[field] ?? '')}
      onChange={(e) => change(field, e.target.value)}
      onBlur={touch(field)}
      error={shown(field)}
      {...extra}
    />
  );

  return (
    <>
      <form
        aria-label="Sign up"
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          setTouched(Object.fromEntries(Object.keys(form).map((k) => [k, true])));
          send({ type: 'SUBMIT' });
        }}
      >
        <h2>Create your Dakiya account</h2>
        <InlineMessage message={message} />
        <fieldset className="fieldset-plain">
          <div className="grid-2">
            {text('firstName', 'First name', { autoComplete: 'given-name', maxLength: LIMITS.personNameMax })}
            {text('lastName', 'Last name', { autoComplete: 'family-name', maxLength: LIMITS.personNameMax })}
          </div>
          {text('companyName', 'Company name', { autoComplete: 'organization', maxLength: LIMITS.companyNameMax })}
          <SelectField
            label="How did you hear about us?"
            value={form.referralSourceId ? String(form.referralSourceId) : ''}
            placeholder="Select an option"
            options={referralSources.map((r) => ({ value: String(r.referralSourceId), label: r.sourceName }))}
            onChange={(e) => change('referralSourceId', e.target.value ? Number(e.target.value) : null)}
            onBlur={touch('referralSourceId')}
            error={shown('referralSourceId')}
          />
          <ContactRow
            input={text('phone', 'Mobile number', {
              prefix: PHONE_PREFIX,
              inputMode: 'numeric',
              autoComplete: 'tel-national',
              maxLength: 10,
            })}
            timer={state.children.phoneTimer as TimerActor}
            canSend={!errors.phone}
            verified={phoneVerified}
            sendLabel="Send OTP to mobile"
            onSend={() => send({ type: 'SEND_PHONE_OTP' })}
          />
          <OtpRow
            label="Mobile OTP"
            value={form.phoneOtp}
            error={shown('phoneOtp')}
            verified={phoneVerified}
            busy={state.matches({ phone: 'verifying' })}
            onChange={(v) => change('phoneOtp', v)}
            onBlur={touch('phoneOtp')}
            onVerify={() => send({ type: 'VERIFY_PHONE_OTP' })}
          />
          <ContactRow
            input={text('email', 'Email', { type: 'email', autoComplete: 'email' })}
            timer={state.children.emailTimer as TimerActor}
            canSend={!errors.email}
            verified={emailVerified}
            sendLabel="Send OTP to email"
            onSend={() => send({ type: 'SEND_EMAIL_OTP' })}
          />
          <OtpRow
            label="Email OTP"
            value={form.emailOtp}
            error={shown('emailOtp')}
            verified={emailVerified}
            busy={state.matches({ email: 'verifying' })}
            onChange={(v) => change('emailOtp', v)}
            onBlur={touch('emailOtp')}
            onVerify={() => send({ type: 'VERIFY_EMAIL_OTP' })}
          />
          <div className="grid-2">
            {text('password', 'Password', { type: 'password', autoComplete: 'new-password', strength: true })}
            {text('confirmPassword', 'Confirm password', { type: 'password', autoComplete: 'new-password' })}
          </div>
          {text('referralCode', 'Referral code (optional)')}
          <Checkbox
            label={
              <>
                I accept the{' '}
                <a href="/terms_conditions" target="_blank" rel="noopener">
                  Terms &amp; Conditions
                </a>
              </>
            }
            checked={form.tncAccepted}
            onChange={(e) => {
              change('tncAccepted', e.target.checked);
              touch('tncAccepted')();
            }}
            error={shown('tncAccepted')}
          />
          <Button
            type="submit"
            block
            busy={state.matches({ form: 'submitting' }) || state.matches({ form: 'signingIn' })}
          >
            Sign up
          </Button>
        </fieldset>
        <div className="auth-switch">
          <button type="button" className="link-button" onClick={onLogin}>
            Already have an account? Login
          </button>
        </div>
      </form>
      <SignupFeedback />
    </>
  );
}

function ContactRow({
  input,
  timer,
  canSend,
  verified,
  sendLabel,
  onSend,
}: {
  input: ReactNode;
  timer: TimerActor;
  canSend: boolean;
  verified: boolean;
  sendLabel: string;
  onSend: () => void;
}) {
  const t = useSelector(timer, (s) => ({
    value: s.value as string,
    remaining: s.context.remaining,
    message: s.context.message,
  }));
  const locked = t.value === 'locked' || t.value === 'sending';
  const text = t.value === 'locked' ? resendLabel(t.remaining) : t.value === 'ready' ? 'Resend OTP' : 'Send OTP';
  // the spoken name holds the visible text (WCAG 2.5.3, "label in name") and says where the OTP goes
  const name = sendLabel.startsWith(text) ? sendLabel : `${text} (${sendLabel})`;
  return (
    <div>
      <div className="otp-row">
        {input}
        <div className="field">
          <Button
            variant="secondary"
            onClick={onSend}
            disabled={!canSend || locked || verified}
            busy={t.value === 'sending'}
            aria-label={name}
          >
            {text}
          </Button>
        </div>
      </div>
      {t.message && !verified && <InlineMessage message={t.message} />}
    </div>
  );
}

function OtpRow({
  label,
  value,
  error,
  verified,
  busy,
  onChange,
  onBlur,
  onVerify,
}: {
  label: string;
  value: string;
  error?: string;
  verified: boolean;
  busy: boolean;
  onChange: (v: string) => void;
  onBlur: () => void;
  onVerify: () => void;
}) {
  return (
    <div className="otp-row">
      <TextField
        label={label}
        inputMode="numeric"
        autoComplete="one-time-code"
        maxLength={6}
        value={value}
        onChange={(e) => onChange(e.target.value.replace(/\D/g, ''))}
        onBlur={onBlur}
        error={verified ? undefined : error}
      />
      <div className="field">
        {verified ? (
          <span className="verified-tag">Verified ✓</span>
        ) : (
          <Button variant="secondary" onClick={onVerify} busy={busy} aria-label={`Verify ${label}`}>
            Verify
          </Button>
        )}
      </div>
    </div>
  );
}
