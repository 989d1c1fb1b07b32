import { mayUse } from '../../../src/domain/permissions';
import { BANK_RULES } from '../../../src/domain/schemas/bank';
import { and, asc, count, desc, eq, ilike, isNull, or, sql } from 'drizzle-orm';
import type { AppDeps } from '../../deps';
import type { Db, Tx, Executor } from '../../db/client';
import { accounts, bankAccountChanges, bankAccounts, bankVerifications, organisations } from '../../db/schema';
import { ApiError, badRequest, conflict, forbidden, notFound } from '../../http/errors';
import type { SellerCaller } from '../../http/router';
import { isUniqueViolation } from '../../db/unique-violation';
import { letter } from '../../messaging/letter';
import { lookupIfsc } from '../../verification/ifsc-directory';
import { checkOtp, otpFailure, sendOtp, type OtpCheck } from '../otp/service';
import {
  BANK_CHANGE_LABELS,
  BANK_STATUS_LABELS,
  BANK_TEXT,
  changeNeedsOtp,
  type BankAccountChangeRow,
  type BankAccountList,
  type BankAccountRow,
  type BankChangeAction,
  type BankOtpAnswer,
  type BankStatus,
  type BankVerification,
  type IfscAnswer,
  type VerificationOutcome,
} from '../../../src/domain/bank-contract';
import type { Paged } from '../../../src/domain/paging';
import type { AddBankAccountInput } from '../../../src/domain/schemas/bank';
import { ifscProblem, normaliseIfsc } from '../../../src/domain/kyc/ifsc';
import { maskNumber } from '../../../src/domain/kyc/mask';
import { matchNames } from '../../../src/domain/kyc/name-match';
import { PHONE_PREFIX } from '../../../src/domain/constants';

// A seller's bank accounts for COD remittance: add, verify through the verification provider's
// penny drop (server/verification), choose the primary one, remove. The full account number is
// written to bank_accounts only; every answer, email and audit row carries it masked.
//
// Every write for one organisation takes the same advisory lock in its transaction, so concurrent
// repeats act once: a verification keyed by the client's request key is asked of the provider
// once and a repeat answers the stored result; a make-primary or remove that already happened
// answers the list as it stands. An OTP a change needs is checked in that transaction too; a wrong
// one is counted (the transaction commits) and then refused.

type Row = typeof bankAccounts.$inferSelect;

const OTP_PURPOSE = 'BANK_CHANGE' as const;
const otpTarget = (accountId: number) => `bank-change:${accountId}`;

