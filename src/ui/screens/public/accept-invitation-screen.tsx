import { Link, useParams } from 'react-router-dom';
import { useAcceptInvitation } from '../../../services/use-team';
import { Alert, Button, buttonClass, Spinner, TextField } from '../../kit';
import { PublicFrame } from './public-frame';

/** /invite/:token: an invited user sets a password (the link works once), then logs in. */
export function AcceptInvitationScreen() {
  const { token = '' } = useParams();
  const [state, send] = useAcceptInvitation(token);
  const invitation = state.context.invitation;
  return (
    <PublicFrame>
      <div className="center-page stack">
        <h1>Set your password</h1>
        {state.matches('loading') && <Spinner label="Reading your invitation" />}
        {state.matches('invalid') && (
          <>
            <Alert>{state.context.error}</Alert>
            <Link className={buttonClass('secondary')} to="/login">
              Go to login
            </Link>
          </>
        )}
        {state.matches('done') && (
          <>
            <Alert tone="info">Your password is set. Log in with {invitation?.email}.</Alert>
            <Link className={buttonClass('primary')} to="/login">
              Login
            </Link>
          </>
        )}
        {(state.matches('ready') || state.matches('saving')) && invitation && (
          <form
            noValidate
            className="stack"
            aria-label="Set your password"
            onSubmit={(e) => {
              e.preventDefault();
              send({ type: 'SUBMIT' });
            }}
          >
            <p>
              {invitation.firstName}, you are invited to {invitation.companyName} on Dakiya as {invitation.email}.
            </p>
            <TextField
              label="Password"
              type="password"
              autoComplete="new-password"
              strength
              value={state.context.form.password}
              onChange={(e) => send({ type: 'FIELD', field: 'password', value: e.target.value })}
            />
            <TextField
              label="Confirm password"
              type="password"
              autoComplete="new-password"
              value={state.context.form.confirmPassword}
              onChange={(e) => send({ type: 'FIELD', field: 'confirmPassword', value: e.target.value })}
            />
            {state.context.error && <Alert>{state.context.error}</Alert>}
            <Button type="submit" disabled={state.matches('saving')}>
              Set password
            </Button>
          </form>
        )}
      </div>
    </PublicFrame>
  );
}
