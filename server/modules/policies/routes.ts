import * as v from 'valibot';
import type { ApiRouter } from '../../http/router';
import type { AppDeps } from '../../deps';
import { notFound } from '../../http/errors';
import { POLICIES, POLICY_NAMES, type PolicyName } from '../../../src/domain/policies';
import { policyPdf } from './pdf';

export function registerPolicyRoutes(router: ApiRouter, _deps: AppDeps) {
  // the text is compiled in, so each PDF is made once per process
  const cache = new Map<PolicyName, Promise<Buffer>>();
  router.add({
    method: 'get',
    path: '/api/v1/policies/:file{[A-Za-z0-9_-]+\\.pdf}',
    tag: 'policies',
    access: { kind: 'public' },
    params: v.object({ file: v.pipe(v.string(), v.maxLength(64, 'file name is too long')) }),
    summary: `A policy as a PDF: ${POLICY_NAMES.map((n) => `${n}.pdf`).join(', ')}`,
    errors: { 404: 'no such policy' },
    response: { file: 'application/pdf' },
    handler: async ({ params }) => {
      const name = params.file.replace(/\.pdf$/, '') as PolicyName;
      if (!POLICY_NAMES.includes(name)) throw notFound('No such policy');
      if (!cache.has(name)) cache.set(name, policyPdf(POLICIES[name]));
      const pdf = await cache.get(name)!;
      return new Response(new Uint8Array(pdf), {
        headers: {
          'Content-Type': 'application/pdf',
          'Content-Disposition': `inline; filename="dakiya-${name}.pdf"`,
          'Cache-Control': 'public, max-age=3600',
        },
      });
    },
  });
}
