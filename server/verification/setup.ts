import { cashfreeVerificationProvider, CASHFREE_PRODUCTION } from './cashfree';
import type { VerificationProvider } from './provider';
import { sandboxVerificationProvider } from './sandbox-provider';

// Which verification provider this server uses: Cashfree's Verification API when
// CASHFREE_VERIFICATION_CLIENT_ID and CASHFREE_VERIFICATION_CLIENT_SECRET are set (its base URL
// from CASHFREE_VERIFICATION_BASE_URL, production by default; Cashfree's own test environment is
// https://sandbox.cashfree.com/verification), else the offline sandbox provider.

export function buildVerification(env: NodeJS.ProcessEnv, fetcher: typeof fetch): VerificationProvider {
  const clientId = env.CASHFREE_VERIFICATION_CLIENT_ID;
  const clientSecret = env.CASHFREE_VERIFICATION_CLIENT_SECRET;
  if (clientId && clientSecret)
    return cashfreeVerificationProvider({
      baseUrl: env.CASHFREE_VERIFICATION_BASE_URL || CASHFREE_PRODUCTION,
      clientId,
      clientSecret,
      fetch: fetcher,
    });
  return sandboxVerificationProvider();
}
