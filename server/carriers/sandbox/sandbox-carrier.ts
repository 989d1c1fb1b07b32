import { randomInt } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import type { AppDeps } from '../../deps';
import { sandboxCourierClaims, sandboxParcels, type PlannedScan } from '../../db/schema';
import { pincodeDraw, unserviceable, type CarrierProfile, type Lane } from '../../../src/domain/shipping/carriers';
import type { CourierStatus } from '../../../src/domain/shipping/courier-status';
import type { Zone } from '../../../src/domain/shipping/zones';
import type {
  BookedShipment,
  BookedMultiPiece,
  CarrierAdapter,
  CourierClaim,
  CourierOperationStatus,
  CourierScan,
  FoundBooking,
  NdrInstruction,
  NdrRequestResult,
  PickupLocationAddress,
  PickupRequest,
  ProofOfDelivery,
  ShipmentRequest,
} from '../adapter';
import { CourierError } from '../courier-error';
import { registeredNameOf, sandboxPickupId } from './pickup-locations';
import { istDay } from '../../../src/domain/format';
import { signaturePng } from './pod-images';
import { consigneeOf } from './consignee-of';
import { nextAttempt, planLife, planReverseLife, returnToOrigin } from './parcel-life';
import { sandboxTransitDays } from './lane-transit';
import { hubScalePng, weighAtHub } from './hub-weighing';
import { alreadyBooked, parcelByReference } from './booking-reference';
import { ASYNC_NDR_COURIERS, parseUplId, uplId, uplStatus } from './ndr-requests';

// One courier of the sandbox network. Booking plans the parcel's life; the courier then reports
// each planned scan once its moment has come, on the app's clock sped up by
// config.sandboxCourier.speed (courier seconds per real second).

const HOUR = 3_600_000;
/** the scans of a booking the courier has not taken into its hands yet: it may still be cancelled */
const BEFORE_PICKUP: ReadonlySet<string> = new Set(['MANIFESTED', 'REV_MANIFESTED', 'REV_PICKUP_ATTEMPTED']);

export class SandboxCarrier implements CarrierAdapter {
  constructor(
    readonly profile: CarrierProfile,
    private readonly deps: AppDeps,
  ) {}

  serviceability(lane: Lane): string | null {
    return unserviceable(this.profile, lane);
  }

  private newAwb(): string {
    const digits = 14 - this.profile.awbPrefix.length;
    return this.profile.awbPrefix + Array.from({ length: digits }, () => randomInt(10)).join('');
  }

  async createShipment(req: ShipmentRequest): Promise<BookedShipment> {
    const again = await alreadyBooked(this.deps.db, this.profile.code, req.clientReference);
    if (again) return again;
    const awb = this.newAwb();
    const routingCode = `${req.to.state.slice(0, 3).toUpperCase()}/${req.to.pincode.slice(0, 3)}/${this.profile.code}`;
    const pickupAt = new Date(
      req.bookedAt.getTime() + (this.profile.behaviour.pickupDelayHours * HOUR) / this.deps.config.sandboxCourier.speed,
    );
    const zone = req.zone as Zone;
    const transitDays = req.reverse
      ? this.profile.transitDays[zone]
      : sandboxTransitDays(
          this.profile,
          {
            fromPincode: req.from.pincode,
            toPincode: req.to.pincode,
            fromPlace: `${req.from.city}|${req.from.state}`,
            toPlace: `${req.to.city}|${req.to.state}`,
            zone,
          },
          req.bookedAt,
          awb,
        );
    const lane = { from: req.from.city, to: req.to.city, transitDays };
    await this.deps.db.insert(sandboxParcels).values({
      awb,
      carrierCode: this.profile.code,
      bookedAt: req.bookedAt,
      plan: req.reverse
        ? planReverseLife(this.profile, awb, lane, req.reverse)
        : weighAtHub(this.profile, awb, planLife(this.profile, awb, lane, consigneeOf(req)), req.weightKg),
      lane,
      delivery: { receiverName: receiverOf(this.profile.code, awb, req.to.name), otp: null },
      clientRef: req.clientReference ?? null,
      routingCode,
      pickupAt,
    });
    // booked on the courier's side; its answer takes a moment to come back
    const answerMs = this.deps.config.sandboxCourier.answerMs ?? 0;
    if (answerMs > 0) await new Promise((r) => setTimeout(r, answerMs));
    return { awb, routingCode, pickupAt };
  }

