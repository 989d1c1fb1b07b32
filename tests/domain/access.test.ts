import { describe, expect, it } from 'vitest';
import {
  accessMessage,
  accountTypeCheck,
  afterLoginTarget,
  betaRedirect,
  isAdminSubject,
  planAllows,
} from '../../src/domain/access';
import { errorText, loginFailureKind } from '../../src/domain/error-text';

describe('guards of spec section 6', () => {
  it.each([
    [null, ['SELLER'], 1],
    [{ at: 'SELLER' }, ['SELLER'], 0],
    [{ at: 'DAKIYA' }, ['SELLER'], 2],
    [{ at: 'DAKIYA' }, ['DAKIYA'], 0],
    [{ at: 'SELLER' }, ['DAKIYA'], 2],
  ] as const)('account type %j against %j → %i', (claims, allowed, code) => {
    expect(accountTypeCheck(claims, allowed)).toBe(code);
  });

  it('maps the codes to the spec messages', () => {
    expect(accessMessage(1)).toBe('User is not logged in');
    expect(accessMessage(2)).toBe('Required roles not found');
  });

  it.each([
    ['FREE', 'FREE', false],
    ['FREE', 'LITE', true],
    ['LITE', 'LITE', false],
    ['LITE', 'PRO', true],
    ['PREMIUM', 'PREMIUM', false],
    ['PREMIUM', 'FREE', true],
  ] as const)('plan guard denying %s lets %s through: %s', (deny, st, allowed) => {
    expect(planAllows(deny, st)).toBe(allowed);
  });

  it('beta accounts go to /orders_v2', () => {
    expect(betaRedirect(true)).toBe('/orders_v2');
    expect(betaRedirect(false)).toBeNull();
  });

  it('an admin subject carries a hyphen', () => {
    expect(isAdminSubject('3-17')).toBe(true);
    expect(isAdminSubject('17')).toBe(false);
    expect(isAdminSubject(undefined)).toBe(false);
  });

  it.each([
    ['/pricing', '/pricing'],
    ['/orders?page=2', '/orders?page=2'],
    [null, '/home'],
    ['https://evil.example/', '/home'],
    ['//evil.example/', '/home'],
    ['/login?returnUrl=/home', '/home'],
    ['/\\evil.example', '/home'],
    ['/\\/evil.example/', '/home'],
    ['\\\\evil.example', '/home'],
    ['/\t/evil.example', '/home'],
    ['/\n/evil.example', '/home'],
    ['/ /evil.example', '/%20/evil.example'],
    ['https:/evil.example', '/home'],
    ['javascript:alert(1)', '/home'],
    ['/./login', '/home'],
    ['/orders/../login?x=1', '/home'],
    ['/orders#top', '/orders#top'],
    ['', '/home'],
  ])('returnUrl %s → %s', (returnUrl, target) => {
    expect(afterLoginTarget(returnUrl, '/home')).toBe(target);
  });
});

describe('error text of spec section 8', () => {
  it('prefers the header, then the body, then a generic text; offline has its own', () => {
    expect(errorText({ header: 'From header', body: { errorMessage: 'From body' } })).toBe('From header');
    expect(errorText({ header: null, body: { errorMessage: 'From body' } })).toBe('From body');
    expect(errorText({ body: 'oops' })).toBe('Something went wrong. Please try again.');
    expect(errorText({ offline: true, header: 'x' })).toBe('No Internet Connection');
    expect(errorText({ header: 'Caf%C3%A9 closed' })).toBe('Café closed');
  });

  it('reads a login failure by its ending', () => {
    expect(loginFailureKind('User account is disabled')).toBe('disabled');
    expect(loginFailureKind('User account is locked')).toBe('locked');
    expect(loginFailureKind('This account has been deactivated by Dakiya. Write to support@dakiya.in')).toBe(
      'deactivated',
    );
    expect(loginFailureKind('Invalid Username/Password')).toBe('invalid');
    expect(loginFailureKind('disabled is not the end')).toBe('invalid');
  });
});
