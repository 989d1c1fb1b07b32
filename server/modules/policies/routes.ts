import type { ApiRouter } from '../../http/router';
import type { AppDeps } from '../../deps';
import { notFound } from '../../http/errors';
import { POLICIES, POLICY_NAMES, type PolicyName } from '../../../src/domain/policies';
import { API_POLICIES } from '../../../src/domain/policies-contract';
import { policyPdf } from './pdf';

export function registerPolicyRoutes(router: ApiRouter, _deps: AppDeps) {
  // the text is compiled in, so each PDF is made once per process
  const cache = new Map<PolicyName, Promise<Buffer>>();
  router.route(API_POLICIES.pdf, {
    access: { kind: 'public' },
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
