import { commonRemark } from '../http/courier-http';

// What Delhivery's API does differently from what the rest of the product expects: failures
// answered as HTTP 200, characters its create body refuses, phone numbers it checks, and the
// remarks the adapter turns into a booking found again or into a clear refusal.

/** Delhivery's failures answered with HTTP 200: `{success:false, rmk}`, `packages[].remarks`, `{status:false, remark|error}`. */
export function delhiveryFailure(body: unknown): string | null {
  if (!body || typeof body !== 'object') return null;
  const b = body as {
    success?: unknown;
    status?: unknown;
    rmk?: unknown;
    remark?: unknown;
    error?: unknown;
    packages?: unknown;
  };
  if (b.success !== false && b.status !== false) return null;
  const packages = Array.isArray(b.packages) ? (b.packages as { remarks?: unknown }[]) : [];
  const remarks = packages
    .flatMap((p) => (Array.isArray(p.remarks) ? p.remarks : [p.remarks]))
    .filter((r): r is string => typeof r === 'string' && r.trim() !== '')
    .join('; ');
  const words = [b.rmk, remarks, b.remark, b.error].find((w): w is string => typeof w === 'string' && w.trim() !== '');
  return words?.trim() ?? 'Delhivery refused the call without a remark';
}

/** Delhivery's words in a 4xx body: its pickup call nests them as `error.message`. */
export function delhiveryRemark(body: unknown): string | null {
  const nested = (body as { error?: { message?: unknown } } | null)?.error?.message;
  return typeof nested === 'string' && nested.trim() ? nested.trim() : commonRemark(body);
}

// the create body refuses & # % ; \ even URL-encoded: each is said in words or replaced
const REFUSED_CHARACTERS: [RegExp, string][] = [
  [/&/g, ' and '],
  [/#/g, ' No. '],
  [/%/g, ' percent'],
  [/;/g, ','],
  [/\\/g, '/'],
];

/** Text Delhivery takes: none of the characters its create body refuses, spaces collapsed. */
export function delhiveryText(text: string): string {
  let out = text;
  for (const [re, words] of REFUSED_CHARACTERS) out = out.replace(re, words);
  return out.replace(/\s+/g, ' ').trim();
}

/** A phone as Delhivery checks it: the 10 digits, without +91, 91 or 0 before them. */
export const delhiveryPhone = (phone: string): string => phone.replace(/\D/g, '').slice(-10);

/** The warehouse name the adapter registers for a pickup address, and quotes on every booking from it. */
export const warehouseName = (entityName: string, pincode: string): string =>
  delhiveryText(`${entityName} ${pincode}`).slice(0, 60);

export const isDuplicateOrder = (remark: string) => /duplicate order id/i.test(remark);
export const isUnknownWarehouse = (remark: string) => /clientwarehouse matching query does not exist/i.test(remark);
export const isUnconsumableWaybill = (remark: string) => /unable to consume waybill/i.test(remark);
export const isWarehouseTaken = (remark: string) => /already exists/i.test(remark);

/** Delhivery's wallet refusal, in words a seller acts on. */
export function clearRemark(remark: string): string {
  if (/insufficient balance/i.test(remark))
    return 'Delhivery refused the booking: the Delhivery account wallet is short of balance. Recharge it in Delhivery One (at least ₹500) and book again.';
  return remark;
}
