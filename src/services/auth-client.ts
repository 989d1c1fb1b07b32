import { API_CONFIG } from '../domain/config-contract';
import { API, type AccountInfo, type ApiAnswer, type LoginAnswer, type OtpTargets } from '../domain/account-contract';
import { rawCall } from './http';
import { oneRefreshAcrossTabs } from './refresh-across-tabs';
import { takeEarlyRefresh, takeEarlyAccount, takeEarlyConfig } from './early-refresh';

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

/** The profile: the one the page asked early with this token (early-refresh.ts), or a call of its own. */
export const accountInfo = async (token: string): Promise<AccountInfo> => {
  const early = await takeEarlyAccount(token);
  return (
    await rawCall<ApiAnswer<AccountInfo>>(API.accountInfo, {
      headers: { authorization: `Bearer ${token}` },
      ...(early ? { fetch: () => Promise.resolve(early) } : {}),
    })
  ).data;
};

/** The app configuration: the one the page asked early, or a call of its own. */
export const appConfig = async (): Promise<Record<string, string>> => {
  const early = takeEarlyConfig();
  return (
    await rawCall<ApiAnswer<Record<string, string>>>(API_CONFIG.appConfig.path, early ? { fetch: () => early } : {})
  ).data;
};
