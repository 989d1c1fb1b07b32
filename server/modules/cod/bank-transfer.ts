import { and, eq, inArray } from 'drizzle-orm';
import type { AppDeps } from '../../deps';
import type { Db } from '../../db/client';
import { bankAccounts, codPayouts } from '../../db/schema';
import { conflict, notFound } from '../../http/errors';
import { csvText } from '../../http/csv';
import { auditChange, type AuditActor } from '../audit/service';
import { istDate } from '../../../src/domain/cod-remittance';
import type { PayoutBankDetails } from '../../../src/domain/cod-contract';
import { rupeesOf } from '../../../src/domain/money';

// What the staff who pay a COD bank payout need to make the transfer: the whole account it goes
// to (the payout's own account, fixed when the cycle made it), and a bank's NEFT bulk-upload file
// of the payouts they choose. Only the role that pays may (cod.manage); every reveal and every
// file is kept in the audit log (who, when, which payouts), without the account number itself.
// docs/decisions/cod-remittance.md.

type PayoutAccount = { payoutId: number; status: string; netPaise: number } & Omit<PayoutBankDetails, 'payoutId'>;

async function payoutAccounts(db: Db, payoutIds: readonly number[]): Promise<PayoutAccount[]> {
  return db
    .select({
      payoutId: codPayouts.id,
      status: codPayouts.status,
      netPaise: codPayouts.netPaise,
      holderName: bankAccounts.holderName,
      accountNumber: bankAccounts.accountNumber,
      ifsc: bankAccounts.ifsc,
      bankName: bankAccounts.bankName,
      branch: bankAccounts.branch,
    })
    .from(codPayouts)
    .innerJoin(
      bankAccounts,
      and(eq(bankAccounts.id, codPayouts.bankAccountId), eq(bankAccounts.orgId, codPayouts.orgId)),
    )
    .where(and(inArray(codPayouts.id, [...payoutIds]), eq(codPayouts.method, 'BANK')));
}

/** The whole bank account of one bank payout; 404 for none (or one paid into the wallet). */
export async function revealBankDetails(
  deps: AppDeps,
  actor: AuditActor,
  payoutId: number,
): Promise<PayoutBankDetails> {
  const [row] = await payoutAccounts(deps.db, [payoutId]);
  if (!row) throw notFound('No such COD bank payout');
  await auditChange(
    deps.db,
    actor,
    {
      action: 'cod.bank_details.reveal',
      entityType: 'cod_payout',
      entityId: payoutId,
      before: null,
      after: { ifsc: row.ifsc, last4: row.accountNumber.slice(-4) },
    },
    deps.now(),
  );
  return {
    payoutId,
    holderName: row.holderName,
    accountNumber: row.accountNumber,
    ifsc: row.ifsc,
    bankName: row.bankName,
    branch: row.branch,
  };
}

/**
 * The NEFT bulk-upload file (the common shape Indian banks' corporate portals take): one row per
 * payout in the order asked, amount in rupees with two decimals, value date today in India
 * (dd/mm/yyyy), the payout's reference in the narration. A bank's fields allow letters, digits
 * and spaces only, the name up to 35 characters. Every payout must be waiting for bank transfer.
 */
export const BANK_FILE_HEADER = [
  'Transaction Type',
  'Beneficiary Account Number',
  'IFSC',
  'Amount',
  'Beneficiary Name',
  'Beneficiary Bank',
  'Value Date',
  'Narration',
  'Payout Reference',
];

const bankText = (text: string, max: number) =>
  text
    .replace(/[^A-Za-z0-9 ]+/g, ' ')
    .replace(/\s+/g, ' ')
    .trim()
    .slice(0, max);

export async function bankFileCsv(deps: AppDeps, actor: AuditActor, payoutIds: readonly number[]): Promise<string> {
  const found = new Map((await payoutAccounts(deps.db, payoutIds)).map((r) => [r.payoutId, r]));
  const missing = payoutIds.filter((id) => !found.has(id));
  if (missing.length) throw notFound(`Payouts: no COD bank payout ${missing.join(', ')}`);
  const notWaiting = payoutIds.filter((id) => found.get(id)!.status !== 'AWAITING_TRANSFER');
  if (notWaiting.length)
    throw conflict(`Payouts: only payouts waiting for bank transfer go in a bank file; not ${notWaiting.join(', ')}`);
  const today = istDate(deps.now());
  const valueDate = `${today.slice(8, 10)}/${today.slice(5, 7)}/${today.slice(0, 4)}`;
  const rows = payoutIds.map((id) => {
    const r = found.get(id)!;
    return [
      'NEFT',
      r.accountNumber,
      r.ifsc,
      rupeesOf(r.netPaise).toFixed(2),
      bankText(r.holderName, 35),
      bankText(r.bankName, 35),
      valueDate,
      `DAKIYA COD PAYOUT ${id}`,
      `COD-${id}`,
    ];
  });
  const totalPaise = payoutIds.reduce((sum, id) => sum + found.get(id)!.netPaise, 0);
  await auditChange(
    deps.db,
    actor,
    {
      action: 'cod.bank_file',
      entityType: 'cod_payout',
      entityId: payoutIds.join(','),
      before: null,
      after: { payoutIds: [...payoutIds], totalPaise, valueDate },
    },
    deps.now(),
  );
  return csvText(BANK_FILE_HEADER, rows);
}