  findBooking(clientReference: string): Promise<FoundBooking | null> {
    return parcelByReference(this.deps.db, this.profile.code, clientReference);
  }

  /**
   * The master waybill lives as the parcel (its scans are the shipment's, as Delhivery reports an
   * MPS under its master); the child waybills are drawn from the same series, one a box.
   */
  async createMultiPiece(req: ShipmentRequest, boxes: { weightKg: number }[]): Promise<BookedMultiPiece> {
    const max = this.profile.multiPiece?.maxPieces ?? 0;
    if (boxes.length < 2 || boxes.length > max)
      throw new Error(`${this.profile.name} takes 2 to ${max} boxes in one multi-piece shipment`);
    const master = await this.createShipment(req);
    return { ...master, childAwbs: boxes.map(() => this.newAwb()) };
  }

  /**
   * Cancels a booking the courier has not picked up yet (again: nothing more); a parcel it already
   * has is refused with its remark, as a courier's cancel call answers.
   */
  async cancel(awb: string): Promise<void> {
    const [p] = await this.deps.db
      .select()
      .from(sandboxParcels)
      .where(and(eq(sandboxParcels.awb, awb), eq(sandboxParcels.carrierCode, this.profile.code)));
    if (!p) throw new CourierError(this.profile.code, 'REFUSED', `No shipment with waybill ${awb}`);
    if (p.cancelled) return;
    const due = dueScans(p, this.deps.now(), this.deps.config.sandboxCourier.speed);
    if (due.some((s) => !BEFORE_PICKUP.has(s.courierStatus)))
      throw new CourierError(this.profile.code, 'REFUSED', 'The shipment is already picked up; it cannot be cancelled');
    await this.deps.db.update(sandboxParcels).set({ cancelled: true }).where(eq(sandboxParcels.awb, awb));
  }

  /**
   * One request a registered warehouse a day, as Delhivery takes them: asked again for the same
   * warehouse and day (a higher count), the same request answers. A name other than the one
   * registration answered is refused with Delhivery's words.
   */
  async requestPickup(request: PickupRequest): Promise<{ pickupId: string }> {
    const refuse = (why: string) => new CourierError(this.profile.code, 'REFUSED', why);
    if (!request.locationName || request.locationName !== registeredNameOf(request.locationName))
      throw refuse('ClientWarehouse matching query does not exist');
    if (!(request.expectedCount > 0)) throw refuse('expected_package_count must be positive');
    if (request.date < istDay(this.deps.now())) throw refuse('pickup_date cannot be in the past');
    return { pickupId: sandboxPickupId(this.profile.code, request.locationName, request.date) };
  }

  /** Registers a warehouse under its entity name as the courier keeps it (trimmed, single spaces). */
  async registerPickupLocation(address: PickupLocationAddress): Promise<{ registeredName: string }> {
    const registeredName = registeredNameOf(address.entityName);
    if (!registeredName) throw new CourierError(this.profile.code, 'REFUSED', 'name is required for a warehouse');
    return { registeredName };
  }

  /** The scans due by now on the sped-up clock, all of them (a courier's tracking API answers the whole history). */
  async track(awb: string): Promise<CourierScan[]> {
    const [p] = await this.deps.db
      .select()
      .from(sandboxParcels)
      .where(and(eq(sandboxParcels.awb, awb), eq(sandboxParcels.carrierCode, this.profile.code)));
    if (!p) return [];
    return dueScans(p, this.deps.now(), this.deps.config.sandboxCourier.speed);
  }

