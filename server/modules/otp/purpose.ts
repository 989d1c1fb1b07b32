/**
 * BANK_CHANGE goes to the owner's email and mobile to confirm a change to a verified bank account.
 * ACCOUNT_VERIFY goes to the account's email and ACCOUNT_VERIFY_PHONE by SMS to its mobile, each
 * its own code; LOGIN goes to both when an account past its failure limit is logged into with
 * the right password.
 */
export type OtpPurpose =
  | 'SIGNUP_EMAIL'
  | 'SIGNUP_PHONE'
  | 'ACCOUNT_VERIFY'
  | 'ACCOUNT_VERIFY_PHONE'
  | 'LOGIN'
  | 'PICKUP_PHONE'
  | 'BANK_CHANGE'
  /** GET send-code: a code to an email or a mobile number, checked by GET verify (contactInfo, code) */
  | 'CONTACT_VERIFY';
