import { describe, expect, it } from 'vitest';
import { maskEmail, maskPhone, withBuyerContact } from '../../src/domain/buyer-contact';

describe('buyer contact masking', () => {
  it('masks an Indian mobile number in any of its spellings', () => {
    for (const p of ['9876543210', '+91 98765 43210', '+919876543210', '09876543210', '98765-43210'])
      expect(maskPhone(p)).toBe('+91 98xxxxxx10');
  });
  it('masks other lengths without inventing a country code, and hides short ones whole', () => {
    expect(maskPhone('0141234567')).toBe('01xxxxxx67');
    expect(maskPhone('12345678')).toBe('12xxxx78');
    expect(maskPhone('1234')).toBe('xxxx');
    expect(maskPhone('')).toBe('');
  });
  it('masks an email to its first letter and domain', () => {
    expect(maskEmail('asha.k@gmail.com')).toBe('a***@gmail.com');
    expect(maskEmail('a@x.in')).toBe('a***@x.in');
    expect(maskEmail('not-an-email')).toBe('***');
    expect(maskEmail('')).toBe('');
  });
  it('masks every contact field of an answer only when the login may not see them', () => {
    const row = {
      buyerName: 'Kavya',
      buyerPhone: '9988776655',
      buyerEmail: 'kavya@gmail.com',
      customerPhone: '9988776655',
    };
    expect(withBuyerContact(row, true)).toBe(row);
    expect(withBuyerContact(row, false)).toEqual({
      buyerName: 'Kavya',
      buyerPhone: '+91 99xxxxxx55',
      buyerEmail: 'k***@gmail.com',
      customerPhone: '+91 99xxxxxx55',
    });
    expect(row.buyerPhone).toBe('9988776655');
  });
});
