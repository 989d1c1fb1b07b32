import * as v from 'valibot';
import type { ApiRouter } from '../../http/router';
import type { AppDeps } from '../../deps';
import { numericId } from '../../../src/domain/params';
import { listQuerySchema, pagingEntries } from '../../../src/domain/paging';
import { readMultipart } from '../../http/validate';
import { badRequest } from '../../http/errors';
import { registerListExport } from '../../http/list-export';
import { NDR_EXPORT_COLUMNS } from './export-columns';
import {
  API_NDR,
  BuyerNdrViewSchema,
  NdrActionOutcomeSchema,
  NdrBulkAnswerSchema,
  NdrDetailSchema,
  NdrEvidenceSchema,
  NdrListAnswerSchema,
  RtoListAnswerSchema,
  RtoRowSchema,
  UnknownCourierCodeSchema,
  type NdrRow,
} from '../../../src/domain/ndr-contract';
import { LIMITS } from '../../../src/domain/constants';
import {
  BuyerNdrAnswerBody,
  NdrActionBody,
  NdrBulkBody,
  ndrFilterEntries,
  RtoAckBody,
  rtoFilterEntries,
} from '../../../src/domain/schemas/ndr';
import { IMAGE_TOO_LARGE, storeImage } from '../files/service';
import { fileLinks } from '../files/links';
import { actOnMany, actOnNdr } from './service';
import { acknowledgeRto, ndrDetail, ndrList, rtoList, unknownCodes, type NdrListFilters } from './list';
import { buyerAnswer, buyerView } from './buyer';

const TAG = 'ndr';
// The NDR answers are still TypeScript interfaces in ndr-contract.ts: each route's answer is
// checked against its type, but the OpenAPI document does not show its shape yet.
const SELLERS = { kind: 'user', accountTypes: ['SELLER'] } as const;
const STAFF = { kind: 'user', accountTypes: ['DAKIYA'] } as const;
const PUBLIC = { kind: 'public' } as const;
const DAY_RANGES = [['fromDate', 'toDate']] as const;
const byNdr = v.object({ ndrId: numericId('ndrId') });
const byOrder = v.object({ orderId: numericId('orderId') });
const byToken = v.object({ token: v.pipe(v.string(), v.maxLength(64, 'token is too long')) });

// the v2 search takes the list's filters in a JSON body
const SearchV2Body = v.object({
  ...(Object.fromEntries(Object.entries(ndrFilterEntries).filter(([k]) => k !== 'attempt')) as Omit<
    typeof ndrFilterEntries,
    'attempt'
  >),
  attempt: v.optional(
    v.pipe(
      v.number('attempt must be a number'),
      v.integer('attempt must be a whole number'),
      v.minValue(1, 'attempt must be at least 1'),
      v.maxValue(9, 'attempt must be at most 9'),
    ),
  ),
  searchPattern: v.optional(v.pipe(v.string(), v.trim(), v.maxLength(100, 'searchPattern is too long'))),
  pageNumber: v.optional(
    v.pipe(
      v.number('pageNumber must be a number'),
      v.integer('pageNumber must be a whole number'),
      v.minValue(0, 'pageNumber cannot be negative'),
      v.maxValue(100_000, 'pageNumber must be at most 100000'),
    ),
    0,
  ),
  recordsPerPage: v.optional(
    v.pipe(
      v.number('recordsPerPage must be a number'),
      v.integer('recordsPerPage must be a whole number'),
      v.minValue(1, 'recordsPerPage must be at least 1'),
      v.maxValue(100, 'recordsPerPage must be at most 100'),
    ),
    10,
  ),
});

