import type { ApiRouter } from '../../http/router';
import type { AppDeps } from '../../deps';
import { notFound } from '../../http/errors';
import { fileResponse, readFile } from './service';
import { fileLinkValid } from './links';
import { API_FILES } from '../../../src/domain/files-contract';

// One address for stored files. A brand asset buyers see (a company logo, a tracking-page image)
// is public and cached; any other file opens only through a signed link that a route answered to
// a login allowed to see the file's object (links.ts), and is never cached. Without a valid link
// a private file is not found, the same as a file that does not exist.

const FILE_NOT_FOUND = 'File not found';

export function registerFileRoutes(router: ApiRouter, deps: AppDeps) {
  router.route(API_FILES.file, {
    access: { kind: 'public' },
    handler: async ({ params, query }) => {
      const file = await readFile(deps.db, params.id);
      if (!file) throw notFound(FILE_NOT_FOUND);
      if (!file.public && !fileLinkValid(deps.ratingKey, params.id, query.expires, query.signature, deps.now()))
        throw notFound(FILE_NOT_FOUND);
      return fileResponse(file);
    },
  });
}
