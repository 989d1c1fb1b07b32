import type { ReactNode } from 'react';
import { TERMS_TEXT } from '../../../domain/terms-contract';
import { useScreenSession } from '../../../services/screen-services';
import { useTermsAcceptance } from '../../../services/use-terms-acceptance';
import { Alert, Button, Card, Spinner } from '../../kit';

// The terms gate around every seller screen: when a terms version published since this login
// came to be is not accepted (account info's mustAccept), the seller reads it here and accepts
// before going on; declining logs out. Behaviour is the terms-acceptance machine.

function TermsToAccept() {
  const [state, send] = useTermsAcceptance();
  const { terms, error } = state.context;
  return (
    <main className="center-page" id="main">
      <Card className="stack terms-card" aria-labelledby="terms-title">
        <h1 id="terms-title">{terms?.title ?? 'Terms and conditions'}</h1>
        <Alert tone="info">{TERMS_TEXT.mustAccept}</Alert>
        {(state.matches('loading') || state.matches('accepted') || state.matches('loggedOut')) && <Spinner />}
        {state.matches('loadFailed') && (
          <Alert>
            {error}{' '}
            <Button variant="secondary" onClick={() => send({ type: 'RETRY' })}>
              Try again
            </Button>
          </Alert>
        )}
        {terms && (state.matches('mustAccept') || state.matches('accepting') || state.matches('declining')) && (
          <>
            <p className="muted">Version {terms.version}</p>
            <div className="terms-text" tabIndex={0} role="region" aria-label="Terms and conditions text">
              {terms.content}
            </div>
            {error && <Alert>{error}</Alert>}
            <div className="row">
              <Button busy={state.matches('accepting')} onClick={() => send({ type: 'ACCEPT' })}>
                I accept
              </Button>
              <Button variant="secondary" busy={state.matches('declining')} onClick={() => send({ type: 'DECLINE' })}>
                Decline and log out
              </Button>
            </div>
          </>
        )}
      </Card>
    </main>
  );
}

export function TermsGate({ children }: { children: ReactNode }) {
  const session = useScreenSession();
  if (session.account?.termsAndConditionsDetailsInfoDTO?.mustAccept) return <TermsToAccept />;
  return <>{children}</>;
}
