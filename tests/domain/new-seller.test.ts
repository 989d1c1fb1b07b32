import * as v from 'valibot';
import { describe, expect, it } from 'vitest';
import { issueText } from '../../src/domain/schemas/labels';
import { CustomerFeedbackBody, DakiyaFeedbackBody } from '../../src/domain/schemas/tracking';
import { MSG_TRACKING } from '../../src/domain/tracking/messages';
import { defaultPickupAddress } from '../../src/domain/setup-contract';
import { countOf, singular } from '../../src/domain/format';
import { CARRIERS, carrierName, carrierTitle, modeBesideName } from '../../src/domain/shipping/carriers';

describe('counts say their noun in the right number', () => {
  it.each([
    [1, 'orders', '1 order'],
    [0, 'orders', '0 orders'],
    [2, 'orders', '2 orders'],
    [1, 'batches', '1 batch'],
    [1, 'addresses', '1 address'],
    [1, 'entries', '1 entry'],
    [1, 'package types', '1 package type'],
    [125000, 'products', '1,25,000 products'],
  ])('%i %s → %s', (n, noun, text) => {
    expect(countOf(n, noun)).toBe(text);
  });

  it('takes an irregular singular when given', () => {
    expect(countOf(1, 'people', 'person')).toBe('1 person');
    expect(singular('warehouses')).toBe('warehouse');
  });
});

describe('couriers are named, never coded, and their mode is said once', () => {
  it('names a courier by its code', () => {
    expect(carrierName('XB')).toBe('Xpressbees');
    expect(carrierName('SW-EX')).toBe('Ecom Express (Surface)');
    expect(carrierName('??')).toBe('??');
  });

  it('does not repeat a mode the name already carries', () => {
    expect(modeBesideName('Ecom Express (Surface)', 'Surface')).toBeNull();
    expect(carrierTitle('Ecom Express (Surface)', 'Surface')).toBe('Ecom Express (Surface)');
    expect(carrierTitle('Delhivery Surface', 'Surface')).toBe('Delhivery Surface');
    expect(carrierTitle('Xpressbees', 'Surface')).toBe('Xpressbees (Surface)');
    for (const c of CARRIERS)
      expect(carrierTitle(c.name, c.mode)).not.toMatch(
        /\((Air|Surface)\).*\((Air|Surface)\)|Surface \(Surface\)|Air \(Air\)/,
      );
  });
});

describe('the pickup address a new order starts with', () => {
  const a = (addressId: number, verified: boolean, primaryAddressFlag = false) => ({
    addressId,
    verified,
    primaryAddressFlag,
  });
  it('is the only verified address, even when it is not the primary', () => {
    expect(defaultPickupAddress([a(1, false, true), a(2, true)])).toBe(2);
  });
  it('is the verified primary among several verified', () => {
    expect(defaultPickupAddress([a(1, true), a(2, true, true)])).toBe(2);
  });
  it('is left for the seller to choose otherwise', () => {
    expect(defaultPickupAddress([a(1, true), a(2, true)])).toBeNull();
    expect(defaultPickupAddress([a(1, false, true)])).toBeNull();
    expect(defaultPickupAddress([])).toBeNull();
  });
});

describe("the tracking page's rating refusal", () => {
  const refusal = (schema: typeof CustomerFeedbackBody | typeof DakiyaFeedbackBody, body: object) => {
    const parsed = v.safeParse(schema, { entityType: 'ORDER', entityId: 'DKY123456', ...body });
    expect(parsed.success).toBe(false);
    return issueText(parsed.issues![0]);
  };
  it('says the link once: the field is the tracking link its sentence already names', () => {
    for (const [schema, score] of [
      [CustomerFeedbackBody, { customerRating: 5 }],
      [DakiyaFeedbackBody, { dakiyaRating: 5 }],
    ] as const) {
      const text = refusal(schema, { ratingKey: 'short', ...score });
      expect(text).toBe(MSG_TRACKING.ratingLinkOnly);
      expect(text.match(/link/gi)).toHaveLength(1);
      expect(refusal(schema, score)).toBe('Tracking link is required');
    }
  });
});
