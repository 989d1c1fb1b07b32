import { describe, expect, it } from 'vitest';
import { ifscProblem, normaliseIfsc } from '../../src/domain/kyc/ifsc';

describe('IFSC shape: 4 letters, 0, 6 letters or digits', () => {
  it.each(['HDFC0001234', 'hdfc0001234', 'HDFC 0001234', 'KJSB0KUB252', 'SBIN0000001'])('%s has the shape', (v) => {
    expect(ifscProblem(v)).toBeNull();
  });

  it.each([
    ['', 'IFSC is required'],
    ['HDFC001234', 'IFSC must be 11 characters (for example HDFC0001234)'],
    ['HDFC00012345', 'IFSC must be 11 characters (for example HDFC0001234)'],
    ['HDF10001234', "IFSC must start with the bank's 4 letters"],
    ['HDFC1001234', 'IFSC: the fifth character must be 0 (zero)'],
    ['HDFCO001234', 'IFSC: the fifth character must be 0 (zero)'],
    ['HDFC0-01234', "IFSC must end in the branch's 6 letters or digits"],
  ])('%j → %s', (v, message) => {
    expect(ifscProblem(v)).toBe(message);
  });

  it('normalises case and spaces', () => {
    expect(normaliseIfsc(' hdfc 0001234 ')).toBe('HDFC0001234');
  });
});
