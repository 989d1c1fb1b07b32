import { paiseOf } from '../money';
import { B2B_MSG } from './messages';

// Whether a consignment needs an e-way bill (shared/b2b.md §B4, CGST rule 138): when its value is
// above ₹50,000 — strictly above: a consignment of exactly ₹50,000 needs none. The value is the
// one of section 15, GST included but exempt goods left out (₹48,000 + ₹4,800 GST = ₹52,800 ⇒
// needed). Goods sent for job work, and handicraft goods, need one whatever their value. Some
// states set a different threshold for moves within the state; b2b.md names none (⚠), so a caller
// that knows the state's figure passes it, and without one the national threshold applies.

/** ₹50,000 (b2b.md §B4: "required … when consignment value > ₹50,000"). */
export const EWAY_BILL_THRESHOLD_PAISE = paiseOf(50_000);

export type MovementReason = 'SUPPLY' | 'JOB_WORK' | 'HANDICRAFT' | 'OTHER';

/** The reasons that need an e-way bill whatever the value, as a seller reads them. */
export const ALWAYS_REQUIRED: Partial<Record<MovementReason, string>> = {
  JOB_WORK: 'job work',
  HANDICRAFT: 'handicraft goods',
};

export interface Consignment {
  /** every invoice of the consignment together, GST included, in paise */
  invoiceValuePaise: number;
  /** the part of it that is exempt goods, left out of the value */
  exemptValuePaise?: number;
  reason?: MovementReason;
  /** a state's own threshold for a move within it (in paise), when the caller knows it */
  intraStateThresholdPaise?: number | null;
}

export interface Requirement {
  required: boolean;
  /** the value the rule compared, in paise */
  valuePaise: number;
  thresholdPaise: number;
  message: string;
}

export function ewayBillRequirement(c: Consignment): Requirement {
  const valuePaise = Math.max(0, c.invoiceValuePaise - (c.exemptValuePaise ?? 0));
  const thresholdPaise = c.intraStateThresholdPaise ?? EWAY_BILL_THRESHOLD_PAISE;
  const always = c.reason ? ALWAYS_REQUIRED[c.reason] : undefined;
  if (always) return { required: true, valuePaise, thresholdPaise, message: B2B_MSG.ewayBillAlwaysRequired(always) };
  const required = valuePaise > thresholdPaise;
  return {
    required,
    valuePaise,
    thresholdPaise,
    message: required ? B2B_MSG.ewayBillRequired(thresholdPaise) : B2B_MSG.ewayBillNotRequired(thresholdPaise),
  };
}
