import { randomInt } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import type { AppDeps } from '../../deps';
import { sandboxParcels, type PlannedScan } from '../../db/schema';
import { EWAY_BILL_NUMBER } from '../../../src/domain/b2b/eway-bill-number';
import { B2B_MSG } from '../../../src/domain/b2b/messages';
import { istDay } from '../../../src/domain/format';
import { pincodeDraw, type CarrierProfile } from '../../../src/domain/shipping/carriers';
import type { Zone } from '../../../src/domain/shipping/zones';
import { CourierError } from '../courier-error';
import {
  eachBox,
  freightRefusal,
  type ConsignmentRequest,
  type ConsignmentTracking,
  type FreightBooking,
  type FreightCarrier,
  type FreightInvoice,
  type FreightPickupRequest,
  type FreightProof,
} from '../freight';
import { consigneeStampPng } from './pod-images';
import { registeredNameOf, sandboxPickupId } from './pickup-locations';
import { dueScans } from './sandbox-carrier';

// A freight carrier of the sandbox network: books a consignment as one LR (kept as a sandbox
// parcel under the LR's number) with a box number for each box, plans its life from the
// carrier's profile (manifested, collected or dropped at the hub, in transit, out for delivery,
// delivered, every box together), and answers tracking at LR level with its box counts. It
// refuses what every freight carrier refuses (freight.ts: a consignment above ₹50,000 whose
// invoices lack e-way bills, a malformed GSTIN or bill number), and a cancel once the boxes are
// picked up.

const HOUR = 3_600_000;
const DAY = 24 * HOUR;
const BEFORE_PICKUP = new Set(['MANIFESTED']);

export class SandboxFreight implements FreightCarrier {
  readonly code: string;
  readonly name: string;

  constructor(
    private readonly profile: CarrierProfile,
    private readonly deps: AppDeps,
    /** the freight service's own code and name, when it differs from the profile's (Delhivery LTL) */
    service: { code: string; name: string } = profile,
  ) {
    this.code = service.code;
    this.name = service.name;
  }

  async book(req: ConsignmentRequest): Promise<FreightBooking> {
    const refused = freightRefusal(req);
    if (refused) throw this.refusal(refused);
    for (const [pin, words] of [
      [req.consignor.pincode, 'pick up from'],
      [req.consignee.pincode, 'deliver to'],
    ] as const)
      if (pincodeDraw(this.profile.code, pin, words === 'pick up from' ? 'pickup' : '') >= this.profile.coverage)
        throw this.refusal(`${this.name} does not ${words} ${pin}`);
    const [again] = await this.deps.db
      .select()
      .from(sandboxParcels)
      .where(and(eq(sandboxParcels.clientRef, this.refOf(req.reference)), eq(sandboxParcels.carrierCode, this.code)));
    if (again) return { state: 'BOOKED', lrNumber: again.awb, boxNumbers: boxNumbersOf(again.awb, again.lane.boxes) };
    const lrNumber = this.newLr();
    const boxes = eachBox(req.boxes).length;
    const zone: Zone = req.consignor.pincode.slice(0, 3) === req.consignee.pincode.slice(0, 3) ? 'A' : 'D';
    const lane = { from: req.consignor.city, to: req.consignee.city, transitDays: this.profile.transitDays[zone] };
    const speed = this.deps.config.sandboxCourier.speed;
    await this.deps.db.insert(sandboxParcels).values({
      awb: lrNumber,
      carrierCode: this.code,
      bookedAt: req.bookedAt,
      plan: this.planOf(lane, req.handover),
      lane: {
        ...lane,
        boxes,
        ewayBills: req.invoices.map((i) => i.ewayBillNumber).filter((n): n is string => !!n),
      },
      delivery: { receiverName: req.consignee.businessName, otp: null },
      clientRef: this.refOf(req.reference),
      routingCode: `${req.consignee.state.slice(0, 3).toUpperCase()}/${req.consignee.pincode.slice(0, 3)}/${this.code}`,
      pickupAt: new Date(req.bookedAt.getTime() + (this.profile.behaviour.pickupDelayHours * HOUR) / speed),
    });
    return { state: 'BOOKED', lrNumber, boxNumbers: boxNumbersOf(lrNumber, boxes) };
  }

  /** The sandbox books at once: there is no job to ask about. */
  async bookingStatus(jobId: string): Promise<FreightBooking> {
    return { state: 'FAILED', reason: `${this.name} has no booking job ${jobId}` };
  }

  async track(lrNumber: string): Promise<ConsignmentTracking | null> {
    const p = await this.lr(lrNumber);
    if (!p) return null;
    const scans = dueScans(p, this.deps.now(), this.deps.config.sandboxCourier.speed);
    const boxCount = p.lane.boxes ?? 1;
    return {
      lrNumber,
      boxCount,
      boxesDelivered: scans.some((s) => s.courierStatus === 'DELIVERED') ? boxCount : 0,
      scans: scans.map((s) => ({
        lrNumber,
        at: s.at,
        carrierStatus: s.courierStatus,
        status: s.courierStatus as ConsignmentTracking['scans'][number]['status'],
        location: s.location,
        remark: s.remark,
      })),
    };
  }

