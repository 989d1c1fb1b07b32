// One interface for every KYC verification provider, as server/payments has for gateways: the KYC
// and bank-account services know only this. The sandbox provider (sandbox-provider.ts, the
// default, offline) and the Cashfree Verification adapter (cashfree.ts, chosen by setup.ts when
// its keys are set) both implement it. Documents of both: docs/simulated.md.
//
// Every call answers a result the provider vouches for (`ok: true`), a refusal of the identity
// itself (`ok: false, reason: 'INVALID'` or 'OTP_INVALID', which the seller can fix), or
// `reason: 'UNAVAILABLE'` when the provider could not answer (down, timed out, out of balance):
// the seller tries again later and nothing is decided. 'UNSUPPORTED' is a call this provider
// does not offer at all (Cashfree's GSTIN OTP).
//
// A provider reports the name it holds (on the PAN, the GSTIN, the Aadhaar, at the bank) and does
// not judge it: whether that name is the seller's is decided by one written rule,
// `matchNames` in src/domain/kyc/name-match.ts, whichever provider answered. The full Aadhaar
// number goes out in `generateAadhaarOtp` and is never in an answer; the caller keeps only
// `maskAadhaar(number)` (src/domain/kyc/mask.ts) beside the OTP's reference.

export type ProviderName = 'sandbox' | 'cashfree';

export type Refusal =
  /** the number does not exist, or is not active */
  | 'INVALID'
  /** an OTP was wrong or has expired */
  | 'OTP_INVALID'
  /** the provider could not answer; nothing is decided */
  | 'UNAVAILABLE'
  /** this provider does not offer the call (see `gstinOtp`) */
  | 'UNSUPPORTED';

export interface Refused {
  ok: false;
  reason: Refusal;
  /** the provider's words, for staff and logs (no personal data) */
  detail: string;
}

export type Answer<T> = ({ ok: true } & T) | Refused;

export interface PanResult {
  pan: string;
  /** the name the Income Tax Department holds */
  registeredName: string;
  /** the holder's kind as the provider words it ("Individual", "Company" …) */
  holderType: string;
  /** the provider's reference of this check */
  reference: string;
}

export interface GstinResult {
  gstin: string;
  legalName: string;
  tradeName: string;
  /** "Active", "Cancelled", "Suspended" … as GSTN says */
  status: string;
  constitution: string;
  registeredOn: string;
  principalAddress: string;
  reference: string;
}

export interface OtpStarted {
  /** the provider's handle for the OTP just sent; goes back with the OTP */
  reference: string;
  /** where the OTP went, masked ("mobile ending 4321"), when the provider says */
  sentTo: string | null;
}

export interface AadhaarResult {
  name: string;
  /** the year of birth only (the full date is not kept) */
  yearOfBirth: number | null;
  /** the state of the address, for matching the seller's pickup state; not the address */
  state: string | null;
  reference: string;
}

export interface GstinOtpResult {
  gstin: string;
  /** the taxpayer confirmed control of the GSTIN's registered mobile */
  confirmed: true;
  reference: string;
}

export type BankCheckMode = 'PENNY_DROP' | 'PENNYLESS';

export interface BankAccountCheck {
  ifsc: string;
  accountNumber: string;
  /** the name the seller gave for the holder (compared with the bank's by the provider's rule and ours) */
  holderName: string;
  /** the seller's mobile, which some providers ask for */
  phone: string;
  mode: BankCheckMode;
}

export interface BankAccountResult {
  mode: BankCheckMode;
  /** the name the bank holds for the account holder */
  nameAtBank: string;
  bankName: string;
  branch: string | null;
  /** what a penny drop credited to the account, in paise; null for pennyless, or when not said */
  creditedPaise: number | null;
  /** the transfer's bank reference (UTR) of a penny drop */
  utr: string | null;
  reference: string;
}

export interface IfscDetails {
  ifsc: string;
  bankName: string;
  branch: string;
  city: string;
  state: string;
  address: string;
}

export interface VerificationProvider {
  readonly name: ProviderName;
  /** true for the built-in sandbox */
  readonly sandbox: boolean;
  /** whether the GSTIN's taxpayer OTP is offered (GSTN's consent flow through a GSP) */
  readonly gstinOtp: boolean;
  verifyPan(pan: string, name: string): Promise<Answer<PanResult>>;
  verifyGstin(gstin: string, businessName: string): Promise<Answer<GstinResult>>;
  generateGstinOtp(gstin: string): Promise<Answer<OtpStarted>>;
  submitGstinOtp(gstin: string, reference: string, otp: string): Promise<Answer<GstinOtpResult>>;
  generateAadhaarOtp(aadhaar: string): Promise<Answer<OtpStarted>>;
  submitAadhaarOtp(reference: string, otp: string): Promise<Answer<AadhaarResult>>;
  verifyBankAccount(check: BankAccountCheck): Promise<Answer<BankAccountResult>>;
  /** a branch's details by IFSC (the offline directory has banks, not branches) */
  ifscDetails(ifsc: string): Promise<Answer<IfscDetails>>;
}

export function refused(reason: Refusal, detail: string): Refused {
  return { ok: false, reason, detail };
}
