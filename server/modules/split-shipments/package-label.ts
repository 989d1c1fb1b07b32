import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { orderItems } from '../../db/schema';
import { packageOf as pieceText } from '../../../src/domain/split-shipments';
import { carrierName } from '../../../src/domain/shipping/carriers';
import { labelsPdf } from '../../documents/shipping-label';
import { labelData } from '../shipping/label-data';
import { packageShipment } from './service';

// One package's 4x6 label: the order's label with the package's own AWB (by box, its child AWB
// under the master), its items, weight and size, its COD share, and "Package 1 of 2".

export async function packageLabel(db: Db, orgId: number, orderId: number, packageNo: number): Promise<Buffer> {
  const { p, s, count, o } = await packageShipment(db, orgId, orderId, packageNo);
  const [base] = await labelData(db, orgId, [orderId]);
  const rows = await db.select().from(orderItems).where(eq(orderItems.orderId, orderId));
  const item = new Map(rows.map((r) => [r.id, r]));
  const byBox = o.splitMode === 'BY_BOX';
  return labelsPdf(
    [
      {
        ...base,
        awb: byBox ? (p.childAwb ?? s.awb) : s.awb,
        carrierName: carrierName(s.carrierCode),
        routingCode: s.routingCode,
        // by box the master collects the whole COD amount; by item each package its share
        codAmountPaise: byBox ? o.codAmountPaise : p.codAmountPaise,
        items: p.lines.map((l) => ({
          name: item.get(l.itemId)?.name ?? '',
          sku: item.get(l.itemId)?.sku ?? '',
          quantity: l.quantity,
        })),
        deadWeightKg: p.deadWeightKg,
        chargedWeightKg: byBox ? p.deadWeightKg : s.chargedWeightKg,
        dimensionsCm: `${p.lengthCm} × ${p.breadthCm} × ${p.heightCm}`,
        piece: { of: pieceText(p.packageNo, count), ...(byBox ? { masterAwb: s.awb } : {}) },
      },
    ],
    '4x6',
    false,
  );
}
