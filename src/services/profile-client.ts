import { API, type CompanyProfile } from '../domain/account-contract';
import { dataOf } from './answer';
import type { Http } from './types';

// The profile's calls: the login's name, the company's profile and its logo and signature.

export const updateProfileName = (http: Http, body: { firstName: string; lastName: string }): Promise<unknown> =>
  dataOf(http.post(API.profile, body));
export const fetchCompany = (http: Http): Promise<CompanyProfile> => dataOf(http.get(API.company));
export const updateCompany = (
  http: Http,
  body: { companyName: string; addressLine1: string | null },
): Promise<CompanyProfile> => dataOf(http.post(API.companyUpdate, body));
export async function uploadCompanyImage(http: Http, which: 'logo' | 'sign', file: File): Promise<string> {
  const form = new FormData();
  form.set('file', file, file.name);
  return (await dataOf<{ url: string }>(http.upload(API.imageUpload(which), form))).url;
}
