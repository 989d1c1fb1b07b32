import { randomInt } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import type { AppDeps } from '../../deps';
import { sandboxParcels, type PlannedScan, type SandboxDelivery } from '../../db/schema';
import type { CarrierCode, CarrierProfile, Lane } from '../../../src/domain/shipping/carriers';
import { DELIVERY_OTP_PATTERN, type HyperlocalPartner } from '../../../src/domain/shipping/hyperlocal';
import type {
  BookedShipment,
  CarrierAdapter,
  CourierScan,
  FoundBooking,
  NdrRequestResult,
  PickupRequest,
  ProofOfDelivery,
  ShipmentRequest,
} from '../adapter';
import { sandboxPickupId } from './pickup-locations';
import { dueScans } from './sandbox-carrier';
import { alreadyBooked, parcelByReference } from './booking-reference';
import { doorstepPhotoPng } from './pod-images';

// A sandbox hyperlocal partner, modelled on the public APIs of city delivery fleets (Borzo,
// Porter, Shadowfax Local): an order is booked into a slot, a rider is assigned at once, picks
// the parcel up when the slot opens and rides to the drop (our In Transit, then Out For Delivery
// when at the door); the rider hands it over only when the
// buyer reads out the 4-digit OTP, and the partner then reports it delivered with the rider's
// photo and the receiver's name. Its life is kept in the sandbox parcels table like any courier's,
// and its scans (in the partner's own status words) reach the product through the same ingestion.

const MINUTE = 60_000;
const RIDERS = ['Ravi Kumar', 'Imran Shaikh', 'Suresh Naik', 'Anil Yadav', 'Mohan Das', 'Joseph Thomas'];
/** wrong OTPs the rider may enter before the partner locks the handover */
export const OTP_ATTEMPTS = 5;

/** The partner as the courier network's profile: one city, priced by distance (its card is unused). */
export function partnerProfile(p: HyperlocalPartner): CarrierProfile {
  const flat = { firstSlabPaise: p.basePaise, nextSlabPaise: 0 };
  return {
    // the network is keyed by courier codes; a partner joins it under its own
    code: p.code as CarrierCode,
    name: p.name,
    mode: 'Surface',
    b2b: false,
    minKg: 0,
    maxKg: p.maxKg,
    coverage: 1,
    codCoverage: p.cod ? 1 : 0,
    servesSpecialZone: true,
    localOnly: true,
    transitDays: { A: 0, B: 1, C: 1, D: 1, E: 1 },
    behaviour: { pickupDelayHours: 0, ndrRate: 0, rtoRate: 0, lossRate: 0, weightDiscrepancyRate: 0 },
    awbPrefix: p.awbPrefix,
    rateCard: {
      zones: { A: flat, B: flat, C: flat, D: flat, E: flat },
      minChargeableKg: 0,
      codFixedPaise: p.codFeePaise,
      codPercent: 0,
      rtoPercent: 0,
    },
  };
}

export type OtpEntry =
  | { delivered: true; awb: string }
  | { delivered: false; reason: 'NOT_OUT_FOR_DELIVERY' | 'WRONG_OTP' | 'LOCKED'; attemptsLeft: number };

export class SandboxHyperlocalPartner implements CarrierAdapter {
  readonly profile: CarrierProfile;

  constructor(
    readonly partner: HyperlocalPartner,
    private readonly deps: AppDeps,
  ) {
    this.profile = partnerProfile(partner);
  }

  /** Distance, radius and slots are judged by the quote (src/domain/shipping/hyperlocal.ts); the lane only says one city. */
  serviceability(lane: Lane): string | null {
    if (lane.zone !== 'A') return `${this.partner.name} delivers within one city only`;
    if (lane.weightKg > this.partner.maxKg) return `${this.partner.name} takes parcels up to ${this.partner.maxKg} kg`;
    return null;
  }

