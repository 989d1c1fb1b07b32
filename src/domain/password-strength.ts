import { MSG } from './messages';

// How strong a password reads as it is typed (spec section 5's generic labels 'Weak', 'Medium',
// 'Strong'; 'Enter a password' while empty). A guide beside the field: each form's own rule
// (sign-up, older form, change password) still decides what is accepted.

export const PASSWORD_STRENGTHS = ['Weak', 'Medium', 'Strong'] as const;
export type PasswordStrength = (typeof PASSWORD_STRENGTHS)[number];

/** How many kinds of character the password mixes: lowercase, uppercase, digits, symbols. */
function kinds(p: string): number {
  return [/[a-z]/, /[A-Z]/, /\d/, /[^A-Za-z0-9]/].filter((r) => r.test(p)).length;
}

/**
 * Weak: shorter than 8 or at most two kinds of character. Strong: all four kinds, or three kinds
 * over 12 characters or more. Medium: the rest.
 */
export function passwordStrength(p: string): PasswordStrength | null {
  if (!p) return null;
  const k = kinds(p);
  if (p.length < 8 || k <= 2) return 'Weak';
  if (k === 4 || p.length >= 12) return 'Strong';
  return 'Medium';
}

/** The line under a password field. */
export function passwordStrengthText(p: string): string {
  const s = passwordStrength(p);
  return s ? `Password strength: ${s}` : MSG.enterPassword;
}
