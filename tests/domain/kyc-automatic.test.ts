import { describe, expect, it } from 'vitest';
import { automaticKyc, type AutomaticKycFacts } from '../../src/domain/kyc/automatic';
import { kycShipRefusal, kycRefusalStep, isKycRefusal } from '../../src/domain/kyc/ship-refusal';
import { kycProgress, type KycView } from '../../src/domain/kyc-contract';

const PASSING: AutomaticKycFacts = {
  businessType: 'INDIVIDUAL',
  accountHolderName: 'Priya Nair',
  panVerified: true,
  panName: 'PRIYA NAIR',
  aadhaarVerified: true,
  aadhaarName: 'Priya Nair',
  gstRequired: false,
  gstVerified: false,
  gstOtpConfirmed: false,
  gstLegalName: null,
  sentBackBefore: false,
  bank: null,
};

describe('the automatic KYC decision', () => {
  it('verifies when every check passes and the names match, listing the checks', () => {
    expect(automaticKyc(PASSING)).toEqual({
      verified: true,
      passed: [
        'PAN verified',
        "name on the PAN matches the account holder's (Priya Nair)",
        'Aadhaar verified by OTP, name matches the PAN',
      ],
    });
    // the name rule forgives a middle name and honorifics
    expect(automaticKyc({ ...PASSING, accountHolderName: 'Mrs Priya Ramesh Nair' }).verified).toBe(true);
  });

  it('a proprietor registered for GST needs the GSTIN confirmed by the GST portal, its legal name matching', () => {
    const gst = { ...PASSING, businessType: 'PROPRIETORSHIP' as const, gstRequired: true };
    expect(automaticKyc(gst)).toMatchObject({ verified: false, reason: 'the GSTIN is not verified by the GST portal' });
    const confirmed = { ...gst, gstVerified: true, gstOtpConfirmed: true, gstLegalName: 'PRIYA NAIR' };
    expect(automaticKyc(confirmed).verified).toBe(true);
    expect(automaticKyc({ ...confirmed, gstLegalName: 'ANIL TRADERS' })).toMatchObject({
      verified: false,
      reason: "the GSTIN's legal name, 'ANIL TRADERS', differs from the name on the PAN, 'PRIYA NAIR'",
    });
  });

  it('leaves to staff: mismatched names, entities, documents sent back, an unverified check, a bank in another name', () => {
    const reason = (f: Partial<AutomaticKycFacts>) => {
      const o = automaticKyc({ ...PASSING, ...f });
      return o.verified ? null : o.reason;
    };
    expect(reason({ accountHolderName: 'Anil Kumar' })).toBe(
      "the name on the PAN, 'PRIYA NAIR', differs from the account holder's name, 'Anil Kumar'",
    );
    expect(reason({ aadhaarName: 'Anil Kumar' })).toBe(
      "the name on the Aadhaar, 'Anil Kumar', differs from the name on the PAN, 'PRIYA NAIR'",
    );
    expect(reason({ businessType: 'COMPANY' })).toMatch(/reviewed by our team/);
    expect(reason({ businessType: 'PARTNERSHIP' })).toMatch(/reviewed by our team/);
    expect(reason({ sentBackBefore: true })).toBe('documents sent back earlier are read again by our team');
    expect(reason({ panVerified: false })).toBe('the PAN is not verified');
    expect(reason({ aadhaarVerified: false })).toBe('neither Aadhaar nor GSTIN is verified by OTP');
    expect(reason({ bank: { verified: false, nameMismatch: true } })).toMatch(/bank account/);
    expect(automaticKyc({ ...PASSING, bank: { verified: true, nameMismatch: false } })).toMatchObject({
      verified: true,
      passed: expect.arrayContaining(['bank account verified']),
    });
  });
});

describe('the ship refusal for KYC', () => {
  const view = (over: Partial<KycView>): Pick<KycView, 'status' | 'reviewReason' | 'progress' | 'documents'> => ({
    status: 'DRAFT',
    reviewReason: null,
    documents: [],
    progress: kycProgress({
      businessType: 'INDIVIDUAL',
      profileName: 'Priya Nair',
      gstRegistered: null,
      done: { PAN: true },
      documents: [],
    }),
    ...over,
  });

  it('names the first thing missing and its step, and finds the step again from the words', () => {
    const r = kycShipRefusal(view({}));
    expect(r).toEqual({
      text: 'Aadhaar not verified: verify your Aadhaar number by OTP in KYC to ship.',
      step: 'aadhaar',
    });
    expect(kycRefusalStep(r.text)).toBe('aadhaar');
  });

  it('never tells a seller who submitted to complete KYC; says why it waits', () => {
    const r = kycShipRefusal(view({ status: 'SUBMITTED', reviewReason: 'the name on the PAN differs' }));
    expect(r.text).toBe(
      'KYC submitted, awaiting review because the name on the PAN differs. You can ship as soon as our team verifies it.',
    );
    expect(r.text).not.toMatch(/complete/i);
    expect([r.step, kycRefusalStep(r.text), isKycRefusal(r.text)]).toEqual([null, null, true]);
    expect(isKycRefusal('Wallet balance is too low')).toBe(false);
  });
});
