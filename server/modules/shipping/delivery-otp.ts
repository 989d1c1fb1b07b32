import { and, eq, inArray } from 'drizzle-orm';
import type { AppDeps } from '../../deps';
import { orders, organisations, shipments } from '../../db/schema';
import { HYPERLOCAL_PARTNERS } from '../../../src/domain/shipping/hyperlocal';
import { carrierNetwork } from '../../carriers/registry';
import { sendOnce } from '../tracking/buyer-notifications';
import type { BuyerMessageMeta } from '../../messaging/buyer/buyer-message';

// A hyperlocal rider hands the parcel over only against the buyer's OTP. When the partner reports
// its rider on the way, the buyer gets the OTP the partner issued by SMS, once per shipment (the
// message is claimed like every buyer message), whatever the seller's notification settings: the
// delivery cannot happen without it. Asking the partner for the OTP is a call to its API, so the
// scan ingestion only queues it (a job a shipment); the job asks and sends, and a repeat sends nothing.

export const DELIVERY_OTP_EVENT = 'DELIVERY_OTP';
export const DELIVERY_OTP_QUEUE = 'courier-delivery-otp';

export function deliveryOtpSms(orgName: string, orderNumber: string, partnerName: string, otp: string): string {
  return `${orgName}: your order ${orderNumber} is out for delivery with ${partnerName}. Share OTP ${otp} with the rider only when you receive the parcel.`;
}

/** After ingestion commits: one job for each hyperlocal parcel whose rider is on the way. */
export async function queueDeliveryOtps(
  deps: AppDeps,
  moved: { shipmentId: number; status: string }[],
): Promise<number> {
  const ids = [...new Set(moved.filter((m) => m.status === 'OFD').map((m) => m.shipmentId))];
  if (!ids.length) return 0;
  const local = await deps.db
    .select({ id: shipments.id })
    .from(shipments)
    .where(
      and(
        inArray(shipments.id, ids),
        inArray(
          shipments.carrierCode,
          HYPERLOCAL_PARTNERS.map((p) => p.code),
        ),
      ),
    );
  for (const r of local) await deps.jobs.send(DELIVERY_OTP_QUEUE, { shipmentId: r.id });
  return local.length;
}

/** The job: asks the partner for the shipment's OTP and texts it to the buyer, once. */
export async function sendDeliveryOtps(deps: AppDeps, ids: number[]): Promise<number> {
  if (!ids.length) return 0;
  const rows = await deps.db
    .select({
      id: shipments.id,
      orgId: shipments.orgId,
      orderId: shipments.orderId,
      awb: shipments.awb,
      carrierCode: shipments.carrierCode,
      orderNumber: orders.orderNumber,
      buyerPhone: orders.buyerPhone,
      orgName: organisations.companyName,
    })
    .from(shipments)
    .innerJoin(orders, eq(orders.id, shipments.orderId))
    .innerJoin(organisations, eq(organisations.id, shipments.orgId))
    .where(
      and(
        inArray(shipments.id, ids),
        inArray(
          shipments.carrierCode,
          HYPERLOCAL_PARTNERS.map((p) => p.code),
        ),
      ),
    );
  if (!rows.length) return 0;
  const network = await carrierNetwork(deps);
  const messages = [];
  for (const r of rows) {
    const adapter = network.adapters.get(r.carrierCode);
    const otp = adapter ? await adapter.deliveryOtp(r.awb) : null;
    if (!otp) continue;
    const buyer: BuyerMessageMeta = {
      kind: 'otp',
      orgId: r.orgId,
      orderId: r.orderId,
      shipmentId: r.id,
      setting: 'DELIVERY_OTP',
      values: { brand: r.orgName, order: r.orderNumber, courier: adapter!.profile.name, awb: r.awb, otp },
    };
    messages.push({
      buyer,
      shipmentId: r.id,
      event: DELIVERY_OTP_EVENT,
      channel: 'SMS' as const,
      recipient: `+91${r.buyerPhone}`,
      subject: '',
      body: deliveryOtpSms(r.orgName, r.orderNumber, adapter!.profile.name, otp),
    });
  }
  return sendOnce(deps, messages);
}
