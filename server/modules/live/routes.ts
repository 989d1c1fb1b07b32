import * as v from 'valibot';
import type { ApiRouter } from '../../http/router';
import type { AppDeps } from '../../deps';
import { numericId } from '../../../src/domain/params';
import { clientIp } from '../../http/client-ip';
import { LIVE_API, LIVE_LIST_MAX, OrderStatusEventSchema } from '../../../src/domain/live-events-contract';
import { orderEventStream } from './stream';
import { sellerListStream, sellerOrderStream, staffOrderStream, trackingStream } from './service';

const TAG = 'live';
const SELLERS = { kind: 'user', accountTypes: ['SELLER'] } as const;
const STAFF = { kind: 'user', accountTypes: ['DAKIYA'] } as const;
const STREAM = { stream: OrderStatusEventSchema } as const;
const RETURNS =
  'A server-event stream: `event: status` with `id` and an OrderStatusEvent as data, `: ping` comments, and `event: end` when the order can move no further or the server stops. Send Last-Event-ID to resume.';

export function registerLiveRoutes(router: ApiRouter, deps: AppDeps) {
  router.add({
    method: 'get',
    path: LIVE_API.sellerOrder(':orderId'),
    tag: TAG,
    access: SELLERS,
    permission: 'orders.view',
    params: v.object({ orderId: numericId('orderId') }),
    summary: 'An order’s status changes as they happen (server events)',
    errors: { 404: 'no such order' },
    response: STREAM,
    returns: RETURNS,
    handler: async ({ c, caller, params }) =>
      orderEventStream(c, deps, await sellerOrderStream(deps.db, caller.orgId, params.orderId)),
  });
  router.add({
    method: 'get',
    path: LIVE_API.sellerOrders,
    tag: TAG,
    access: SELLERS,
    permission: 'orders.view',
    query: v.object({
      orderIds: v.pipe(
        v.string('orderIds is required'),
        v.regex(/^[1-9]\d{0,8}(,[1-9]\d{0,8})*$/, 'orderIds must be order ids separated by commas'),
        v.transform((s) => [...new Set(s.split(',').map(Number))]),
        v.maxLength(LIVE_LIST_MAX, `orderIds may name at most ${LIVE_LIST_MAX} orders`),
      ),
    }),
    summary: 'The status changes of a page of your orders as they happen (server events); the list’s live rows',
    errors: { 404: 'none of those orders is yours' },
    response: STREAM,
    returns:
      'A server-event stream: `event: status` with `id` and an OrderStatusEvent as data, and `: ping` comments; it ends when the client leaves. Send Last-Event-ID to resume.',
    handler: async ({ c, caller, query }) =>
      orderEventStream(c, deps, await sellerListStream(deps.db, caller.orgId, query.orderIds)),
  });
  router.add({
    method: 'get',
    path: LIVE_API.staffOrder(':orderId'),
    tag: TAG,
    access: STAFF,
    staffPermission: 'orders.simulate',
    params: v.object({ orderId: numericId('orderId') }),
    summary: 'Any order’s status changes as they happen, for the simulation screen (server events)',
    errors: { 404: 'no such order' },
    response: STREAM,
    returns: RETURNS,
    handler: async ({ c, params }) => orderEventStream(c, deps, await staffOrderStream(deps.db, params.orderId)),
  });
  router.add({
    method: 'get',
    // never the words of the return and short-code addresses beside it (/tracking/return/…, /tracking/short/…)
    path: LIVE_API.tracking(':trackingRef{(?!return$|short$)[^/]+}'),
    tag: TAG,
    access: { kind: 'public' },
    params: v.object({ trackingRef: v.string() }),
    summary: 'A shipment’s status changes as the buyer’s tracking page shows them (server events)',
    errors: { 404: 'no such shipment', 429: 'too many streams open from this client address' },
    response: STREAM,
    returns: RETURNS,
    handler: async ({ c, params }) =>
      orderEventStream(c, deps, {
        ...(await trackingStream(deps.db, params.trackingRef)),
        address: clientIp(c, deps.config),
      }),
  });
}