  /**
   * After a failed attempt: another attempt (on the asked day, with new details) or a return.
   * Only while the parcel waits at its last failed attempt; the next attempt's outcome follows
   * the courier's profile, better when the details were corrected or the buyer confirmed.
   */
  async ndrAction(awb: string, instruction: NdrInstruction): Promise<NdrRequestResult> {
    const [p] = await this.deps.db
      .select()
      .from(sandboxParcels)
      .where(and(eq(sandboxParcels.awb, awb), eq(sandboxParcels.carrierCode, this.profile.code)));
    if (!p || p.cancelled) return { accepted: false, reason: 'The courier has no such parcel' };
    const speed = this.deps.config.sandboxCourier.speed;
    const due = dueScans(p, this.deps.now(), speed);
    const last = due.at(-1);
    if (!last || last.courierStatus !== 'UNDELIVERED')
      return { accepted: false, reason: 'The parcel is not waiting after a failed attempt' };
    const attempt = due.filter((x) => x.courierStatus === 'UNDELIVERED').length;
    const nowMs = (this.deps.now().getTime() - p.bookedAt.getTime()) * speed;
    const kept = p.plan.slice(0, due.length);
    let rest: PlannedScan[];
    if (instruction.action === 'RTO') {
      rest = returnToOrigin(this.profile, awb, Math.max(nowMs, kept.at(-1)!.afterMs) + HOUR, p.lane);
    } else {
      // corrected details or the buyer's word make the next attempt likelier to succeed
      const helped = instruction.buyerConfirmed || instruction.address || instruction.phone;
      const factor = helped ? 0.3 : instruction.action === 'FAKE_ATTEMPT' ? 0.5 : 1;
      const dayMs = instruction.date ? istMidnightMs(instruction.date) - p.bookedAt.getTime() : undefined;
      rest = nextAttempt(
        this.profile,
        awb,
        Math.max(nowMs, kept.at(-1)!.afterMs),
        attempt + 1,
        p.lane,
        factor,
        dayMs === undefined ? undefined : dayMs * speed,
      );
    }
    await this.deps.db
      .update(sandboxParcels)
      .set({ plan: [...kept, ...rest] })
      .where(eq(sandboxParcels.awb, awb));
    if (ASYNC_NDR_COURIERS.has(this.profile.code))
      return { accepted: 'PENDING', requestId: uplId(this.deps.now(), awb, attempt) };
    return { accepted: true, reference: `${this.profile.code}-NDR-${awb}-${attempt}-${instruction.action}` };
  }

  async operationStatus(requestIds: string[]): Promise<Map<string, CourierOperationStatus>> {
    const answers = new Map<string, CourierOperationStatus>();
    for (const id of requestIds) {
      const asked = parseUplId(id);
      if (!asked) continue;
      const [p] = await this.deps.db
        .select({ cancelled: sandboxParcels.cancelled })
        .from(sandboxParcels)
        .where(and(eq(sandboxParcels.awb, asked.awb), eq(sandboxParcels.carrierCode, this.profile.code)));
      if (p) answers.set(id, uplStatus(asked, this.deps.now(), !p.cancelled));
    }
    return answers;
  }

  /**
   * Takes a claim and answers its claim number, as a courier's claims desk does: one claim per
   * reference (a repeat answers the first). The sandbox records it and decides nothing; staff
   * settle the dispute in the corporate area.
   */
  async fileClaim(claim: CourierClaim): Promise<{ claimRef: string }> {
    const claimRef = `CLM-${this.profile.code}-${claim.awb.slice(-6)}-${randomInt(100_000, 1_000_000)}`;
    await this.deps.db
      .insert(sandboxCourierClaims)
      .values({
        reference: claim.reference,
        awb: claim.awb,
        carrierCode: this.profile.code,
        claimRef,
        category: claim.category,
        description: claim.description,
        evidenceUrls: claim.evidenceUrls,
        filedAt: this.deps.now(),
      })
      .onConflictDoNothing();
    const [row] = await this.deps.db
      .select({ claimRef: sandboxCourierClaims.claimRef })
      .from(sandboxCourierClaims)
      .where(eq(sandboxCourierClaims.reference, claim.reference));
    return { claimRef: row.claimRef };
  }