  async requestPickup(request: FreightPickupRequest): Promise<{ pickupId: string }> {
    if (!request.warehouseName || request.warehouseName !== registeredNameOf(request.warehouseName))
      throw this.refusal('The warehouse is not registered under that name');
    if (!(request.expectedBoxes > 0)) throw this.refusal('The expected box count must be positive');
    if (request.date < istDay(this.deps.now())) throw this.refusal('The pickup date cannot be in the past');
    return { pickupId: sandboxPickupId(this.code, request.warehouseName, request.date) };
  }

  async updateEwaybill(lrNumber: string, bill: FreightInvoice): Promise<void> {
    const p = await this.lr(lrNumber);
    if (!p || p.cancelled) throw this.refusal(`No consignment with LR ${lrNumber}`);
    if (!bill.ewayBillNumber || !EWAY_BILL_NUMBER.test(bill.ewayBillNumber))
      throw this.refusal(B2B_MSG.invoiceEwayBillNumberFormat(bill.number));
    const due = dueScans(p, this.deps.now(), this.deps.config.sandboxCourier.speed);
    if (due.some((s) => s.courierStatus === 'DELIVERED'))
      throw this.refusal('The consignment is delivered; its e-way bill can no longer change');
    const ewayBills = [...new Set([...(p.lane.ewayBills ?? []), bill.ewayBillNumber])];
    await this.deps.db
      .update(sandboxParcels)
      .set({ lane: { ...p.lane, ewayBills } })
      .where(eq(sandboxParcels.awb, lrNumber));
  }

  async cancel(lrNumber: string): Promise<void> {
    const p = await this.lr(lrNumber);
    if (!p) throw this.refusal(`No consignment with LR ${lrNumber}`);
    if (p.cancelled) return;
    const due = dueScans(p, this.deps.now(), this.deps.config.sandboxCourier.speed);
    if (due.some((s) => !BEFORE_PICKUP.has(s.courierStatus)))
      throw this.refusal('The consignment is already picked up; it cannot be cancelled');
    await this.deps.db.update(sandboxParcels).set({ cancelled: true }).where(eq(sandboxParcels.awb, lrNumber));
  }

  /** A delivered LR's proof: the consignee took every box and pressed its stamp on the receipt. */
  async proofOfDelivery(lrNumber: string): Promise<FreightProof | null> {
    const p = await this.lr(lrNumber);
    if (!p || p.cancelled) return null;
    const due = dueScans(p, this.deps.now(), this.deps.config.sandboxCourier.speed);
    if (!due.some((s) => s.courierStatus === 'DELIVERED')) return null;
    const receiverName = p.delivery?.receiverName ?? 'Consignee';
    return { receiverName, image: { kind: 'STAMP', png: consigneeStampPng(lrNumber, receiverName) } };
  }

  /** Manifested; collected (or dropped at the hub) after the carrier's pickup delay; on the road; delivered at once. */
  private planOf(lane: { from: string; to: string; transitDays: number }, handover: 'PICKUP' | 'SELF_DROP') {
    const pickedUp = this.profile.behaviour.pickupDelayHours * HOUR;
    const ofd = Math.ceil((pickedUp + lane.transitDays * DAY) / DAY) * DAY + 9 * HOUR;
    const scan = (afterMs: number, courierStatus: string, location: string, remark: string): PlannedScan => ({
      afterMs,
      courierStatus,
      location,
      remark,
    });
    return [
      scan(0, 'MANIFESTED', lane.from, 'LR created'),
      scan(
        pickedUp,
        'PICKED_UP',
        lane.from,
        handover === 'PICKUP' ? 'Picked up from the warehouse' : 'Received at hub',
      ),
      scan(pickedUp + 6 * HOUR, 'IN_TRANSIT', lane.from, 'Left origin hub'),
      scan(ofd, 'OUT_FOR_DELIVERY', lane.to, 'Out for delivery'),
      scan(ofd + 5 * HOUR, 'DELIVERED', lane.to, 'Delivered, all boxes'),
    ];
  }

  private async lr(lrNumber: string) {
    const [p] = await this.deps.db
      .select()
      .from(sandboxParcels)
      .where(and(eq(sandboxParcels.awb, lrNumber), eq(sandboxParcels.carrierCode, this.code)));
    return p;
  }

  /** references are unique across the sandbox's parcels: a consignment's is kept under its service */
  private refOf(reference: string): string {
    return `${this.code}:${reference}`;
  }

  private newLr(): string {
    return `${this.profile.awbPrefix}${Array.from({ length: 10 }, () => randomInt(10)).join('')}`;
  }

  private refusal(remark: string): CourierError {
    return new CourierError(this.code, 'REFUSED', remark);
  }
}

/** One number a box: the LR and the box's place, as the box labels print it. */
export function boxNumbersOf(lrNumber: string, boxes = 1): string[] {
  return Array.from({ length: boxes }, (_, i) => `${lrNumber}${String(i + 1).padStart(3, '0')}`);
}
