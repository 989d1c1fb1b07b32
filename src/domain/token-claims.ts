import { jwtDecode } from 'jwt-decode';
import type { AccessClaims } from './account-contract';

/** The claims an access token carries, read without verifying it (the server verifies); null when unreadable. */
export function claimsOf(token: string | null): AccessClaims | null {
  if (!token) return null;
  try {
    return jwtDecode<AccessClaims>(token);
  } catch {
    return null;
  }
}
