import { API_ACCOUNT_MANAGER, type SellerAccountManager } from '../domain/account-manager-contract';
import { dataOf } from './answer';
import type { Http } from './types';

export const fetchMyAccountManager = (http: Http): Promise<SellerAccountManager> =>
  dataOf(http.get(API_ACCOUNT_MANAGER.mine));
