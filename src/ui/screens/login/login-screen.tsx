import { useEffect, useState } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import { useSelector } from '@xstate/react';
import type { ActorRefFrom } from 'xstate';
import type { PageMessage } from '../../../machines/login-page.machine';
import { accountVerificationMachine } from '../../../machines/account-verification.machine';
import { takeLoginError } from '../../../services/session';
import { notify } from '../../../services/notify';
import { forgotFieldErrors, loginFieldErrors } from '../../../domain/signup-checks';
import { SALES_CHANNELS } from '../../../domain/constants';
import { CHANNEL_LOGOS, logoSrc } from '../../../domain/logos';
import { resendLabel } from '../../../domain/format';
import { MSG } from '../../../domain/messages';
import { Card, TextField } from '../../kit';
import { OtpInput } from '../../kit/otp-input';
import { SignupForm } from './signup-form';
import { AuthStep } from './auth-step';
import { useLoginPage } from '../../../services/use-login-page';

// The login page (spec section 2): four switchable forms, the channel marquee, links, footer
// and the marketing panel. Behaviour lives in loginPageMachine; this view renders and sends.

export function LoginScreen({ initialForm = 'login' }: { initialForm?: 'login' | 'signup' }) {
  const navigate = useNavigate();
  const [state, send] = useLoginPage();

  useEffect(() => {
    if (initialForm === 'signup') send({ type: 'SHOW_SIGNUP' });
    const saved = takeLoginError();
    if (saved) notify({ kind: 'error', message: saved });
  }, [initialForm, send]);

  const verification = state.children.accountVerification as VerificationActor | undefined;

  return (
    <div className="auth-page">
      <aside className="auth-marketing" aria-label="About Dakiya">
        <h1>Ship smarter with Dakiya</h1>
        <p>A tech-enabled shipping platform trusted by 1000+ sellers across India.</p>
        <ul>
          <li>Compare and book 13+ courier partners in one place</li>
          <li>Cash-on-delivery remittance, NDR and RTO management</li>
          <li>Branded tracking pages for your buyers</li>
        </ul>
      </aside>
      <main className="auth-main" id="main">
        <Card className="auth-card">
          {state.matches('login') && (
            <LoginForm
              initialEmail={state.context.email}
              busy={state.matches({ login: 'submitting' }) || state.matches({ login: 'generatingOtp' })}
              message={state.context.message}
              onSubmit={(email, password) => send({ type: 'SUBMIT_LOGIN', email, password })}
              onForgot={() => send({ type: 'SHOW_FORGOT' })}
              onSignup={() => navigate('/signup')}
            />
          )}
          {state.matches('loginOtp') && (
            <LoginOtpForm
              busy={state.matches({ loginOtp: 'submitting' })}
              message={state.context.message}
              onSubmit={(code) => send({ type: 'SUBMIT_LOGIN_OTP', code })}
              onBack={() => send({ type: 'SHOW_LOGIN' })}
            />
          )}
          {state.matches('forgot') && (
            <ForgotForm
              busy={state.matches({ forgot: 'submitting' })}
              message={state.context.message}
              onSubmit={(email) => send({ type: 'SUBMIT_FORGOT', email })}
              onBack={() => send({ type: 'SHOW_LOGIN' })}
            />
          )}
          {state.matches('signup') && <SignupForm onLogin={() => navigate('/login')} />}
          {state.matches('verify') && verification && (
            <VerifyForm
              actor={verification}
              message={state.context.message}
              targets={state.context.otpTargets}
              onBack={() => send({ type: 'SHOW_LOGIN' })}
            />
          )}
        </Card>
        <section className="marquee" aria-label="Sales channels you can connect">
          <div className="marquee-track" style={{ ['--marquee-duration' as string]: '57s' }}>
            {[...SALES_CHANNELS, ...SALES_CHANNELS].map((name, i) => {
              // the second round is the loop's seam: seen, not read twice
              const copy = i >= SALES_CHANNELS.length;
              return (
                <span key={i} className="marquee-item" aria-hidden={copy || undefined}>
                  <img src={logoSrc(CHANNEL_LOGOS[name])} alt={copy ? '' : name} height={40} />
                </span>
              );
            })}
          </div>
        </section>
        <footer className="auth-footer">
          <p>
            By continuing you agree to our <Link to="/terms_conditions">Terms &amp; Conditions</Link>,{' '}
            <a href="/privacy_policy" target="_blank" rel="noopener">
              Privacy Policy
            </a>{' '}
            and{' '}
            <a href="/refund_policy" target="_blank" rel="noopener">
              Refund &amp; Cancellation Policy
            </a>
            .
          </p>
          <p>© {new Date().getFullYear()} Dakiya. All rights reserved.</p>
        </footer>
      </main>
    </div>
  );
}

type VerificationActor = ActorRefFrom<typeof accountVerificationMachine>;

/** A step's busy state and message, what it sends and the way back to the password. */
interface StepProps<T> {
  busy: boolean;
  message: PageMessage | null;
  onSubmit: (value: T) => void;
  onBack: () => void;
}

/** The account's email, kept by the browser's password manager as the username. */
function EmailField({ value, onChange, error }: { value: string; onChange: (v: string) => void; error?: string }) {
  return (
    <TextField
      label="Email"
      type="email"
      autoComplete="username"
      value={value}
      onChange={(e) => onChange(e.target.value)}
      error={error}
    />
  );
}

