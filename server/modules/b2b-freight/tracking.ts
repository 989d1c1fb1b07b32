import { randomUUID } from 'node:crypto';
import { and, eq, inArray, isNotNull, notInArray } from 'drizzle-orm';
import type { AppDeps } from '../../deps';
import { b2bOrders, files, orders, organisations } from '../../db/schema';
import type { SellerCaller } from '../../http/router';
import { CourierError } from '../../carriers/courier-error';
import type { ConsignmentTracking, FreightProof } from '../../carriers/freight';
import { freightProofOfDeliveryPdf } from '../../documents/freight-proof-of-delivery';
import { COURIER_STATUSES } from '../../../src/domain/shipping/courier-status';
import { canMoveStatus, statusText, type OrderStatus } from '../../../src/domain/order-status';
import { countOf } from '../../../src/domain/format';
import type { B2bTracking } from '../../../src/domain/b2b-contract';
import { transitionOrder } from '../order-status/status';
import { ownB2bOrder } from '../b2b/detail';
import { boxCountOf, carrierNameOf, consigneeParty, freightCarrier, loadConsignment } from './consignment';

// A booked consignment's tracking at LR level: the carrier's scans and how many of its boxes are
// delivered. The seller's GET asks the carrier; a job follows every booked consignment still on
// its way and moves the order through the status gate (Delivered, or Partially Delivered while
// boxes are still to come), and keeps the proof of delivery once boxes are handed over.

/** Statuses after which a consignment is no longer followed. */
const SETTLED: OrderStatus[] = ['DLV', 'CAN', 'RTO_DLV', 'LST', 'DMG'];

const productStatus = (s: string | null): OrderStatus | null =>
  s && s in COURIER_STATUSES ? (COURIER_STATUSES[s as keyof typeof COURIER_STATUSES] as OrderStatus) : null;

function summaryOf(lrNumber: string | null, boxesDelivered: number, boxCount: number): string {
  return lrNumber ? `${boxesDelivered} of ${countOf(boxCount, 'boxes')} delivered` : 'Not booked yet';
}

export async function b2bTracking(deps: AppDeps, caller: SellerCaller, orderId: number): Promise<B2bTracking> {
  const c = await loadConsignment(deps.db, await ownB2bOrder(deps.db, caller.orgId, orderId));
  const boxCount = boxCountOf(c.boxes);
  const { lrNumber, carrierCode } = c.facts;
  const tracked = lrNumber && carrierCode ? await freightCarrier(deps, carrierCode).track(lrNumber) : null;
  const boxesDelivered = tracked?.boxesDelivered ?? c.facts.boxesDelivered;
  return {
    lrNumber,
    boxCount,
    boxesDelivered,
    summary: summaryOf(lrNumber, boxesDelivered, boxCount),
    scans: (tracked?.scans ?? []).map((s) => ({
      at: s.at.toISOString(),
      carrierStatus: s.carrierStatus,
      status: productStatus(s.status),
      statusText: productStatus(s.status) ? statusText(productStatus(s.status)!) : s.carrierStatus,
      location: s.location,
      remark: s.remark,
    })),
  };
}

/** The moves the scans make from where the order stands, oldest first; a delivery of some boxes is Partially Delivered. */
function movesOf(from: OrderStatus, t: ConsignmentTracking): { to: OrderStatus; at: Date; note: string }[] {
  const moves: { to: OrderStatus; at: Date; note: string }[] = [];
  let at = from;
  for (const scan of t.scans) {
    let to = productStatus(scan.status);
    if (to === 'DLV' && t.boxesDelivered < t.boxCount) to = 'PART_DLV';
    if (!to || to === at || !canMoveStatus(at, to, true)) continue;
    moves.push({ to, at: scan.at, note: [scan.location, scan.remark].filter(Boolean).join(' · ') });
    at = to;
  }
  return moves;
}

function noProof(e: unknown): null {
  if (!(e instanceof CourierError)) throw e;
  console.warn(`[b2b] ${e.carrierCode} gave no proof of delivery: ${e.remark}`);
  return null;
}

