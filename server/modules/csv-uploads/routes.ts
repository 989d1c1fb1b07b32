import * as v from 'valibot';
import type { ApiRouter } from '../../http/router';
import { readMultipart } from '../../http/validate';
import type { AppDeps } from '../../deps';
import { badRequest } from '../../http/errors';
import { csvAttachment } from '../../http/csv';
import { numericId } from '../../http/params';
import { pagingEntries } from '../../http/paging';
import type { UploadPaths } from '../../../src/domain/uploads-contract';
import type { CsvImportKind } from './import-kind';
import * as store from './service';
import { CsvUploadRowSchema } from '../../../src/domain/uploads-contract';
import { pagedSchema } from '../../../src/domain/account-contract';

const SELLERS = { kind: 'user', accountTypes: ['SELLER'] } as const;
const byId = v.object({ uploadId: numericId('uploadId') });
// the multipart envelope around a file of the largest allowed size
const ENVELOPE_BYTES = 64 * 1024;

/** The six routes of one kind of CSV upload under its paths: sample, upload, history, latest, one, errors. */
export function registerCsvUploadRoutes(
  router: ApiRouter,
  deps: AppDeps,
  kind: CsvImportKind,
  paths: UploadPaths,
  tag: string,
) {
  const what = kind.rowNoun;
  router.add({
    method: 'get',
    path: paths.sampleCsv,
    tag,
    access: SELLERS,
    summary: `The CSV header with example ${what}`,
    response: { file: 'text/csv' },
    handler: () => csvAttachment(`dakiya-${kind.fileStem}-sample.csv`, store.sampleCsv(kind)),
  });
  router.add({
    method: 'get',
    path: paths.latestUpload,
    tag,
    access: SELLERS,
    summary: 'The previous upload and its status, or null',
    response: v.nullable(CsvUploadRowSchema),
    handler: ({ caller }) => store.latestUpload(deps.db, kind.kind, paths, caller.orgId),
  });
  router.add({
    method: 'get',
    path: paths.uploads,
    tag,
    access: SELLERS,
    query: v.object({ pageNumber: pagingEntries.pageNumber, recordsPerPage: pagingEntries.recordsPerPage }),
    summary: 'Upload history, newest first (page 0, 10 a page by default)',
    response: pagedSchema(CsvUploadRowSchema),
    handler: ({ caller, query }) => store.listUploads(deps.db, kind.kind, paths, caller.orgId, query),
  });
  router.add({
    method: 'post',
    path: paths.uploads,
    tag,
    access: SELLERS,
    multipart: true,
    maxBody: {
      bytes: store.MAX_UPLOAD_BYTES + ENVELOPE_BYTES,
      message: 'The file is larger than 50 MB; split it into smaller files',
    },
    summary: `Upload a CSV of ${what} (field "file", UTF-8, at most 50 MB and 100,000 rows); it is imported in the background`,
    errors: { 413: 'the file is larger than 50 MB' },
    returns: 'The upload, PENDING at first: poll GET uploads/{uploadId}',
    response: CsvUploadRowSchema,
    handler: async ({ c, caller }) => {
      const form = await readMultipart(c);
      if (!form) throw badRequest('Send the file as multipart/form-data in the field "file"');
      const file = form.file;
      if (!(file instanceof File)) throw badRequest('file: choose a CSV file to upload');
      return store.acceptUpload(
        deps,
        kind,
        paths,
        { orgId: caller.orgId, accountId: caller.accountId },
        file.name,
        new Uint8Array(await file.arrayBuffer()),
      );
    },
  });
  router.add({
    method: 'get',
    path: paths.upload(':uploadId'),
    tag,
    access: SELLERS,
    params: byId,
    summary: 'One upload: PENDING, IN_PROGRESS or DONE with a percent, or FAILED with the reason',
    errors: { 404: 'no such upload of yours' },
    response: CsvUploadRowSchema,
    handler: ({ caller, params }) => store.getUpload(deps.db, kind.kind, paths, caller.orgId, params.uploadId),
  });
  router.add({
    method: 'get',
    path: paths.uploadErrors(':uploadId'),
    tag,
    access: SELLERS,
    params: byId,
    summary: "An upload's rejected rows with row number, column and reason, as CSV",
    errors: { 404: 'no such upload of yours' },
    response: { file: 'text/csv' },
    handler: async ({ caller, params }) =>
      csvAttachment(
        `${kind.fileStem}-upload-${params.uploadId}-errors.csv`,
        await store.errorsCsv(deps.db, kind, caller.orgId, params.uploadId),
      ),
  });
}