function LoginForm({
  initialEmail,
  busy,
  message,
  onSubmit,
  onForgot,
  onSignup,
}: {
  initialEmail: string;
  busy: boolean;
  message: PageMessage | null;
  onSubmit: (email: string, password: string) => void;
  onForgot: () => void;
  onSignup: () => void;
}) {
  // the address typed before (a verification, a forgotten password) stays filled in
  const [email, setEmail] = useState(initialEmail);
  const [password, setPassword] = useState('');
  const [submitted, setSubmitted] = useState(false);
  const errors = submitted ? loginFieldErrors(email, password) : {};
  return (
    <AuthStep
      label="Login"
      heading="Login to Dakiya"
      message={message}
      busy={busy}
      submitLabel="Login"
      onSubmit={() => {
        setSubmitted(true);
        if (Object.keys(loginFieldErrors(email, password)).length === 0) onSubmit(email.trim(), password);
      }}
      links={[
        { label: 'Forgot password?', onClick: onForgot },
        { label: 'New to Dakiya? Sign up', onClick: onSignup },
      ]}
    >
      <EmailField value={email} onChange={setEmail} error={errors.email} />
      <TextField
        label="Password"
        type="password"
        autoComplete="current-password"
        value={password}
        onChange={(e) => setPassword(e.target.value)}
        error={errors.password}
      />
    </AuthStep>
  );
}

/** The code sent to the account's email and mobile after many failed sign-ins on it. */
function LoginOtpForm({ busy, message, onSubmit, onBack }: StepProps<string>) {
  const [code, setCode] = useState('');
  // a refused code is cleared for the next try
  useEffect(() => {
    if (message?.kind === 'error') setCode('');
  }, [message]);
  return (
    <AuthStep
      label="Sign-in code"
      heading="Enter the sign-in code"
      message={message}
      busy={busy}
      submitLabel="Login"
      submitDisabled={code.length !== 6}
      onSubmit={() => {
        if (code.length === 6) onSubmit(code);
      }}
      links={[{ label: 'Back to login', onClick: onBack }]}
    >
      <OtpInput label="OTP" length={6} value={code} onChange={setCode} invalid={message?.kind === 'error'} />
    </AuthStep>
  );
}

function ForgotForm({ busy, message, onSubmit, onBack }: StepProps<string>) {
  const [email, setEmail] = useState('');
  const [submitted, setSubmitted] = useState(false);
  const errors = submitted ? forgotFieldErrors(email) : {};
  return (
    <AuthStep
      label="Forgot password"
      heading="Forgot password"
      intro={<p className="muted">We will email you a temporary password, valid for 10 minutes.</p>}
      message={message}
      busy={busy}
      submitLabel="Send password"
      onSubmit={() => {
        setSubmitted(true);
        if (!forgotFieldErrors(email).email) onSubmit(email.trim());
      }}
      links={[{ label: 'Back to login', onClick: onBack }]}
    >
      <EmailField value={email} onChange={setEmail} error={errors.email} />
    </AuthStep>
  );
}

function VerifyForm({
  actor,
  message,
  targets,
  onBack,
}: {
  actor: VerificationActor;
  message: PageMessage | null;
  targets: { email: string; phoneNumber: string } | null;
  onBack: () => void;
}) {
  const code = useSelector(actor, (s) => s.context.code);
  const phoneCode = useSelector(actor, (s) => s.context.phoneCode);
  const incorrect = useSelector(actor, (s) => s.context.incorrect);
  const verifying = useSelector(actor, (s) => s.matches('verifying'));
  const timer = useSelector(actor, (s) => s.children.resendTimer);
  const timerState = useSelector(timer!, (s) => ({
    locked: s.matches('locked') || s.matches('sending'),
    remaining: s.context.remaining,
    message: s.context.message,
  }));
  return (
    <AuthStep
      label="Verify account"
      heading="Verify your account"
      message={message}
      busy={verifying}
      submitLabel="Verify"
      submitDisabled={code.length !== 6 || phoneCode.length !== 6}
      onSubmit={() => actor.send({ type: 'VERIFY' })}
      links={[
        {
          label: timerState.locked ? resendLabel(timerState.remaining) : 'Resend OTP',
          disabled: timerState.locked,
          onClick: () => actor.send({ type: 'RESEND' }),
        },
        { label: 'Back to login', onClick: onBack },
      ]}
    >
      {targets && (
        <p className="muted">
          Enter the 6-digit OTP sent to {targets.email} and the one sent to {targets.phoneNumber}.
        </p>
      )}
      <OtpInput
        label="Email OTP"
        length={6}
        value={code}
        onChange={(value) => actor.send({ type: 'CODE', value })}
        invalid={incorrect}
      />
      <OtpInput
        label="Mobile OTP"
        length={6}
        value={phoneCode}
        autoFocus={false}
        onChange={(value) => actor.send({ type: 'PHONE_CODE', value })}
        invalid={incorrect}
      />
      {incorrect && (
        <p className="field-error" role="alert">
          {MSG.incorrectOtp}
        </p>
      )}
      {timerState.message && timerState.message.kind === 'error' && (
        <p className="field-error">{timerState.message.text}</p>
      )}
    </AuthStep>
  );
}
