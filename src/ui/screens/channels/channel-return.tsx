import { Link } from 'react-router-dom';
import { Alert, Button, Card, Spinner } from '../../kit';
import { SellerShell } from '../shell/seller-shell';

// The page a platform sends the seller back to while a store connects: what a visit that did
// not come from the platform is told, the failure with its way back, or the work under way.

export function ChannelReturn(props: {
  title: string;
  /** whether the address carries the platform's answer */
  fromStore: boolean;
  notFromStore: string;
  error: string | null;
  failed: boolean;
  working: string;
  onDismiss: () => void;
}) {
  return (
    <SellerShell>
      <div className="page page-narrow stack">
        <h1>{props.title}</h1>
        <Card>
          {!props.fromStore ? (
            <div className="stack">
              <Alert>{props.notFromStore}</Alert>
              <Link to="/channels">Connect a store from Sales channels</Link>
            </div>
          ) : props.failed ? (
            <div className="stack">
              <Alert>{props.error}</Alert>
              <div className="row">
                <Button variant="secondary" onClick={props.onDismiss}>
                  Dismiss
                </Button>
                <Link to="/channels">Back to sales channels</Link>
              </div>
            </div>
          ) : (
            <p role="status">
              <Spinner /> {props.working}
            </p>
          )}
        </Card>
      </div>
    </SellerShell>
  );
}
