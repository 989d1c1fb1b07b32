import { nicEwayBillProvider } from './nic';
import type { EwayBillProvider } from './provider';
import { sandboxEwayBillProvider } from './sandbox';

// Which e-way bill provider this server uses: the NIC e-way bill API through the GST suvidha
// provider at EWAY_BILL_BASE_URL when every credential is set —
//   EWAY_BILL_GSTIN          the GSTIN the bills are generated under
//   EWAY_BILL_USERNAME       the API user made on the e-way bill portal for that GSTIN
//   EWAY_BILL_PASSWORD       its password
//   EWAY_BILL_CLIENT_ID      the GSP's client id
//   EWAY_BILL_CLIENT_SECRET  the GSP's client secret
//   EWAY_BILL_PUBLIC_KEY     NIC's public key (PEM; "\n" may stand for line breaks): the sandbox's
//                            and production's differ
// — else the offline sandbox, which issues numbers itself (docs/simulated.md). Some set and some
// not is a mistake the server names at start (ewayBillSettingsProblems).

export const EWAY_BILL_VARIABLES = [
  'EWAY_BILL_BASE_URL',
  'EWAY_BILL_GSTIN',
  'EWAY_BILL_USERNAME',
  'EWAY_BILL_PASSWORD',
  'EWAY_BILL_CLIENT_ID',
  'EWAY_BILL_CLIENT_SECRET',
  'EWAY_BILL_PUBLIC_KEY',
] as const;

/** What stops the configured e-way bill connection from working, as sentences naming the variable. */
export function ewayBillSettingsProblems(env: NodeJS.ProcessEnv): string[] {
  const set = EWAY_BILL_VARIABLES.filter((k) => env[k]?.trim());
  if (set.length === 0 || set.length === EWAY_BILL_VARIABLES.length) return [];
  const missing = EWAY_BILL_VARIABLES.filter((k) => !env[k]?.trim());
  return [
    `E-way bills: ${missing.join(', ')} ${missing.length === 1 ? 'is' : 'are'} not set while ${set.join(', ')} ${set.length === 1 ? 'is' : 'are'}. Set them all to generate through the portal, or none for the sandbox.`,
  ];
}

/** `now` is the sandbox's clock (the app's, so tests that move it move the bills' validity too). */
export function buildEwayBills(
  env: NodeJS.ProcessEnv,
  fetcher: typeof fetch,
  now: () => number = Date.now,
): EwayBillProvider {
  const value = (k: (typeof EWAY_BILL_VARIABLES)[number]) => env[k]?.trim() ?? '';
  if (EWAY_BILL_VARIABLES.some((k) => !value(k))) return sandboxEwayBillProvider(now);
  return nicEwayBillProvider({
    baseUrl: value('EWAY_BILL_BASE_URL').replace(/\/+$/, ''),
    gstin: value('EWAY_BILL_GSTIN').toUpperCase(),
    username: value('EWAY_BILL_USERNAME'),
    password: value('EWAY_BILL_PASSWORD'),
    clientId: value('EWAY_BILL_CLIENT_ID'),
    clientSecret: value('EWAY_BILL_CLIENT_SECRET'),
    publicKeyPem: value('EWAY_BILL_PUBLIC_KEY').replace(/\\n/g, '\n'),
    fetch: fetcher,
  });
}
