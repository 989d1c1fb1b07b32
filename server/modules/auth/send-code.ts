import type { AppDeps } from '../../deps';
import { badRequest } from '../../http/errors';
import { sendCodeContact, type SendCodeInput } from '../../../src/domain/schemas/account';
import { normalisePhone, EMAIL } from '../../../src/domain/schemas/fields';
import type { CodeSent, CodeVerified } from '../../../src/domain/account-contract';
import { MSG } from '../../../src/domain/messages';
import { checkOtp, otpFailure, sendOtp } from '../otp/service';
import { maskEmail, maskPhone } from './mask';

// GET send-code and GET verify (spec section 7, "Account and login"): a verification code to one
// email or mobile number, and its check. Neither looks an account up, so neither can tell whether
// the contact has one: the answer is the same for every contact. Sends share the OTP limits (the
// 60-second resend lockout per contact and the hourly cap per IP address). docs/decisions/send-code.md

/** The contact as the code's target: an email in lower case, a mobile as its 10 digits. */
function targetOf(contact: string): string {
  const trimmed = contact.trim();
  return EMAIL.test(trimmed) ? trimmed.toLowerCase() : normalisePhone(trimmed);
}

export async function sendCode(deps: AppDeps, q: SendCodeInput, ip: string): Promise<CodeSent> {
  const contact = sendCodeContact(q);
  if ('problem' in contact) throw badRequest(contact.problem);
  const target = targetOf(contact.to);
  await sendOtp(deps, {
    purpose: 'CONTACT_VERIFY',
    target,
    ip,
    name: q.userName,
    deliveries: [contact],
  });
  const sentTo = contact.channel === 'EMAIL' ? maskEmail(target) : maskPhone(target);
  return {
    message: contact.channel === 'EMAIL' ? MSG.emailOtpSent : MSG.phoneOtpSent,
    sentTo,
  };
}

export async function verifyCode(deps: AppDeps, contactInfo: string, code: string): Promise<CodeVerified> {
  const target = targetOf(contactInfo);
  const result = await checkOtp(deps, { purpose: 'CONTACT_VERIFY', target, code, consume: true });
  if (result !== 'OK') throw otpFailure(result, MSG.incorrectOtp);
  const isEmail = target.includes('@');
  return {
    message: isEmail ? MSG.emailOtpVerified : MSG.phoneOtpVerified,
    contactInfo: isEmail ? maskEmail(target) : maskPhone(target),
  };
}
