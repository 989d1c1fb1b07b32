import type { OutgoingMessage } from '../../messaging/messenger';
import { letter } from '../../messaging/letter';
import { PHONE_PREFIX } from '../../../src/domain/constants';
import type { OtpPurpose } from './purpose';

// What the OTP messages say: the product, the code, what it is for and that it lasts 10 minutes.

const FOR_WHAT: Record<OtpPurpose, string> = {
  SIGNUP_EMAIL: 'to verify your email for Dakiya sign-up',
  SIGNUP_PHONE: 'to verify your mobile number for Dakiya sign-up',
  ACCOUNT_VERIFY: 'to verify the email of your Dakiya account',
  ACCOUNT_VERIFY_PHONE: 'to verify the mobile number of your Dakiya account',
  LOGIN: 'to log in to Dakiya',
  PICKUP_PHONE: 'to verify a pickup address on Dakiya',
  BANK_CHANGE: 'to confirm a change to the bank account that receives your COD remittance',
  CONTACT_VERIFY: 'to verify this email or mobile number on Dakiya',
};

export function otpEmail(to: string, code: string, purpose: OtpPurpose, name?: string): OutgoingMessage {
  return letter(to, 'Your Dakiya verification code', name, [
    `Your Dakiya one-time password (OTP) ${FOR_WHAT[purpose]} is ${code}. It is valid for 10 minutes and can be used once.`,
    'If you did not ask for it, you can ignore this email. Dakiya will never ask you for this code.',
  ]);
}

export function otpSms(phone: string, code: string, purpose: OtpPurpose): OutgoingMessage {
  return {
    channel: 'SMS',
    recipient: `${PHONE_PREFIX}${phone}`,
    subject: 'OTP',
    body: `${code} is your Dakiya OTP ${FOR_WHAT[purpose]}. Valid for 10 minutes. Do not share it with anyone. - Dakiya`,
  };
}
