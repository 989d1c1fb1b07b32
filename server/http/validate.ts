import * as v from 'valibot';
import { ApiError } from './errors';

/** The first issue as "field: rule", so a bad request names what to fix. */
export function issueMessage(issues: readonly v.BaseIssue<unknown>[], where: string): string {
  const issue = issues[0];
  const path = issue.path?.map((p) => String(p.key)).join('.') ?? '';
  if (issue.kind === 'schema' && issue.type === 'object' && !path) return `${where} must be a JSON object`;
  const message = issue.message.startsWith('Invalid type: Expected undefined') && path ? `${path} is not allowed` : issue.message;
  return path && !message.toLowerCase().includes(path.toLowerCase()) ? `${path}: ${message}` : message;
}

export function parseOrThrow<S extends v.GenericSchema>(schema: S, input: unknown, where: string): v.InferOutput<S> {
  const result = v.safeParse(schema, input, { abortPipeEarly: true });
  if (!result.success) throw new ApiError(400, issueMessage(result.issues, where));
  return result.output;
}
