import { Link } from 'react-router-dom';
import { MSG } from '../../../domain/messages';

// A refusal's text where booking may be refused for KYC: that one message comes with the way to
// complete KYC.

export function FailureText({ text }: { text: string | null }) {
  if (text !== MSG.kycRequired) return <span>{text}</span>;
  return (
    <span>
      {text} <Link to="/kyc">Complete KYC</Link>
    </span>
  );
}
