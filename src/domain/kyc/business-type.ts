// The kinds of business a seller registers as, and the PAN holder status each one carries in the
// fourth letter of its PAN. The Income Tax Department's list of holder statuses has ten letters:
// P individual, C company, H Hindu undivided family, F firm, A association of persons, T trust,
// B body of individuals, L local authority, J artificial juridical person, G government. A limited
// liability partnership is a firm under the Income Tax Act (section 2(23)), so its PAN carries F
// (an "E for LLP" seen on some web pages is not on that list).

export const BUSINESS_TYPES = [
  'INDIVIDUAL',
  'PROPRIETORSHIP',
  'PARTNERSHIP',
  'LLP',
  'COMPANY',
  'HUF',
  'TRUST',
  'AOP',
  'BOI',
  'GOVERNMENT',
  'LOCAL_AUTHORITY',
  'ARTIFICIAL_JURIDICAL_PERSON',
] as const;

export type BusinessType = (typeof BUSINESS_TYPES)[number];

/** The business type in the seller's words, as it reads inside a sentence ("for a company"). */
export const BUSINESS_TYPE_NAMES: Record<BusinessType, string> = {
  INDIVIDUAL: 'an individual',
  PROPRIETORSHIP: 'a proprietorship',
  PARTNERSHIP: 'a partnership firm',
  LLP: 'a limited liability partnership',
  COMPANY: 'a company',
  HUF: 'a Hindu undivided family',
  TRUST: 'a trust',
  AOP: 'an association of persons',
  BOI: 'a body of individuals',
  GOVERNMENT: 'a government body',
  LOCAL_AUTHORITY: 'a local authority',
  ARTIFICIAL_JURIDICAL_PERSON: 'an artificial juridical person',
};

/** The fourth letter of the PAN of each business type (a proprietorship files under its owner's PAN). */
export const PAN_HOLDER_LETTER: Record<BusinessType, string> = {
  INDIVIDUAL: 'P',
  PROPRIETORSHIP: 'P',
  PARTNERSHIP: 'F',
  LLP: 'F',
  COMPANY: 'C',
  HUF: 'H',
  TRUST: 'T',
  AOP: 'A',
  BOI: 'B',
  GOVERNMENT: 'G',
  LOCAL_AUTHORITY: 'L',
  ARTIFICIAL_JURIDICAL_PERSON: 'J',
};

/** The holder status a PAN's fourth letter stands for, in words; null for a letter not on the list. */
export function panHolderStatus(letter: string): string | null {
  const names: Record<string, string> = {
    P: 'an individual',
    C: 'a company',
    H: 'a Hindu undivided family',
    F: 'a firm or LLP',
    A: 'an association of persons',
    T: 'a trust',
    B: 'a body of individuals',
    L: 'a local authority',
    J: 'an artificial juridical person',
    G: 'a government body',
  };
  return names[letter] ?? null;
}
