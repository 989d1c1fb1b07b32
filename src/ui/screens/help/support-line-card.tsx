import { Link } from 'react-router-dom';
import { PLAN_TABLE, type PlanCode } from '../../../domain/plans';
import { SUPPORT_CONTACT, supportPromise } from '../../../domain/support-desk';
import { useScreenSession } from '../../../services/screen-services';
import { Card } from '../../kit';
import { PlanBadge } from '../../kit/plan-gate';

// On the help page: the support line the seller's plan promises. Pro and Premium: support answers
// 24×7, with the phone line and the faster first answer. Free and Lite: the working hours, and
// 24×7 support as a Pro promise with the upgrade (the owner's; others are told to ask them).
// docs/decisions/round-the-clock-support.md

export function SupportLineCard() {
  const account = useScreenSession().account;
  if (!account) return null;
  const promise = supportPromise(account.subscriptionType);
  const planName = PLAN_TABLE[account.subscriptionType as PlanCode]?.name ?? account.subscriptionType;
  return (
    <Card className="stack" aria-labelledby="support-line-heading" data-testid="support-line">
      <h2 id="support-line-heading" className="m-0">
        {promise.headline}
      </h2>
      <p className="m-0">{promise.hours}</p>
      <p className="m-0">{promise.firstResponse}</p>
      {promise.line === 'ROUND_THE_CLOCK' ? (
        <p className="m-0">
          <a href={`mailto:${SUPPORT_CONTACT.email}`}>{SUPPORT_CONTACT.email}</a> · your {planName} plan includes 24×7
          support
        </p>
      ) : (
        <p className="m-0">
          24×7 support, with a first answer within 2 hours at any hour, comes with Pro <PlanBadge plan="PRO" />{' '}
          {account.role === 'OWNER' ? (
            <Link to="/plan?upgrade=PRO">Upgrade to Pro</Link>
          ) : (
            <span>Ask your account owner to upgrade to Pro.</span>
          )}
        </p>
      )}
    </Card>
  );
}
