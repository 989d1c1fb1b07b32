import type { Tx } from '../../db/client';
import { moveMoney, type Movement } from '../wallet/ledger';
import { assertCanSpend } from '../wallet/spendable';

// What a booking costs the wallet, in one place for forward shipments and reverse pickups: the
// wallet must be able to spend the whole total before anything is booked (a refusal names what
// is held and the recharge that lets it through), then each part is its own entry keyed on the
// AWB, so a replay charges nothing twice. The check locks the wallet until the booking commits,
// so two bookings racing for the last rupees take turns.

export interface ChargePart {
  kind: Movement['kind'];
  amountPaise: number;
  /** the part's name in the key `shipment:<AWB>:<part>` */
  part: string;
  description: string;
}

export interface BookingWords {
  noun: 'shipment' | 'pickup';
  verb: 'ship it' | 'book it';
}

/** What a refusal says the money was for ("This shipment … to ship it"). */
export const bookingPurpose = (b: BookingWords) => ({ what: `This ${b.noun}`, verb: b.verb });

export async function chargeBooking(
  tx: Tx,
  who: { orgId: number; accountId: number | null },
  awb: string,
  booking: { totalPaise: number } & BookingWords,
  parts: readonly ChargePart[],
  at: Date,
): Promise<void> {
  const purpose = bookingPurpose(booking);
  await assertCanSpend(tx, who.orgId, booking.totalPaise, purpose);
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
      purpose,
    });
  }
}
