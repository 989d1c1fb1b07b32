import * as v from 'valibot';
import { MSG } from '../messages';
import { companyNameField, EMAIL_SHORT_SUFFIX, LETTERS_AND_SPACES, olderPasswordField } from './fields';

// The shared validation set of spec section 5 (account and admin forms, and the older /register
// screen). Each rule is a valibot schema whose first failing check gives the field's message.
// Where the spec's bounds and message disagree (first name 3-30 vs '3-20'), the rule keeps the
// bounds and the message keeps its text: both are requirements.

const required = () => v.pipe(v.string(MSG.requiredCap), v.nonEmpty(MSG.requiredCap));

export const sharedFirstName = v.pipe(
  required(),
  v.regex(LETTERS_AND_SPACES, MSG.firstNameRule),
  v.minLength(3, MSG.firstNameRule),
  v.maxLength(30, MSG.firstNameRule),
);

export const sharedLastName = v.pipe(
  required(),
  v.regex(LETTERS_AND_SPACES, MSG.lastNameRule),
  v.maxLength(30, MSG.lastNameRule),
);

export const sharedEmail = v.pipe(required(), v.regex(EMAIL_SHORT_SUFFIX, MSG.emailInvalidShared));

/** Starts with 6-9 and is at least 10 long; the spec's pattern also admits a comma. */
export const SHARED_PHONE = /^[6-9][\d,]{9,}$/;
export const sharedPhone = v.pipe(
  required(),
  v.minLength(10, MSG.phoneTooShort),
  v.regex(SHARED_PHONE, MSG.phoneInvalid),
);

/** Older form: 8 to 16 characters, an uppercase, a lowercase and a digit. */
export const sharedPassword = v.pipe(required(), olderPasswordField);

export const sharedCompany = v.pipe(required(), companyNameField);

/** Username of the account form: required, letters and digits only, 5 to 20. */
export const USERNAME = /^[A-Za-z0-9]{5,20}$/;
export const sharedUsername = v.pipe(
  v.string(MSG.requiredCap),
  v.trim(),
  v.nonEmpty(MSG.requiredCap),
  v.regex(USERNAME, MSG.usernameRule),
);

/** The shared names pattern: letters and spaces, 5 to 20 (docs/decisions/shared-field-rules.md says where it applies). */
export const NAMES_PATTERN = /^[A-Za-z ]{5,20}$/;
/** A name under the shared names pattern, with the message the field gives when it breaks the rule. */
export const sharedNamesPattern = (message: string) =>
  v.pipe(v.string(MSG.requiredCap), v.trim(), v.nonEmpty(MSG.requiredCap), v.regex(NAMES_PATTERN, message));

export const sharedTerms = v.literal(true, MSG.acceptToProceed);

/** The first message a value breaks, or null. */
export function firstIssue(schema: v.GenericSchema, value: unknown): string | null {
  const result = v.safeParse(schema, value, { abortEarly: true });
  return result.success ? null : result.issues[0].message;
}

export interface RegisterValues {
  firstName: string;
  lastName: string;
  companyName: string;
  phone: string;
  password: string;
  confirmPassword: string;
  email: string;
  tncAccepted: boolean;
}
export type RegisterField = keyof RegisterValues;
export type FieldErrors<F extends string> = Partial<Record<F, string>>;

export const REGISTER_FIELDS: readonly RegisterField[] = [
  'firstName',
  'lastName',
  'companyName',
  'phone',
  'password',
  'confirmPassword',
  'email',
  'tncAccepted',
];

export const EMPTY_REGISTER: RegisterValues = {
  firstName: '',
  lastName: '',
  companyName: '',
  phone: '',
  password: '',
  confirmPassword: '',
  email: '',
  tncAccepted: false,
};

const registerRules: Record<Exclude<RegisterField, 'confirmPassword'>, v.GenericSchema> = {
  firstName: sharedFirstName,
  lastName: sharedLastName,
  companyName: sharedCompany,
  phone: sharedPhone,
  password: sharedPassword,
  email: sharedEmail,
  tncAccepted: sharedTerms,
};

/** Every rule the older register form breaks, one message per field. */
export function registerErrors(values: RegisterValues): FieldErrors<RegisterField> {
  const errors: FieldErrors<RegisterField> = {};
  for (const [field, schema] of Object.entries(registerRules) as [RegisterField, v.GenericSchema][]) {
    const message = firstIssue(schema, values[field]);
    if (message) errors[field] = message;
  }
  if (!values.confirmPassword) errors.confirmPassword = MSG.requiredCap;
  else if (values.password !== values.confirmPassword) errors.confirmPassword = MSG.passwordMismatchShared;
  return errors;
}

/** Only digits, at most 10: what the phone box keeps of what is typed or pasted (a pasted +91 goes). */
export function phoneInput(raw: string): string {
  return raw
    .replace(/^\s*\+91/, '')
    .replace(/\D/g, '')
    .slice(0, 10);
}
