import { randomUUID } from 'node:crypto';
import {
  refused,
  type AadhaarResult,
  type Answer,
  type BankAccountCheck,
  type BankAccountResult,
  type GstinOtpResult,
  type GstinResult,
  type IfscDetails,
  type OtpStarted,
  type PanResult,
  type VerificationProvider,
} from './provider';

// Cashfree Verification API (Secure ID), from its public API reference (version 2023-12-18):
//   base      https://api.cashfree.com/verification (production), https://sandbox.cashfree.com/verification (test)
//   headers   x-client-id, x-client-secret, x-api-version; JSON bodies
//   PAN       POST /pan { pan, name } → { valid, pan, type, registered_name, reference_id, message, … }
//   GSTIN     POST /gstin { GSTIN, business_name } → { valid, GSTIN, legal_name_of_business,
//             trade_name_of_business, gst_in_status, constitution_of_business, date_of_registration,
//             principal_place_address, reference_id, message }
//   Aadhaar   POST /offline-aadhaar/otp { aadhaar_number } → { status: SUCCESS|INVALID, message, ref_id }
//             POST /offline-aadhaar/verify { otp, ref_id } → { status: VALID|INVALID, name,
//             year_of_birth, split_address: { state }, message }
//   bank      POST /bank-account/sync { bank_account, ifsc, name, phone } → { account_status
//             VALID|INVALID|FAILED|…, account_status_code, name_at_bank, bank_name, branch, utr,
//             reference_id } — an IMPS transfer (penny drop) when it gives a UTR; Cashfree picks
//             the rail, and its answer does not state the amount credited
//   IFSC      POST /ifsc { verification_id, ifsc } → { status VALID|NOT_FOUND, bank, branch,
//             city, state, address }
//   errors    { code, message, type } with 400 (bad request), 401/403 (keys, IP allow-list),
//             404, 409, 422 (balance), 429, 500/502/520 (try later)
// Cashfree publishes no GSTIN taxpayer-OTP call (GSTN's consent OTP is offered by GSPs), so this
// adapter says UNSUPPORTED there and `gstinOtp` is false: the KYC flow then relies on the GSTIN
// record and the PAN inside it.

export interface CashfreeConfig {
  baseUrl: string;
  clientId: string;
  clientSecret: string;
  fetch: typeof fetch;
  /** the verification id of a request (for IFSC); random unless a test fixes it */
  newId?: () => string;
}

export const CASHFREE_API_VERSION = '2023-12-18';
export const CASHFREE_PRODUCTION = 'https://api.cashfree.com/verification';
export const CASHFREE_TEST = 'https://sandbox.cashfree.com/verification';

type Json = Record<string, unknown>;

const str = (v: unknown): string => (typeof v === 'string' ? v : typeof v === 'number' ? String(v) : '');

/** An HTTP failure in Cashfree's words: the seller's mistake (INVALID) or ours/theirs (UNAVAILABLE). */
function failure(status: number, body: Json): Answer<never> {
  const detail = `Cashfree ${status}: ${str(body.message) || str(body.code) || 'no message'}`;
  // 400 and 404 speak of what was sent (a malformed or unknown number); the rest (keys, IP
  // allow-list, balance, rate limit, server errors) decide nothing about the seller
  if (status === 400 || status === 404) return refused('INVALID', detail);
  return refused('UNAVAILABLE', detail);
}

