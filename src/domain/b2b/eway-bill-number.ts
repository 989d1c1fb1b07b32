import * as v from 'valibot';

// An e-way bill number (EBN) is 12 digits (shared/b2b.md §B4: Ekart's `ewbn` field and the
// consolidated bills' examples). A seller may type it with spaces ("3910 0270 3919"); it is kept
// without them.

export const EWAY_BILL_NUMBER = /^\d{12}$/;

/** The number without spaces or dashes, as it is kept and sent. */
export function normaliseEwayBillNumber(typed: string): string {
  return typed.replace(/[\s-]/g, '');
}

export function isEwayBillNumber(typed: string): boolean {
  return EWAY_BILL_NUMBER.test(normaliseEwayBillNumber(typed));
}

/** The field: a string, spaces dropped, 12 digits; its messages open with the key for the label. */
export const ewayBillNumberField = (key = 'ewayBillNumber') =>
  v.pipe(
    v.string(`${key} is required`),
    v.transform(normaliseEwayBillNumber),
    v.regex(EWAY_BILL_NUMBER, `${key} must be 12 digits`),
  );
