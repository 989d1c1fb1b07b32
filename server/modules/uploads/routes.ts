import * as v from 'valibot';
import type { ApiRouter } from '../../http/router';
import { readMultipart } from '../../http/validate';
import type { AppDeps } from '../../deps';
import { badRequest } from '../../http/errors';
import { csvAttachment } from '../../http/csv';
import { numericId } from '../../../src/domain/params';
import { pagingEntries } from '../../../src/domain/paging';
import { pagedSchema } from '../../../src/domain/paging';
import { CsvUploadRowSchema } from '../../../src/domain/uploads-contract';
import type { CsvKind } from './kind';
import * as store from './service';

const SELLERS = { kind: 'user', accountTypes: ['SELLER'] } as const;
const STAFF = { kind: 'user', accountTypes: ['DAKIYA'] } as const;
const byId = v.object({ uploadId: numericId('uploadId') });
const paging = v.object({ pageNumber: pagingEntries.pageNumber, recordsPerPage: pagingEntries.recordsPerPage });
// the multipart envelope around a file of the largest allowed size
const ENVELOPE_BYTES = 64 * 1024;

/** Every kind's upload routes: sample, upload, history, latest, one, errors (and a kind's own history list). */
export function registerUploadRoutes(router: ApiRouter, deps: AppDeps, kinds: readonly CsvKind[]) {
  for (const kind of kinds) registerKindRoutes(router, deps, kind);
}

function registerKindRoutes(router: ApiRouter, deps: AppDeps, kind: CsvKind) {
  if (kind.audience === 'STAFF') registerRoutesFor(router, deps, kind, STAFF, () => null);
  else registerRoutesFor(router, deps, kind, SELLERS, (caller) => caller.orgId);
}

/** The routes of a kind for its audience; `ownerOf` scopes the uploads (a seller's organisation, or none for staff). */
function registerRoutesFor<A extends typeof SELLERS | typeof STAFF>(
  router: ApiRouter,
  deps: AppDeps,
  kind: CsvKind,
  access: A,
  ownerOf: (caller: { orgId: number | null }) => number | null,
) {
  const { paths, tag } = kind;
  const what = kind.rowNoun;
  router.add({
    method: 'get',
    path: paths.sampleCsv,
    tag,
    access,
    staffPermission: kind.staffPermission,
    permission: kind.permissions?.view,
    summary: `The CSV header with example ${what}`,
    returns: `text/csv attachment dakiya-${kind.fileStem}-sample.csv: the header (${kind.columns.map((c) => c.name).join(',')}) and example rows`,
    response: { file: 'text/csv' },
    handler: () => csvAttachment(`dakiya-${kind.fileStem}-sample.csv`, store.sampleCsv(kind)),
  });
  router.add({
    method: 'get',
    path: paths.latestUpload,
    tag,
    access,
    staffPermission: kind.staffPermission,
    permission: kind.permissions?.view,
    summary: 'The previous upload and its status, or null',
    response: v.nullable(CsvUploadRowSchema),
    handler: ({ caller }) => store.latestUpload(deps.db, kind, ownerOf(caller)),
  });
  router.add({
    method: 'get',
    path: paths.uploads,
    tag,
    access,
    staffPermission: kind.staffPermission,
    permission: kind.permissions?.view,
    query: paging,
    summary: 'Upload history, newest first (page 0, 10 a page by default)',
    response: pagedSchema(CsvUploadRowSchema),
    handler: ({ caller, query }) => store.listUploads(deps.db, kind, ownerOf(caller), query),
  });
  router.add({
    method: 'post',
    path: paths.uploads,
    tag,
    access,
    staffPermission: kind.staffPermission,
    permission: kind.permissions?.upload,
    multipart: true,
    maxBody: {
      bytes: store.MAX_UPLOAD_BYTES + ENVELOPE_BYTES,
      message: 'The file is larger than 50 MB; split it into smaller files',
    },
    summary: `Upload a CSV of ${what} (field "file", UTF-8, at most 50 MB and 100,000 rows); it is imported in the background`,
    errors: { 413: 'the file is larger than 50 MB' },
    returns: `The upload, PENDING at first: poll GET ${paths.upload('{uploadId}')}`,
    response: CsvUploadRowSchema,
    handler: async ({ c, caller }) => {
      const form = await readMultipart(c);
      if (!form) throw badRequest('Send the file as multipart/form-data in the field "file"');
      const file = form.file;
      if (!(file instanceof File)) throw badRequest('file: choose a CSV file to upload');
      return store.acceptUpload(
        deps,
        kind,
        { orgId: ownerOf(caller), accountId: caller.accountId },
        file.name,
        new Uint8Array(await file.arrayBuffer()),
      );
    },
  });
  router.add({
    method: 'get',
    path: paths.upload(':uploadId'),
    tag,
    access,
    staffPermission: kind.staffPermission,
    permission: kind.permissions?.view,
    params: byId,
    summary: 'One upload: PENDING, IN_PROGRESS or DONE with a percent, or FAILED with the reason',
    errors: { 404: 'no such upload of yours' },
    response: CsvUploadRowSchema,
    handler: ({ caller, params }) => store.getUpload(deps.db, kind, ownerOf(caller), params.uploadId),
  });
  router.add({
    method: 'get',
    path: paths.uploadErrors(':uploadId'),
    tag,
    access,
    staffPermission: kind.staffPermission,
    permission: kind.permissions?.view,
    params: byId,
    summary:
      "An upload's rejected rows as CSV: the sample's header plus errorRow, errorColumn and errorReason, every problem of a row told",
    errors: { 404: 'no such upload of yours' },
    returns: `text/csv attachment ${kind.fileStem}-upload-{uploadId}-errors.csv: each rejected row as sent, its row number, its columns (as the header names them) and its reasons (each naming the field by its label), "; " between problems`,
    response: { file: 'text/csv' },
    handler: async ({ caller, params }) =>
      csvAttachment(
        `${kind.fileStem}-upload-${params.uploadId}-errors.csv`,
        await store.errorsCsv(deps.db, kind, ownerOf(caller), params.uploadId),
      ),
  });
  const history = kind.history;
  if (history)
    router.add({
      method: 'get',
      path: history.path,
      tag,
      access,
      staffPermission: kind.staffPermission,
      permission: kind.permissions?.view,
      query: paging,
      summary: history.summary,
      response: history.response,
      handler: ({ caller, query }) => history.list(deps.db, ownerOf(caller) ?? 0, query),
    });
}
