import { sql } from 'drizzle-orm';
import type { AppDeps } from '../../deps';
import { queryRows } from '../../db/rows';
import { CHECKLIST_ITEMS, type HomeChecklist } from '../../../src/domain/home-checklist';
import { KYC_STATUS_LABELS, type KycStatus } from '../../../src/domain/kyc-contract';
import { spendableWallet } from '../wallet/spendable';

// Home's first-parcel checklist read from the seller's records: KYC verified, a pickup address
// not deleted, a wallet that can pay (balance or credit), any order, any parcel booked (a
// forward or return shipment, cancelled ones included: the seller has done it once).

export async function homeChecklist(deps: AppDeps, orgId: number): Promise<HomeChecklist> {
  const [r] = await queryRows<{
    kyc_verified: boolean;
    kyc_status: KycStatus | null;
    pickup: boolean;
    ordered: boolean;
    shipped: boolean;
  }>(
    deps.db,
    sql`select o.kyc_verified,
          (select status from kyc_applications where org_id = o.id) as kyc_status,
          exists (select 1 from pickup_addresses where org_id = o.id and deleted_at is null) as pickup,
          exists (select 1 from orders where org_id = o.id) as ordered,
          exists (select 1 from shipments where org_id = o.id) as shipped
        from organisations o where o.id = ${orgId}::int`,
  );
  const wallet = await spendableWallet(deps.db, orgId);
  const done: Record<(typeof CHECKLIST_ITEMS)[number], boolean> = {
    KYC: !!r?.kyc_verified,
    PICKUP_ADDRESS: !!r?.pickup,
    WALLET: wallet.spendablePaise > 0,
    FIRST_ORDER: !!r?.ordered,
    FIRST_SHIPMENT: !!r?.shipped,
  };
  const kycNote = !done.KYC && r?.kyc_status ? KYC_STATUS_LABELS[r.kyc_status] : null;
  const items = CHECKLIST_ITEMS.map((key) => ({ key, done: done[key], note: key === 'KYC' ? kycNote : null }));
  return { items, allDone: items.every((i) => i.done) };
}
