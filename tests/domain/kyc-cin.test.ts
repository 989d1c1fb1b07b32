import { describe, expect, it } from 'vitest';
import { cinCompanyType, cinProblem } from '../../src/domain/kyc/cin';
import { llpinProblem, normaliseLlpin } from '../../src/domain/kyc/llpin';

const YEAR = 2026;

describe('CIN: L/U, industry code, state, year, kind of company, number', () => {
  it.each([
    'L17110MH1973PLC019786',
    'L85110KA1981PLC013115',
    'U72900KA2015PTC012345',
    'U72200TG2007PTC053444',
    'U74999DL2019OPC123456',
    'U27100CT2004PTC016483',
    'U85300MH2016NPL123456',
    'u72900 ka2015 ptc012345',
  ])('%s is a CIN', (cin) => {
    expect(cinProblem(cin, YEAR)).toBeNull();
  });

  it.each([
    ['', 'CIN is required'],
    ['L17110MH1973PLC01978', 'CIN must be 21 characters (for example U72900KA2015PTC012345)'],
    ['X17110MH1973PLC019786', 'CIN must start with L (listed) or U (unlisted)'],
    ['L1711AMH1973PLC019786', 'CIN: characters 2 to 6 must be the 5-digit industry code'],
    ['L17110ZZ1973PLC019786', 'CIN: characters 7 and 8 must be a state code (for example MH or KA)'],
    ['L17110MH1799PLC019786', 'CIN: characters 9 to 12 must be the year of incorporation'],
    ['L17110MH2099PLC019786', 'CIN: characters 9 to 12 must be the year of incorporation'],
    ['L17110MH19A3PLC019786', 'CIN: characters 9 to 12 must be the year of incorporation'],
    ['L17110MH1973XYZ019786', 'CIN: characters 13 to 15 must be the kind of company (PLC, PTC, OPC …)'],
    ['L17110MH1973PLC01978A', 'CIN must end in the 6-digit registration number'],
  ])('%j → %s', (cin, message) => {
    expect(cinProblem(cin, YEAR)).toBe(message);
  });

  it('reads the kind of company', () => {
    expect(cinCompanyType('U72900KA2015PTC012345')).toBe('PTC');
  });
});

describe('LLPIN: AAA-9999', () => {
  it.each(['AAB-1234', 'aab-1234', 'AAB1234', 'AAB - 1234'])('%s is an LLPIN', (v) => {
    expect(llpinProblem(v)).toBeNull();
  });

  it.each([
    ['', 'LLPIN is required'],
    ['AA-1234', 'LLPIN must be 3 letters, a hyphen and 4 digits (for example AAB-1234)'],
    ['AAB-123', 'LLPIN must be 3 letters, a hyphen and 4 digits (for example AAB-1234)'],
    ['AAB12345', 'LLPIN must be 3 letters, a hyphen and 4 digits (for example AAB-1234)'],
    ['1AB-1234', 'LLPIN must be 3 letters, a hyphen and 4 digits (for example AAB-1234)'],
    ['AAB_1234', 'LLPIN must be 3 letters, a hyphen and 4 digits (for example AAB-1234)'],
  ])('%j → %s', (v, message) => {
    expect(llpinProblem(v)).toBe(message);
  });

  it('writes it in its printed form', () => {
    expect(normaliseLlpin('aab1234')).toBe('AAB-1234');
  });
});