  /** Two photos of the parcel at the buyer's door, as the courier's app takes them at a check. */
  async qcPhotos(awb: string): Promise<{ name: string; bytes: Uint8Array }[]> {
    return [1, 2].map((n) => ({ name: `qc-${awb}-${n}.png`, bytes: new Uint8Array(DOORSTEP_PNG) }));
  }

  /** The hub's photo of a parcel it re-weighed: a small picture of a parcel on a scale, drawn for the AWB. */
  async hubPhoto(awb: string): Promise<{ name: string; bytes: Uint8Array } | null> {
    const [p] = await this.deps.db
      .select({ plan: sandboxParcels.plan })
      .from(sandboxParcels)
      .where(and(eq(sandboxParcels.awb, awb), eq(sandboxParcels.carrierCode, this.profile.code)));
    const weighing = p?.plan.find((s) => s.hubWeight)?.hubWeight;
    if (!weighing) return null;
    return { name: `hub-${awb}.png`, bytes: hubScalePng(awb, weighing.deadWeightKg) };
  }

  /** The receiver's signature on the courier's handset, once the parcel is delivered. */
  async proofOfDelivery(awb: string): Promise<ProofOfDelivery | null> {
    const [p] = await this.deps.db
      .select()
      .from(sandboxParcels)
      .where(and(eq(sandboxParcels.awb, awb), eq(sandboxParcels.carrierCode, this.profile.code)));
    if (!p) return null;
    const delivered = dueScans(p, this.deps.now(), this.deps.config.sandboxCourier.speed).find(
      (s) => s.courierStatus === 'DELIVERED',
    );
    if (!delivered) return null;
    // a parcel booked before receivers were kept is signed for by "Receiver"
    const receiverName = p.delivery?.receiverName ?? 'Receiver';
    return {
      deliveredAt: delivered.at,
      receiverName,
      otpVerified: false,
      image: { kind: 'SIGNATURE', png: signaturePng(awb, receiverName) },
    };
  }

  /** Couriers of the national network deliver without an OTP. */
  async deliveryOtp(): Promise<string | null> {
    return null;
  }
}

/**
 * Who signs for the parcel: mostly the buyer, sometimes someone at the address for them, as a
 * courier's POD records it.
 */
function receiverOf(code: string, awb: string, buyer: string): string {
  const draw = pincodeDraw(code, awb, 'receiver');
  if (draw < 0.8) return buyer;
  return draw < 0.9 ? `Family member of ${buyer}` : `Security guard for ${buyer}`;
}

/** A 1×1 PNG: the sandbox courier's doorstep photo (a real courier sends its camera's). */
const DOORSTEP_PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
);

/** 00:00 in India of a yyyy-mm-dd, as epoch ms. */
function istMidnightMs(day: string): number {
  return Date.parse(`${day}T00:00:00+05:30`);
}

export function dueScans(
  p: { awb: string; bookedAt: Date; plan: PlannedScan[]; cancelled: boolean },
  now: Date,
  speed: number,
): CourierScan[] {
  const elapsed = (now.getTime() - p.bookedAt.getTime()) * speed;
  const due = p.cancelled ? p.plan.slice(0, 1) : p.plan.filter((s) => s.afterMs <= elapsed);
  return due.map((s) => ({
    awb: p.awb,
    at: new Date(p.bookedAt.getTime() + s.afterMs / speed),
    courierStatus: s.courierStatus as CourierStatus,
    location: s.location,
    remark: s.remark,
    ...(s.reasonCode ? { reasonCode: s.reasonCode } : {}),
    ...(s.hubWeight ? { hubWeight: s.hubWeight } : {}),
  }));
}
