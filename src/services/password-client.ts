import { API } from '../domain/account-contract';
import { dataOf } from './answer';
import type { Http } from './types';

/** Answers the new access token (the old one may carry the password-change-required flag). */
export const updatePassword = async (
  http: Http,
  body: { currentPassword: string; newPassword: string },
): Promise<string> => (await dataOf<{ accessToken: string }>(http.post(API.updatePassword, body))).accessToken;
