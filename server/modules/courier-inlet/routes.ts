import type { ApiRouter } from '../../http/router';
import type { AppDeps } from '../../deps';
import { clientIp } from '../../http/client-ip';
import { API_COURIERS } from '../../../src/domain/courier-inlet-contract';
import { receivePush } from './webhook';

// The courier inlet's operation (src/domain/courier-inlet-contract.ts): open to couriers, each authenticated by the handler.

/** A push carries a few hundred scans at most (MAX_PUSH_SCANS). */
const PUSH_BODY = { bytes: 512 * 1024, message: 'A courier push may be at most 512 KB' };

export function registerCourierInletRoutes(router: ApiRouter, deps: AppDeps) {
  router.route(API_COURIERS.webhook, {
    access: { kind: 'public' },
    maxBody: PUSH_BODY,
    handler: async ({ c, params }) =>
      receivePush(deps, params.carrierCode, {
        header: (name) => c.req.header(name),
        rawBody: await c.req.text(),
        ip: clientIp(c, deps.config),
      }),
  });
}
