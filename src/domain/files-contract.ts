import * as v from 'valibot';

import { operation } from './operation';

// One address for stored files: a public brand asset, or a private file through a signed link.

export const API_FILES = {
  file: operation({
    method: 'get',
    path: '/api/v1/files/:id',
    tag: 'files',
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
  }),
} as const;