  async createShipment(req: ShipmentRequest): Promise<BookedShipment> {
    if (!req.slot) throw new Error(`${this.partner.name} books a delivery slot`);
    const again = await alreadyBooked(this.deps.db, this.partner.code, req.clientReference);
    if (again) return again;
    const awb = `${this.partner.awbPrefix}${Array.from({ length: 10 }, () => randomInt(10)).join('')}`;
    const w = this.partner.statusWords;
    const rider = RIDERS[randomInt(RIDERS.length)];
    const pickupMs = Math.max(MINUTE, req.slot.startsAt.getTime() - req.bookedAt.getTime());
    const plan: PlannedScan[] = [
      { afterMs: 0, courierStatus: w.assigned, location: req.from.city, remark: `Rider ${rider} assigned` },
      { afterMs: pickupMs, courierStatus: w.pickedUp, location: req.from.city, remark: `Picked up by ${rider}` },
      {
        afterMs: pickupMs + 5 * MINUTE,
        courierStatus: w.onTheWay,
        location: req.from.city,
        remark: `${rider} is riding to the drop`,
      },
      {
        afterMs: pickupMs + 25 * MINUTE,
        courierStatus: w.outForDelivery,
        location: req.to.city,
        remark: `${rider} has reached the drop`,
      },
      // the handover waits for the buyer's OTP (deliverWithOtp)
    ];
    const delivery: SandboxDelivery = {
      receiverName: req.to.name,
      otp: String(randomInt(10_000)).padStart(4, '0'),
      slot: { startsAt: req.slot.startsAt.toISOString(), endsAt: req.slot.endsAt.toISOString() },
    };
    await this.deps.db.insert(sandboxParcels).values({
      awb,
      carrierCode: this.partner.code,
      bookedAt: req.bookedAt,
      plan,
      lane: { from: req.from.city, to: req.to.city, transitDays: 0 },
      delivery,
      clientRef: req.clientReference ?? null,
      routingCode: `${this.partner.awbPrefix}/${req.to.pincode}`,
      pickupAt: req.slot.startsAt,
      riderName: rider,
    });
    return {
      awb,
      routingCode: `${this.partner.awbPrefix}/${req.to.pincode}`,
      pickupAt: req.slot.startsAt,
      riderName: rider,
    };
  }

  findBooking(clientReference: string): Promise<FoundBooking | null> {
    return parcelByReference(this.deps.db, this.partner.code, clientReference);
  }

  private async parcel(awb: string) {
    const [p] = await this.deps.db
      .select()
      .from(sandboxParcels)
      .where(and(eq(sandboxParcels.awb, awb), eq(sandboxParcels.carrierCode, this.partner.code)));
    return p ?? null;
  }

  private nowMs(p: { bookedAt: Date }): number {
    return (this.deps.now().getTime() - p.bookedAt.getTime()) * this.deps.config.sandboxCourier.speed;
  }

  async cancel(awb: string): Promise<void> {
    await this.deps.db.update(sandboxParcels).set({ cancelled: true }).where(eq(sandboxParcels.awb, awb));
  }

  /** A rider is sent for every order as it is booked; there is no separate pickup request. */
  async requestPickup(request: PickupRequest): Promise<{ pickupId: string }> {
    return { pickupId: sandboxPickupId(this.partner.awbPrefix, request.locationName, request.date) };
  }

  async track(awb: string): Promise<CourierScan[]> {
    const p = await this.parcel(awb);
    return p ? dueScans(p, this.deps.now(), this.deps.config.sandboxCourier.speed) : [];
  }

  /** A rider at the door without the OTP does not leave the parcel; there is no re-attempt to ask for. */
  async ndrAction(): Promise<NdrRequestResult> {
    return { accepted: false, reason: `${this.partner.name} delivers only against the buyer's OTP` };
  }

  async fileClaim(claim: { awb: string }): Promise<{ claimRef: string }> {
    return { claimRef: `${this.partner.awbPrefix}-CLM-${claim.awb.slice(-6)}` };
  }

  async qcPhotos(): Promise<{ name: string; bytes: Uint8Array }[]> {
    return [];
  }

  async hubPhoto(): Promise<null> {
    return null;
  }

