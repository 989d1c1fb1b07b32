import type { AccessClaims } from './account-contract';
import { ACCESS_ERROR } from './messages';

// Spec section 6 guards as pure rules; the route components only act on their answers.

/** 0 allowed; 1 not logged in; 2 wrong account type. */
export type AccessCode = 0 | 1 | 2;

export function accountTypeCheck(claims: Pick<AccessClaims, 'at'> | null, allowed: readonly string[]): AccessCode {
  if (!claims) return 1;
  return allowed.includes(claims.at) ? 0 : 2;
}

export function accessMessage(code: 1 | 2): string {
  return ACCESS_ERROR[code];
}

/** Internal (/dakiya) routes: only the DAKIYA account type. Seller routes: every type but DAKIYA. */
export const INTERNAL_TYPES = ['DAKIYA'] as const;
export const SELLER_TYPES = ['SELLER'] as const;

/** Plan guards deny one subscription type each (FREE, LITE or PREMIUM) and send to /denied. */
export function planAllows(deniedType: 'FREE' | 'LITE' | 'PREMIUM', subscriptionType: string): boolean {
  return subscriptionType !== deniedType;
}

/** /denied naming the plan that opens the page, for its upgrade link. */
export function deniedPath(plan: string): string {
  return `/denied?plan=${encodeURIComponent(plan)}`;
}

/** Why the deny-all guard sent someone to /denied, in the words /denied shows. */
export const DENIED_REASONS = {
  'sub-seller': 'A sub-seller account has no sub-sellers of its own. Your parent account manages its sellers.',
  'top-plan': 'Your account is on Premium, our top plan: everything a plan can give is already yours.',
} as const;
export type DeniedReason = keyof typeof DENIED_REASONS;

export function deniedReasonText(reason: string | null): string | null {
  return reason && reason in DENIED_REASONS ? DENIED_REASONS[reason as DeniedReason] : null;
}

/** Beta guard: accounts with beta features on go to /orders_v2. */
export function betaRedirect(betaFeaturesEnabled: boolean): string | null {
  return betaFeaturesEnabled ? '/orders_v2' : null;
}

/** An admin (staff-as-seller) session: the subject carries a hyphen. */
export function isAdminSubject(sub: string | undefined | null): boolean {
  return !!sub && sub.includes('-');
}

const SAME_ORIGIN_BASE = 'http://same-origin.invalid';

/**
 * Where the login guard sends a user who is already logged in. Only a path on this site: the
 * returnUrl is read the way the browser would read it (a backslash counts as a slash, tabs and
 * line breaks vanish), and anything that lands on another origin, or on /login again, is dropped.
 */
export function afterLoginTarget(returnUrl: string | null, landing: string): string {
  // control characters are what browsers strip or misread in a path, so they are refused
  // eslint-disable-next-line no-control-regex
  if (!returnUrl || !returnUrl.startsWith('/') || /[\\\u0000-\u001f\u007f]/.test(returnUrl)) return landing;
  let url: URL;
  try {
    url = new URL(returnUrl, SAME_ORIGIN_BASE);
  } catch {
    return landing;
  }
  if (url.origin !== SAME_ORIGIN_BASE || url.pathname === '/login' || url.pathname.startsWith('/login/'))
    return landing;
  return `${url.pathname}${url.search}${url.hash}`;
}