const lockOrg = (tx: Tx, orgId: number) => tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`bank:${orgId}`}))`);

function toRow(r: Row): BankAccountRow {
  return {
    bankAccountId: r.id,
    ifsc: r.ifsc,
    bankName: r.bankName,
    branch: r.branch,
    accountNumberMasked: maskNumber(r.accountNumber),
    last4: r.last4,
    holderName: r.holderName,
    status: r.status as BankStatus,
    statusText: BANK_STATUS_LABELS[r.status as BankStatus] ?? r.status,
    nameAtBank: r.nameAtBank,
    nameScore: r.nameScore,
    verificationMode: r.verificationMode,
    creditedPaise: r.creditedPaise,
    utr: r.utr,
    verifiedAt: r.verifiedAt?.toISOString() ?? null,
    isPrimary: r.isPrimary,
    createdAt: r.createdAt.toISOString(),
  };
}

const live = (orgId: number) => and(eq(bankAccounts.orgId, orgId), isNull(bankAccounts.removedAt));

async function liveRows(db: Executor, orgId: number): Promise<Row[]> {
  return db.select().from(bankAccounts).where(live(orgId)).orderBy(desc(bankAccounts.isPrimary), asc(bankAccounts.id));
}

async function rowOf(db: Executor, orgId: number, id: number): Promise<Row> {
  const [row] = await db
    .select()
    .from(bankAccounts)
    .where(and(live(orgId), eq(bankAccounts.id, id)));
  if (!row) throw notFound('Bank account not found');
  return row;
}

// The router lets only the OWNER reach a change (the routes name no permission); staff acting as
// the seller hold the owner's role but are no owner, so they are refused here.
const canChange = (caller: SellerCaller) => mayUse(caller.role, [], undefined) && !caller.isAdminSession;

function assertOwner(caller: SellerCaller) {
  if (caller.isAdminSession) throw forbidden(BANK_TEXT.ownerOnly);
}

function listOf(rows: Row[], caller: SellerCaller): BankAccountList {
  return {
    accounts: rows.map(toRow),
    primaryId: rows.find((r) => r.isPrimary)?.id ?? null,
    canChange: canChange(caller),
  };
}

export async function listAccounts(db: Db, caller: SellerCaller): Promise<BankAccountList> {
  return listOf(await liveRows(db, caller.orgId), caller);
}

async function audit(
  tx: Executor,
  input: {
    orgId: number;
    bankAccountId: number;
    actor: number;
    action: BankChangeAction;
    detail: string;
    otp?: boolean;
    now: Date;
  },
) {
  await tx.insert(bankAccountChanges).values({
    orgId: input.orgId,
    bankAccountId: input.bankAccountId,
    actorAccountId: input.actor,
    action: input.action,
    detail: input.detail,
    otpConfirmed: input.otp ?? false,
    createdAt: input.now,
  });
}

const describe = (r: Pick<Row, 'bankName' | 'ifsc' | 'accountNumber'>) =>
  `${r.bankName} ${maskNumber(r.accountNumber)} (IFSC ${r.ifsc})`;

/** The bank (from the offline directory) and branch (from the provider) of an IFSC. */
export async function ifscLookup(deps: AppDeps, value: string): Promise<IfscAnswer> {
  const ifsc = normaliseIfsc(value);
  const shape = ifscProblem(ifsc);
  if (shape) throw badRequest(shape);
  const bank = lookupIfsc(ifsc);
  if (!bank) throw badRequest(BANK_TEXT.unknownIfsc(ifsc));
  const details = await deps.verification.ifscDetails(ifsc);
  return { ifsc, bankName: bank.bankName, branch: details.ok ? details.branch : null };
}

async function bankOf(deps: AppDeps, ifsc: string): Promise<IfscAnswer> {
  return ifscLookup(deps, ifsc);
}

/** Adds an account (unverified). An account already added answers as it is, so a repeated add makes one. */
export async function addAccount(
  deps: AppDeps,
  caller: SellerCaller,
  body: AddBankAccountInput,
): Promise<BankAccountRow> {
  assertOwner(caller);
  const bank = await bankOf(deps, body.ifsc);
  const now = deps.now();
  return deps.db.transaction(async (tx) => {
    await lockOrg(tx, caller.orgId);
    const rows = await liveRows(tx, caller.orgId);
    const same = rows.find((r) => r.ifsc === bank.ifsc && r.accountNumber === body.accountNumber);
    if (same) return toRow(same);
    if (rows.length >= BANK_RULES.maxAccounts) throw conflict(BANK_TEXT.tooMany);
    const [row] = await tx
      .insert(bankAccounts)
      .values({
        orgId: caller.orgId,
        ifsc: bank.ifsc,
        bankName: bank.bankName,
        branch: bank.branch,
        accountNumber: body.accountNumber,
        last4: body.accountNumber.slice(-4),
        holderName: body.accountHolderName,
        createdBy: caller.accountId,
        createdAt: now,
        updatedAt: now,
      })
      .returning();
    await audit(tx, {
      orgId: caller.orgId,
      bankAccountId: row.id,
      actor: caller.accountId,
      action: 'ADDED',
      detail: `${describe(row)} added for ${row.holderName}`,
      now,
    });
    return toRow(row);
  });
}

/** Corrects an account not yet verified; a verified one is replaced instead (BANK_TEXT.verifiedCannotChange). */
export async function editAccount(
  deps: AppDeps,
  caller: SellerCaller,
  id: number,
  body: AddBankAccountInput,
): Promise<BankAccountRow> {
  assertOwner(caller);
  const bank = await bankOf(deps, body.ifsc);
  const now = deps.now();
  try {
    return await deps.db.transaction(async (tx) => {
      await lockOrg(tx, caller.orgId);
      const row = await rowOf(tx, caller.orgId, id);
      if (row.status === 'VERIFIED') throw conflict(BANK_TEXT.verifiedCannotChange);
      const [updated] = await tx
        .update(bankAccounts)
        .set({
          ifsc: bank.ifsc,
          bankName: bank.bankName,
          branch: bank.branch,
          accountNumber: body.accountNumber,
          last4: body.accountNumber.slice(-4),
          holderName: body.accountHolderName,
          status: 'UNVERIFIED',
          nameAtBank: null,
          nameScore: null,
          verificationMode: null,
          creditedPaise: null,
          utr: null,
          providerReference: null,
          verifiedAt: null,
          updatedAt: now,
        })
        .where(eq(bankAccounts.id, row.id))
        .returning();
      await audit(tx, {
        orgId: caller.orgId,
        bankAccountId: row.id,
        actor: caller.accountId,
        action: 'EDITED',
        detail: `${describe(row)} changed to ${describe(updated)} for ${updated.holderName}`,
        now,
      });
      return toRow(updated);
    });
  } catch (e) {
    if (isUniqueViolation(e)) throw conflict('Account number: this account is added already');
    throw e;
  }
}

function outcomeMessage(outcome: VerificationOutcome, row: Row): string {
  if (outcome === 'VERIFIED') return BANK_TEXT.verified(row.creditedPaise, row.nameAtBank ?? row.holderName);
  if (outcome === 'NAME_MISMATCH') return BANK_TEXT.nameMismatch(row.holderName, row.nameAtBank ?? '');
  if (outcome === 'INVALID') return BANK_TEXT.invalid;
  return BANK_TEXT.unavailable;
}

/**
 * Verifies an account with the provider's penny drop: the bank's name for the holder is compared
 * with the one given by our written rule (src/domain/kyc/name-match.ts). The request key makes a
 * repeat answer the stored result instead of a second penny drop; a verified account answers its
 * verification without asking again.
 */
export async function verifyAccount(
  deps: AppDeps,
  caller: SellerCaller,
  input: { bankAccountId: number; requestKey: string },
): Promise<BankVerification> {
  assertOwner(caller);
  return deps.db.transaction(async (tx) => {
    await lockOrg(tx, caller.orgId);
    const [done] = await tx
      .select()
      .from(bankVerifications)
      .where(and(eq(bankVerifications.orgId, caller.orgId), eq(bankVerifications.requestKey, input.requestKey)));
    if (done) {
      if (done.bankAccountId !== input.bankAccountId)
        throw conflict('Request key: this key was used for another account');
      const [row] = await tx.select().from(bankAccounts).where(eq(bankAccounts.id, done.bankAccountId));
      return { outcome: done.outcome as VerificationOutcome, message: done.message, account: toRow(row) };
    }
    const row = await rowOf(tx, caller.orgId, input.bankAccountId);
    if (row.status === 'VERIFIED')
      return { outcome: 'VERIFIED', message: outcomeMessage('VERIFIED', row), account: toRow(row) };
    const [who] = await tx.select({ phone: accounts.phone }).from(accounts).where(eq(accounts.id, caller.accountId));
    const now = deps.now();
    const answer = await deps.verification.verifyBankAccount({
      ifsc: row.ifsc,
      accountNumber: row.accountNumber,
      holderName: row.holderName,
      phone: who?.phone ?? '',
      mode: 'PENNY_DROP',
    });
    let outcome: VerificationOutcome;
    let updated = row;
    if (answer.ok) {
      const match = matchNames(row.holderName, answer.nameAtBank);
      outcome = match.matches ? 'VERIFIED' : 'NAME_MISMATCH';
      [updated] = await tx
        .update(bankAccounts)
        .set({
          status: outcome,
          nameAtBank: answer.nameAtBank,
          nameScore: match.score,
          verificationMode: answer.mode,
          creditedPaise: answer.creditedPaise,
          utr: answer.utr,
          providerReference: answer.reference,
          branch: row.branch ?? answer.branch,
          verifiedAt: match.matches ? now : null,
          updatedAt: now,
        })
        .where(eq(bankAccounts.id, row.id))
        .returning();
    } else if (answer.reason === 'INVALID') {
      outcome = 'INVALID';
      [updated] = await tx
        .update(bankAccounts)
        .set({ status: 'INVALID', updatedAt: now })
        .where(eq(bankAccounts.id, row.id))
        .returning();
    } else {
      // the provider did not answer: nothing is decided, the account stays as it was
      outcome = 'UNAVAILABLE';
    }
    const message = outcomeMessage(outcome, updated);
    await tx.insert(bankVerifications).values({
      orgId: caller.orgId,
      bankAccountId: row.id,
      requestKey: input.requestKey,
      outcome,
      message,
      provider: deps.verification.name,
      mode: 'PENNY_DROP',
      nameAtBank: answer.ok ? answer.nameAtBank : null,
      nameScore: updated.nameScore,
      creditedPaise: answer.ok ? answer.creditedPaise : null,
      utr: answer.ok ? answer.utr : null,
      reference: answer.ok ? answer.reference : null,
      requestedBy: caller.accountId,
      createdAt: now,
    });
    if (outcome === 'VERIFIED')
      await audit(tx, {
        orgId: caller.orgId,
        bankAccountId: row.id,
        actor: caller.accountId,
        action: 'VERIFIED',
        detail: `${describe(row)} verified by penny drop; the bank holds '${updated.nameAtBank}'`,
        now,
      });
    return { outcome, message, account: toRow(updated) };
  });
}

/** Sends the owner the OTP that confirms a change to a verified account (60 s resend lockout, 10 min validity). */
export async function sendChangeOtp(deps: AppDeps, caller: SellerCaller, ip: string): Promise<BankOtpAnswer> {
  assertOwner(caller);
  const [who] = await deps.db.select().from(accounts).where(eq(accounts.id, caller.accountId));
  if (!who) throw notFound('Account not found');
  await sendOtp(deps, {
    purpose: OTP_PURPOSE,
    target: otpTarget(who.id),
    ip,
    name: who.firstName,
    deliveries: [
      { channel: 'EMAIL', to: who.email },
      { channel: 'SMS', to: who.phone },
    ],
  });
  const sentTo = `${maskEmail(who.email)} and ${PHONE_PREFIX} ${maskNumber(who.phone)}`;
  return { message: `OTP sent to ${sentTo}`, sentTo };
}

function maskEmail(email: string): string {
  const [user, domain] = email.split('@');
  return `${user.slice(0, 2)}${'*'.repeat(Math.max(1, user.length - 2))}@${domain}`;
}

type Confirmed =
  | { ok: true; list: BankAccountList; notice: string | null }
  | { ok: false; check: Exclude<OtpCheck, 'OK'> | 'MISSING' };

/** Checks the change's OTP inside the transaction; the attempt is counted even when the change is refused. */
async function confirmOtp(
  deps: AppDeps,
  tx: Tx,
  caller: SellerCaller,
  otp: string | undefined,
): Promise<OtpCheck | 'MISSING'> {
  if (!otp) return 'MISSING';
  return checkOtp(deps, { purpose: OTP_PURPOSE, target: otpTarget(caller.accountId), code: otp, consume: true }, tx);
}

async function finish(deps: AppDeps, caller: SellerCaller, result: Confirmed): Promise<BankAccountList> {
  if (!result.ok) {
    if (result.check === 'MISSING') throw badRequest(BANK_TEXT.otpNeeded);
    throw otpFailure(result.check, BANK_TEXT.otpWrong);
  }
  if (result.notice) await tellOperations(deps, caller, result.notice);
  return result.list;
}

async function tellOperations(deps: AppDeps, caller: SellerCaller, what: string) {
  const [org] = await deps.db
    .select({ companyName: organisations.companyName })
    .from(organisations)
    .where(eq(organisations.id, caller.orgId));
  await deps.messenger.send(
    letter(
      deps.config.operationsEmail,
      `Bank account changed: ${org?.companyName ?? `organisation ${caller.orgId}`}`,
      'Operations',
      [
        `${org?.companyName ?? 'A seller'} (organisation ${caller.orgId}) changed the bank account that receives COD remittance: ${what}.`,
        'The owner confirmed it with the OTP sent to their email and mobile. Every change is listed in the corporate area under Bank account changes.',
      ],
    ),
  );
}

/** Makes a verified account the primary one for COD remittance; moving it away from a verified one needs the owner's OTP. */
export async function makePrimary(
  deps: AppDeps,
  caller: SellerCaller,
  id: number,
  otp?: string,
): Promise<BankAccountList> {
  assertOwner(caller);
  const now = deps.now();
  const result = await deps.db.transaction(async (tx): Promise<Confirmed> => {
    await lockOrg(tx, caller.orgId);
    const rows = await liveRows(tx, caller.orgId);
    const target = rows.find((r) => r.id === id);
    if (!target) throw notFound('Bank account not found');
    if (target.isPrimary) return { ok: true, list: listOf(rows, caller), notice: null };
    if (target.status !== 'VERIFIED') throw new ApiError(409, BANK_TEXT.verifyFirst);
    const needs = changeNeedsOtp('PRIMARY', toRow(target), rows.map(toRow));
    if (needs) {
      const check = await confirmOtp(deps, tx, caller, otp);
      if (check !== 'OK') return { ok: false, check };
    }
    const old = rows.find((r) => r.isPrimary);
    if (old) await tx.update(bankAccounts).set({ isPrimary: false, updatedAt: now }).where(eq(bankAccounts.id, old.id));
    await tx.update(bankAccounts).set({ isPrimary: true, updatedAt: now }).where(eq(bankAccounts.id, target.id));
    const detail = old
      ? `COD remittance moved from ${describe(old)} to ${describe(target)}`
      : `${describe(target)} chosen for COD remittance`;
    await audit(tx, {
      orgId: caller.orgId,
      bankAccountId: target.id,
      actor: caller.accountId,
      action: old ? 'PRIMARY_CHANGED' : 'PRIMARY_SET',
      detail,
      otp: needs,
      now,
    });
    return { ok: true, list: listOf(await liveRows(tx, caller.orgId), caller), notice: needs ? detail : null };
  });
  return finish(deps, caller, result);
}

/** Removes an account (not the primary one); removing a verified account needs the owner's OTP. */
export async function removeAccount(
  deps: AppDeps,
  caller: SellerCaller,
  id: number,
  otp?: string,
): Promise<BankAccountList> {
  assertOwner(caller);
  const now = deps.now();
  const result = await deps.db.transaction(async (tx): Promise<Confirmed> => {
    await lockOrg(tx, caller.orgId);
    const [row] = await tx
      .select()
      .from(bankAccounts)
      .where(and(eq(bankAccounts.orgId, caller.orgId), eq(bankAccounts.id, id)));
    if (!row) throw notFound('Bank account not found');
    // removed already (a repeat): the list as it stands
    if (row.removedAt) return { ok: true, list: listOf(await liveRows(tx, caller.orgId), caller), notice: null };
    if (row.isPrimary) throw conflict(BANK_TEXT.primaryCannotGo);
    const needs = changeNeedsOtp('REMOVE', toRow(row), []);
    if (needs) {
      const check = await confirmOtp(deps, tx, caller, otp);
      if (check !== 'OK') return { ok: false, check };
    }
    await tx.update(bankAccounts).set({ removedAt: now, updatedAt: now }).where(eq(bankAccounts.id, row.id));
    const detail = `${describe(row)} removed`;
    await audit(tx, {
      orgId: caller.orgId,
      bankAccountId: row.id,
      actor: caller.accountId,
      action: 'REMOVED',
      detail,
      otp: needs,
      now,
    });
    return { ok: true, list: listOf(await liveRows(tx, caller.orgId), caller), notice: needs ? detail : null };
  });
  return finish(deps, caller, result);
}

/** Staff: every change to sellers' bank accounts, newest first; search by company, IFSC, bank or last 4 digits. */
export async function staffChanges(
  db: Db,
  q: { pageNumber: number; recordsPerPage: number; searchPattern?: string },
): Promise<Paged<BankAccountChangeRow>> {
  const search = q.searchPattern ? `%${q.searchPattern.replace(/[\\%_]/g, (c) => `\\${c}`)}%` : null;
  const where = search
    ? or(
        ilike(organisations.companyName, search),
        ilike(bankAccounts.ifsc, search),
        ilike(bankAccounts.bankName, search),
        ilike(bankAccounts.last4, search),
      )
    : undefined;
  const base = () =>
    db
      .select({
        c: bankAccountChanges,
        companyName: organisations.companyName,
        accountNumber: bankAccounts.accountNumber,
        ifsc: bankAccounts.ifsc,
        bankName: bankAccounts.bankName,
        actorEmail: accounts.email,
      })
      .from(bankAccountChanges)
      .innerJoin(organisations, eq(organisations.id, bankAccountChanges.orgId))
      .innerJoin(bankAccounts, eq(bankAccounts.id, bankAccountChanges.bankAccountId))
      .innerJoin(accounts, eq(accounts.id, bankAccountChanges.actorAccountId));
  const rows = await base()
    .where(where)
    .orderBy(desc(bankAccountChanges.id))
    .limit(q.recordsPerPage)
    .offset(q.pageNumber * q.recordsPerPage);
  const [{ n }] = await db
    .select({ n: count() })
    .from(bankAccountChanges)
    .innerJoin(organisations, eq(organisations.id, bankAccountChanges.orgId))
    .innerJoin(bankAccounts, eq(bankAccounts.id, bankAccountChanges.bankAccountId))
    .where(where);
  return {
    items: rows.map((r) => ({
      changeId: r.c.id,
      orgId: r.c.orgId,
      companyName: r.companyName,
      bankAccountId: r.c.bankAccountId,
      accountNumberMasked: maskNumber(r.accountNumber),
      ifsc: r.ifsc,
      bankName: r.bankName,
      action: r.c.action as BankChangeAction,
      actionText: BANK_CHANGE_LABELS[r.c.action as BankChangeAction] ?? r.c.action,
      detail: r.c.detail,
      otpConfirmed: r.c.otpConfirmed,
      actorEmail: r.actorEmail,
      createdAt: r.c.createdAt.toISOString(),
    })),
    total: Number(n),
    pageNumber: q.pageNumber,
    recordsPerPage: q.recordsPerPage,
  };
}
