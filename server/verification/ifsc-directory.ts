import { createRequire } from 'node:module';
import { ifscProblem, normaliseIfsc } from '../../src/domain/kyc/ifsc';
import { fieldLabel } from '../../src/domain/schemas/labels';

// The offline IFSC directory, from razorpay's `ifsc` package (MIT; its data is rebuilt from RBI's
// lists with each release): which codes exist (IFSC.json, about 177,000 codes by bank), each
// bank's name (banknames.json), and the codes a sponsor bank issues for a co-operative or
// regional bank that clears through it (sublet.json by code, custom-sublets.json by prefix), so
// "HDFC0CAACOB" reads as Akhand Anand Co.op Bank, not HDFC Bank. The package carries no branch
// names (razorpay serves those from its web API); the branch comes from the verification provider
// (server/verification/provider.ts, `ifscDetails`). Loaded on the server only: about 1.4 MB.

type Codes = Record<string, (number | string)[]>;

interface Data {
  codes: Map<string, Set<string>>;
  banks: Record<string, string>;
  sublets: Record<string, string>;
  prefixSublets: [string, string][];
}

let data: Data | null = null;

function load(): Data {
  const require = createRequire(import.meta.url);
  const raw = require('ifsc/src/IFSC.json') as Codes;
  const codes = new Map<string, Set<string>>();
  for (const [bank, list] of Object.entries(raw))
    codes.set(bank, new Set(list.map((b) => (typeof b === 'number' ? String(b).padStart(6, '0') : b))));
  const custom = require('ifsc/src/custom-sublets.json') as Record<string, string>;
  return {
    codes,
    banks: require('ifsc/src/banknames.json') as Record<string, string>,
    sublets: require('ifsc/src/sublet.json') as Record<string, string>,
    // longest prefix first, so the most specific one wins
    prefixSublets: Object.entries(custom).sort((x, y) => y[0].length - x[0].length),
  };
}

export interface IfscEntry {
  ifsc: string;
  /** the 4-letter code of the bank that holds the account (a sub-member's own code when sublet) */
  bankCode: string;
  bankName: string;
}

/** Whether an IFSC is in the directory. */
export function ifscExists(value: string): boolean {
  data ??= load();
  const code = normaliseIfsc(value);
  if (ifscProblem(code) !== null) return false;
  return data.codes.get(code.slice(0, 4))?.has(code.slice(5)) ?? false;
}

/** The bank an IFSC belongs to, or null when the code has a wrong shape or is not in the directory. */
export function lookupIfsc(value: string): IfscEntry | null {
  data ??= load();
  const ifsc = normaliseIfsc(value);
  if (!ifscExists(ifsc)) return null;
  const own = ifsc.slice(0, 4);
  // a sublet names the sub-member by its bank code, or (in a few custom sublets) by its name
  const sublet = data.sublets[ifsc] ?? data.prefixSublets.find(([prefix]) => ifsc.startsWith(prefix))?.[1];
  if (sublet && data.banks[sublet]) return { ifsc, bankCode: sublet, bankName: data.banks[sublet] };
  if (sublet && !/^[A-Z]{4}$/.test(sublet)) return { ifsc, bankCode: own, bankName: sublet };
  return { ifsc, bankCode: own, bankName: data.banks[own] ?? own };
}

/**
 * Why an IFSC cannot be used, or null: its shape (the browser's check), then whether the
 * directory knows it. The message names the field by its label, as the form does.
 */
export function ifscLookupProblem(value: string, field = 'ifsc'): string | null {
  const shape = ifscProblem(value, field);
  if (shape) return shape;
  if (!ifscExists(value)) return `${fieldLabel(field)}: ${normaliseIfsc(value)} is not a known bank branch code`;
  return null;
}
