import { eq, sql } from 'drizzle-orm';
import type { AppDeps } from '../deps';
import { accounts, bankAccounts, organisations } from '../db/schema';
import { queryRows } from '../db/rows';
import { accountByEmail } from '../modules/auth/account-repository';
import { remitCollectedCod } from '../carriers/sandbox/cod-remittance';
import { runCodCycle } from '../modules/cod/cycle';
import { markPaid } from '../modules/cod/service';
import { CARRIERS } from '../../src/domain/shipping/carriers';
import { insertDeliveredCod } from './cod-delivered';

// COD remittance for the demo: each demo seller gets a verified primary bank account (when it has
// none), delivered COD shipments that were paid a week ago (with the bank's UTR), some waiting for
// this payout day's bank transfer, and a few delivered yesterday (the next payouts forecast).
// Only the demo start runs this; skipped once any payout exists.

const DAY = 86_400_000;
const DEMO_SELLERS = ['Meera Crafts', 'Aarav Traders'];

export async function seedCodDemo(deps: AppDeps): Promise<void> {
  const [{ n }] = await queryRows<{ n: number }>(deps.db, sql`select count(*)::int as n from cod_payouts`);
  if (Number(n) > 0) return;
  const staff = await accountByEmail(deps.db, 'ops@dakiya.in');
  const orgIds: number[] = [];
  for (const name of DEMO_SELLERS) {
    const [org] = await deps.db.select().from(organisations).where(eq(organisations.companyName, name));
    if (!org) continue;
    orgIds.push(org.id);
    const [own] = await deps.db.select().from(bankAccounts).where(eq(bankAccounts.orgId, org.id));
    if (own) continue;
    const [owner] = await deps.db.select().from(accounts).where(eq(accounts.orgId, org.id));
    const now = deps.now();
    await deps.db.insert(bankAccounts).values({
      orgId: org.id,
      ifsc: 'HDFC0000240',
      bankName: 'HDFC Bank',
      branch: 'Demo branch',
      accountNumber: `5010077${String(org.id).padStart(5, '0')}`,
      last4: String(org.id).padStart(4, '0').slice(-4),
      holderName: name,
      status: 'VERIFIED',
      nameAtBank: name.toUpperCase(),
      verificationMode: 'PENNY_DROP',
      isPrimary: true,
      verifiedAt: now,
      createdBy: owner.id,
      createdAt: now,
      updatedAt: now,
    });
  }
  if (!orgIds.length || !staff) return;
  const now = deps.now().getTime();
  const carrierCode = CARRIERS[0].code;
  const at = (ms: number) => ({ ...deps, now: () => new Date(ms) });
  // paid: delivered three weeks ago, remitted by the courier, paid a week ago
  await insertDeliveredCod(deps.db, {
    orgIds,
    perOrg: 4,
    prefix: 'DEMOCOD1',
    deliveredAt: new Date(now - 21 * DAY),
    carrierCode,
  });
  await remitCollectedCod(at(now - 14 * DAY));
  await runCodCycle(at(now - 7 * DAY));
  const paid = await queryRows<{ id: number; org_id: number }>(
    deps.db,
    sql`select id, org_id from cod_payouts where status = 'AWAITING_TRANSFER'`,
  );
  for (const p of paid)
    await markPaid(at(now - 7 * DAY + 3_600_000), staff.id, p.id, {
      utr: `HDFCN5${String(p.id).padStart(10, '0')}`,
      comments: 'NEFT batch of the payout day',
    });
  // waiting for transfer: delivered ten days ago, remitted
  await insertDeliveredCod(deps.db, {
    orgIds,
    perOrg: 3,
    prefix: 'DEMOCOD2',
    deliveredAt: new Date(now - 10 * DAY),
    carrierCode,
  });
  await remitCollectedCod(deps);
  await runCodCycle(deps);
  // the forecast: delivered yesterday
  await insertDeliveredCod(deps.db, {
    orgIds,
    perOrg: 2,
    prefix: 'DEMOCOD3',
    deliveredAt: new Date(now - DAY),
    carrierCode,
  });
}
