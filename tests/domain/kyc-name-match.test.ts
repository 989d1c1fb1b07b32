import { describe, expect, it } from 'vitest';
import { matchNames, nameMatchProblem, nameWords, NAME_MATCH_THRESHOLD } from '../../src/domain/kyc/name-match';

describe('the name-match rule (src/domain/kyc/name-match.ts)', () => {
  it.each([
    ['Priya Nair', 'PRIYA NAIR', 1],
    ['Mrs. Priya Nair', 'priya   nair', 1],
    ['Nair Priya', 'Priya Nair', 1],
    ['Priya Nair', 'PRIYA RAMESH NAIR', 0.67],
    ['P. Nair', 'Priya Nair', 0.75],
    ['R K Sharma', 'Rahul Kumar Sharma', 0.67],
    ['R.K. Sharma', 'RAHUL KUMAR SHARMA', 0.67],
    ['Shri Rahul K. Sharma', 'RAHUL KUMAR SHARMA', 0.83],
    ['M/s Nair Naturals Pvt. Ltd.', 'NAIR NATURALS PRIVATE LIMITED', 1],
    ['The Nair Naturals Company', 'NAIR NATURALS', 1],
    ['Mohammad Irfan', 'Mohammed Irfan', 0.88],
    ["D'Souza Anita", 'Anita D Souza', 1],
    ['José Fernandes', 'JOSE FERNANDES', 1],
    ['Smt. Lakshmi Devi', 'LAKSHMI DEVI', 1],
    ['Dr Kumari Anjali Rao', 'ANJALI RAO', 1],
    ['Sharma & Sons', 'SHARMA AND SONS', 1],
  ])('%s and %s match (%s)', (a, b, score) => {
    expect(matchNames(a, b)).toEqual({ score, matches: true });
    expect(matchNames(b, a).matches).toBe(true);
  });

  it.each([
    ['Priya Nair', 'Anil Nair', 0.5],
    ['Priya', 'Priya Nair', 0.5],
    ['Priya Nair', 'Priya Sharma', 0.5],
    ['A Sharma', 'Rahul Sharma', 0.5],
    ['Ravi Nair', 'Ravu Nair', 0.5],
    ['Priya Nair', 'Priya Ramesh Kumar Nair', 0.5],
    ['Priya Nair', 'KAVITA DESHMUKH', 0],
    ['', 'PRIYA NAIR', 0],
    ['Mr.', 'Mr.', 0],
  ])('%s and %s do not match (%s)', (a, b, score) => {
    expect(matchNames(a, b)).toEqual({ score, matches: false });
  });

  it('compares words without honorifics, legal forms or punctuation', () => {
    expect(nameWords('M/s. Shree Ganesh Traders Pvt. Ltd.')).toEqual(['ganesh', 'traders']);
    expect(nameWords('Mr. P.K. Nair')).toEqual(['p', 'k', 'nair']);
    expect(NAME_MATCH_THRESHOLD).toBe(0.6);
  });

  it('says which field does not match what', () => {
    expect(nameMatchProblem('accountHolderName', 'Anil Nair', 'PRIYA NAIR', 'the name on your PAN')).toBe(
      "Account holder's name: 'Anil Nair' does not match the name on your PAN, 'PRIYA NAIR'",
    );
    expect(nameMatchProblem('accountHolderName', 'Priya Nair', 'PRIYA NAIR', 'the name on your PAN')).toBeNull();
  });
});
