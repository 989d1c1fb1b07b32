import { API, type CorporateAccountRow, type CorporateDashboard } from '../domain/account-contract';
import { type Paged } from '../domain/paging';
import { dataOf } from './answer';
import type { Http } from './types';

// Staff (DAKIYA) calls behind the corporate dashboard.

export const fetchDashboard = (http: Http): Promise<CorporateDashboard> => dataOf(http.get(API.corporateDashboard));

export interface AccountsQuery {
  pageNumber?: number;
  recordsPerPage?: number;
  searchPattern?: string;
}

export const fetchAccounts = (http: Http, query: AccountsQuery = {}): Promise<Paged<CorporateAccountRow>> =>
  dataOf(
    http.get(API.corporateAccounts, {
      pageNumber: query.pageNumber ?? 0,
      recordsPerPage: query.recordsPerPage ?? 10,
      searchPattern: query.searchPattern || undefined,
    }),
  );

/** An admin (staff-as-seller) access token: subject "<staffId>-<sellerId>", never refreshed. */
export const impersonate = async (http: Http, accountId: number): Promise<string> =>
  (await dataOf<{ accessToken: string }>(http.post(API.impersonate(accountId)))).accessToken;
