import type { Context } from 'hono';
import * as v from 'valibot';
import { ApiError, badRequest } from './errors';
import { fieldLabel, issueText } from '../../src/domain/schemas/labels';
import { hasUnsafeText } from '../../src/domain/schemas/fields';
// loaded for its labels, which name the choices of a refused field
import '../../src/domain/display-labels';

/** The first issue in the seller's words, naming the field by its label ("Product name must be …"). */
export function issueMessage(issues: readonly v.BaseIssue<unknown>[], where: string): string {
  const issue = issues[0];
  if (issue.kind === 'schema' && issue.type === 'object' && !issue.path?.length)
    return `${where} must be a JSON object`;
  return issueText(issue);
}

export function parseOrThrow<S extends v.GenericSchema>(schema: S, input: unknown, where: string): v.InferOutput<S> {
  const result = v.safeParse(schema, input, { abortPipeEarly: true });
  if (!result.success) throw new ApiError(400, issueMessage(result.issues, where));
  return result.output;
}

/** The key path of the first text (key or value) holding NUL or a lone surrogate, or null. */
export function unsafeTextPath(value: unknown, path: string[] = []): string[] | null {
  if (typeof value === 'string') return hasUnsafeText(value) ? path : null;
  if (Array.isArray(value)) {
    for (let i = 0; i < value.length; i++) {
      const found = unsafeTextPath(value[i], [...path, String(i)]);
      if (found) return found;
    }
    return null;
  }
  if (value instanceof File) return hasUnsafeText(value.name) ? path : null;
  if (value && typeof value === 'object') {
    for (const [k, item] of Object.entries(value)) {
      if (hasUnsafeText(k)) return [...path, 'field name'];
      const found = unsafeTextPath(item, [...path, k]);
      if (found) return found;
    }
  }
  return null;
}

/** Refuses raw input that carries NUL or half a surrogate pair, naming the field. */
export function refuseUnsafeText(value: unknown, where: string): void {
  const path = unsafeTextPath(value);
  if (!path) return;
  const key = [...path].reverse().find((k) => !/^\d+$/.test(k));
  throw badRequest(
    `${key ? fieldLabel(key) : where} contains a character that is not allowed (a NUL or a broken Unicode character)`,
  );
}

/** A multipart form, read once; file names and fields with NUL or lone surrogates are refused. */
export async function readMultipart(c: Context): Promise<Record<string, unknown> | null> {
  const form = await c.req.parseBody().catch(() => null);
  if (form) refuseUnsafeText(form, 'form');
  return form as Record<string, unknown> | null;
}
