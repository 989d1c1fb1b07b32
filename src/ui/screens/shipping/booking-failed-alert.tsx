import { FailureText } from '../kyc/failure-text';
import { Alert, Button } from '../../kit';

/** A courier booking that failed: the reason, then another try or another courier. */
export function BookingFailedAlert({
  error,
  onRetry,
  onBack,
}: {
  error: string | null;
  onRetry: () => void;
  onBack: () => void;
}) {
  return (
    <Alert>
      <FailureText text={error} />
      <Button variant="secondary" onClick={onRetry}>
        Try again
      </Button>
      <Button variant="ghost" onClick={onBack}>
        Choose another courier
      </Button>
    </Alert>
  );
}
