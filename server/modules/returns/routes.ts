import type { Context } from 'hono';
import type { ApiRouter } from '../../http/router';
import type { AppDeps } from '../../deps';
import { fileLinks } from '../files/links';
import { readMultipart } from '../../http/validate';
import { badRequest } from '../../http/errors';
import { serveListExport } from '../../http/list-export';
import { RETURN_EXPORT_COLUMNS } from './export-columns';
import { pdfAttachment } from '../../documents/pdf-buffer';
import { LIMITS } from '../../../src/domain/constants';
import { API_RETURNS } from '../../../src/domain/returns-contract';
import { IMAGE_TOO_LARGE, storeImage } from '../files/service';
import { labelsFor } from '../shipping/label-data';
import { approve, buyerOffer, buyerPhoto, buyerRequest, listRequests, reject } from './requests';
import {
  cancelReturn,
  cancelReturnShipment,
  reassignReturn,
  returnQuotes,
  returnShipment,
  shipReturn,
} from './reverse';
import {
  createExchange,
  initiateReturn,
  listReturns,
  reasons,
  returnable,
  returnDetail,
  saveSettings,
  standaloneReturn,
  updateReturnAddress,
  type ReturnListFilters,
} from './service';
import { ownReturn, readSettings } from './store';

// The returns' operations (src/domain/returns-contract.ts): who may call each, and its handler.

const SELLERS = { kind: 'user', accountTypes: ['SELLER'] } as const;
const PUBLIC = { kind: 'public' } as const;
const photoBody = { bytes: LIMITS.imageUploadMaxBytes + 64 * 1024, message: IMAGE_TOO_LARGE };

async function fileOf(c: Context): Promise<File> {
  const form = (await readMultipart(c)) ?? {};
  const file = form.file;
  if (!(file instanceof File)) throw badRequest('file: a multipart field named "file" with the image is required');
  return file;
}

