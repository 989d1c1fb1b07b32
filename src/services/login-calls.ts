import type { ApiAnswer, LoginAnswer, OtpTargets } from '../domain/account-session';
import { API_AUTH } from '../domain/auth-contract';
import { pathOf } from '../domain/operation';
import { rawCall } from './http';

// The login page's calls (src/domain/auth-contract.ts): they go before any session, with the
// email and password as HTTP Basic credentials (the login's declared credentials), so through
// rawCall rather than the session's client.

export function basicAuth(email: string, password: string): string {
  const bytes = new TextEncoder().encode(`${email}:${password}`);
  let binary = '';
  bytes.forEach((b) => (binary += String.fromCharCode(b)));
  return `Basic ${btoa(binary)}`;
}

/** otp: the code sent when the server asked for one (a failure with step 'otp'). */
export const login = async (email: string, password: string, otp?: string): Promise<LoginAnswer> =>
  (
    await rawCall<ApiAnswer<LoginAnswer>>(API_AUTH.login.path, {
      method: 'post',
      headers: { authorization: basicAuth(email, password), ...(otp ? { 'x-login-otp': otp } : {}) },
    })
  ).data;

export const generateOtp = async (email: string, password: string): Promise<OtpTargets> =>
  (
    await rawCall<ApiAnswer<OtpTargets>>(pathOf(API_AUTH.generateOtp, { email }), {
      headers: { authorization: basicAuth(email, password) },
    })
  ).data;

export const resetPassword = async (email: string): Promise<string> =>
  (await rawCall<ApiAnswer<{ message: string }>>(API_AUTH.resetPassword.path, { method: 'put', json: { email } })).data
    .message;
