import * as v from 'valibot';
import type { ApiRouter } from '../../http/router';
import type { AppDeps } from '../../deps';
import { badRequest } from '../../http/errors';
import { csvAttachment } from '../../http/csv';
import { numericId } from '../../http/params';
import { pagingEntries } from '../../http/paging';
import { API_PRODUCTS } from '../../../src/domain/api-setup';
import * as store from './service';

const TAG = 'products';
const SELLERS = { kind: 'user', accountTypes: ['SELLER'] } as const;
const byId = v.object({ uploadId: numericId('uploadId') });
// the multipart envelope around a file of the largest allowed size
const ENVELOPE_BYTES = 64 * 1024;

export function registerProductUploadRoutes(router: ApiRouter, deps: AppDeps) {
  router.add({
    method: 'get', path: API_PRODUCTS.sampleCsv, tag: TAG, access: SELLERS,
    summary: 'The products CSV header with two example rows',
    returns: 'text/csv attachment',
    handler: () => csvAttachment('dakiya-products-sample.csv', store.sampleCsv()),
  });
  router.add({
    method: 'get', path: API_PRODUCTS.latestUpload, tag: TAG, access: SELLERS,
    summary: 'The previous upload and its status, or null',
    returns: 'ProductUploadRow | null',
    handler: ({ caller }) => store.latestUpload(deps.db, caller.orgId!),
  });
  router.add({
    method: 'get', path: API_PRODUCTS.uploads, tag: TAG, access: SELLERS,
    query: v.object({ pageNumber: pagingEntries.pageNumber, recordsPerPage: pagingEntries.recordsPerPage }),
    summary: 'Upload history, newest first (page 0, 10 a page by default)',
    returns: '{ items: ProductUploadRow[], total, pageNumber, recordsPerPage }',
    handler: ({ caller, query }) => store.listUploads(deps.db, caller.orgId!, query),
  });
  router.add({
    method: 'post', path: API_PRODUCTS.uploads, tag: TAG, access: SELLERS, multipart: true,
    maxBody: { bytes: store.MAX_UPLOAD_BYTES + ENVELOPE_BYTES, message: 'The file is larger than 50 MB; split it into smaller files' },
    summary: 'Upload a products CSV (field "file", UTF-8, at most 50 MB and 100,000 rows); it is imported in the background',
    errors: { 413: 'the file is larger than 50 MB' },
    returns: 'ProductUploadRow (PENDING): poll GET uploads/{uploadId}',
    handler: async ({ c, caller }) => {
      let form: Record<string, unknown>;
      try {
        form = await c.req.parseBody();
      } catch {
        throw badRequest('Send the file as multipart/form-data in the field "file"');
      }
      const file = form.file;
      if (!(file instanceof File)) throw badRequest('file: choose a CSV file to upload');
      return store.acceptUpload(deps, caller.orgId!, caller.accountId, file.name, new Uint8Array(await file.arrayBuffer()));
    },
  });
  router.add({
    method: 'get', path: API_PRODUCTS.upload(':uploadId'), tag: TAG, access: SELLERS, params: byId,
    summary: 'One upload: PENDING, IN_PROGRESS or DONE with a percent, or FAILED with the reason',
    errors: { 404: 'no such upload of yours' },
    returns: 'ProductUploadRow',
    handler: ({ caller, params }) => store.getUpload(deps.db, caller.orgId!, params.uploadId),
  });
  router.add({
    method: 'get', path: API_PRODUCTS.uploadErrors(':uploadId'), tag: TAG, access: SELLERS, params: byId,
    summary: "An upload's rejected rows with row number, column and reason, as CSV",
    errors: { 404: 'no such upload of yours' },
    returns: 'text/csv attachment',
    handler: async ({ caller, params }) => csvAttachment(`products-upload-${params.uploadId}-errors.csv`, await store.errorsCsv(deps.db, caller.orgId!, params.uploadId)),
  });
}
