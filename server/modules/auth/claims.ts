import type { AppDeps } from '../../deps';
import type { AccessClaims } from '../../../src/domain/account-contract';
import type { AccountRow, OrgRow } from './account-repository';
import { signAccessToken } from './tokens';

/** Spec section 6 scopes: OWNER also acts as a seller; staff carry CORPORATE. */
export function scopeFor(accountType: string, role: string): string[] {
  if (accountType === 'DAKIYA') return ['CORPORATE'];
  if (role === 'OWNER') return ['OWNER', 'SELLER'];
  if (role === 'LOCKED_OWNER') return ['LOCKED_OWNER'];
  return ['SELLER'];
}

/** Claims are read fresh from the account and its organisation, so plan changes show at refresh. */
export function claimsFor(account: AccountRow, org: OrgRow | null): Omit<AccessClaims, 'exp' | 'iat'> {
  const staff = account.accountType === 'DAKIYA';
  const claims: Omit<AccessClaims, 'exp' | 'iat'> = {
    sub: String(account.id),
    st: staff ? 'PREMIUM' : (org?.subscriptionType ?? 'FREE'),
    at: account.accountType,
    oid: staff ? null : account.orgId,
    scope: scopeFor(account.accountType, account.role),
    role: account.role,
    se: account.sessionEpoch,
  };
  if (account.mustChangePassword) claims.pcr = true;
  return claims;
}

/** The access token of one session: the refresh family it belongs to rides along as sid. */
export function accessTokenFor(
  deps: AppDeps,
  account: AccountRow,
  org: OrgRow | null,
  familyId: string,
): Promise<string> {
  return signAccessToken(
    deps.jwtKey,
    { ...claimsFor(account, org), sid: familyId },
    deps.now(),
    deps.config.accessTokenTtlS,
  );
}
