import * as v from 'valibot';
import { issueText } from './labels';

// A form checked with the same valibot schema the server uses: the parsed body, or every error
// at once under its top-level field ('form' for the whole form), in the API's words.

export type FormCheck<T> = { ok: true; output: T } | { ok: false; errors: Record<string, string> };

export function checkForm<S extends v.GenericSchema>(schema: S, input: unknown): FormCheck<v.InferOutput<S>> {
  const result = v.safeParse(schema, input);
  if (result.success) return { ok: true, output: result.output };
  const errors: Record<string, string> = {};
  for (const issue of result.issues) errors[String(issue.path?.[0]?.key ?? 'form')] ??= issueText(issue);
  return { ok: false, errors };
}

/** A text input's value as a number for the schema ('' stays undefined so "is required" shows). */
export const numberOrUndefined = (text: string): number | undefined => (text.trim() === '' ? undefined : Number(text));
