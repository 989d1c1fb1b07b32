import * as v from 'valibot';
import { fieldLabel } from './labels';
import type { LabelKind } from '../display-labels';

// A field that takes one of a fixed set of codes. Its refusal names the choices as the seller
// reads them ("Group by must be one of Pincode, District, State"), never the codes the API takes.

/** A code put in words when no table knows it: "CHANGE_ADDRESS" → "Change address". */
export function codeInWords(code: string): string {
  const words = code
    .replace(/[._-]+/g, ' ')
    .toLowerCase()
    .trim();
  return words ? words[0].toUpperCase() + words.slice(1) : code;
}

/** A sort order as the seller reads it. */
export const SORT_ORDER_TEXT = { ASC: 'Ascending', DESC: 'Descending' } as const;

/** Codes read as they are: abbreviations and units a seller knows, and short codes such as zones. */
const READ_AS_IS = /^([A-Z0-9]{1,2}|[A-Z]*\d[A-Z0-9]*|CSV|XLSX|PDF|NOS|PCS|COD|RTO|NDR|GST|PAN|API)$/;

let kindLabel: ((kind: LabelKind, code: string) => string) | undefined;

/**
 * Where a code's label of a kind is looked up: the display labels set it as they load. (They read
 * contracts whose schemas are built with `oneOf`, so this module cannot import them.)
 */
export function lookUpLabelsIn(lookup: (kind: LabelKind, code: string) => string): void {
  kindLabel = lookup;
}

/** Labels for a field's choices: a table of its own, or a kind of the display labels. */
export type ChoiceLabels = Readonly<Record<string | number, string>> | LabelKind;

/** A choice's label: from `labels` when given, a column's by its field label, else the code in words. */
export function choiceLabel(option: string | number, labels?: ChoiceLabels): string {
  if (typeof labels === 'string') return kindLabel ? kindLabel(labels, String(option)) : codeInWords(String(option));
  if (labels?.[option]) return labels[option];
  if (typeof option === 'number') return String(option);
  // sort columns and other camelCase keys are fields, and read as their labels
  if (/^[a-z][a-zA-Z0-9]*$/.test(option)) return fieldLabel(option);
  return READ_AS_IS.test(option) ? option : codeInWords(option);
}

/** The choices as a list the seller reads: "Pincode, District, State". */
export const choicesText = (options: readonly (string | number)[], labels?: ChoiceLabels) =>
  options.map((o) => choiceLabel(o, labels)).join(', ');

/**
 * One of `options`, refused as "<field> must be one of <labels>" (the refusal puts the field's label
 * first). The text is worked out when a value is refused, once every label table has loaded.
 */
export function oneOf<const T extends readonly (string | number)[]>(
  options: T,
  field: string,
  labels?: Readonly<Partial<Record<T[number], string>>> | LabelKind,
) {
  return v.picklist(options, () => `${field} must be one of ${choicesText(options, labels as ChoiceLabels)}`);
}
