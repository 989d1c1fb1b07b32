import { Link } from 'react-router-dom';
import { isKycRefusal, KYC_REFUSAL_LINK, kycRefusalStep, kycStepPath } from '../../../domain/kyc/ship-refusal';

// A refusal's text where booking may be refused for KYC: it names what is missing, and comes with
// a link to the KYC step where that is done (or to the KYC's status while it waits for review).

export function FailureText({ text }: { text: string | null }) {
  if (!isKycRefusal(text)) return <span>{text}</span>;
  const step = kycRefusalStep(text);
  return (
    <span>
      {text} <Link to={step ? kycStepPath(step) : '/kyc'}>{step ? KYC_REFUSAL_LINK[step] : 'View KYC status'}</Link>
    </span>
  );
}
