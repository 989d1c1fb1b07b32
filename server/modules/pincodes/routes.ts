import * as v from 'valibot';
import type { ApiRouter } from '../../http/router';
import { notFound } from '../../http/errors';
import { API_SETUP, PincodeInfoSchema } from '../../../src/domain/setup-contract';
import { lookupPincode, PINCODE_PATTERN } from './lookup';

export function registerPincodeRoutes(router: ApiRouter) {
  router.add({
    method: 'get',
    path: API_SETUP.pincode(':pincode'),
    tag: 'setup',
    access: { kind: 'public' },
    summary: 'City (district), state and post offices of an Indian pincode',
    params: v.object({
      pincode: v.pipe(v.string(), v.regex(PINCODE_PATTERN, 'pincode must be 6 digits and not start with 0')),
    }),
    errors: { 404: 'Unknown pincode' },
    response: PincodeInfoSchema,
    handler: ({ params }) => {
      const info = lookupPincode(params.pincode);
      if (!info) throw notFound(`Unknown pincode ${params.pincode}`);
      return info;
    },
  });
}
