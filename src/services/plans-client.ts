import { API, type Plan } from '../domain/account-contract';
import { dataOf } from './answer';
import type { Http } from './types';

export const fetchPlans = (http: Http): Promise<Plan[]> => dataOf(http.get(API.plans));