export function registerReturnRoutes(router: ApiRouter, deps: AppDeps) {
  const list = async (orgId: number, q: ReturnListFilters) => listReturns(await deps.readDb(), orgId, q);
  // the fixed paths first: /returns/export is not /returns/:returnId
  serveListExport(router, API_RETURNS.returnsExport, {
    access: SELLERS,
    name: 'returns',
    now: deps.now,
    list: (caller, q) => list(caller.orgId, q as unknown as ReturnListFilters),
    columns: RETURN_EXPORT_COLUMNS,
  });
  router.route(API_RETURNS.returns, {
    access: SELLERS,
    permission: 'returns.view',
    handler: ({ caller, query }) => list(caller.orgId, query as unknown as ReturnListFilters),
  });
  router.route(API_RETURNS.initiate, {
    access: SELLERS,
    permission: 'returns.manage',
    handler: ({ caller, body }) => initiateReturn(deps, caller, body),
  });
  router.route(API_RETURNS.standalone, {
    access: SELLERS,
    permission: 'returns.manage',
    handler: ({ caller, body }) => standaloneReturn(deps, caller, body),
  });
  router.route(API_RETURNS.reasons, {
    access: SELLERS,
    permission: 'returns.view',
    handler: () => reasons(),
  });
  router.route(API_RETURNS.photos, {
    access: SELLERS,
    permission: 'returns.manage',
    maxBody: photoBody,
    handler: async ({ c, caller }) => {
      const file = await fileOf(c);
      const id = await storeImage(deps.db, {
        orgId: caller.orgId,
        name: file.name,
        bytes: new Uint8Array(await file.arrayBuffer()),
        now: deps.now(),
      });
      return { fileId: id, url: fileLinks(deps)(id) };
    },
  });
  router.route(API_RETURNS.settings, {
    access: SELLERS,
    permission: 'returns.view',
    handler: ({ caller }) => readSettings(deps.db, caller.orgId),
  });
  router.route(API_RETURNS.saveSettings, {
    access: SELLERS,
    permission: 'setup.manage',
    handler: ({ caller, body }) => saveSettings(deps.db, caller.orgId, body, deps.now()),
  });
  router.route(API_RETURNS.requests, {
    access: SELLERS,
    permission: 'returns.view',
    handler: ({ caller, query }) => listRequests(deps.db, caller.orgId, query, fileLinks(deps)),
  });
  router.route(API_RETURNS.approve, {
    access: SELLERS,
    permission: 'returns.manage',
    handler: ({ caller, params, body }) => approve(deps, caller, params.requestId, body),
  });
  router.route(API_RETURNS.reject, {
    access: SELLERS,
    permission: 'returns.manage',
    handler: ({ caller, params, body }) => reject(deps, caller, params.requestId, body.note),
  });
  router.route(API_RETURNS.returnable, {
    access: SELLERS,
    permission: 'returns.view',
    handler: ({ caller, params }) => returnable(deps.db, caller.orgId, params.orderId),
  });
  router.route(API_RETURNS.one, {
    access: SELLERS,
    permission: 'returns.view',
    handler: ({ caller, params }) => returnDetail(deps.db, caller.orgId, params.returnId, fileLinks(deps)),
  });
  router.route(API_RETURNS.courierQuotes, {
    access: SELLERS,
    permission: 'returns.view',
    handler: ({ caller, params }) => returnQuotes(deps, caller.orgId, params.returnId),
  });
  router.route(API_RETURNS.ship, {
    access: SELLERS,
    permission: 'returns.manage',
    handler: ({ caller, params, body }) =>
      shipReturn(deps, caller, params.returnId, body.carrierCode, body.idempotencyKey, body),
  });
  router.route(API_RETURNS.reassign, {
    access: SELLERS,
    permission: 'returns.manage',
    handler: ({ caller, params, body }) =>
      reassignReturn(deps, caller, params.returnId, body.carrierCode, body.idempotencyKey),
  });
  router.route(API_RETURNS.shipment, {
    access: SELLERS,
    permission: 'returns.view',
    handler: ({ caller, params }) => returnShipment(deps, caller.orgId, params.returnId),
  });
  router.route(API_RETURNS.cancelShipment, {
    access: SELLERS,
    permission: 'returns.manage',
    handler: ({ caller, params }) => cancelReturnShipment(deps, caller, params.returnId),
  });
  router.route(API_RETURNS.cancel, {
    access: SELLERS,
    permission: 'returns.manage',
    handler: ({ caller, params, body }) => cancelReturn(deps, caller, params.returnId, body.reason),
  });
  router.route(API_RETURNS.returnAddress, {
    access: SELLERS,
    permission: 'returns.manage',
    handler: ({ caller, params, body }) => updateReturnAddress(deps, caller, params.returnId, body),
  });
  router.route(API_RETURNS.label, {
    access: SELLERS,
    permission: 'returns.view',
    handler: async ({ caller, params, query }) => {
      const { o } = await ownReturn(deps.db, caller.orgId, params.returnId);
      return pdfAttachment(
        `return-label-${o.orderNumber}.pdf`,
        await labelsFor(deps.db, caller.orgId, [o.id], query.layout),
      );
    },
  });
  router.route(API_RETURNS.exchange, {
    access: SELLERS,
    permission: 'returns.manage',
    handler: ({ caller, params, body }) => createExchange(deps, caller, params.returnId, body),
  });
  // the buyer, from the tracking page of a delivered order, with the link key
  router.route(API_RETURNS.buyerOffer, {
    access: PUBLIC,
    handler: ({ params, query }) => buyerOffer(deps, params.trackingRef, query.k),
  });
  router.route(API_RETURNS.buyerRequest, {
    access: PUBLIC,
    handler: ({ params, body }) => buyerRequest(deps, params.trackingRef, body),
  });
  router.route(API_RETURNS.buyerPhotos, {
    access: PUBLIC,
    maxBody: photoBody,
    handler: async ({ c, params, query }) => buyerPhoto(deps, params.trackingRef, query.k, await fileOf(c)),
  });
}
