import { useRegister } from '../../../services/use-register';
import { useEffect, useRef } from 'react';
import { Link } from 'react-router-dom';
import { PHONE_PREFIX } from '../../../domain/constants';
import { phoneInput, type RegisterField } from '../../../domain/schemas/shared-set';
import { Alert, Button, Card, Checkbox, TextField } from '../../kit';
import { PublicFrame } from '../public/public-frame';

// The older register screen (/register). All behaviour is in registerMachine: this view sends
// CHANGE/BLUR/SUBMIT/CODE/VERIFY and renders what the machine holds.

const TEXT_FIELDS: {
  field: Exclude<RegisterField, 'tncAccepted'>;
  label: string;
  type?: string;
  autoComplete: string;
}[] = [
  { field: 'firstName', label: 'First name', autoComplete: 'given-name' },
  { field: 'lastName', label: 'Last name', autoComplete: 'family-name' },
  { field: 'companyName', label: 'Company', autoComplete: 'organization' },
  { field: 'phone', label: 'Phone', type: 'tel', autoComplete: 'tel-national' },
  { field: 'password', label: 'Password', type: 'password', autoComplete: 'new-password' },
  { field: 'confirmPassword', label: 'Confirm password', type: 'password', autoComplete: 'new-password' },
  { field: 'email', label: 'Email', type: 'email', autoComplete: 'email' },
];

export function RegisterScreen() {
  const [snapshot, send] = useRegister();
  const { values, shown, submitError, targets, code, phoneCode, codeError } = snapshot.context;
  const codeStep = snapshot.matches('awaitingCode') || snapshot.matches('verifying') || snapshot.matches('verified');
  const codeRef = useRef<HTMLInputElement>(null);
  useEffect(() => {
    if (codeStep) codeRef.current?.focus();
  }, [codeStep]);

  return (
    <PublicFrame narrow>
      <div className="page-head">
        <h1>Create your Dakiya account</h1>
        <p>The tech-enabled shipping platform trusted by 1000+ sellers.</p>
      </div>
      <Card>
        {!codeStep ? (
          <form
            noValidate
            aria-label="Register"
            onSubmit={(e) => {
              e.preventDefault();
              send({ type: 'SUBMIT' });
            }}
          >
            {submitError && <Alert>{submitError}</Alert>}
            <div className="grid-2">
              {TEXT_FIELDS.map(({ field, label, type = 'text', autoComplete }) => (
                <TextField
                  key={field}
                  label={label}
                  name={field}
                  type={type}
                  autoComplete={autoComplete}
                  value={values[field]}
                  error={shown[field]}
                  required
                  strength={field === 'password'}
                  {...(field === 'phone' ? { prefix: PHONE_PREFIX, inputMode: 'numeric' as const, maxLength: 10 } : {})}
                  onChange={(e) =>
                    send({
                      type: 'CHANGE',
                      field,
                      value: field === 'phone' ? phoneInput(e.target.value) : e.target.value,
                    })
                  }
                  onBlur={() => send({ type: 'BLUR', field })}
                />
              ))}
            </div>
            <Checkbox
              name="tncAccepted"
              checked={values.tncAccepted}
              error={shown.tncAccepted}
              onChange={(e) => send({ type: 'CHANGE', field: 'tncAccepted', value: e.target.checked })}
              onBlur={() => send({ type: 'BLUR', field: 'tncAccepted' })}
              label={
                <>
                  I accept the{' '}
                  <a href="/terms_conditions" target="_blank" rel="noopener">
                    Terms and Conditions
                  </a>
                </>
              }
            />
            <Button type="submit" block busy={snapshot.matches('submitting')}>
              Register
            </Button>
            <p className="small-print text-center">
              Already have an account? <Link to="/login">Login</Link>
            </p>
          </form>
        ) : (
          <form
            noValidate
            aria-label="Verify account"
            onSubmit={(e) => {
              e.preventDefault();
              send({ type: 'VERIFY' });
            }}
          >
            <h2>Verify your account</h2>
            <p className="muted">
              We sent a 6-digit code to {targets?.email}
              {targets?.phoneNumber ? ` and another to ${targets.phoneNumber}` : ''}. Enter both to finish.
            </p>
            <TextField
              ref={codeRef}
              label="Email verification code"
              name="code"
              inputMode="numeric"
              autoComplete="one-time-code"
              maxLength={6}
              value={code}
              error={codeError}
              onChange={(e) => send({ type: 'CODE', code: e.target.value.replace(/\s/g, '') })}
            />
            <TextField
              label="Mobile verification code"
              name="phoneCode"
              inputMode="numeric"
              autoComplete="one-time-code"
              maxLength={6}
              value={phoneCode}
              onChange={(e) => send({ type: 'PHONE_CODE', code: e.target.value.replace(/\s/g, '') })}
            />
            <Button type="submit" block busy={snapshot.matches('verifying')}>
              Verify
            </Button>
          </form>
        )}
      </Card>
    </PublicFrame>
  );
}