export function cashfreeVerificationProvider(cfg: CashfreeConfig): VerificationProvider {
  const newId = cfg.newId ?? (() => `dakiya-${randomUUID()}`);

  async function post(path: string, body: Json): Promise<{ status: number; body: Json } | null> {
    try {
      const res = await cfg.fetch(`${cfg.baseUrl}${path}`, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          'x-client-id': cfg.clientId,
          'x-client-secret': cfg.clientSecret,
          'x-api-version': CASHFREE_API_VERSION,
        },
        body: JSON.stringify(body),
      });
      const text = await res.text();
      let parsed: Json = {};
      try {
        parsed = text ? (JSON.parse(text) as Json) : {};
      } catch {
        parsed = { message: 'not JSON' };
      }
      return { status: res.status, body: parsed };
    } catch {
      return null;
    }
  }

  const unreachable = () => refused('UNAVAILABLE', 'Cashfree could not be reached');

  return {
    name: 'cashfree',
    sandbox: false,
    gstinOtp: false,

    async verifyPan(pan, name): Promise<Answer<PanResult>> {
      const r = await post('/pan', { pan, name });
      if (!r) return unreachable();
      if (r.status !== 200) return failure(r.status, r.body);
      const b = r.body;
      if (b.valid !== true)
        return refused('INVALID', `Cashfree: ${str(b.message) || str(b.pan_status) || 'invalid PAN'}`);
      return {
        ok: true,
        pan: str(b.pan) || pan,
        registeredName: str(b.registered_name) || str(b.name_pan_card),
        holderType: str(b.type),
        reference: str(b.reference_id),
      };
    },

    async verifyGstin(gstin, businessName): Promise<Answer<GstinResult>> {
      const r = await post('/gstin', { GSTIN: gstin, business_name: businessName });
      if (!r) return unreachable();
      if (r.status !== 200) return failure(r.status, r.body);
      const b = r.body;
      const legalName = str(b.legal_name_of_business);
      if (b.valid === false || !legalName)
        return refused('INVALID', `Cashfree: ${str(b.message) || "GSTIN doesn't exist"}`);
      return {
        ok: true,
        gstin: str(b.GSTIN) || gstin,
        legalName,
        tradeName: str(b.trade_name_of_business),
        status: str(b.gst_in_status),
        constitution: str(b.constitution_of_business),
        registeredOn: str(b.date_of_registration),
        principalAddress: str(b.principal_place_address),
        reference: str(b.reference_id),
      };
    },

    async generateGstinOtp(): Promise<Answer<OtpStarted>> {
      return refused('UNSUPPORTED', 'Cashfree offers no GSTIN taxpayer OTP');
    },

    async submitGstinOtp(): Promise<Answer<GstinOtpResult>> {
      return refused('UNSUPPORTED', 'Cashfree offers no GSTIN taxpayer OTP');
    },

    async generateAadhaarOtp(aadhaar): Promise<Answer<OtpStarted>> {
      const r = await post('/offline-aadhaar/otp', { aadhaar_number: aadhaar });
      if (!r) return unreachable();
      if (r.status !== 200) return failure(r.status, r.body);
      const b = r.body;
      if (b.status !== 'SUCCESS' || !str(b.ref_id))
        return refused('INVALID', `Cashfree: ${str(b.message) || 'Aadhaar not valid'}`);
      return { ok: true, reference: str(b.ref_id), sentTo: null };
    },

    async submitAadhaarOtp(reference, otp): Promise<Answer<AadhaarResult>> {
      const r = await post('/offline-aadhaar/verify', { otp, ref_id: reference });
      if (!r) return unreachable();
      // a wrong or expired OTP is a 400 from Cashfree: the seller's to fix
      if (r.status === 400) return refused('OTP_INVALID', `Cashfree 400: ${str(r.body.message) || 'invalid OTP'}`);
      if (r.status !== 200) return failure(r.status, r.body);
      const b = r.body;
      if (b.status !== 'VALID') return refused('OTP_INVALID', `Cashfree: ${str(b.message) || 'not verified'}`);
      const address = (b.split_address ?? {}) as Json;
      const year = Number(b.year_of_birth);
      return {
        ok: true,
        name: str(b.name),
        yearOfBirth: Number.isInteger(year) && year > 1900 ? year : null,
        state: str(address.state) || null,
        reference: str(b.ref_id) || reference,
      };
    },

    async verifyBankAccount(check: BankAccountCheck): Promise<Answer<BankAccountResult>> {
      const r = await post('/bank-account/sync', {
        bank_account: check.accountNumber,
        ifsc: check.ifsc,
        name: check.holderName,
        phone: check.phone,
      });
      if (!r) return unreachable();
      if (r.status !== 200) return failure(r.status, r.body);
      const b = r.body;
      const status = str(b.account_status);
      if (status === 'INVALID')
        return refused('INVALID', `Cashfree: ${str(b.account_status_code) || 'INVALID'} ${str(b.message)}`.trim());
      // FAILED, RECEIVED, IN_PROCESS …: the bank did not answer yet; nothing is decided
      if (status !== 'VALID') return refused('UNAVAILABLE', `Cashfree: account status ${status || 'missing'}`);
      const utr = str(b.utr) || null;
      const ifscDetails = (b.ifsc_details ?? {}) as Json;
      return {
        ok: true,
        mode: utr ? 'PENNY_DROP' : 'PENNYLESS',
        nameAtBank: str(b.name_at_bank),
        bankName: str(b.bank_name) || str(ifscDetails.bank),
        branch: str(b.branch) || str(ifscDetails.branch) || null,
        creditedPaise: null,
        utr,
        reference: str(b.reference_id),
      };
    },

    async ifscDetails(ifsc): Promise<Answer<IfscDetails>> {
      const r = await post('/ifsc', { verification_id: newId(), ifsc });
      if (!r) return unreachable();
      if (r.status !== 200) return failure(r.status, r.body);
      const b = r.body;
      if (b.status !== 'VALID') return refused('INVALID', `Cashfree: IFSC ${str(b.status) || 'not found'}`);
      return {
        ok: true,
        ifsc: str(b.ifsc) || ifsc,
        bankName: str(b.bank),
        branch: str(b.branch),
        city: str(b.city),
        state: str(b.state),
        address: str(b.address),
      };
    },
  };
}
