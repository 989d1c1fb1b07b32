import { API, type ApiAnswer, type ReferralSource } from '../domain/account-contract';
import type { RegistrationPayload } from '../domain/schemas/account';
import { rawCall } from './http';

// Calls of the sign-up form (all public).

export async function loadSignupReference(): Promise<{ referralSources: ReferralSource[]; ipAddress: string }> {
  const [sources, ip] = await Promise.all([
    rawCall<ApiAnswer<ReferralSource[]>>(API.referralSources),
    rawCall<ApiAnswer<{ ip: string }>>(API.ip),
  ]);
  return { referralSources: sources.data, ipAddress: ip.data.ip };
}

export const sendPhoneOtp = async (payload: { phone: string; firstName: string }): Promise<string> =>
  (await rawCall<ApiAnswer<{ message: string }>>(API.sendPhoneOtp, { method: 'post', json: payload })).data.message;

export const sendEmailOtp = async (payload: { email: string; firstName: string }): Promise<string> =>
  (await rawCall<ApiAnswer<{ message: string }>>(API.sendEmailOtp, { method: 'post', json: payload })).data.message;

export const verifyOtp = async (payload: { target: string; otp: string; firstName: string }): Promise<void> => {
  await rawCall(API.verifyOtp, { method: 'post', json: payload });
};

export const register = async (payload: RegistrationPayload): Promise<void> => {
  await rawCall(API.register, { method: 'post', json: payload });
};
