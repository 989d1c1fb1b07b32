import type { ApiRouter } from '../../http/router';
import type { AppDeps } from '../../deps';
import { readMultipart } from '../../http/validate';
import { badRequest } from '../../http/errors';
import { serveListExport } from '../../http/list-export';
import { NDR_EXPORT_COLUMNS } from './export-columns';
import { API_NDR } from '../../../src/domain/ndr-contract';
import { LIMITS } from '../../../src/domain/constants';
import { IMAGE_TOO_LARGE, storeImage } from '../files/service';
import { fileLinks } from '../files/links';
import { actOnMany, actOnNdr } from './service';
import { acknowledgeRto, ndrDetail, ndrList, rtoList, unknownCodes, type NdrListFilters } from './list';
import { buyerAnswer, buyerView } from './buyer';

// Failed deliveries', returns' and the buyer's NDR page's operations (src/domain/ndr-contract.ts):
// who may call each, and its handler.

const SELLERS = { kind: 'user', accountTypes: ['SELLER'] } as const;
const STAFF = { kind: 'user', accountTypes: ['DAKIYA'] } as const;
const PUBLIC = { kind: 'public' } as const;

export function registerNdrRoutes(router: ApiRouter, deps: AppDeps) {
  // the list reads from a caught-up replica when there is one (db/read-routing.ts)
  const list = async (caller: { orgId: number; accountId: number }, q: NdrListFilters) =>
    ndrList({ ...deps, db: await deps.readDb() }, caller, q);
  router.route(API_NDR.list, {
    access: SELLERS,
    permission: 'ndr.view',
    handler: ({ caller, query }) => list(caller, query as NdrListFilters),
  });
  serveListExport(router, API_NDR.export, {
    access: SELLERS,
    name: 'ndr',
    now: deps.now,
    list: (caller, q) => list(caller, q as NdrListFilters),
    columns: NDR_EXPORT_COLUMNS,
  });
  router.route(API_NDR.bulkAction, {
    access: SELLERS,
    permission: 'ndr.act',
    handler: ({ caller, body }) => {
      const { ndrIds, ...input } = body;
      return actOnMany(deps, ndrIds, input, { source: 'SELLER', accountId: caller.accountId, orgId: caller.orgId });
    },
  });
  router.route(API_NDR.evidence, {
    access: SELLERS,
    permission: 'ndr.act',
    maxBody: { bytes: LIMITS.imageUploadMaxBytes + 64 * 1024, message: IMAGE_TOO_LARGE },
    handler: async ({ c, caller }) => {
      const form = (await readMultipart(c)) ?? {};
      const file = form.file;
      if (!(file instanceof File)) throw badRequest('file: a multipart field named "file" with the image is required');
      const id = await storeImage(deps.db, {
        orgId: caller.orgId,
        name: file.name,
        bytes: new Uint8Array(await file.arrayBuffer()),
        now: deps.now(),
      });
      return { fileId: id, url: fileLinks(deps)(id) };
    },
  });
  router.route(API_NDR.one, {
    access: SELLERS,
    permission: 'ndr.view',
    handler: ({ caller, params }) => ndrDetail(deps, caller, params.ndrId),
  });
  router.route(API_NDR.action, {
    access: SELLERS,
    permission: 'ndr.act',
    handler: ({ caller, params, body }) =>
      actOnNdr(deps, params.ndrId, body, { source: 'SELLER', accountId: caller.accountId, orgId: caller.orgId }),
  });
  router.route(API_NDR.rto, {
    access: SELLERS,
    permission: 'ndr.view',
    handler: ({ caller, query }) => rtoList(deps, caller.orgId, query),
  });
  router.route(API_NDR.rtoAcknowledge, {
    access: SELLERS,
    permission: 'ndr.act',
    handler: ({ caller, params, body }) =>
      acknowledgeRto(deps, caller.orgId, caller.accountId, params.orderId, body.outcome, body.note),
  });
  router.route(API_NDR.unknownCodes, {
    access: STAFF,
    staffPermission: 'orders.simulate',
    handler: () => unknownCodes(deps),
  });
  router.route(API_NDR.searchV2, {
    access: SELLERS,
    permission: 'ndr.view',
    handler: ({ caller, body }) => list(caller, body as NdrListFilters),
  });
  router.route(API_NDR.actionV2, {
    access: SELLERS,
    permission: 'ndr.act',
    handler: ({ caller, body }) => {
      const { ndrIds, ...input } = body;
      return actOnMany(deps, ndrIds, input, { source: 'SELLER', accountId: caller.accountId, orgId: caller.orgId });
    },
  });
  router.route(API_NDR.buyer, {
    access: PUBLIC,
    handler: ({ params }) => buyerView(deps, params.token),
  });
  router.route(API_NDR.buyerAnswer, {
    access: PUBLIC,
    handler: ({ params, body }) => buyerAnswer(deps, params.token, body),
  });
}
