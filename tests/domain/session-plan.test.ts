import { describe, expect, it } from 'vitest';
import { sessionPlan } from '../../src/domain/plans';

describe('the signed-in seller’s plan', () => {
  it("is the account's once it has loaded, whatever the token says", () => {
    expect(sessionPlan({ account: { subscriptionType: 'PREMIUM' }, claims: { st: 'LITE' } })).toBe('PREMIUM');
  });
  it("is the token's while the account is still loading", () => {
    expect(sessionPlan({ account: null, claims: { st: 'PRO' } })).toBe('PRO');
  });
  it('is unknown before either', () => {
    expect(sessionPlan({ account: null, claims: null })).toBeNull();
    expect(sessionPlan({})).toBeNull();
  });
});
