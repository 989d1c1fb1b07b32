import type { BuyerNdrAnswerKind, DeliveryAddress, NdrActionKind, NdrActionPayload, NdrField } from './ndr-contract';
import type { BuyerNdrAnswer } from './schemas/ndr';
import { NDR_ACTION_FIELDS } from './ndr-contract';
import { formatDay } from './format';
import { isPincode } from './ndr-rules';

// The NDR forms' checks in the browser (seller's action dialog, buyer's page), worded as the
// server words them: a field by its label, the date window as the courier allows it.

export const NDR_FIELD_LABELS: Record<NdrField, string> = {
  reattemptDate: 'Re-attempt date',
  addressLine1: 'Address line 1',
  addressLine2: 'Address line 2',
  landmark: 'Landmark',
  pincode: 'Pincode',
  phone: 'Phone number',
  remarks: 'Remarks',
  evidenceFileIds: 'Evidence images',
};

/** Text fields the forms hold as strings (evidence images are held apart, as file ids). */
export type NdrTextField = Exclude<NdrField, 'evidenceFileIds'>;
export type NdrFieldValues = Partial<Record<NdrTextField, string>>;

const PHONE = /^[6-9]\d{9}$/;
export const MIN_FAKE_ATTEMPT_REMARKS = 10;
export const MAX_EVIDENCE_IMAGES = 3;
/** an uploaded evidence image's id (API_NDR.evidence) */
export type EvidenceId = NonNullable<NdrActionPayload['evidenceFileIds']>[number];

/** +91 and spaces dropped: the ten digits a courier calls. */
export function tenDigits(text: string): string {
  return text.replace(/[\s-]/g, '').replace(/^(\+91|0091|91(?=\d{10}$)|0(?=\d{10}$))/, '');
}

/**
 * The forms' problems by key: the rules below word them from here, and the buyer's page finds a
 * problem's key to say it in the buyer's language (src/domain/buyer-text/ndr.ts).
 */
export const NDR_PROBLEMS = {
  required: (label: string) => `${label} is required`,
  addressTooShort: 'Address line 1 must be at least 10 characters',
  landmarkTooShort: 'Landmark must be at least 3 characters',
  pincode: 'Pincode must be 6 digits and not start with 0',
  phone: 'Phone number must be 10 digits starting with 6, 7, 8 or 9',
  notADate: (label: string) => `${label} must be a date`,
  // the window's days as the field shows them (dd MMM yyyy), not as the form keeps them
  dateTooEarly: (label: string, firstDay: string) => `${label} must be from ${firstDay}`,
  dateTooLate: (label: string, lastDay: string) => `${label} must be by ${lastDay}`,
  pickADay: 'Pick a day for the delivery',
  nothingChanged: 'Change the address or give another phone number: nothing differs from what the courier has',
  chooseAnswer: 'Choose an answer',
};
/** The date's name in the buyer's problems (the seller's form calls it the re-attempt date). */
export const BUYER_DATE_LABEL = 'Delivery date';

function dateProblem(date: string, window: { min: string; max: string }, label: string): string | null {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(date)) return NDR_PROBLEMS.notADate(label);
  if (date < window.min) return NDR_PROBLEMS.dateTooEarly(label, formatDay(window.min));
  if (date > window.max) return NDR_PROBLEMS.dateTooLate(label, formatDay(window.max));
  return null;
}

function contactProblems(values: NdrFieldValues, needed: readonly NdrField[], errors: Record<string, string>) {
  const has = (f: NdrTextField) => (values[f] ?? '').trim() !== '';
  for (const f of needed)
    if (f !== 'evidenceFileIds' && !has(f)) errors[f] = NDR_PROBLEMS.required(NDR_FIELD_LABELS[f]);
  if (has('addressLine1') && !errors.addressLine1 && values.addressLine1!.trim().length < 10)
    errors.addressLine1 = NDR_PROBLEMS.addressTooShort;
  if (has('landmark') && values.landmark!.trim().length < 3) errors.landmark = NDR_PROBLEMS.landmarkTooShort;
  if (has('pincode') && !isPincode(values.pincode!.trim())) errors.pincode = NDR_PROBLEMS.pincode;
  if (has('phone') && !PHONE.test(tenDigits(values.phone!))) errors.phone = NDR_PROBLEMS.phone;
}

