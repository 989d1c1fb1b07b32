import { describe, expect, it } from 'vitest';
import { BUSINESS_TYPES, PAN_HOLDER_LETTER, type BusinessType } from '../../src/domain/kyc/business-type';
import { normalisePan, panProblem } from '../../src/domain/kyc/pan';

describe('PAN: shape AAAAA9999A and the fourth letter of the business type', () => {
  it.each([
    ['ABCPN1234K', 'INDIVIDUAL'],
    ['abcpn 1234k', 'PROPRIETORSHIP'],
    ['AAACN1234M', 'COMPANY'],
    ['AAAFN1234M', 'PARTNERSHIP'],
    ['AAAFL1234M', 'LLP'],
    ['AAAHS1234M', 'HUF'],
    ['AAATS1234M', 'TRUST'],
    ['AAAAS1234M', 'AOP'],
    ['AAABS1234M', 'BOI'],
    ['AAAGS1234M', 'GOVERNMENT'],
    ['AAALS1234M', 'LOCAL_AUTHORITY'],
    ['AAAJS1234M', 'ARTIFICIAL_JURIDICAL_PERSON'],
  ] as const)('%s is a valid PAN for %s', (pan, type) => {
    expect(panProblem(pan, type)).toBeNull();
  });

  it.each([
    ['', 'INDIVIDUAL', 'PAN is required'],
    ['   ', 'INDIVIDUAL', 'PAN is required'],
    ['ABCPN1234', 'INDIVIDUAL', 'PAN must be 10 characters: 5 letters, 4 digits and a letter (for example ABCPK1234F)'],
    [
      'ABCPN12345',
      'INDIVIDUAL',
      'PAN must be 10 characters: 5 letters, 4 digits and a letter (for example ABCPK1234F)',
    ],
    [
      'ABCP1N234K',
      'INDIVIDUAL',
      'PAN must be 10 characters: 5 letters, 4 digits and a letter (for example ABCPK1234F)',
    ],
    [
      '12345ABCDE',
      'INDIVIDUAL',
      'PAN must be 10 characters: 5 letters, 4 digits and a letter (for example ABCPK1234F)',
    ],
    [
      'ABCPN1234KX',
      'INDIVIDUAL',
      'PAN must be 10 characters: 5 letters, 4 digits and a letter (for example ABCPK1234F)',
    ],
    ['AAACN1234M', 'INDIVIDUAL', 'PAN: the fourth letter must be P for an individual (C is for a company)'],
    ['AAACN1234M', 'PROPRIETORSHIP', 'PAN: the fourth letter must be P for a proprietorship (C is for a company)'],
    ['ABCPN1234K', 'COMPANY', 'PAN: the fourth letter must be C for a company (P is for an individual)'],
    ['ABCPN1234K', 'PARTNERSHIP', 'PAN: the fourth letter must be F for a partnership firm (P is for an individual)'],
    ['AAAEN1234M', 'LLP', 'PAN: the fourth letter must be F for a limited liability partnership'],
    ['AAACN1234M', 'HUF', 'PAN: the fourth letter must be H for a Hindu undivided family (C is for a company)'],
    ['AAAFN1234M', 'TRUST', 'PAN: the fourth letter must be T for a trust (F is for a firm or LLP)'],
    ['AAATN1234M', 'AOP', 'PAN: the fourth letter must be A for an association of persons (T is for a trust)'],
    ['AAAXN1234M', 'GOVERNMENT', 'PAN: the fourth letter must be G for a government body'],
  ] as const)('%j for %s → %s', (pan, type, message) => {
    expect(panProblem(pan, type)).toBe(message);
  });

  it('names the authorised signatory’s PAN by its own label', () => {
    expect(panProblem('AAACN1234M', 'INDIVIDUAL', 'signatoryPanNumber')).toBe(
      "Authorised signatory's PAN: the fourth letter must be P for an individual (C is for a company)",
    );
  });

  it('has a letter for every business type, each on the official list', () => {
    for (const type of BUSINESS_TYPES) expect('PCHFATBLJG').toContain(PAN_HOLDER_LETTER[type as BusinessType]);
  });

  it('normalises case and spaces', () => {
    expect(normalisePan(' abcpn 1234 k ')).toBe('ABCPN1234K');
  });
});
