import * as v from 'valibot';

// An address is text, not markup: whatever a buyer or seller types as an address line or landmark
// is printed on labels, manifests and pages, so it may not hold tags (< or >) or control
// characters (line breaks included: an address line is one line). One rule for every address field.

const isControl = (code: number) => code < 0x20 || code === 0x7f;

/** True when the text may stand in an address. */
export const isAddressText = (s: string): boolean =>
  !/[<>]/.test(s) && ![...s].some((ch) => isControl(ch.charCodeAt(0)));

export const notAddressText = (field: string) =>
  `${field} may not contain < or > or control characters: an address is plain text`;

/** The check to put at the end of an address field's pipe (it names the field by key; answers show its label). */
export const addressText = <T extends string | null = string>(field: string) =>
  v.check<T, string>((s) => isAddressText(s ?? ''), notAddressText(field));
