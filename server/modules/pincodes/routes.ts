import type { ApiRouter } from '../../http/router';
import { notFound } from '../../http/errors';
import { API_SETUP } from '../../../src/domain/setup-contract';
import { lookupPincode } from './lookup';

export function registerPincodeRoutes(router: ApiRouter) {
  router.route(API_SETUP.pincode, {
    access: { kind: 'public' },
    handler: ({ params }) => {
      const info = lookupPincode(params.pincode);
      if (!info) throw notFound(`Unknown pincode ${params.pincode}`);
      return info;
    },
  });
}
