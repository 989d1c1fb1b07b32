import type {
  BookedShipment,
  CarrierAdapter,
  CourierClaim,
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
import type { CallMeter } from '../http/call-meter';
import { CourierHttp } from '../http/courier-http';
import { TokenSession } from '../http/token-session';
import type { CourierSettings } from '../settings';
import { trackingLimitsOf } from '../tracking-limits';
import { unserviceable, type CarrierProfile, type Lane } from '../../../src/domain/shipping/carriers';
import { ekartFailure, ekartRemark, scansOfTrack } from './answers';
import { ndrBody } from './ndr-body';
import { rawTrackOf, type EkartRawTrack } from './raw-track';
import {
  EKART_IDS_PER_CALL,
  EKART_PATHS,
  type EkartAck,
  type EkartCreated,
  type EkartEstimate,
  type EkartManifest,
  type EkartPincode,
  type EkartToken,
  type EkartTrack,
} from './shapes';
import { shipmentBody, tenDigits, type AccountHolder } from './shipment-body';
import { ensureEkartWebhook, ekartWebhookSecret } from './webhook';
import { rupeesOf } from '../../../src/domain/money';

// Ekart (its Elite API) behind the product's courier interface. It logs in with the account's
// client id, username and password for a bearer token that lasts about a day; books with its
// order number set to our client reference; tracks one tracking id a call; hands parcels over by
// manifest (it takes no pickup request of its own); takes NDR instructions at once; and registers
// the product's webhook through its API. Serviceability stays a local decision on the rate card:
// its pincode call is there for staff and checks, never on the quoting path.

const HOUR = 3_600_000;
const CANCELLED = new Set(['Cancelled', 'Seller Cancelled']);

export interface EkartOptions {
  /** the seller on Ekart's side: the account holder's registered address and GSTIN */
  holder: AccountHolder;
  timeoutMs?: number;
  meter?: CallMeter;
  now?: () => Date;
  fetch?: typeof fetch;
}

export class EkartCourier implements CarrierAdapter {
  readonly profile: CarrierProfile;
  readonly http: CourierHttp;
  readonly session: TokenSession;
  private readonly answers: CourierHttp;
  private readonly now: () => Date;

  constructor(
    profile: CarrierProfile,
    private readonly settings: CourierSettings & { baseUrl: string },
    private readonly o: EkartOptions,
  ) {
    const { clientId, username, password } = settings;
    if (!clientId || !username || !password)
      throw new Error('Ekart needs EKART_CLIENT_ID, EKART_USERNAME and EKART_PASSWORD');
    // returns are not booked with Ekart through this adapter yet (its reverse scans share the forward words)
    this.profile = { ...profile, reverse: undefined };
    this.now = o.now ?? (() => new Date());
    const base = {
      carrierCode: profile.code,
      baseUrl: settings.baseUrl,
      timeoutMs: o.timeoutMs ?? 15_000,
      rateWindowSeconds: trackingLimitsOf(profile.code).windowSeconds,
      remarkOf: ekartRemark,
      meter: o.meter,
      now: this.now,
      ...(o.fetch ? { fetch: o.fetch } : {}),
    };
    const login = new CourierHttp({ ...base, auth: { kind: 'none' } });
    this.session = new TokenSession(async () => {
      const t = await login.call<EkartToken>({
        operation: 'login',
        path: EKART_PATHS.token(clientId),
        json: { username, password },
      });
      return { token: t.access_token, expiresInSeconds: t.expires_in };
    }, this.now);
    const auth = { kind: 'session' as const, session: this.session };
    this.http = new CourierHttp({ ...base, auth, failedBody: ekartFailure });
    // for calls whose `status: false` is an answer, not a failure (a pincode it does not serve)
    this.answers = new CourierHttp({ ...base, auth });
  }

  /** Decided on the rate card's coverage, never by a call (quoting asks every courier at once). */
  serviceability(lane: Lane): string | null {
    return unserviceable(this.profile, lane);
  }

  async createShipment(req: ShipmentRequest): Promise<BookedShipment> {
    const body = shipmentBody(req, this.o.holder);
    try {
      const created = await this.http.call<EkartCreated>({
        operation: 'create',
        method: 'PUT',
        path: EKART_PATHS.create,
        json: body,
      });
      return {
        awb: created.tracking_id,
        routingCode: created.vendor,
        pickupAt: new Date(req.bookedAt.getTime() + 4 * HOUR),
      };
    } catch (e) {
      // Ekart keeps one shipment per order number: a repeat is answered with the one booked before
      if (e instanceof CourierError && e.kind === 'REFUSED' && /already exists/i.test(e.remark)) {
        const found = await this.findBooking(body.order_number);
        if (found) return { awb: found.awb, routingCode: found.routingCode, pickupAt: found.pickupAt };
      }
      throw e;
    }
  }

  /** Ekart's tracking answer for an id (its tracking id, or the order number we booked with), null when it has none. */
  private async trackAnswer(id: string): Promise<EkartTrack | null> {
    try {
      return await this.http.call<EkartTrack>({ operation: 'track', path: EKART_PATHS.track(id) });
    } catch (e) {
      if (e instanceof CourierError && e.httpStatus === 404) return null;
      throw e;
    }
  }

  /** The partner's raw tracking for a tracking id: who carries it, its receiver, its history. */
  private async rawTrack(trackingId: string): Promise<EkartRawTrack | null> {
    try {
      const answer = await this.http.call<unknown>({
        operation: 'track-raw',
        path: `/data/v1/elite/track/${encodeURIComponent(trackingId)}`,
      });
      return rawTrackOf(answer, trackingId);
    } catch (e) {
      if (e instanceof CourierError && e.httpStatus === 404) return null;
      throw e;
    }
  }

  async findBooking(clientReference: string): Promise<FoundBooking | null> {
    const answer = await this.trackAnswer(clientReference);
    if (!answer || answer.order_number !== clientReference) return null;
    const raw = await this.rawTrack(answer._id);
    const placed = answer.track.details?.[0]?.ctime ?? answer.track.ctime;
    return {
      awb: answer._id,
      routingCode: raw?.vendor ?? '',
      pickupAt: new Date(answer.track.pickupTime || placed + 4 * HOUR),
      cancelled: CANCELLED.has(answer.track.status),
    };
  }

  async cancel(awb: string): Promise<void> {
    await this.http.call({
      operation: 'cancel',
      method: 'DELETE',
      path: EKART_PATHS.cancel,
      query: { tracking_id: awb },
    });
  }

  /**
   * Ekart takes no pickup request: its pickup follows the manifest of the day's parcels, so the
   * day's request is answered by generating that manifest (a hundred tracking ids a call) and its
   * number is the pickup's id.
   */
  async requestPickup(request: PickupRequest): Promise<{ pickupId: string }> {
    if (!request.awbs.length)
      throw new CourierError('EK', 'REFUSED', 'Ekart collects the parcels on a manifest; this pickup has none yet');
    const numbers: string[] = [];
    for (let i = 0; i < request.awbs.length; i += EKART_IDS_PER_CALL) {
      const manifest = await this.http.call<EkartManifest>({
        operation: 'manifest',
        path: EKART_PATHS.manifest,
        json: { ids: request.awbs.slice(i, i + EKART_IDS_PER_CALL) },
      });
      numbers.push(String(manifest.manifestNumber));
    }
    return { pickupId: numbers.join('-') };
  }

  /** The warehouse as an Ekart address (pickup and return), under an alias the create may quote. */
  async registerPickupLocation(address: PickupLocationAddress): Promise<{ registeredName: string }> {
    const alias = `${address.entityName} ${address.pincode}`.replace(/[^A-Za-z0-9 _-]/g, '').slice(0, 60);
    const answer = await this.http.call<{ status: boolean; alias: string; remark: string }>({
      operation: 'address',
      path: '/api/v2/address',
      json: {
        alias,
        phone: Number(tenDigits(address.phone)),
        address_line1: address.addressLine1,
        ...(address.addressLine2 ? { address_line2: address.addressLine2 } : {}),
        pincode: Number(address.pincode),
        city: address.city,
        state: address.state,
        country: 'India',
      },
    });
    return { registeredName: answer.alias || alias };
  }

  async track(awb: string): Promise<CourierScan[]> {
    const answer = await this.trackAnswer(awb);
    return answer ? scansOfTrack(awb, answer) : [];
  }

  async ndrAction(awb: string, instruction: NdrInstruction): Promise<NdrRequestResult> {
    const body = ndrBody(awb, instruction, this.now());
    if (typeof body === 'string') return { accepted: false, reason: body };
    try {
      const answer = await this.http.call<EkartAck>({ operation: 'ndr', path: EKART_PATHS.ndr, json: body });
      return { accepted: true, reference: `${answer.tracking_id || awb}/${body.action}` };
    } catch (e) {
      if (e instanceof CourierError && e.kind === 'REFUSED') return { accepted: false, reason: e.remark };
      throw e;
    }
  }

  /** Ekart's API takes no claims: they go to the account manager. */
  async fileClaim(_claim: CourierClaim): Promise<{ claimRef: string }> {
    throw new CourierError(
      'EK',
      'REFUSED',
      'Ekart takes claims through its account manager, not its API. Raise this claim with Ekart directly.',
    );
  }

  /** No doorstep photos: returns are not booked with Ekart here. */
  async qcPhotos(): Promise<{ name: string; bytes: Uint8Array }[]> {
    return [];
  }

  /** Ekart's API gives no hub photos. */
  async hubPhoto(): Promise<{ name: string; bytes: Uint8Array } | null> {
    return null;
  }

  /** Who received it and when, from the partner's raw tracking (Ekart keeps no POD image in its API). */
  async proofOfDelivery(awb: string): Promise<ProofOfDelivery | null> {
    const raw = await this.rawTrack(awb);
    if (!raw?.deliveredAt) return null;
    return { deliveredAt: raw.deliveredAt, receiverName: raw.receiverName, otpVerified: false, image: null };
  }

  /** Ekart's API hands out no delivery OTP. */
  async deliveryOtp(): Promise<string | null> {
    return null;
  }

  /** The product's webhook for track_updated, registered once at start (webhook.ts). */
  async registerWebhook(url: string): Promise<void> {
    await ensureEkartWebhook(this.http, url, ekartWebhookSecret(this.settings));
  }

  // ---- Ekart calls the product does not make on its own yet ----

  /** Ekart's own label PDF for up to a hundred tracking ids (the product prints its own label). */
  async labelPdf(trackingIds: string[]): Promise<Uint8Array> {
    if (!trackingIds.length || trackingIds.length > EKART_IDS_PER_CALL)
      throw new CourierError('EK', 'REFUSED', `Ekart prints labels for 1 to ${EKART_IDS_PER_CALL} parcels a call`);
    const pdf = await this.http.call<Uint8Array | unknown>({
      operation: 'label',
      path: EKART_PATHS.label,
      query: { json_only: 'false' },
      json: { ids: [...new Set(trackingIds)] },
      binary: true,
    });
    if (!(pdf instanceof Uint8Array))
      throw new CourierError('EK', 'UNAVAILABLE', 'Ekart answered a label that is not a PDF');
    return pdf;
  }

  /** Ekart's price for one parcel on a lane (its estimate call). */
  async estimate(q: {
    fromPincode: string;
    toPincode: string;
    weightKg: number;
    dimensionsCm: { length: number; breadth: number; height: number };
    codAmountPaise: number;
    declaredValuePaise: number;
  }): Promise<EkartEstimate> {
    const cm = (n: number) => Math.max(1, Math.ceil(n));
    return this.http.call<EkartEstimate>({
      operation: 'estimate',
      path: EKART_PATHS.estimate,
      json: {
        pickupPincode: Number(q.fromPincode),
        dropPincode: Number(q.toPincode),
        weight: Math.max(1, Math.round(q.weightKg * 1000)),
        length: cm(q.dimensionsCm.length),
        height: cm(q.dimensionsCm.height),
        width: cm(q.dimensionsCm.breadth),
        serviceType: 'SURFACE',
        // not in Ekart's published request, but its estimate refuses a request without them
        shippingDirection: 'FORWARD',
        invoiceAmount: rupeesOf(q.declaredValuePaise),
        codAmount: rupeesOf(q.codAmountPaise),
      },
    });
  }

  /** What Ekart serves at a pincode (its pincode call). */
  pincode(pincode: string): Promise<EkartPincode> {
    return this.answers.call<EkartPincode>({ operation: 'pincode', path: EKART_PATHS.serviceability(pincode) });
  }
}
