import * as v from 'valibot';
import { ApiError } from './errors';

/** The first issue as "field: rule", so a bad request names what to fix. */
export function issueMessage(issues: readonly v.BaseIssue<unknown>[], where: string): string {
  const issue = issues[0];
  const path = issue.path?.map((p) => String(p.key)).join('.') ?? '';
  if (issue.kind === 'schema' && issue.type === 'object' && !path) return `${where} must be a JSON object`;
  let message = issue.message;
  if (path && message.startsWith('Invalid type: Expected undefined')) message = `${path} is not allowed`;
  // a key that is absent altogether: say so in words rather than valibot's phrasing
  else if (path && message.startsWith('Invalid key:')) message = `${path} is required`;
  return path && !message.toLowerCase().includes(path.toLowerCase()) ? `${path}: ${message}` : message;
}

export function parseOrThrow<S extends v.GenericSchema>(schema: S, input: unknown, where: string): v.InferOutput<S> {
  const result = v.safeParse(schema, input, { abortPipeEarly: true });
  if (!result.success) throw new ApiError(400, issueMessage(result.issues, where));
  return result.output;
}
