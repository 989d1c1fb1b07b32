import * as v from 'valibot';

import { operation } from './operation';
import { POLICY_NAMES } from './policies';

// The public policies (src/domain/policies.ts) as PDFs the server makes from the same text.

export const API_POLICIES = {
  pdf: operation({
    method: 'get',
    path: '/api/v1/policies/:file{[A-Za-z0-9_-]+\\.pdf}',
    tag: 'policies',
    params: v.object({ file: v.pipe(v.string(), v.maxLength(64, 'file name is too long')) }),
    summary: `A policy as a PDF: ${POLICY_NAMES.map((n) => `${n}.pdf`).join(', ')}`,
    errors: { 404: 'no such policy' },
    response: { file: 'application/pdf' },
  }),
} as const;
