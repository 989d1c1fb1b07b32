// The message catalogue of spec sections 5 and 8. Texts are requirements: keep them verbatim,
// spelling included ('verfied', 'atleast'), because sellers and QA match on them.

export const PRODUCT_NAME = 'Dakiya';
export const PRODUCT_CODE = 'DAKIYA';

export const MSG = {
  // section 8: errors
  genericError: 'Something went wrong. Please try again.',
  offline: 'No Internet Connection',
  invalidLogin: 'Invalid Username/Password',
  userInactive: 'User is inactive. Please contact support.',
  userValidationFailed: 'User validation failed. Please contact support.',
  emailOtpFailed: 'Email OTP verification failed.',
  phoneOtpFailed: 'Phone number OTP verfication failed',
  incorrectOtp: 'Incorrect OTP entered',
  invalidTrackingNumber: 'Invalid tracking number entered',
  transactionCancelled: 'Transaction cancelled by user',
  adminSessionExpired: 'Admin Session Expired',
  unauthorizedAccess: 'UNAUTHORIZED ACCESS',
  notLoggedIn: 'User is not logged in',
  rolesNotFound: 'Required roles not found',
  pageNotFound: '404 Page Not Found!',
  noResults: 'No results found',
  // plans (spec section 1: multiple pickup addresses are a Pro feature)
  singlePickupAddress: 'Your Lite plan includes one pickup address. Upgrade to Pro for multiple pickup addresses',
  tourCancelConfirm: 'Are you sure you want to stop the tour?',
  // section 8: successes
  emailOtpSent: 'OTP sent to your Email address. Please enter the email OTP section and verify',
  phoneOtpSent: 'OTP sent to your Phone Number. Please enter the phone OTP section and verify',
  emailOtpVerified: 'Email OTP verfied successfully',
  phoneOtpVerified: 'Phone number OTP verfied successfully',
  otpSentMobileAndEmail: 'OTP sent to Mobile and Email.',
  otpVerifiedLogin: 'OTP Verified. Login to proceed.',
  registrationDone: 'Registration was completed successfully',
  passwordSent: 'Password sent to registered email',
  // section 5: sign-up field rules
  required: 'required',
  requiredCap: 'Required',
  invalidEmail: 'Invalid email',
  nameTooShort: 'Name too short',
  passwordTooShort: 'Password too short',
  passwordTooLong: 'Password too long',
  passwordNotStrongSignup: 'Password should contain atleast one lowercase, one uppercase and one symbol',
  passwordsDontMatch: "Passwords don't match",
  // section 5: sign-up submit checks, in this order
  acceptTerms: 'Please accept the Terms&Conditions before proceeding...',
  checkInformation: 'Please check the provided information and retry...',
  bothPasswordsNotSame: 'Both passwords are not same',
  enterFirstName: 'Please enter a First Name',
  enterLastName: 'Please enter a Last Name',
  enterCompanyName: 'Please enter a Company Name',
  selectReferral: 'Please select how you heard about us',
  enterValidPhone: 'Please enter a valid Phone Number',
  otpNumeric: 'Please enter the OTP in numerical format',
  verifyPhone: 'Please verify your phone number with OTP',
  enterValidEmail: 'Please enter a valid Email',
  verifyEmail: 'Please verify your email with OTP',
  enterValidPassword: 'Please enter a valid Password (must meet strength requirements)',
  // section 5: shared validation set
  firstNameRule: 'First name must be 3-20 characters, alphabets only',
  lastNameRule: 'Last name must be 1-20 characters, alphabets only',
  emailInvalidShared: 'This email is invalid',
  phoneInvalid: 'This phone number is invalid',
  phoneTooShort: 'The phone number must be atleast 10 digit long',
  passwordStrongShared: 'Password should have atleast one uppercase, lowercase and numeric character',
  passwordMinShared: 'The password length must be greater than or equal to 8 characters',
  passwordMaxOlder: 'The password length must be less than or equal to 16 characters',
  passwordMismatchShared: 'Password does not match',
  acceptToProceed: 'Please accept to proceed',
  invalidCustomerId: 'invalid Customer id',
  invalidIfsc: 'invalid Ifsc Code',
  invalidCustomerName: 'invalid Customer Name',
  // the shared set's username and names pattern carry no text in the spec: these say the rule
  usernameRule: 'Username must be 5-20 letters or digits, with no spaces or symbols',
  usernameTaken: 'Username: another login of your team already has it',
  enterPassword: 'Enter a password',
  // product-specific texts where the spec is silent
  passwordChanged: 'Password changed successfully',
  passwordChangeRequired: 'Please set a new password to continue',
  profileUpdated: 'Profile updated',
  tooManyAttempts: 'Too many attempts. Please try again later.',
  loginOtpRequired:
    'There were many failed sign-ins on this account. Enter the OTP we sent to your email and mobile to log in',
  otpExpired: 'OTP expired. Please request a new OTP.',
  otpLocked: 'Too many wrong OTP attempts. Please request a new OTP.',
  /** after a reset request: when a new temporary password may be asked for */
  passwordSentResendAfter: (seconds: number) =>
    `Password sent to registered email. If it does not arrive, you can ask for a new one in ${seconds} seconds.`,
  passwordResendWait: (seconds: number) =>
    `A password was asked for this email moments ago. You can ask for a new one in ${seconds} seconds.`,
  otpResendWait: (seconds: number) => `Please wait ${seconds} seconds before requesting another OTP`,
  emailTaken: 'An account with this email already exists',
  phoneTaken: 'An account with this phone number already exists',
  sessionExpired: 'Your session has expired. Please log in again.',
  wrongAccountType: 'This account cannot open that page',
  currentPasswordWrong: 'Current password is incorrect',
  samePassword: 'New password must differ from the current password',
} as const;

// Spec section 6 error codes for the account-type access check.
export const ACCESS_ERROR: Record<1 | 2, string> = {
  1: MSG.notLoggedIn,
  2: MSG.rolesNotFound,
};
