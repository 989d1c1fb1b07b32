import * as v from 'valibot';
import type { ApiRouter } from '../../http/router';
import type { AppDeps } from '../../deps';
import { notFound } from '../../http/errors';
import { readFile } from './service';

export function registerFileRoutes(router: ApiRouter, deps: AppDeps) {
  router.add({
    method: 'get',
    path: '/api/v1/files/:id',
    tag: 'files',
    access: { kind: 'public' },
    params: v.object({ id: v.pipe(v.string(), v.maxLength(64, 'id is too long')) }),
    summary: 'An uploaded image (company logo or signature) by its id; cached for a year (ids never change content)',
    returns: 'the image bytes',
    errors: { 404: 'no such file' },
    response: { file: 'image/*' },
    handler: async ({ params }) => {
      const file = await readFile(deps.db, params.id);
      if (!file) throw notFound('File not found');
      return new Response(new Uint8Array(file.bytes), {
        headers: {
          'Content-Type': file.contentType,
          'Content-Length': String(file.bytes.byteLength),
          'Cache-Control': 'public, max-age=31536000, immutable',
          'X-Content-Type-Options': 'nosniff',
        },
      });
    },
  });
}