export function registerNdrRoutes(router: ApiRouter, deps: AppDeps) {
  // the list reads from a caught-up replica when there is one (db/read-routing.ts)
  const list = async (caller: { orgId: number; accountId: number }, q: NdrListFilters) =>
    ndrList({ ...deps, db: await deps.readDb() }, caller, q);
  router.add({
    method: 'get',
    path: API_NDR.list,
    tag: TAG,
    access: SELLERS,
    permission: 'ndr.view',
    query: listQuerySchema({ ...pagingEntries, ...ndrFilterEntries }, DAY_RANGES),
    summary: 'A page of one NDR tab (action required, action taken, delivered after NDR, RTO) with every tab’s count',
    returns: 'NdrListAnswer',
    response: NdrListAnswerSchema,
    handler: ({ caller, query }) => list(caller, query as NdrListFilters),
  });
  registerListExport<NdrRow, typeof ndrFilterEntries>(router, {
    listPath: API_NDR.list,
    tag: TAG,
    access: SELLERS,
    filters: ndrFilterEntries,
    dayRanges: DAY_RANGES,
    name: 'ndr',
    now: deps.now,
    list: (caller, q) => list(caller, q as NdrListFilters),
    columns: NDR_EXPORT_COLUMNS,
  });
  router.add({
    method: 'post',
    path: API_NDR.bulkAction,
    tag: TAG,
    access: SELLERS,
    permission: 'ndr.act',
    body: NdrBulkBody,
    summary: 'One action on many NDRs; each answers for itself (applied, or why not)',
    returns: 'NdrBulkAnswer',
    response: NdrBulkAnswerSchema,
    handler: ({ caller, body }) => {
      const { ndrIds, ...input } = body;
      return actOnMany(deps, ndrIds, input, { source: 'SELLER', accountId: caller.accountId, orgId: caller.orgId });
    },
  });
  router.add({
    method: 'post',
    path: API_NDR.evidence,
    tag: TAG,
    access: SELLERS,
    permission: 'ndr.act',
    multipart: true,
    maxBody: { bytes: LIMITS.imageUploadMaxBytes + 64 * 1024, message: IMAGE_TOO_LARGE },
    summary: 'Upload an image as evidence of a fake delivery attempt (field "file"; PNG, JPEG or WEBP up to 1 MB)',
    errors: { 413: IMAGE_TOO_LARGE, 415: 'not a PNG, JPEG or WEBP image' },
    returns: '{ fileId, url }',
    response: NdrEvidenceSchema,
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
  router.add({
    method: 'get',
    path: API_NDR.one(':ndrId'),
    tag: TAG,
    access: SELLERS,
    permission: 'ndr.view',
    params: byNdr,
    summary: 'One NDR with every failed attempt of its parcel and the actions asked for',
    errors: { 404: 'no such NDR of this seller' },
    returns: 'NdrDetail',
    response: NdrDetailSchema,
    handler: ({ caller, params }) => ndrDetail(deps, caller, params.ndrId),
  });
  router.add({
    method: 'post',
    path: API_NDR.action(':ndrId'),
    tag: TAG,
    access: SELLERS,
    permission: 'ndr.act',
    params: byNdr,
    body: NdrActionBody,
    summary: 'Act on an NDR: re-attempt, change address or phone, return to origin, or report a fake attempt',
    errors: {
      404: 'no such NDR of this seller',
      409: 'acted on already, not possible for its reason, or the courier refused',
    },
    returns: 'NdrActionOutcome',
    response: NdrActionOutcomeSchema,
    handler: ({ caller, params, body }) =>
      actOnNdr(deps, params.ndrId, body, { source: 'SELLER', accountId: caller.accountId, orgId: caller.orgId }),
  });
  router.add({
    method: 'get',
    path: API_NDR.rto,
    tag: TAG,
    access: SELLERS,
    permission: 'ndr.view',
    query: listQuerySchema({ ...pagingEntries, ...rtoFilterEntries }, DAY_RANGES),
    summary: 'Returns to origin by stage (initiated, in transit, delivered) with their charges',
    returns: 'RtoListAnswer',
    response: RtoListAnswerSchema,
    handler: ({ caller, query }) => rtoList(deps, caller.orgId, query),
  });
  router.add({
    method: 'post',
    path: API_NDR.rtoAcknowledge(':orderId'),
    tag: TAG,
    access: SELLERS,
    permission: 'ndr.act',
    params: byOrder,
    body: RtoAckBody,
    summary: 'The seller’s word on a returned parcel: received fine, damaged, or not received',
    errors: { 404: 'no return to origin for this order', 409: 'acknowledged already with another word' },
    returns: 'RtoRow',
    response: RtoRowSchema,
    handler: ({ caller, params, body }) =>
      acknowledgeRto(deps, caller.orgId, caller.accountId, params.orderId, body.outcome, body.note),
  });
  router.add({
    method: 'get',
    path: API_NDR.unknownCodes,
    tag: TAG,
    access: STAFF,
    staffPermission: 'orders.simulate',
    summary: 'Courier status and NDR reason codes no mapping table knew, most frequent first',
    returns: 'UnknownCourierCode[]',
    response: v.array(UnknownCourierCodeSchema),
    handler: () => unknownCodes(deps),
  });
  router.add({
    method: 'post',
    path: API_NDR.searchV2,
    tag: TAG,
    access: SELLERS,
    permission: 'ndr.view',
    body: SearchV2Body,
    summary: 'NDR search (v2): the list’s filters in the body',
    returns: 'NdrListAnswer',
    response: NdrListAnswerSchema,
    handler: ({ caller, body }) => list(caller, body as NdrListFilters),
  });
  router.add({
    method: 'post',
    path: API_NDR.actionV2,
    tag: TAG,
    access: SELLERS,
    permission: 'ndr.act',
    body: NdrBulkBody,
    summary: 'NDR action (v2): one action on one or more NDRs, with per-item outcomes',
    returns: 'NdrBulkAnswer',
    response: NdrBulkAnswerSchema,
    handler: ({ caller, body }) => {
      const { ndrIds, ...input } = body;
      return actOnMany(deps, ndrIds, input, { source: 'SELLER', accountId: caller.accountId, orgId: caller.orgId });
    },
  });
  router.add({
    method: 'get',
    path: API_NDR.buyer(':token'),
    tag: TAG,
    access: PUBLIC,
    params: byToken,
    summary: 'The buyer’s NDR page by the token of its SMS/email link',
    errors: { 404: 'not a valid link' },
    returns: 'BuyerNdrView',
    response: BuyerNdrViewSchema,
    handler: ({ params }) => buyerView(deps, params.token),
  });
  router.add({
    method: 'post',
    path: API_NDR.buyer(':token'),
    tag: TAG,
    access: PUBLIC,
    params: byToken,
    body: BuyerNdrAnswerBody,
    summary: 'The buyer’s answer: still wants it (a date), corrected address or phone, or declines it',
    errors: {
      404: 'not a valid link',
      409: 'answered already (by the seller or an earlier answer: noted, not applied), or the courier refused',
      429: 'too many answers from this link',
    },
    returns: 'BuyerNdrView',
    response: BuyerNdrViewSchema,
    handler: ({ params, body }) => buyerAnswer(deps, params.token, body),
  });
}
