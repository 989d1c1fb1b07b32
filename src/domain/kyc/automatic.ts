import type { KycBusinessType } from '../kyc-contract';
import { matchNames } from './name-match';

// Whether a submitted KYC is verified at once, with no person involved (docs/decisions/kyc.md).
// The provider's checks stand for a person reading the documents when every one of them passed
// and the names agree by the one name rule (matchNames); otherwise the application waits for staff,
// and the seller is told why.

/** The business types a person reviews: their registration (deed, CIN, LLPIN) is not confirmed by any provider. */
export const REVIEWED_BUSINESS_TYPES: readonly KycBusinessType[] = ['PARTNERSHIP', 'LLP', 'COMPANY'];

export interface AutomaticKycFacts {
  businessType: KycBusinessType;
  /** the account holder's own name (first and last), as signed up */
  accountHolderName: string;
  panVerified: boolean;
  panName: string | null;
  aadhaarVerified: boolean;
  aadhaarName: string | null;
  /** whether this business type (and GST registration) needs a GSTIN */
  gstRequired: boolean;
  gstVerified: boolean;
  /** the GST portal's OTP confirmed (true when the provider offers no such OTP and the GSTIN is verified) */
  gstOtpConfirmed: boolean;
  gstLegalName: string | null;
  /** staff sent documents back before: what was uploaded again is read by a person */
  sentBackBefore: boolean;
  /** the seller's bank account for payouts: null when none is added yet */
  bank: { verified: boolean; nameMismatch: boolean } | null;
}

export type AutomaticKycOutcome =
  { verified: true; passed: string[] } | { verified: false; passed: string[]; reason: string };

/**
 * Whether the name on the PAN differs from the account holder's by the one name rule: the
 * automatic check leaves such an application to staff, and staff see it flagged. False while the
 * PAN's name is not known yet; a holder with no name differs.
 */
export function panNameDiffers(panName: string | null, accountHolderName: string | null): boolean {
  if (!panName?.trim()) return false;
  return !matchNames(panName, accountHolderName ?? '').matches;
}

/** The automatic decision on a complete, submitted application. */
export function automaticKyc(f: AutomaticKycFacts): AutomaticKycOutcome {
  const passed: string[] = [];
  const wait = (reason: string): AutomaticKycOutcome => ({ verified: false, passed, reason });
  if (REVIEWED_BUSINESS_TYPES.includes(f.businessType))
    return wait('a partnership, LLP or company is reviewed by our team (its registration is read by a person)');
  if (f.sentBackBefore) return wait('documents sent back earlier are read again by our team');
  if (!f.panVerified || !f.panName) return wait('the PAN is not verified');
  passed.push('PAN verified');
  if (panNameDiffers(f.panName, f.accountHolderName))
    return wait(
      `the name on the PAN, '${f.panName}', differs from the account holder's name, '${f.accountHolderName}'`,
    );
  passed.push(`name on the PAN matches the account holder's (${f.accountHolderName})`);
  const aadhaar = f.aadhaarVerified && !!f.aadhaarName;
  const gst = f.gstVerified && f.gstOtpConfirmed && !!f.gstLegalName;
  if (f.gstRequired && !gst) return wait('the GSTIN is not verified by the GST portal');
  if (!aadhaar && !gst) return wait('neither Aadhaar nor GSTIN is verified by OTP');
  if (aadhaar) {
    if (!matchNames(f.aadhaarName!, f.panName).matches)
      return wait(`the name on the Aadhaar, '${f.aadhaarName}', differs from the name on the PAN, '${f.panName}'`);
    passed.push('Aadhaar verified by OTP, name matches the PAN');
  }
  if (gst) {
    if (!matchNames(f.gstLegalName!, f.panName).matches)
      return wait(`the GSTIN's legal name, '${f.gstLegalName}', differs from the name on the PAN, '${f.panName}'`);
    passed.push('GSTIN active and confirmed, legal name matches the PAN');
  }
  if (f.bank?.nameMismatch) return wait("the bank account's holder name differs from the name on the PAN");
  if (f.bank?.verified) passed.push('bank account verified');
  return { verified: true, passed };
}
