import { API_COURIER_HEALTH, type CourierHealth } from '../domain/courier-health-contract';
import { API_NDR, type UnknownCourierCode } from '../domain/ndr-contract';
import { dataOf } from './answer';
import { call } from './call';
import type { Http } from './types';

// Staff console calls about the courier network: each courier's health, and the codes no table knows.

export const fetchCourierHealth = (http: Http): Promise<CourierHealth[]> =>
  dataOf(http.get(API_COURIER_HEALTH.couriers));

export const fetchUnknownCourierCodes = (http: Http): Promise<UnknownCourierCode[]> => call(http, API_NDR.unknownCodes);
