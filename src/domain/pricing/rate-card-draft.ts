import * as v from 'valibot';
import { formatDate } from '../format';
import type { CourierRate, SellerRateCard } from '../pricing-contract';
import { SellerRateCardBody, type SellerRateCardInput } from '../schemas/pricing';
import { issueText } from '../schemas/labels';
import { ZONES, type Zone } from '../shipping/zones';
import { rupeesOf } from '../money';

// The staff rate-card editor's draft: every field as typed (strings, rupees), flat so one FIELD
// event sets any of them — 'validFrom', 'AZ.own', 'AZ.A.firstSlab', 'AZ.codMinimum'. A courier
// whose 'own' is 'yes' goes in the card; the others keep the default card. Checked with the
// server's schema, so the form says what the server would, beside the field it names.

export type RateCardDraft = Record<string, string>;

export const COURIER_TERMS = ['minChargeableKg', 'codMinimum', 'codPercent', 'rtoPercent'] as const;
export type CourierTerm = (typeof COURIER_TERMS)[number];

export const slabKey = (code: string, zone: Zone, slab: 'firstSlab' | 'nextSlab') => `${code}.${zone}.${slab}`;
export const termKey = (code: string, term: CourierTerm) => `${code}.${term}`;
export const ownKey = (code: string) => `${code}.own`;

const rupeeText = (paise: number) => String(rupeesOf(paise));

function courierFields(code: string, r: CourierRate): RateCardDraft {
  const d: RateCardDraft = {};
  for (const z of ZONES) {
    d[slabKey(code, z, 'firstSlab')] = rupeeText(r.zones[z].firstSlabPaise);
    d[slabKey(code, z, 'nextSlab')] = rupeeText(r.zones[z].nextSlabPaise);
  }
  d[termKey(code, 'minChargeableKg')] = String(r.minChargeableKg);
  d[termKey(code, 'codMinimum')] = rupeeText(r.codFixedPaise);
  d[termKey(code, 'codPercent')] = String(r.codPercent);
  d[termKey(code, 'rtoPercent')] = String(r.rtoPercent);
  return d;
}

/**
 * The draft a card opens with: an existing card as it stands (couriers it does not name at their
 * default, not ticked), or a new card as a copy of every default card (all ticked), from today.
 */
export function draftOf(defaults: readonly CourierRate[], card: SellerRateCard | null, today: string): RateCardDraft {
  const draft: RateCardDraft = {
    validFrom: card?.validFrom ?? today,
    validUntil: card?.validUntil ?? '',
    reason: '',
  };
  for (const d of defaults) {
    const own = card ? card.couriers.find((c) => c.carrierCode === d.carrierCode) : d;
    Object.assign(draft, courierFields(d.carrierCode, own ?? d));
    draft[ownKey(d.carrierCode)] = own ? 'yes' : '';
  }
  return draft;
}

/** A typed number: empty is missing (the schema says "is required"), anything else as Number reads it. */
const num = (s: string | undefined) => (s === undefined || s.trim() === '' ? undefined : Number(s.trim()));

function bodyOf(draft: RateCardDraft, codes: readonly string[]) {
  const picked = codes.filter((c) => draft[ownKey(c)] === 'yes');
  return {
    picked,
    body: {
      validFrom: draft.validFrom ?? '',
      validUntil: draft.validUntil?.trim() ? draft.validUntil.trim() : null,
      reason: draft.reason ?? '',
      couriers: picked.map((code) => ({
        carrierCode: code,
        zones: Object.fromEntries(
          ZONES.map((z) => [
            z,
            {
              firstSlab: num(draft[slabKey(code, z, 'firstSlab')]),
              nextSlab: num(draft[slabKey(code, z, 'nextSlab')]),
            },
          ]),
        ),
        ...Object.fromEntries(COURIER_TERMS.map((t) => [t, num(draft[termKey(code, t)])])),
      })),
    },
  };
}

export type RateCardCheck = { ok: true; output: SellerRateCardInput } | { ok: false; errors: Record<string, string> };

/** The draft's key an issue belongs to: a courier's field by its code, the card's own fields by name, else 'form'. */
function keyOf(path: readonly { key: unknown }[] | undefined, picked: readonly string[]): string {
  const keys = (path ?? []).map((p) => p.key);
  if (keys[0] !== 'couriers' || typeof keys[1] !== 'number') return typeof keys[0] === 'string' ? keys[0] : 'form';
  const code = picked[keys[1]] ?? '';
  if (keys[2] === 'zones') return `${code}.${String(keys[3])}.${String(keys[4])}`;
  return `${code}.${String(keys[2])}`;
}

export function checkRateCardDraft(draft: RateCardDraft, codes: readonly string[]): RateCardCheck {
  const { body, picked } = bodyOf(draft, codes);
  const result = v.safeParse(SellerRateCardBody, body);
  if (result.success) return { ok: true, output: result.output };
  const errors: Record<string, string> = {};
  for (const issue of result.issues) {
    const key = keyOf(issue.path, picked);
    errors[key] ??= issueText(issue);
  }
  return { ok: false, errors };
}

/** What the editor says once a card is saved. */
export function rateCardSavedText(card: Pick<SellerRateCard, 'validFrom' | 'validUntil' | 'couriers'>): string {
  const days = card.validUntil
    ? `${formatDate(card.validFrom)} to ${formatDate(card.validUntil)}`
    : `from ${formatDate(card.validFrom)}`;
  const n = card.couriers.length;
  return `Rate card saved: ${n} ${n === 1 ? 'courier' : 'couriers'}, valid ${days}`;
}
