import { describe, expect, it } from 'vitest';
import { MSG } from '../../src/domain/messages';
import { changePasswordErrors, type ChangePasswordValues } from '../../src/domain/schemas/change-password';

const ok: ChangePasswordValues = {
  currentPassword: 'Temp#1234',
  newPassword: 'New#Pass1',
  confirmPassword: 'New#Pass1',
};

describe('changePasswordErrors', () => {
  it.each<[string, Partial<ChangePasswordValues>, Record<string, string>]>([
    ['a valid change', {}, {}],
    ['no current password', { currentPassword: '' }, { currentPassword: MSG.required }],
    [
      'no new password',
      { newPassword: '', confirmPassword: '' },
      { newPassword: MSG.enterPassword, confirmPassword: MSG.required },
    ],
    ['new too short', { newPassword: 'Ab#1', confirmPassword: 'Ab#1' }, { newPassword: MSG.passwordTooShort }],
    [
      'new too long',
      { newPassword: `Ab#${'x'.repeat(48)}`, confirmPassword: `Ab#${'x'.repeat(48)}` },
      { newPassword: MSG.passwordTooLong },
    ],
    [
      'new without a symbol',
      { newPassword: 'NewPass12', confirmPassword: 'NewPass12' },
      { newPassword: MSG.passwordNotStrongSignup },
    ],
    [
      'new equals current',
      { newPassword: 'Temp#1234', confirmPassword: 'Temp#1234' },
      { newPassword: MSG.samePassword },
    ],
    ['confirmation differs', { confirmPassword: 'New#Pass2' }, { confirmPassword: MSG.passwordsDontMatch }],
  ])('%s', (_name, change, expected) => {
    expect(changePasswordErrors({ ...ok, ...change })).toEqual(expected);
  });
});
