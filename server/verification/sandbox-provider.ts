import { createHash } from 'node:crypto';
import { aadhaarProblem, normaliseAadhaar } from '../../src/domain/kyc/aadhaar';
import { accountNumberProblem, normaliseAccountNumber } from '../../src/domain/kyc/bank-account';
import { gstinKycProblem, gstinStateName, normaliseGstin } from '../../src/domain/kyc/gstin';
import { isPanShape, normalisePan } from '../../src/domain/kyc/pan';
import { panHolderStatus } from '../../src/domain/kyc/business-type';
import { lookupIfsc } from './ifsc-directory';
import { refused, type Answer, type IfscDetails, type VerificationProvider } from './provider';

// The sandbox verification provider: offline, no state of its own (an OTP's reference carries
// what the next call needs, never an Aadhaar number), answering by documented test identities
// (docs/simulated.md, "KYC verification"):
//
//   PAN (its four digits)         9999 invalid · 8888 another name · 0503 provider down · else valid
//   GSTIN (the PAN inside it)     the same, and 7777 a cancelled registration
//   Aadhaar (its first 8 digits)  99999999 invalid · 88888888 another name · 50350350 down
//   bank account (last 4 digits)  9999 invalid · 8888 another name · 0503 down
//   any OTP                       123456 is right, anything else is wrong
//
// The named identities below answer their own names; any other valid PAN, GSTIN or account
// answers the name it was given (so a seller's own name passes), any other valid Aadhaar answers
// SANDBOX AADHAAR HOLDER. "Another name" is KAVITA DESHMUKH, which matches no one.

export const SANDBOX_OTP = '123456';
export const SANDBOX_OTHER_NAME = 'KAVITA DESHMUKH';
export const SANDBOX_AADHAAR_HOLDER = 'SANDBOX AADHAAR HOLDER';
/** what the sandbox penny drop credits: ₹1.00 */
export const SANDBOX_PENNY_PAISE = 100;

export interface SandboxIdentity {
  key: string;
  name: string;
  pan: string;
  aadhaar?: string;
  gstin?: string;
}

/** The named test identities (fictional; every number passes its format and check-digit rules). */
export const SANDBOX_IDENTITIES: readonly SandboxIdentity[] = [
  { key: 'priya', name: 'PRIYA NAIR', pan: 'ABCPN1234K', aadhaar: '234567890124' },
  { key: 'rahul', name: 'RAHUL KUMAR SHARMA', pan: 'BQRPS4321L', aadhaar: '345678901238' },
  { key: 'naturals', name: 'NAIR NATURALS PRIVATE LIMITED', pan: 'AAACN1234M', gstin: '29AAACN1234M1ZE' },
];

type Rule = 'INVALID' | 'OTHER_NAME' | 'DOWN' | 'CANCELLED' | null;

function digitRule(four: string): Rule {
  if (four === '9999') return 'INVALID';
  if (four === '8888') return 'OTHER_NAME';
  if (four === '0503') return 'DOWN';
  if (four === '7777') return 'CANCELLED';
  return null;
}

function aadhaarRule(aadhaar: string): Rule {
  const head = aadhaar.slice(0, 8);
  if (head === '99999999') return 'INVALID';
  if (head === '88888888') return 'OTHER_NAME';
  if (head === '50350350') return 'DOWN';
  return null;
}

const down = () => refused('UNAVAILABLE', 'the sandbox provider is down for this test identity');
const upper = (name: string) => name.trim().replace(/\s+/g, ' ').toUpperCase();
const digest = (text: string) => createHash('sha256').update(text).digest('hex');

function holderType(pan: string): string {
  const letter = pan[3];
  if (letter === 'P') return 'Individual';
  const status = panHolderStatus(letter);
  return status ? status.replace(/^an? /, '').replace(/^\w/, (c) => c.toUpperCase()) : 'Unknown';
}

