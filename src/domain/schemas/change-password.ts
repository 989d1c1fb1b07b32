import { MSG } from '../messages';
import { signupPasswordField } from './fields';
import { firstIssue, type FieldErrors } from './shared-set';

// The change-password form: the current password, a new one under the sign-up strength rules
// (what the server's UpdatePasswordBody checks), and its confirmation.

export interface ChangePasswordValues {
  currentPassword: string;
  newPassword: string;
  confirmPassword: string;
}
export type ChangePasswordField = keyof ChangePasswordValues;

export function changePasswordErrors(values: ChangePasswordValues): FieldErrors<ChangePasswordField> {
  const errors: FieldErrors<ChangePasswordField> = {};
  if (!values.currentPassword) errors.currentPassword = MSG.required;
  const newIssue = values.newPassword ? firstIssue(signupPasswordField, values.newPassword) : MSG.enterPassword;
  if (newIssue) errors.newPassword = newIssue;
  else if (values.newPassword === values.currentPassword) errors.newPassword = MSG.samePassword;
  if (!values.confirmPassword) errors.confirmPassword = MSG.required;
  else if (values.confirmPassword !== values.newPassword) errors.confirmPassword = MSG.passwordsDontMatch;
  return errors;
}
