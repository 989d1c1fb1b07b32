import { API, type Plan } from '../domain/account-contract';
import { API_TEAM } from '../domain/team-contract';
import { dataOf } from './answer';
import { call } from './call';
import type { Http } from './types';

export const fetchPlans = (http: Http): Promise<Plan[]> => dataOf(http.get(API.plans));

/** The plans above the seller's own (the upgrade path); refused on Premium, the top plan. */
export const fetchUpgradeOptions = (http: Http): Promise<Plan[]> => call(http, API_TEAM.upgrades);
