import { API, type OtpTargets } from '../domain/account-contract';
import type { RegisterBasicPayload } from '../domain/schemas/account';
import { dataOf } from './answer';
import type { Http } from './types';

// The older /register screen: create the (not yet verified) owner, then verify the emailed code.

/** Answers the masked email and phone the 6-digit code went to. */
export const registerBasic = (http: Http, body: RegisterBasicPayload): Promise<OtpTargets> =>
  dataOf(http.post(API.registerBasic, body));

export const verifyAccount = (http: Http, body: { email: string; code: string; phoneCode: string }): Promise<unknown> =>
  dataOf(http.post(API.verifyAccount, body));
