import { describe, expect, it } from 'vitest';
import { aadhaarProblem, normaliseAadhaar } from '../../src/domain/kyc/aadhaar';
import { lastFour, maskAadhaar, maskNumber } from '../../src/domain/kyc/mask';
import { verhoeffDigit, verhoeffValid } from '../../src/domain/kyc/verhoeff';

describe('Verhoeff check digit', () => {
  // the published worked examples: 236 → 3, 12345 → 1
  it.each([
    ['236', '3'],
    ['12345', '1'],
    ['23456789012', '4'],
    ['34567890123', '8'],
  ])('%s takes %s', (digits, check) => {
    expect(verhoeffDigit(digits)).toBe(check);
    expect(verhoeffValid(digits + check)).toBe(true);
  });

  it.each(['2364', '123450', '', '12a4'])('%j is not valid', (digits) => {
    expect(verhoeffValid(digits)).toBe(false);
  });

  it('catches every single-digit change and every swap of neighbours in an Aadhaar number', () => {
    const good = '234567890124';
    for (let i = 0; i < 12; i++) {
      for (let d = 0; d <= 9; d++) {
        if (String(d) === good[i]) continue;
        expect(verhoeffValid(good.slice(0, i) + d + good.slice(i + 1))).toBe(false);
      }
      if (i < 11 && good[i] !== good[i + 1])
        expect(verhoeffValid(good.slice(0, i) + good[i + 1] + good[i] + good.slice(i + 2))).toBe(false);
    }
  });
});

describe('Aadhaar: 12 digits, not starting 0 or 1, Verhoeff check digit', () => {
  it.each(['234567890124', '2345 6789 0124', '2345-6789-0124', '345678901238', '999999990128', '503503500125'])(
    '%s is valid',
    (n) => {
      expect(aadhaarProblem(n)).toBeNull();
    },
  );

  it.each([
    ['', 'Aadhaar number is required'],
    ['23456789012', 'Aadhaar number must be 12 digits'],
    ['2345678901245', 'Aadhaar number must be 12 digits'],
    ['2345678901a4', 'Aadhaar number must be 12 digits'],
    ['034567890124', 'Aadhaar number cannot start with 0 or 1'],
    ['134567890124', 'Aadhaar number cannot start with 0 or 1'],
    ['234567890125', 'Aadhaar number fails its check digit (the last one); check it for a typing mistake'],
    ['324567890124', 'Aadhaar number fails its check digit (the last one); check it for a typing mistake'],
  ])('%j → %s', (n, message) => {
    expect(aadhaarProblem(n)).toBe(message);
  });

  it('names the authorised signatory’s Aadhaar by its label', () => {
    expect(aadhaarProblem('1', 'signatoryAadharNumber')).toBe(
      "Authorised signatory's Aadhaar number must be 12 digits",
    );
  });

  it('drops the printed card’s spaces and hyphens', () => {
    expect(normaliseAadhaar('2345 6789-0124')).toBe('234567890124');
  });
});

describe('masking keeps only the last four', () => {
  it.each([
    ['234567890124', 'XXXXXXXX0124'],
    ['2345 6789 0124', 'XXXXXXXX0124'],
    ['50100123456789', 'XXXXXXXXXX6789'],
    ['12345', 'X2345'],
    ['1234', 'XXXX'],
    ['12', 'XX'],
    ['', ''],
  ])('%j → %s', (n, masked) => {
    expect(maskNumber(n)).toBe(masked);
  });

  it('prints a masked Aadhaar as UIDAI does, and never the first eight digits', () => {
    expect(maskAadhaar('2345 6789 0124')).toBe('XXXX XXXX 0124');
    expect(maskAadhaar('234567890124')).not.toContain('23456789');
    expect(maskNumber('234567890124')).not.toContain('23456789');
    expect(lastFour('2345-6789-0124')).toBe('0124');
  });
});
