import * as v from 'valibot';
import type { ApiRouter } from '../../http/router';
import type { AppDeps } from '../../deps';
import { clientIp } from '../../http/client-ip';
import { API_COURIERS, CourierPushAckSchema } from '../../../src/domain/courier-inlet-contract';
import { receivePush } from './webhook';

/** A push carries a few hundred scans at most (MAX_PUSH_SCANS). */
const PUSH_BODY = { bytes: 512 * 1024, message: 'A courier push may be at most 512 KB' };

export function registerCourierInletRoutes(router: ApiRouter, deps: AppDeps) {
  router.add({
    method: 'post',
    path: API_COURIERS.webhook(':carrierCode'),
    tag: 'couriers',
    access: { kind: 'public' },
    params: v.object({ carrierCode: v.pipe(v.string(), v.maxLength(20)) }),
    maxBody: PUSH_BODY,
    summary:
      'A courier pushes its scans. Authenticated per courier (a shared token header, an HMAC-SHA256 of the raw body, or an allow-listed address); the body is the courier’s own push shape (Delhivery’s Shipment scan push for DE, DEHW, DEMW) or Dakiya’s { scans: [{ awb, at, status, location, remark, reasonCode?, hubWeight? }] }. A repeated delivery records nothing new.',
    errors: {
      400: 'the body is not the courier’s push shape (the message names the field)',
      401: 'the call is not authenticated as this courier',
      404: 'no such courier',
    },
    response: CourierPushAckSchema,
    handler: async ({ c, params }) =>
      receivePush(deps, params.carrierCode, {
        header: (name) => c.req.header(name),
        rawBody: await c.req.text(),
        ip: clientIp(c, deps.config),
      }),
  });
}
