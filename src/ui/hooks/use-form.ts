import { useState } from 'react';
import * as v from 'valibot';
import { fieldOfMessage, inSellerWords, issueText } from '../../domain/schemas/labels';

// A form's values and per-field errors, checked with the same valibot schema the server uses:
// the message under a field is the server's wording for the same rule.

export function useForm<S extends v.GenericSchema<unknown, Record<string, unknown>>>(
  schema: S,
  initial: Record<string, unknown>,
) {
  const [values, setValues] = useState<Record<string, unknown>>(initial);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const set = (field: string, value: unknown) => {
    setValues((old) => ({ ...old, [field]: value }));
    setErrors((old) => {
      const { [field]: _gone, ...rest } = old;
      return rest;
    });
  };
  /** the parsed body (of `input` when the inputs hold text the schema reads as numbers), or null with the errors shown */
  function parse(input: Record<string, unknown> = values): v.InferOutput<S> | null {
    const result = v.safeParse(schema, input);
    if (result.success) return result.output;
    const found: Record<string, string> = {};
    for (const issue of result.issues) {
      const key = String(issue.path?.[0]?.key ?? 'form');
      // every error at once, each under its field, in the words the API answers with
      found[key] ??= issueText(issue);
    }
    setErrors(found);
    return null;
  }
  return {
    values,
    errors,
    set,
    /** a text field's props: its value, its error and its change */
    field(name: string) {
      return {
        value: String(values[name] ?? ''),
        error: errors[name],
        onChange: (e: { target: { value: string } }) => set(name, e.target.value),
      };
    },
    /** a save's failure to show above the buttons: none while a field already shows an error */
    failure(message: string | null | undefined): string | null {
      return Object.keys(errors).length ? null : (message ?? null);
    },
    reset(next: Record<string, unknown>) {
      setValues(next);
      setErrors({});
    },
    parse,
    /** a form's submit: the parsed values go to `run`, or the errors show */
    submitTo(run: (body: v.InferOutput<S>) => void) {
      return () => {
        const body = parse();
        if (body) run(body);
      };
    },
    /** a server answer that names a field ("pincode: …" or "Unknown pincode …") lands under it */
    showServerError(message: string, fields: string[]): boolean {
      const field = fieldOfMessage(message, fields);
      if (!field) return false;
      setErrors((old) => ({ ...old, [field]: inSellerWords(message) }));
      return true;
    },
  };
}

/** A text input's value as a number for the schema ('' stays undefined so "is required" shows). */
export const numberOrUndefined = (text: string): number | undefined => (text.trim() === '' ? undefined : Number(text));
