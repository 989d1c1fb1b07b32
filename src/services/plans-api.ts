import { API, type Plan } from '../domain/api';
import { dataOf } from './answer';
import type { Http } from './types';

export const fetchPlans = (http: Http): Promise<Plan[]> => dataOf(http.get(API.plans));
