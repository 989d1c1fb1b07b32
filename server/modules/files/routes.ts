import * as v from 'valibot';
import type { ApiRouter } from '../../http/router';
import type { AppDeps } from '../../deps';
import { notFound } from '../../http/errors';
import { fileResponse, readFile } from './service';
import { fileLinkValid } from './links';

// One address for stored files. A brand asset buyers see (a company logo, a tracking-page image)
// is public and cached; any other file opens only through a signed link that a route answered to
// a login allowed to see the file's object (links.ts), and is never cached. Without a valid link
// a private file is not found, the same as a file that does not exist.

const FILE_NOT_FOUND = 'File not found';

export function registerFileRoutes(router: ApiRouter, deps: AppDeps) {
  router.add({
    method: 'get',
    path: '/api/v1/files/:id',
    tag: 'files',
    access: { kind: 'public' },
    params: v.object({ id: v.pipe(v.string(), v.maxLength(64, 'id is too long')) }),
    query: v.object({
      expires: v.optional(v.pipe(v.string(), v.maxLength(16, 'expires is too long'))),
      signature: v.optional(v.pipe(v.string(), v.maxLength(64, 'signature is too long'))),
    }),
    summary:
      'A stored file by its id: a public brand asset (company logo, tracking-page image), or a private file through the signed link (expires, signature) an answer gave',
    returns: 'the file; a private one with Cache-Control: private, no-store',
    errors: { 404: 'no such file, or a private file without a valid, unexpired link' },
    response: { file: '*/*' },
    handler: async ({ params, query }) => {
      const file = await readFile(deps.db, params.id);
      if (!file) throw notFound(FILE_NOT_FOUND);
      if (!file.public && !fileLinkValid(deps.ratingKey, params.id, query.expires, query.signature, deps.now()))
        throw notFound(FILE_NOT_FOUND);
      return fileResponse(file);
    },
  });
}
