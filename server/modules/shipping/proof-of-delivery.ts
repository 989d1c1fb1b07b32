import { and, desc, eq, isNotNull } from 'drizzle-orm';
import type { AppDeps } from '../../deps';
import { organisations, shipments } from '../../db/schema';
import { conflict } from '../../http/errors';
import { carrierName } from '../../../src/domain/shipping/carriers';
import { carrierNetwork } from '../../carriers/registry';
import { proofOfDeliveryPdf } from '../../documents/proof-of-delivery';
import { ownOrder } from '../order-lookup/own-order';

// The proof of delivery of an order's delivered shipment, with any courier: the courier's own
// delivery report (time, receiver, OTP check, photo or signature) asked for through its adapter
// when the seller downloads it, as couriers' POD APIs answer, printed on one page.

export async function proofOfDelivery(deps: AppDeps, orgId: number, orderId: number): Promise<Buffer> {
  const order = await ownOrder(deps.db, orgId, orderId);
  const [{ seller }] = await deps.db
    .select({ seller: organisations.companyName })
    .from(organisations)
    .where(eq(organisations.id, orgId));
  const [s] = await deps.db
    .select()
    .from(shipments)
    .where(
      and(
        eq(shipments.orderId, orderId),
        eq(shipments.orgId, orgId),
        eq(shipments.state, 'BOOKED'),
        isNotNull(shipments.deliveredAt),
      ),
    )
    .orderBy(desc(shipments.bookedAt))
    .limit(1);
  if (!s) throw conflict('This order has not been delivered yet');
  const adapter = (await carrierNetwork(deps)).adapters.get(s.carrierCode);
  const pod = adapter ? await adapter.proofOfDelivery(s.awb) : null;
  if (!pod) throw conflict(`${carrierName(s.carrierCode)} has not sent its proof of delivery yet; try again later`);
  const a = order.shipping;
  return proofOfDeliveryPdf({
    awb: s.awb,
    orderNumber: order.orderNumber,
    carrierName: carrierName(s.carrierCode),
    seller,
    buyer: {
      name: order.buyerName,
      phone: order.buyerPhone,
      address: [a.line1, a.line2, `${a.city}, ${a.state} ${a.pincode}`].filter(Boolean).join(', '),
    },
    paymentMethod: order.paymentMethod,
    codAmountPaise: order.codAmountPaise,
    bookedAt: s.bookedAt,
    deliveredAt: pod.deliveredAt,
    receiverName: pod.receiverName,
    otpVerified: pod.otpVerified,
    image: pod.image,
    issuedAt: deps.now(),
  });
}