  /** The OTP once the rider is on the way (the partner shares it for the buyer then), null before. */
  async deliveryOtp(awb: string): Promise<string | null> {
    const p = await this.parcel(awb);
    if (!p?.delivery?.otp) return null;
    const due = dueScans(p, this.deps.now(), this.deps.config.sandboxCourier.speed);
    return due.some((s) => s.courierStatus === this.partner.statusWords.outForDelivery) ? p.delivery.otp : null;
  }

  async proofOfDelivery(awb: string): Promise<ProofOfDelivery | null> {
    const p = await this.parcel(awb);
    if (!p?.delivery) return null;
    const delivered = dueScans(p, this.deps.now(), this.deps.config.sandboxCourier.speed).find(
      (s) => s.courierStatus === this.partner.statusWords.delivered,
    );
    if (!delivered) return null;
    return {
      deliveredAt: delivered.at,
      receiverName: p.delivery.receiverName,
      otpVerified: Boolean(p.delivery.otpVerifiedAt),
      image: { kind: 'PHOTO', png: doorstepPhotoPng(awb) },
    };
  }

  /** Brings the rider's next step (picked up, riding, at the drop) forward to now; false when none is left before the handover. */
  async nextRiderStep(awb: string): Promise<boolean> {
    const p = await this.parcel(awb);
    if (!p || p.cancelled) return false;
    const nowMs = this.nowMs(p);
    const next = p.plan.findIndex((s) => s.afterMs > nowMs);
    if (next < 0) return false;
    const shift = p.plan[next].afterMs - nowMs;
    const plan = p.plan.map((s, i) => (i >= next ? { ...s, afterMs: s.afterMs - shift } : s));
    await this.deps.db.update(sandboxParcels).set({ plan }).where(eq(sandboxParcels.awb, awb));
    return true;
  }

  /**
   * The rider enters the OTP the buyer reads out. The right one while on the way hands the parcel
   * over: the delivered report (with the receiver) comes due now. A wrong one counts; after
   * OTP_ATTEMPTS the handover is locked. One statement decides, so two entries cannot both deliver.
   */
  async deliverWithOtp(awb: string, otp: string, receiverName?: string): Promise<OtpEntry> {
    return this.deps.db.transaction(async (tx) => {
      const [p] = await tx
        .select()
        .from(sandboxParcels)
        .where(and(eq(sandboxParcels.awb, awb), eq(sandboxParcels.carrierCode, this.partner.code)))
        .for('update');
      const d = p?.delivery;
      const failures = d?.otpFailures ?? 0;
      const left = OTP_ATTEMPTS - failures;
      if (!p || !d || p.cancelled) return { delivered: false, reason: 'NOT_OUT_FOR_DELIVERY', attemptsLeft: left };
      const w = this.partner.statusWords;
      const nowMs = this.nowMs(p);
      const due = p.plan.filter((s) => s.afterMs <= nowMs);
      if (due.at(-1)?.courierStatus !== w.outForDelivery)
        return { delivered: false, reason: 'NOT_OUT_FOR_DELIVERY', attemptsLeft: left };
      if (left <= 0) return { delivered: false, reason: 'LOCKED', attemptsLeft: 0 };
      if (!DELIVERY_OTP_PATTERN.test(otp) || otp !== d.otp) {
        await tx
          .update(sandboxParcels)
          .set({ delivery: { ...d, otpFailures: failures + 1 } })
          .where(eq(sandboxParcels.awb, awb));
        return { delivered: false, reason: left - 1 <= 0 ? 'LOCKED' : 'WRONG_OTP', attemptsLeft: left - 1 };
      }
      const receiver = receiverName?.trim() || d.receiverName;
      const at = Math.max(nowMs, due.at(-1)!.afterMs + 1_000);
      await tx
        .update(sandboxParcels)
        .set({
          plan: [
            ...due,
            {
              afterMs: at,
              courierStatus: w.delivered,
              location: p.lane.to,
              remark: `Delivered to ${receiver}, OTP verified`,
            },
          ],
          delivery: { ...d, receiverName: receiver, otpVerifiedAt: this.deps.now().toISOString() },
        })
        .where(eq(sandboxParcels.awb, awb));
      return { delivered: true, awb };
    });
  }
}
