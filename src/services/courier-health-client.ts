import { API_NDR, type UnknownCourierCode } from '../domain/ndr-contract';
import { dataOf } from './answer';
import { call } from './call';
import type { Http } from './types';

// Staff console calls about the courier network: the codes no table knows.

export const fetchUnknownCourierCodes = (http: Http): Promise<UnknownCourierCode[]> => call(http, API_NDR.unknownCodes);