export function sandboxVerificationProvider(): VerificationProvider {
  const byPan = (pan: string) => SANDBOX_IDENTITIES.find((i) => i.pan === pan);

  return {
    name: 'sandbox',
    sandbox: true,
    gstinOtp: true,

    async verifyPan(value, name) {
      const pan = normalisePan(value);
      if (!isPanShape(pan)) return refused('INVALID', 'not a PAN');
      const rule = digitRule(pan.slice(5, 9));
      if (rule === 'INVALID') return refused('INVALID', 'no such PAN');
      if (rule === 'DOWN') return down();
      const registeredName = rule === 'OTHER_NAME' ? SANDBOX_OTHER_NAME : (byPan(pan)?.name ?? upper(name));
      return {
        ok: true,
        pan,
        registeredName,
        holderType: holderType(pan),
        reference: `SBXP.${digest(pan).slice(0, 10)}`,
      };
    },

    async verifyGstin(value, businessName) {
      const gstin = normaliseGstin(value);
      const pan = gstin.slice(2, 12);
      if (gstinKycProblem(gstin, pan) !== null) return refused('INVALID', 'not a GSTIN');
      const rule = digitRule(pan.slice(5, 9));
      if (rule === 'INVALID') return refused('INVALID', 'no such GSTIN');
      if (rule === 'DOWN') return down();
      const legalName =
        rule === 'OTHER_NAME' ? `${SANDBOX_OTHER_NAME} TRADERS` : (byPan(pan)?.name ?? upper(businessName));
      return {
        ok: true,
        gstin,
        legalName,
        tradeName: legalName,
        status: rule === 'CANCELLED' ? 'Cancelled' : 'Active',
        constitution: holderType(pan),
        registeredOn: '2019-04-01',
        principalAddress: gstinStateName(gstin) ?? '',
        reference: `SBXG.${gstin}`,
      };
    },

    async generateGstinOtp(value) {
      const gstin = normaliseGstin(value);
      const pan = gstin.slice(2, 12);
      if (gstinKycProblem(gstin, pan) !== null) return refused('INVALID', 'not a GSTIN');
      const rule = digitRule(pan.slice(5, 9));
      if (rule === 'INVALID') return refused('INVALID', 'no such GSTIN');
      if (rule === 'DOWN') return down();
      return { ok: true, reference: `SBXG.${gstin}`, sentTo: 'the mobile registered on the GST portal' };
    },

    async submitGstinOtp(value, reference, otp) {
      const gstin = normaliseGstin(value);
      if (reference !== `SBXG.${gstin}`) return refused('OTP_INVALID', 'this OTP was not sent for this GSTIN');
      if (otp !== SANDBOX_OTP) return refused('OTP_INVALID', 'wrong OTP');
      return { ok: true, gstin, confirmed: true, reference };
    },

    async generateAadhaarOtp(value) {
      const aadhaar = normaliseAadhaar(value);
      if (aadhaarProblem(aadhaar) !== null) return refused('INVALID', 'not an Aadhaar number');
      const rule = aadhaarRule(aadhaar);
      if (rule === 'INVALID') return refused('INVALID', 'no such Aadhaar number');
      if (rule === 'DOWN') return down();
      // the reference names whose OTP it is by a key, never by the number
      const who =
        rule === 'OTHER_NAME' ? 'other' : (SANDBOX_IDENTITIES.find((i) => i.aadhaar === aadhaar)?.key ?? 'anyone');
      return { ok: true, reference: `SBXA.${who}.${digest(aadhaar).slice(0, 10)}`, sentTo: 'mobile ending 4321' };
    },

    async submitAadhaarOtp(reference, otp) {
      const m = /^SBXA\.([a-z]+)\.[0-9a-f]{10}$/.exec(reference);
      if (!m) return refused('OTP_INVALID', 'no OTP was sent with this reference');
      if (otp !== SANDBOX_OTP) return refused('OTP_INVALID', 'wrong OTP');
      const who = m[1];
      const name =
        who === 'other'
          ? SANDBOX_OTHER_NAME
          : (SANDBOX_IDENTITIES.find((i) => i.key === who)?.name ?? SANDBOX_AADHAAR_HOLDER);
      return { ok: true, name, yearOfBirth: 1990, state: 'Karnataka', reference };
    },

    async verifyBankAccount(check) {
      const bank = lookupIfsc(check.ifsc);
      if (!bank) return refused('INVALID', 'IFSC not found');
      const account = normaliseAccountNumber(check.accountNumber);
      if (accountNumberProblem(account) !== null) return refused('INVALID', 'invalid account number');
      const rule = digitRule(account.slice(-4));
      if (rule === 'INVALID') return refused('INVALID', 'account does not exist');
      if (rule === 'DOWN') return down();
      const hash = digest(`${bank.ifsc}:${account}`);
      const penny = check.mode === 'PENNY_DROP';
      return {
        ok: true,
        mode: check.mode,
        nameAtBank: rule === 'OTHER_NAME' ? SANDBOX_OTHER_NAME : upper(check.holderName),
        bankName: bank.bankName,
        branch: `Branch ${bank.ifsc.slice(5)} (sandbox)`,
        creditedPaise: penny ? SANDBOX_PENNY_PAISE : null,
        utr: penny
          ? String(parseInt(hash.slice(0, 12), 16))
              .padStart(12, '0')
              .slice(-12)
          : null,
        reference: `SBXB.${hash.slice(0, 10)}`,
      };
    },

    async ifscDetails(ifsc): Promise<Answer<IfscDetails>> {
      const bank = lookupIfsc(ifsc);
      if (!bank) return refused('INVALID', 'IFSC not found');
      return {
        ok: true,
        ifsc: bank.ifsc,
        bankName: bank.bankName,
        branch: `Branch ${bank.ifsc.slice(5)} (sandbox)`,
        city: '',
        state: '',
        address: '',
      };
    },
  };
}
