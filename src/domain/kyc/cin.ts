import { fieldLabel } from '../schemas/labels';

// Company identification number (CIN), 21 characters, given by the Registrar of Companies:
//   1       L (listed) or U (unlisted)
//   2–6     the 5-digit industry code (NIC)
//   7–8     the state of the registered office (RoC state codes: the older ISO codes, so OR for
//           Odisha, CT for Chhattisgarh, TG for Telangana, UR for Uttarakhand, besides MH, KA …)
//   9–12    the year of incorporation
//   13–15   the kind of company: PLC public, PTC private, OPC one person, FLC/FTC foreign public/
//           private, GOI central government, SGC state government, GAP/GAT guarantee-and-
//           association public/private, NPL not-for-profit (section 8), ULL/ULT unlimited public/private
//   16–21   the 6-digit registration number

export const CIN_COMPANY_TYPES = [
  'PLC',
  'PTC',
  'OPC',
  'FLC',
  'FTC',
  'GOI',
  'SGC',
  'GAP',
  'GAT',
  'NPL',
  'ULL',
  'ULT',
] as const;

/** The state codes a CIN carries (RoC's, which keep the older ISO codes), and today's codes too. */
export const CIN_STATE_CODES = new Set(
  (
    'AN AP AR AS BR CH CT CG DD DL DN GA GJ HP HR JH JK KA KL LA LD MH ML MN MP MZ NL OR OD PB PY RJ SK ' +
    'TG TS TN TR UP UR UK UL WB'
  ).split(' '),
);

/** A CIN or LLPIN as typed: upper case, no spaces. */
export function normaliseRegistration(value: string): string {
  return value.replace(/\s+/g, '').toUpperCase();
}

/** Why this is not a CIN, or null when it is one. `thisYear` bounds the year of incorporation. */
export function cinProblem(value: string, thisYear: number, field = 'cinNumber'): string | null {
  const label = fieldLabel(field);
  const cin = normaliseRegistration(value);
  if (cin === '') return `${label} is required`;
  if (cin.length !== 21) return `${label} must be 21 characters (for example U72900KA2015PTC012345)`;
  if (cin[0] !== 'L' && cin[0] !== 'U') return `${label} must start with L (listed) or U (unlisted)`;
  if (!/^\d{5}$/.test(cin.slice(1, 6))) return `${label}: characters 2 to 6 must be the 5-digit industry code`;
  if (!CIN_STATE_CODES.has(cin.slice(6, 8)))
    return `${label}: characters 7 and 8 must be a state code (for example MH or KA)`;
  const year = Number(cin.slice(8, 12));
  if (!/^\d{4}$/.test(cin.slice(8, 12)) || year < 1850 || year > thisYear)
    return `${label}: characters 9 to 12 must be the year of incorporation`;
  if (!(CIN_COMPANY_TYPES as readonly string[]).includes(cin.slice(12, 15)))
    return `${label}: characters 13 to 15 must be the kind of company (PLC, PTC, OPC …)`;
  if (!/^\d{6}$/.test(cin.slice(15))) return `${label} must end in the 6-digit registration number`;
  return null;
}

/** The kind of company a CIN names (PTC, PLC, OPC …). */
export function cinCompanyType(cin: string): string {
  return normaliseRegistration(cin).slice(12, 15);
}
