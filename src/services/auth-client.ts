import { API_CONFIG } from '../domain/config-contract';
import {
  ACCOUNT_INFO,
  LOGOUT,
  REFRESH_TOKEN,
  type AccountInfo,
  type ApiAnswer,
  type LoginAnswer,
} from '../domain/account-session';
import { rawCall } from './http';
import { oneRefreshAcrossTabs } from './refresh-across-tabs';
import { takeEarlyRefresh, takeEarlyAccount, takeEarlyConfig } from './early-refresh';

// Calls of the session that cannot use the session's own token (the login page's are in
// login-calls.ts, off the app's first chunk).

export const refreshToken = (): Promise<string> =>
  oneRefreshAcrossTabs(
    async () => (await rawCall<ApiAnswer<LoginAnswer>>(REFRESH_TOKEN.path, { method: 'post' })).data.accessToken,
  );

/**
 * The session's first refresh: the answer of the one the page started early (early-refresh.ts),
 * read as any call's answer is (a failure is the same ApiFailure), else a refresh now.
 */
export const firstRefreshToken = async (): Promise<string> => {
  const early = takeEarlyRefresh();
  if (!early) return refreshToken();
  return (await rawCall<ApiAnswer<LoginAnswer>>(REFRESH_TOKEN.path, { method: 'post', fetch: () => early })).data
    .accessToken;
};

export const logoutCall = async (): Promise<void> => {
  await rawCall(LOGOUT.path, { method: 'post' });
};

/** The profile: the one the page asked early with this token (early-refresh.ts), or a call of its own. */
export const accountInfo = async (token: string): Promise<AccountInfo> => {
  const early = await takeEarlyAccount(token);
  return (
    await rawCall<ApiAnswer<AccountInfo>>(ACCOUNT_INFO.path, {
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
