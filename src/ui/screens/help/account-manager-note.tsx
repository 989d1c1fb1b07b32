import { Link } from 'react-router-dom';
import { formatPhone } from '../../../domain/format';
import { API_ACCOUNT_MANAGER } from '../../../domain/account-manager-contract';
import { useOperation } from '../../hooks/use-operation';
import { Card } from '../../kit';

// On the help page: the seller's key account manager (Pro and Premium) with how to reach them, or
// where the plan offers one. Quiet while loading or when the call fails: the tickets still work.

export function AccountManagerNote() {
  const mine = useOperation(API_ACCOUNT_MANAGER.mine, {}, { load: true });
  const d = mine.data;
  if (!d) return null;
  return (
    <Card className="stack" aria-labelledby="kam-note">
      <h2 id="kam-note">Your key account manager</h2>
      {d.manager ? (
        <>
          <p>
            <strong>{d.manager.name}</strong> looks after your account. Your new tickets go straight to them.
          </p>
          <p>
            <a href={`mailto:${d.manager.email}`}>{d.manager.email}</a> ·{' '}
            <a href={`tel:+91${d.manager.phone}`}>{formatPhone(d.manager.phone)}</a>
          </p>
        </>
      ) : d.included ? (
        <p>Your plan includes a key account manager; we are naming yours. Until then our support team answers you.</p>
      ) : (
        <p>
          Pro and Premium come with a key account manager who knows your business. <Link to="/plan">See plans</Link>
        </p>
      )}
    </Card>
  );
}
