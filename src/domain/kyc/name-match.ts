import { fieldLabel } from '../schemas/labels';

// The rule that says whether two names are the same person's or business's: the name on the PAN,
// the name the bank holds for an account, and the seller's profile name. Names reach us written
// differently ("Mr. P. K. Nair", "PRIYA KUMARI NAIR", "Nair Priya"), so:
//
// 1. Normalise: upper/lower case, accents, spaces and punctuation do not count ("P.K." is "P K",
//    "D'Souza" is "D Souza", "&" is "and").
// 2. Drop honorifics and titles wherever they stand: Mr, Mrs, Ms, Miss, Master, Dr, Prof, Shri,
//    Sri, Shree, Smt, Shrimati, Kumari, Kum, Sushri, M/s, Messrs, Late; and a business's legal
//    form (Private, Pvt, Limited, Ltd, LLP, Company, Co, The), which the PAN's fourth letter
//    checks anyway.
// 3. Compare the two names as sets of words, in any order, each word used once:
//    - the same word counts 1;
//    - a word one letter off a word of five letters or more ("Mohammad"/"Mohammed") counts 0.75;
//    - an initial ("P") against a word starting with that letter ("Priya") counts 0.5.
// 4. The score is what counted divided by the number of words in the longer name; the names
//    match when it is at least 0.6 (NAME_MATCH_THRESHOLD). So an extra middle name is forgiven
//    ("Priya Nair" and "Priya Ramesh Nair": 2/3), initials are ("R K Sharma" and "Rahul Kumar
//    Sharma": 2/3), a shared surname alone is not ("Priya Nair" and "Anil Nair": 1/2), nor a
//    first name alone ("Priya" and "Priya Nair": 1/2).

export const NAME_MATCH_THRESHOLD = 0.6;

const DROPPED = new Set([
  'mr',
  'mrs',
  'ms',
  'miss',
  'master',
  'dr',
  'prof',
  'shri',
  'sri',
  'shree',
  'smt',
  'shrimati',
  'kumari',
  'kum',
  'sushri',
  'messrs',
  'late',
  'private',
  'pvt',
  'limited',
  'ltd',
  'llp',
  'company',
  'co',
  'the',
]);

/** A name's words as compared: lower case, no accents, punctuation, honorifics or legal forms. */
export function nameWords(name: string): string[] {
  const plain = name
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/\bm\s*\/\s*s\b\.?/g, ' ')
    .replace(/&/g, ' and ')
    .replace(/[^a-z0-9]+/g, ' ');
  return plain.split(' ').filter((w) => w !== '' && !DROPPED.has(w));
}

/** Whether two words are one letter apart (one changed, added or removed). */
function oneEditApart(a: string, b: string): boolean {
  if (Math.abs(a.length - b.length) > 1) return false;
  let i = 0;
  let j = 0;
  let edits = 0;
  while (i < a.length && j < b.length) {
    if (a[i] === b[j]) {
      i++;
      j++;
      continue;
    }
    if (++edits > 1) return false;
    if (a.length > b.length) i++;
    else if (b.length > a.length) j++;
    else {
      i++;
      j++;
    }
  }
  return edits + (a.length - i) + (b.length - j) <= 1;
}

export interface NameMatch {
  /** 0 to 1, two decimals */
  score: number;
  matches: boolean;
}

/** How well two names match, by the rule above. */
export function matchNames(first: string, second: string): NameMatch {
  const a = nameWords(first);
  const b = nameWords(second);
  if (a.length === 0 || b.length === 0) return { score: 0, matches: false };
  const usedA = new Set<number>();
  const usedB = new Set<number>();
  let counted = 0;
  const pass = (fits: (x: string, y: string) => boolean, weight: number) => {
    a.forEach((x, i) => {
      if (usedA.has(i)) return;
      const j = b.findIndex((y, k) => !usedB.has(k) && fits(x, y));
      if (j < 0) return;
      usedA.add(i);
      usedB.add(j);
      counted += weight;
    });
  };
  pass((x, y) => x === y, 1);
  pass((x, y) => x.length >= 5 && y.length >= 5 && oneEditApart(x, y), 0.75);
  pass((x, y) => (x.length === 1 && y.startsWith(x)) || (y.length === 1 && x.startsWith(y)), 0.5);
  const score = Math.round((counted / Math.max(a.length, b.length)) * 100) / 100;
  return { score, matches: score >= NAME_MATCH_THRESHOLD };
}

/**
 * Why a name given in a field does not match the name it must match, or null when it does:
 * "Account holder's name: 'Anil Nair' does not match the name on the PAN, 'PRIYA NAIR'".
 */
export function nameMatchProblem(field: string, given: string, against: string, againstWhat: string): string | null {
  if (matchNames(given, against).matches) return null;
  return `${fieldLabel(field)}: '${given.trim()}' does not match ${againstWhat}, '${against.trim()}'`;
}
