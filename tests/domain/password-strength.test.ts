import { describe, expect, it } from 'vitest';
import { passwordStrength, passwordStrengthText } from '../../src/domain/password-strength';

describe('password strength (spec section 5 labels)', () => {
  it.each([
    ['', null],
    ['Ab1!', 'Weak'],
    ['abcdefghijkl', 'Weak'],
    ['abcdefgh12', 'Weak'],
    ['Abcdefg1', 'Medium'],
    ['abcdefg1!', 'Medium'],
    ['Abcdefghijk1', 'Strong'],
    ['Seller@123', 'Strong'],
  ])('%s reads %s', (p, level) => expect(passwordStrength(p)).toBe(level));

  it('asks for a password while the field is empty', () => {
    expect(passwordStrengthText('')).toBe('Enter a password');
    expect(passwordStrengthText('Seller@123')).toBe('Password strength: Strong');
  });
});
