import { API_NDR, type UnknownCourierCode } from '../domain/ndr-contract';
import { dataOf } from './answer';
import type { Http } from './types';

// Staff console calls about the courier network: the codes no table knows.

export const fetchUnknownCourierCodes = (http: Http): Promise<UnknownCourierCode[]> =>
  dataOf(http.get(API_NDR.unknownCodes));
