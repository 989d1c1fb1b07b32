import * as v from 'valibot';
import type { ApiRouter } from '../../http/router';
import type { AppDeps } from '../../deps';
import { fileLinks } from '../files/links';
import { numericId } from '../../../src/domain/params';
import { readMultipart } from '../../http/validate';
import { badRequest } from '../../http/errors';
import { listQuerySchema, pagingEntries } from '../../../src/domain/paging';
import { registerListExport } from '../../http/list-export';
import { RETURN_EXPORT_COLUMNS } from './export-columns';
import { pdfAttachment } from '../../documents/pdf-buffer';
import { LIMITS } from '../../../src/domain/constants';
import { QC_FILTERS } from '../../../src/domain/returns';
import {
  API_RETURNS,
  BuyerReturnOfferSchema,
  PhotoSchema,
  ReturnableSchema,
  ReturnDetailSchema,
  ReturnListAnswerSchema,
  ReturnReasonsAnswerSchema,
  ReturnRequestListAnswerSchema,
  ReturnRequestRowSchema,
  ReturnSettingsSchema,
  ReturnShipmentSchema,
  ReverseRateAnswerSchema,
  type ReturnRow,
} from '../../../src/domain/returns-contract';
import {
  ApproveReturnRequestBody,
  BuyerKeyQuery,
  BuyerReturnRequestBody,
  CancelReturnBody,
  ExchangeBody,
  InitiateReturnBody,
  RejectReturnRequestBody,
  ReturnAddressBody,
  ReturnSettingsBody,
  ReturnShipBody,
  StandaloneReturnBody,
  returnFilterEntries,
  returnRequestFilterEntries,
} from '../../../src/domain/schemas/returns';
import { LABEL_LAYOUTS } from '../../../src/domain/schemas/shipping';
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

const TAG = 'returns';
const SELLERS = { kind: 'user', accountTypes: ['SELLER'] } as const;
const PUBLIC = { kind: 'public' } as const;
const byReturn = v.object({ returnId: numericId('returnId') });
const byRequest = v.object({ requestId: numericId('requestId') });
const byRef = v.object({
  trackingRef: v.pipe(v.string(), v.regex(/^[A-Za-z0-9]{6,20}$/, 'trackingRef is not a tracking number')),
});
const DAY_RANGES = [['fromDate', 'toDate']] as const;
const photoBody = { bytes: LIMITS.imageUploadMaxBytes + 64 * 1024, message: IMAGE_TOO_LARGE };

async function fileOf(c: Parameters<Parameters<ApiRouter['add']>[0]['handler']>[0]['c']): Promise<File> {
  const form = (await readMultipart(c)) ?? {};
  const file = form.file;
  if (!(file instanceof File)) throw badRequest('file: a multipart field named "file" with the image is required');
  return file;
}