/** Follows one booked consignment: its scans move the order; delivered boxes bring the proof of delivery. */
export async function followConsignment(deps: AppDeps, orderId: number): Promise<void> {
  const [facts] = await deps.db.select().from(b2bOrders).where(eq(b2bOrders.orderId, orderId));
  if (!facts?.lrNumber || !facts.carrierCode || facts.bookingState !== 'BOOKED') return;
  const carrier = freightCarrier(deps, facts.carrierCode);
  let tracked: ConsignmentTracking | null;
  let proof: FreightProof | null = null;
  try {
    tracked = await carrier.track(facts.lrNumber);
    // the carrier's proof is asked once, when boxes are newly handed over
    if (tracked && tracked.boxesDelivered > 0 && tracked.boxesDelivered !== facts.boxesDelivered)
      // a proof the carrier cannot give yet does not hold the delivery back: the product's is drawn
      proof = (await carrier.proofOfDelivery?.(facts.lrNumber).catch(noProof)) ?? null;
  } catch (e) {
    if (e instanceof CourierError) return; // asked again on the next beat
    throw e;
  }
  if (!tracked) return;
  const now = deps.now();
  await deps.db.transaction(async (tx) => {
    let order = await ownB2bOrder(tx, facts.orgId, orderId, true);
    for (const move of movesOf(order.status as OrderStatus, tracked)) {
      await transitionOrder(tx, order, move.to, { now, at: move.at, note: move.note });
      order = { ...order, status: move.to };
    }
    if (tracked.boxesDelivered === facts.boxesDelivered) return;
    const c = await loadConsignment(tx, order);
    const [{ seller }] = await tx
      .select({ seller: organisations.companyName })
      .from(organisations)
      .where(eq(organisations.id, facts.orgId));
    const delivered = [...tracked.scans].reverse().find((s) => productStatus(s.status) === 'DLV');
    // a carrier that gives no proof names no receiver: the consignee received it
    const receiverName = proof?.receiverName || facts.consigneeContact || facts.consigneeName;
    // the carrier's own PDF is the proof as it is; its scan is drawn on the product's page
    const carrierDocument = proof?.document;
    const scan =
      carrierDocument && carrierDocument.contentType !== 'application/pdf'
        ? { kind: 'STAMP' as const, bytes: carrierDocument.bytes }
        : null;
    const pdf =
      carrierDocument?.contentType === 'application/pdf'
        ? Buffer.from(carrierDocument.bytes)
        : await freightProofOfDeliveryPdf({
            lrNumber: facts.lrNumber!,
            carrierName: carrierNameOf(facts.carrierCode!),
            orderNumber: order.orderNumber,
            seller,
            consignee: consigneeParty(facts),
            bookedAt: facts.bookedAt ?? now,
            deliveredAt: delivered?.at ?? now,
            receiverName,
            boxesDelivered: tracked.boxesDelivered,
            boxCount: boxCountOf(c.boxes),
            image: scan ?? (proof?.image ? { kind: proof.image.kind, bytes: proof.image.png } : null),
            issuedAt: now,
          });
    const fileId = randomUUID();
    await tx.insert(files).values({
      id: fileId,
      orgId: facts.orgId,
      name: `pod-${facts.lrNumber}.pdf`,
      contentType: 'application/pdf',
      byteSize: pdf.length,
      content: pdf.toString('base64'),
    });
    await tx
      .update(b2bOrders)
      .set({ boxesDelivered: tracked.boxesDelivered, podFileId: fileId, receiverName })
      .where(eq(b2bOrders.orderId, orderId));
  });
}

/** The beat: every booked consignment still on its way, one after another. */
/**
 * Follows the booked consignments still on their way, of the carriers asked for: the live
 * carriers' on the courier poll's period, the sandbox's on its tick (the sandbox moves an LR on
 * its tick, so it is read as often); every one when no side is named.
 */
export async function followConsignments(deps: AppDeps, side?: 'live' | 'sandbox'): Promise<number> {
  const live = deps.carriers.liveFreight;
  const carriers =
    side === undefined
      ? []
      : [
          side === 'live'
            ? inArray(b2bOrders.carrierCode, [...live, ''])
            : notInArray(b2bOrders.carrierCode, [...live, '']),
        ];
  const booked = await deps.db
    .select({ orderId: b2bOrders.orderId })
    .from(b2bOrders)
    .innerJoin(orders, eq(orders.id, b2bOrders.orderId))
    .where(
      and(
        eq(b2bOrders.bookingState, 'BOOKED'),
        isNotNull(b2bOrders.lrNumber),
        notInArray(orders.status, SETTLED),
        ...carriers,
      ),
    );
  for (const { orderId } of booked) await followConsignment(deps, orderId);
  return booked.length;
}