/** A seller's action: each problem by field (empty when it may be sent). */
export function ndrActionProblems(
  action: NdrActionKind,
  values: NdrFieldValues,
  opts: {
    dates: { min: string; max: string };
    dateRequired: boolean;
    confirmed: boolean;
    /** one parcel's address as the courier has it: a change of address must change something */
    current?: DeliveryAddress;
  },
): Record<string, string> {
  const errors: Record<string, string> = {};
  contactProblems(values, NDR_ACTION_FIELDS[action].required, errors);
  if (action === 'CHANGE_ADDRESS' && opts.current && !addressChanged(opts.current, values) && !errors.addressLine1)
    errors.addressLine1 = 'Change the address: it is the one the courier has';
  const date = (values.reattemptDate ?? '').trim();
  if (action === 'REATTEMPT' && opts.dateRequired && !date)
    errors.reattemptDate = 'Re-attempt date is required: the buyer asked for a later day';
  else if (date && action !== 'RTO') {
    const problem = dateProblem(date, opts.dates, NDR_FIELD_LABELS.reattemptDate);
    if (problem) errors.reattemptDate = problem;
  }
  if (action === 'FAKE_ATTEMPT' && !errors.remarks && (values.remarks ?? '').trim().length < MIN_FAKE_ATTEMPT_REMARKS)
    errors.remarks = `Remarks must be at least ${MIN_FAKE_ATTEMPT_REMARKS} characters: say what shows the attempt was not made`;
  if (action === 'RTO' && !opts.confirmed) errors.confirmed = 'Confirm that the parcel goes back to you';
  return errors;
}

/** The request body of a seller's action: only the fields the action takes, trimmed. */
export function ndrActionPayload(action: NdrActionKind, values: NdrFieldValues, evidenceFileIds: EvidenceId[]) {
  const spec = NDR_ACTION_FIELDS[action];
  const payload: NdrActionPayload = {};
  for (const f of [...spec.required, ...spec.optional]) {
    if (f === 'evidenceFileIds') {
      if (evidenceFileIds.length) payload.evidenceFileIds = [...evidenceFileIds];
      continue;
    }
    const value = (values[f] ?? '').trim();
    if (value) payload[f] = f === 'phone' ? tenDigits(value) : value;
  }
  return payload;
}

/** The buyer's answer: each problem by field. */
export function buyerAnswerProblems(
  answer: BuyerNdrAnswerKind,
  values: NdrFieldValues,
  dates: { min: string; max: string },
  current: DeliveryAddress,
): Record<string, string> {
  const errors: Record<string, string> = {};
  if (answer === 'UPDATE_DETAILS') {
    const address = ['addressLine1', 'landmark', 'pincode'] as const;
    const anyAddress = addressChanged(current, values);
    const phone = (values.phone ?? '').trim();
    if (!anyAddress && !phone) errors.addressLine1 = NOTHING_CHANGED;
    contactProblems(values, anyAddress ? address : [], errors);
  }
  const date = (values.reattemptDate ?? '').trim();
  if (answer === 'REATTEMPT' && !date) errors.reattemptDate = NDR_PROBLEMS.pickADay;
  if (date && answer !== 'DECLINE') {
    const problem = dateProblem(date, dates, BUYER_DATE_LABEL);
    if (problem) errors.reattemptDate = problem;
  }
  return errors;
}

/** The buyer's answer as sent: the address only when it changed (a new phone alone is a change of phone). */
export function buyerAnswerBody(
  answer: BuyerNdrAnswerKind,
  values: NdrFieldValues,
  current: DeliveryAddress,
): BuyerNdrAnswer {
  const body: BuyerNdrAnswer = { answer };
  if (answer === 'DECLINE') return body;
  const pick = (f: NdrTextField) => (values[f] ?? '').trim();
  if (pick('reattemptDate')) body.preferredDate = pick('reattemptDate');
  if (answer === 'UPDATE_DETAILS') {
    if (addressChanged(current, values))
      for (const f of ['addressLine1', 'addressLine2', 'landmark', 'pincode'] as const) if (pick(f)) body[f] = pick(f);
    if (pick('phone')) body.phone = tenDigits(pick('phone'));
  }
  return body;
}

// ---- a change of address starts from the address the courier has, and shows what changes ----

const ADDRESS_PARTS = ['addressLine1', 'addressLine2', 'landmark', 'pincode'] as const;

/** The form's address fields filled with what the courier has (a landmark is new: it starts empty). */
export function addressPrefill(current: DeliveryAddress): NdrFieldValues {
  return { addressLine1: current.line1, addressLine2: current.line2, landmark: '', pincode: current.pincode };
}

const currentOf = (current: DeliveryAddress): Record<(typeof ADDRESS_PARTS)[number], string> => ({
  addressLine1: current.line1,
  addressLine2: current.line2,
  landmark: '',
  pincode: current.pincode,
});

export interface AddressChange {
  field: NdrTextField;
  before: string;
  after: string;
}

/** Each part of the address (and the phone, when a new one is given) that differs from what the courier has. */
export function addressChanges(current: DeliveryAddress, values: NdrFieldValues): AddressChange[] {
  const before = currentOf(current);
  const changes: AddressChange[] = [];
  for (const f of ADDRESS_PARTS) {
    const after = (values[f] ?? '').trim();
    if (after !== before[f].trim()) changes.push({ field: f, before: before[f], after });
  }
  const phone = (values.phone ?? '').trim();
  if (phone) changes.push({ field: 'phone', before: '', after: tenDigits(phone) });
  return changes;
}

/** Whether the address fields say something the courier does not have yet. */
export function addressChanged(current: DeliveryAddress, values: NdrFieldValues): boolean {
  return addressChanges(current, values).some((c) => c.field !== 'phone');
}

export const NOTHING_CHANGED = NDR_PROBLEMS.nothingChanged;