export function registerReturnRoutes(router: ApiRouter, deps: AppDeps) {
  const list = async (orgId: number, q: ReturnListFilters) => listReturns(await deps.readDb(), orgId, q);
  // the fixed paths first: /returns/export is not /returns/:returnId
  registerListExport<ReturnRow, typeof returnFilterEntries>(router, {
    listPath: API_RETURNS.returns,
    tag: TAG,
    access: SELLERS,
    filters: returnFilterEntries,
    dayRanges: DAY_RANGES,
    name: 'returns',
    now: deps.now,
    list: (caller, q) => list(caller.orgId, q as unknown as ReturnListFilters),
    columns: RETURN_EXPORT_COLUMNS,
  });
  router.add({
    method: 'get',
    path: API_RETURNS.returns,
    tag: TAG,
    access: SELLERS,
    permission: 'returns.view',
    query: listQuerySchema({ ...pagingEntries, ...returnFilterEntries }, DAY_RANGES),
    summary: `A page of one returns tab with every tab’s count; filters: dates, courier, reason, QC (${Object.keys(QC_FILTERS).join(', ')}), refund decision, search`,
    response: ReturnListAnswerSchema,
    handler: ({ caller, query }) => list(caller.orgId, query as unknown as ReturnListFilters),
  });
  router.add({
    method: 'post',
    path: API_RETURNS.returns,
    tag: TAG,
    access: SELLERS,
    permission: 'returns.manage',
    body: InitiateReturnBody,
    summary:
      'Initiate a return of a delivered order: products and quantities, reason and sub-reason, photos, pickup at the buyer’s address, return to a pickup address or warehouse, optional doorstep check, refund decision',
    errors: { 404: 'no such order of yours', 409: 'the order is not delivered' },
    response: ReturnDetailSchema,
    handler: ({ caller, body }) => initiateReturn(deps, caller, body),
  });
  router.add({
    method: 'post',
    path: API_RETURNS.standalone,
    tag: TAG,
    access: SELLERS,
    permission: 'returns.manage',
    body: StandaloneReturnBody,
    summary: 'A return of an order sold elsewhere: the buyer, the address, the products and the parcel given in full',
    response: ReturnDetailSchema,
    handler: ({ caller, body }) => standaloneReturn(deps, caller, body),
  });
  router.add({
    method: 'get',
    path: API_RETURNS.reasons,
    tag: TAG,
    access: SELLERS,
    permission: 'returns.view',
    summary: 'Return reasons with their sub-reasons, the doorstep checks a courier can make, and the refund decisions',
    response: ReturnReasonsAnswerSchema,
    handler: () => reasons(),
  });
  router.add({
    method: 'post',
    path: API_RETURNS.photos,
    tag: TAG,
    access: SELLERS,
    permission: 'returns.manage',
    multipart: true,
    maxBody: photoBody,
    summary: 'Upload a photo of a returned product (field "file"; PNG, JPEG or WEBP up to 1 MB)',
    errors: { 413: IMAGE_TOO_LARGE, 415: 'not a PNG, JPEG or WEBP image' },
    response: PhotoSchema,
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
  router.add({
    method: 'get',
    path: API_RETURNS.settings,
    tag: TAG,
    access: SELLERS,
    permission: 'returns.view',
    summary: 'The return window buyers may ask within, and whether their requests are approved automatically',
    response: ReturnSettingsSchema,
    handler: ({ caller }) => readSettings(deps.db, caller.orgId),
  });
  router.add({
    method: 'put',
    path: API_RETURNS.settings,
    tag: TAG,
    access: SELLERS,
    permission: 'setup.manage',
    body: ReturnSettingsBody,
    summary: 'Save the return window (days after delivery; 0 turns buyers’ requests off) and the auto-approve rule',
    response: ReturnSettingsSchema,
    handler: ({ caller, body }) => saveSettings(deps.db, caller.orgId, body, deps.now()),
  });
  router.add({
    method: 'get',
    path: API_RETURNS.requests,
    tag: TAG,
    access: SELLERS,
    permission: 'returns.view',
    query: listQuerySchema({ ...pagingEntries, ...returnRequestFilterEntries }),
    summary: 'Buyers’ return requests of one status (waiting, approved, rejected), with every status’s count',
    response: ReturnRequestListAnswerSchema,
    handler: ({ caller, query }) => listRequests(deps.db, caller.orgId, query, fileLinks(deps)),
  });
  router.add({
    method: 'post',
    path: API_RETURNS.approve(':requestId'),
    tag: TAG,
    access: SELLERS,
    permission: 'returns.manage',
    params: byRequest,
    body: ApproveReturnRequestBody,
    summary: 'Approve a buyer’s return request: a return is made from it and the buyer is told by SMS and email',
    errors: { 404: 'no such request of yours', 409: 'decided already' },
    response: ReturnRequestRowSchema,
    handler: ({ caller, params, body }) => approve(deps, caller, params.requestId, body),
  });
  router.add({
    method: 'post',
    path: API_RETURNS.reject(':requestId'),
    tag: TAG,
    access: SELLERS,
    permission: 'returns.manage',
    params: byRequest,
    body: RejectReturnRequestBody,
    summary: 'Reject a buyer’s return request with a note; the buyer is told by SMS and email',
    errors: { 404: 'no such request of yours', 409: 'decided already' },
    response: ReturnRequestRowSchema,
    handler: ({ caller, params, body }) => reject(deps, caller, params.requestId, body.note),
  });
  router.add({
    method: 'get',
    path: API_RETURNS.returnable(':orderId'),
    tag: TAG,
    access: SELLERS,
    permission: 'returns.view',
    params: v.object({ orderId: numericId('orderId') }),
    summary:
      'What of an order may come back: its products with the quantities left, the buyer’s address, the return-to choices',
    errors: { 404: 'no such order of yours' },
    response: ReturnableSchema,
    handler: ({ caller, params }) => returnable(deps.db, caller.orgId, params.orderId),
  });
  router.add({
    method: 'get',
    path: API_RETURNS.one(':returnId'),
    tag: TAG,
    access: SELLERS,
    permission: 'returns.view',
    params: byReturn,
    summary: 'One return: items, addresses, photos, doorstep checks and their outcome, the reverse shipment, history',
    errors: { 404: 'no such return of yours' },
    response: ReturnDetailSchema,
    handler: ({ caller, params }) => returnDetail(deps.db, caller.orgId, params.returnId, fileLinks(deps)),
  });
  router.add({
    method: 'get',
    path: API_RETURNS.courierQuotes(':returnId'),
    tag: TAG,
    access: SELLERS,
    permission: 'returns.view',
    params: byReturn,
    summary:
      'Couriers that pick up returns on this lane: reverse price, the doorstep check’s fee when asked for, delivery date',
    errors: { 404: 'no such return of yours', 409: 'the return has no pickup address' },
    response: ReverseRateAnswerSchema,
    handler: ({ caller, params }) => returnQuotes(deps, caller.orgId, params.returnId),
  });
  router.add({
    method: 'post',
    path: API_RETURNS.ship(':returnId'),
    tag: TAG,
    access: SELLERS,
    permission: 'returns.manage',
    params: byReturn,
    body: ReturnShipBody,
    summary:
      'Book the reverse pickup with a courier: AWB assigned, wallet charged in the same transaction; a repeat with the same idempotencyKey answers the same shipment',
    errors: {
      404: 'no such return of yours',
      409: 'the return cannot be booked now',
      422: 'the courier cannot pick it up, or the wallet is short (X-Recharge-Paise says by how much)',
    },
    response: ReturnShipmentSchema,
    handler: ({ caller, params, body }) =>
      shipReturn(deps, caller, params.returnId, body.carrierCode, body.idempotencyKey),
  });
  router.add({
    method: 'post',
    path: API_RETURNS.reassign(':returnId'),
    tag: TAG,
    access: SELLERS,
    permission: 'returns.manage',
    params: byReturn,
    body: ReturnShipBody,
    summary:
      'Move a booked pickup to another courier: the old one is cancelled and refunded, the new one booked and charged',
    errors: { 404: 'no such return of yours', 409: 'only a pickup not yet attempted can be reassigned' },
    response: ReturnShipmentSchema,
    handler: ({ caller, params, body }) =>
      reassignReturn(deps, caller, params.returnId, body.carrierCode, body.idempotencyKey),
  });
  router.add({
    method: 'get',
    path: API_RETURNS.shipment(':returnId'),
    tag: TAG,
    access: SELLERS,
    permission: 'returns.view',
    params: byReturn,
    summary: 'The return’s reverse shipment: courier, AWB, charges with the check’s fee, dates and scans',
    errors: { 404: 'no such return of yours, or no pickup booked' },
    response: ReturnShipmentSchema,
    handler: ({ caller, params }) => returnShipment(deps, caller.orgId, params.returnId),
  });
  router.add({
    method: 'put',
    path: API_RETURNS.cancelShipment(':returnId'),
    tag: TAG,
    access: SELLERS,
    permission: 'returns.manage',
    params: byReturn,
    summary:
      'Cancel the booked pickup before the courier has the parcel: refunded once, the return is Ready For Pickup again',
    errors: { 404: 'no such return of yours', 409: 'no pickup booked, or the parcel is picked up' },
    response: ReturnShipmentSchema,
    handler: ({ caller, params }) => cancelReturnShipment(deps, caller, params.returnId),
  });
  router.add({
    method: 'put',
    path: API_RETURNS.cancel(':returnId'),
    tag: TAG,
    access: SELLERS,
    permission: 'returns.manage',
    params: byReturn,
    body: CancelReturnBody,
    summary: 'Cancel the return (a booked pickup is cancelled and refunded with it)',
    errors: { 404: 'no such return of yours', 409: 'the parcel is picked up already' },
    response: ReturnDetailSchema,
    handler: ({ caller, params, body }) => cancelReturn(deps, caller, params.returnId, body.reason),
  });
  router.add({
    method: 'put',
    path: API_RETURNS.returnAddress(':returnId'),
    tag: TAG,
    access: SELLERS,
    permission: 'returns.manage',
    params: byReturn,
    body: ReturnAddressBody,
    summary:
      'Send the return back to another pickup address or warehouse of yours (update by return order), while no pickup is booked',
    errors: {
      400: 'no such pickup address or warehouse of yours',
      404: 'no such return of yours',
      409: 'a pickup is booked or the parcel is on its way',
    },
    response: ReturnDetailSchema,
    handler: ({ caller, params, body }) => updateReturnAddress(deps, caller, params.returnId, body),
  });
  router.add({
    method: 'get',
    path: API_RETURNS.label(':returnId'),
    tag: TAG,
    access: SELLERS,
    permission: 'returns.view',
    params: byReturn,
    query: v.object({ layout: v.optional(v.picklist(LABEL_LAYOUTS, 'layout must be 4x6 or A4'), '4x6') }),
    summary: 'The reverse leg’s label (PDF): from the buyer to the return-to address',
    errors: { 404: 'no such return of yours', 409: 'no pickup booked' },
    response: { file: 'application/pdf' },
    handler: async ({ caller, params, query }) => {
      const { o } = await ownReturn(deps.db, caller.orgId, params.returnId);
      return pdfAttachment(
        `return-label-${o.orderNumber}.pdf`,
        await labelsFor(deps.db, caller.orgId, [o.id], query.layout),
      );
    },
  });
  router.add({
    method: 'post',
    path: API_RETURNS.exchange(':returnId'),
    tag: TAG,
    access: SELLERS,
    permission: 'returns.manage',
    params: byReturn,
    body: ExchangeBody,
    summary: 'Exchange: create the replacement’s forward order to the buyer, linked to the return as one case',
    errors: { 404: 'no such return of yours', 409: 'the return has its replacement already, or is closed' },
    response: ReturnDetailSchema,
    handler: ({ caller, params, body }) => createExchange(deps, caller, params.returnId, body),
  });
  // the buyer, from the tracking page of a delivered order, with the link key
  router.add({
    method: 'get',
    path: API_RETURNS.buyerOffer(':trackingRef'),
    tag: TAG,
    access: PUBLIC,
    params: byRef,
    query: BuyerKeyQuery,
    summary:
      'Whether the buyer may ask for a return of this delivered order (the seller’s window), what, and their latest request',
    errors: { 403: 'the key is not this shipment’s', 404: 'no such shipment' },
    response: BuyerReturnOfferSchema,
    handler: ({ params, query }) => buyerOffer(deps, params.trackingRef, query.k),
  });
  router.add({
    method: 'post',
    path: API_RETURNS.buyerOffer(':trackingRef'),
    tag: TAG,
    access: PUBLIC,
    params: byRef,
    body: BuyerReturnRequestBody,
    summary: 'The buyer asks for a return (products, reason, photos) within the seller’s window',
    errors: {
      403: 'the key is not this shipment’s',
      404: 'no such shipment',
      409: 'not delivered, window closed, or asked already',
    },
    response: BuyerReturnOfferSchema,
    handler: ({ params, body }) => buyerRequest(deps, params.trackingRef, body),
  });
  router.add({
    method: 'post',
    path: API_RETURNS.buyerPhotos(':trackingRef'),
    tag: TAG,
    access: PUBLIC,
    params: byRef,
    query: BuyerKeyQuery,
    multipart: true,
    maxBody: photoBody,
    summary: 'The buyer uploads a photo for a return request (field "file"; PNG, JPEG or WEBP up to 1 MB)',
    errors: { 403: 'the key is not this shipment’s', 413: IMAGE_TOO_LARGE, 415: 'not a PNG, JPEG or WEBP image' },
    response: PhotoSchema,
    handler: async ({ c, params, query }) => buyerPhoto(deps, params.trackingRef, query.k, await fileOf(c)),
  });
}
