import { useEffect, useState, type FormEvent } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import { useMachine, useSelector } from '@xstate/react';
import { fromPromise, type ActorRefFrom } from 'xstate';
import { loginPageMachine, type PageMessage } from '../../../machines/login-page.machine';
import { accountVerificationMachine } from '../../../machines/account-verification.machine';
import { otpTimerMachine } from '../../../machines/otp-timer.machine';
import { generateOtp, login, resetPassword, verifyAccount } from '../../../services/auth-client';
import { takeLoginError } from '../../../services/session';
import { useSessionActor } from '../../../services/session-context';
import { notify } from '../../../services/notify';
import { forgotFieldErrors, loginFieldErrors } from '../../../domain/signup-checks';
import { SALES_CHANNELS } from '../../../domain/constants';
import { resendLabel } from '../../../domain/format';
import { MSG } from '../../../domain/messages';
import { ANALYTICS_EVENTS, trackEvent } from '../../../services/analytics';
import { Button, Card, TextField } from '../../kit';
import { OtpInput } from '../../kit/otp-input';
import { SignupForm } from './signup-form';
import { InlineMessage } from './inline-message';

// The login page (spec section 2): four switchable forms, the channel marquee, links, footer
// and the marketing panel. Behaviour lives in loginPageMachine; this view renders and sends.

const verificationWithCalls = accountVerificationMachine.provide({
  actors: {
    verifyAccount: fromPromise(({ input }: { input: { email: string; code: string; phoneCode: string } }) =>
      verifyAccount(input.email, input.code, input.phoneCode),
    ),
    resendTimer: otpTimerMachine.provide({
      actors: {
        send: fromPromise(async ({ input }) => {
          const { email, password } = input as { email: string; password: string };
          await generateOtp(email, password);
          return MSG.otpSentMobileAndEmail;
        }),
      },
    }),
  },
});

export function LoginScreen({ initialForm = 'login' }: { initialForm?: 'login' | 'signup' }) {
  const session = useSessionActor();
  const navigate = useNavigate();
  const [state, send] = useMachine(
    loginPageMachine.provide({
      actors: {
        login: fromPromise(({ input }: { input: { email: string; password: string; otp?: string } }) =>
          login(input.email, input.password, input.otp),
        ),
        generateOtp: fromPromise(({ input }: { input: { email: string; password: string } }) =>
          generateOtp(input.email, input.password),
        ),
        resetPassword: fromPromise(({ input }: { input: { email: string } }) => resetPassword(input.email)),
        accountVerification: verificationWithCalls,
      },
      actions: {
        loggedIn: (_, params) => {
          trackEvent(ANALYTICS_EVENTS.login);
          session.send({ type: 'LOGGED_IN', token: params.answer.accessToken });
        },
      },
    }),
  );

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
            {[...SALES_CHANNELS, ...SALES_CHANNELS].map((name, i) => (
              <span key={i} className="marquee-item" aria-hidden={i >= SALES_CHANNELS.length || undefined}>
                {name}
              </span>
            ))}
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
  const submit = (e: FormEvent) => {
    e.preventDefault();
    setSubmitted(true);
    if (Object.keys(loginFieldErrors(email, password)).length === 0) onSubmit(email.trim(), password);
  };
  return (
    <form onSubmit={submit} noValidate aria-label="Login">
      <h2>Login to Dakiya</h2>
      <InlineMessage message={message} />
      <TextField
        label="Email"
        type="email"
        autoComplete="username"
        value={email}
        onChange={(e) => setEmail(e.target.value)}
        error={errors.email}
      />
      <TextField
        label="Password"
        type="password"
        autoComplete="current-password"
        value={password}
        onChange={(e) => setPassword(e.target.value)}
        error={errors.password}
      />
      <Button type="submit" block busy={busy}>
        Login
      </Button>
      <div className="auth-switch">
        <button type="button" className="link-button" onClick={onForgot}>
          Forgot password?
        </button>
        <button type="button" className="link-button" onClick={onSignup}>
          New to Dakiya? Sign up
        </button>
      </div>
    </form>
  );
}

/** The code sent to the account's email and mobile after many failed sign-ins on it. */
function LoginOtpForm({
  busy,
  message,
  onSubmit,
  onBack,
}: {
  busy: boolean;
  message: PageMessage | null;
  onSubmit: (code: string) => void;
  onBack: () => void;
}) {
  const [code, setCode] = useState('');
  // a refused code is cleared for the next try
  useEffect(() => {
    if (message?.kind === 'error') setCode('');
  }, [message]);
  return (
    <form
      aria-label="Sign-in code"
      onSubmit={(e) => {
        e.preventDefault();
        if (code.length === 6) onSubmit(code);
      }}
    >
      <h2>Enter the sign-in code</h2>
      <InlineMessage message={message} />
      <OtpInput label="OTP" length={6} value={code} onChange={setCode} invalid={message?.kind === 'error'} />
      <Button type="submit" block busy={busy} disabled={code.length !== 6}>
        Login
      </Button>
      <div className="auth-switch">
        <button type="button" className="link-button" onClick={onBack}>
          Back to login
        </button>
      </div>
    </form>
  );
}

function ForgotForm({
  busy,
  message,
  onSubmit,
  onBack,
}: {
  busy: boolean;
  message: PageMessage | null;
  onSubmit: (email: string) => void;
  onBack: () => void;
}) {
  const [email, setEmail] = useState('');
  const [submitted, setSubmitted] = useState(false);
  const errors = submitted ? forgotFieldErrors(email) : {};
  const submit = (e: FormEvent) => {
    e.preventDefault();
    setSubmitted(true);
    if (!forgotFieldErrors(email).email) onSubmit(email.trim());
  };
  return (
    <form onSubmit={submit} noValidate aria-label="Forgot password">
      <h2>Forgot password</h2>
      <p className="muted">We will email you a temporary password, valid for 10 minutes.</p>
      <InlineMessage message={message} />
      <TextField
        label="Email"
        type="email"
        autoComplete="username"
        value={email}
        onChange={(e) => setEmail(e.target.value)}
        error={errors.email}
      />
      <Button type="submit" block busy={busy}>
        Send password
      </Button>
      <div className="auth-switch">
        <button type="button" className="link-button" onClick={onBack}>
          Back to login
        </button>
      </div>
    </form>
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
    <form
      aria-label="Verify account"
      onSubmit={(e) => {
        e.preventDefault();
        actor.send({ type: 'VERIFY' });
      }}
    >
      <h2>Verify your account</h2>
      <InlineMessage message={message} />
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
      <Button type="submit" block busy={verifying} disabled={code.length !== 6 || phoneCode.length !== 6}>
        Verify
      </Button>
      <div className="auth-switch">
        <button
          type="button"
          className="link-button"
          disabled={timerState.locked}
          onClick={() => actor.send({ type: 'RESEND' })}
        >
          {timerState.locked ? resendLabel(timerState.remaining) : 'Resend OTP'}
        </button>
        <button type="button" className="link-button" onClick={onBack}>
          Back to login
        </button>
      </div>
    </form>
  );
}
