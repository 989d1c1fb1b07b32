import { API_CONFIG } from '../domain/config-contract';
import {
  ACCOUNT_INFO,
  API,
  type AccountInfo,
  type ApiAnswer,
  type LoginAnswer,
  type OtpTargets,
} from '../domain/account-session';
import { rawCall } from './http';
import { oneRefreshAcrossTabs } from './refresh-across-tabs';
import { takeEarlyRefresh } from './early-refresh';

// Calls of the login page and the session that cannot use the session's own token.

export function basicAuth(email: string, password: string): string {
  const bytes = new TextEncoder().encode(`${email}:${password}`);
  let binary = '';
  bytes.forEach((b) => (binary += String.fromCharCode(b)));
  return `Basic ${btoa(binary)}`;
}

/** otp: the code sent when the server asked for one (a failure with step 'otp'). */
export const login = async (email: string, password: string, otp?: string): Promise<LoginAnswer> =>
  (
    await rawCall<ApiAnswer<LoginAnswer>>(API.login, {
      method: 'post',
      headers: { authorization: basicAuth(email, password), ...(otp ? { 'x-login-otp': otp } : {}) },
    })
  ).data;

export const generateOtp = async (email: string, password: string): Promise<OtpTargets> =>
  (
    await rawCall<ApiAnswer<OtpTargets>>(API.generateOtp(email), {
      headers: { authorization: basicAuth(email, password) },
    })
  ).data;

export const resetPassword = async (email: string): Promise<string> =>
  (await rawCall<ApiAnswer<{ message: string }>>(API.resetPassword, { method: 'put', json: { email } })).data.message;

export const refreshToken = (): Promise<string> =>
  oneRefreshAcrossTabs(
    async () =>
      (await rawCall<ApiAnswer<{ accessToken: string }>>(API.refreshToken, { method: 'post' })).data.accessToken,
  );

/**
 * The session's first refresh: the answer of the one the page started early (early-refresh.ts),
 * read as any call's answer is (a failure is the same ApiFailure), else a refresh now.
 */
export const firstRefreshToken = async (): Promise<string> => {
  const early = takeEarlyRefresh();
  if (!early) return refreshToken();
  return (await rawCall<ApiAnswer<{ accessToken: string }>>(API.refreshToken, { method: 'post', fetch: () => early }))
    .data.accessToken;
};

export const logoutCall = async (): Promise<void> => {
  await rawCall(API.logout, { method: 'post' });
};

export const accountInfo = async (token: string): Promise<AccountInfo> =>
  (await rawCall<ApiAnswer<AccountInfo>>(ACCOUNT_INFO.path, { headers: { authorization: `Bearer ${token}` } })).data;

export const appConfig = async (): Promise<Record<string, string>> =>
  (await rawCall<ApiAnswer<Record<string, string>>>(API_CONFIG.appConfig.path)).data;
