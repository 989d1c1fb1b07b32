import { HSN_PATTERN } from '../../src/domain/b2b/goods-lines';
import { generatePayload } from './nic';
import type { GenerateRequest } from './provider';

// What the sandbox refuses in a Part A, read as NIC reads it: the request is put in NIC's own
// generate payload (nic.ts's generatePayload, the very body the portal would get) and checked as
// the portal checks it: at least one item, each HSN code 4 to 8 digits with a taxable amount, the
// total taxable value the items' sum, the tax by the states (IGST across states, CGST and SGST
// within one) and the invoice value at least the taxable value with its tax. docs/simulated.md.

type Json = Record<string, unknown>;

/** A rupee of rounding between the items' tax and the bill's totals. */
const ROUNDING_RUPEES = 1;

const num = (v: unknown) => (typeof v === 'number' ? v : Number(v));

/** NIC's words for what is wrong with the Part A; null when the portal would take it. */
export function partARefusal(request: GenerateRequest): string | null {
  const p = generatePayload(request) as Json;
  const items = (p.itemList as Json[]) ?? [];
  if (items.length === 0) return 'Eway bill does not contains any items';
  const bad = items.findIndex((i) => !HSN_PATTERN.test(String(i.hsnCode)));
  if (bad >= 0) return `Invalid HSN Code for item ${bad + 1}: an HSN code is 4 to 8 digits`;
  if (items.some((i) => !(num(i.taxableAmount) > 0))) return 'Taxable amount of every item must be above zero';
  const taxable = items.reduce((s, i) => s + num(i.taxableAmount), 0);
  if (Math.abs(taxable - num(p.totalValue)) > 0.005) return 'Total taxable value does not match the items';
  const interState = p.fromStateCode !== p.toStateCode;
  const rates = (key: string) => items.some((i) => num(i[key]) > 0);
  if (interState && (rates('cgstRate') || rates('sgstRate') || num(p.cgstValue) > 0 || num(p.sgstValue) > 0))
    return 'CGST and SGST are not applicable for an inter-state supply: charge IGST';
  if (!interState && (rates('igstRate') || num(p.igstValue) > 0))
    return 'IGST is not applicable for an intra-state supply: charge CGST and SGST';
  const tax = (key: string, value: string) =>
    items.reduce((s, i) => s + (num(i.taxableAmount) * num(i[key])) / 100, 0) - num(p[value]);
  if (
    [tax('cgstRate', 'cgstValue'), tax('sgstRate', 'sgstValue'), tax('igstRate', 'igstValue')].some(
      (d) => Math.abs(d) > ROUNDING_RUPEES,
    )
  )
    return 'Tax values do not match the items’ rates';
  const taxes = num(p.cgstValue) + num(p.sgstValue) + num(p.igstValue) + num(p.cessValue);
  if (num(p.totInvValue) + ROUNDING_RUPEES < taxable + taxes)
    return 'Total invoice value cannot be less than the sum of total assessible value and tax values';
  return null;
}
