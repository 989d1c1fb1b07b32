import type { Tx } from '../../db/client';
import type { shipments } from '../../db/schema';
import { deliveredLate, freightCharged } from '../../../src/domain/shipping/cover';
import { formatDate, formatDay, formatRupees, istDay } from '../../../src/domain/format';
import { moveMoneyMany, type Movement } from '../wallet/ledger';
import { notify, type NotificationInput } from '../notices/notify';
import { qcChargeOf } from '../../../src/domain/shipping/qc-step';

// Delay protection pays out here: a protected shipment delivered after its promised day gets its
// freight back, in the Delivered scan's own transaction (a return's pickup: its Return Delivered
// scan). The ledger's key is one per shipment (`shipment:<AWB>:delay-credit`), so a courier repeating the scan, two webhooks racing, or a scan
// arriving twice at once credits once; the notification is keyed on the AWB as well.

type Shipment = typeof shipments.$inferSelect;

/** The shipments a batch delivered that were protected and late, with the credit each is owed. */
export function lateProtected(
  delivered: readonly { s: Shipment; at: Date }[],
): { s: Shipment; at: Date; promised: string; paise: number }[] {
  return delivered.flatMap(({ s, at }) =>
    s.delayProtectionPaise > 0 && s.expectedDeliveryDate && deliveredLate(istDay(at), s.expectedDeliveryDate)
      ? // a return pickup's doorstep check is no freight: it stays charged
        [
          {
            s,
            at,
            promised: s.expectedDeliveryDate,
            paise: freightCharged(s.totalPaise - qcChargeOf(s.quoteSteps), s.codChargePaise),
          },
        ]
      : [],
  );
}

/** Credits each late protected shipment's freight once and tells its seller. */
export async function creditLateDeliveries(
  tx: Tx,
  delivered: readonly { s: Shipment; at: Date }[],
  now: Date,
): Promise<void> {
  const owed = lateProtected(delivered).filter((d) => d.paise > 0);
  if (!owed.length) return;
  const moves: Movement[] = owed.map(({ s, at, promised, paise }) => ({
    orgId: s.orgId,
    kind: 'DELAY_CREDIT',
    amountPaise: paise,
    externalKey: `shipment:${s.awb}:delay-credit`,
    reference: s.awb,
    description: `Delay credit: delivered ${formatDate(at)}, promised ${formatDay(promised)}`,
    at,
  }));
  const outcomes = await moveMoneyMany(tx, moves);
  // a credit cannot be refused: if one failed, the scans must not commit without it
  const broken = outcomes.find((r) => !r.ok);
  if (broken && !broken.ok) throw broken.error;
  const notices: NotificationInput[] = owed.flatMap(({ s, promised, paise }, i) => {
    const r = outcomes[i];
    if (!r.ok || r.result.replayed) return [];
    return [
      {
        orgId: s.orgId,
        kind: 'DELAY_CREDIT',
        ref: s.awb,
        title: `Delay credit of ${formatRupees(paise)}`,
        body: `AWB ${s.awb} was delivered after its promised date (${formatDay(promised)}): its freight is back in your wallet.`,
        link: '/wallet',
      },
    ];
  });
  await notify(tx, notices, now);
}
