import { API, type TermsData } from '../domain/account-contract';
import { API_TERMS, type TermsVersionRow } from '../domain/terms-contract';
import type { TermsDecision } from '../machines/terms-acceptance.machine';
import type { PublishTermsInput } from '../domain/schemas/terms';
import { dataOf } from './answer';
import type { Http } from './types';

// Terms and conditions: the seller reads the version in force and accepts or declines it (with
// the IP address the server sees); staff publish versions.

export async function fetchTermsToAccept(http: Http): Promise<{ terms: TermsData; ipAddress: string }> {
  const [terms, ip] = await Promise.all([
    dataOf<TermsData>(http.get(API.terms)),
    dataOf<{ ip: string }>(http.get(API.ip)),
  ]);
  return { terms, ipAddress: ip.ip };
}
export const decideTerms = (http: Http, decision: TermsDecision): Promise<unknown> =>
  dataOf(http.post(API.acceptTerms, decision));

export const fetchTermsVersions = (http: Http): Promise<TermsVersionRow[]> => dataOf(http.get(API_TERMS.staffVersions));
export const publishTerms = (http: Http, body: PublishTermsInput): Promise<TermsVersionRow> =>
  dataOf(http.post(API_TERMS.staffVersions, body));
