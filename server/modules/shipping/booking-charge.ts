import type { Db } from '../../db/client';
import { ApiError } from '../../http/errors';
import { formatAmount } from '../../../src/domain/format';
import { assertWalletCovers, moveMoney, type Movement } from '../wallet/ledger';

// What a booking costs the wallet, in one place for forward shipments and reverse pickups: the
// wallet must cover the whole total before anything is booked (a refusal says how much to
// recharge), then each part is its own entry keyed on the AWB, so a replay charges nothing twice.

type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

const rupees = (paise: number) => `₹${formatAmount(paise)}`;

export interface ChargePart {
  kind: Movement['kind'];
  amountPaise: number;
  /** the part's name in the key `shipment:<AWB>:<part>` */
  part: string;
  description: string;
}

export async function chargeBooking(
  tx: Tx,
  who: { orgId: number; accountId: number | null },
  awb: string,
  booking: { totalPaise: number; noun: 'shipment' | 'pickup'; verb: 'ship it' | 'book it' },
  parts: readonly ChargePart[],
  at: Date,
): Promise<void> {
  await assertWalletCovers(
    tx,
    who.orgId,
    booking.totalPaise,
    (short, wallet) =>
      new ApiError(
        422,
        `Insufficient wallet balance: this ${booking.noun} costs ${rupees(booking.totalPaise)} and your wallet has ${rupees(wallet.balancePaise)}. Recharge at least ${rupees(short)} to ${booking.verb}`,
        { 'X-Recharge-Paise': String(short) },
      ),
  );
  for (const p of parts) {
    if (p.amountPaise <= 0) continue;
    await moveMoney(tx, {
      orgId: who.orgId,
      kind: p.kind,
      amountPaise: p.amountPaise,
      externalKey: `shipment:${awb}:${p.part}`,
      reference: awb,
      description: p.description,
      createdBy: who.accountId,
      at,
    });
  }
}
