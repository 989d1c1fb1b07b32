import type {
  BookedShipment,
  CarrierAdapter,
  CourierClaim,
  CourierScan,
  FoundBooking,
  NdrInstruction,
  NdrRequestResult,
  PickupRequest,
  ProofOfDelivery,
  ShipmentRequest,
} from '../adapter';
import { CourierError } from '../courier-error';
import type { CallMeter } from '../http/call-meter';
import { CourierHttp } from '../http/courier-http';
import { TokenSession } from '../http/token-session';
import { nextIstDay, rupeesOf, tenDigitPhone } from '../indian-formats';
import type { AdapterKind } from '../providers';
import type { CourierSettings } from '../settings';
import { trackingLimitsOf } from '../tracking-limits';
import { unserviceable, type CarrierProfile, type Lane } from '../../../src/domain/shipping/carriers';
import { pickService, scansOf, tokenRefusalAs401, xpressbeesFailure } from './answers';
import type {
  XbAddress,
  XbBooked,
  XbCourierOption,
  XbEnvelope,
  XbListed,
  XbLoginAnswer,
  XbNdrAnswer,
  XbNdrItem,
  XbShipmentRequest,
  XbTracked,
} from './shapes';

// Xpressbees' self-serve shipping API: one login (email and password → a bearer token kept about
// a day) books standard (XB) and same-day (XBSDD) parcels; the lane's price list names the service
// to book. Bookings carry the product's client reference as the order number, refused when
// repeated, so a repeat answers the booking made before. Tracking is one AWB a call. NDR
// instructions are answered at once, item by item. Pickups are scheduled by Xpressbees from each
// booking (request_auto_pickup), so there is no pickup call.

/** Callers keep the token about 23 hours; Xpressbees states no expiry. */
const TOKEN_LIFE_SECONDS = 23 * 3600;
/** The booking request carries the weight, not the box: the smallest box, re-measured at the hub. */
const BOX_CM = 10;

export interface XpressbeesOptions {
  timeoutMs?: number;
  meter?: CallMeter;
  fetch?: typeof fetch;
  /** the product's clock: the day a re-attempt is asked for when the seller named none */
  now?: () => Date;
}

export class XpressbeesCourier implements CarrierAdapter {
  readonly http: CourierHttp;
  readonly session: TokenSession;
  /** the network's profile without a reverse service: this connection books no returns, so none is quoted */
  readonly profile: CarrierProfile;
  private readonly now: () => Date;

  constructor(profile: CarrierProfile, settings: CourierSettings, opts: XpressbeesOptions = {}) {
    this.profile = { ...profile, reverse: undefined };
    if (!settings.baseUrl || !settings.email || !settings.password)
      throw new Error(`${profile.code} needs XPRESSBEES_EMAIL and XPRESSBEES_PASSWORD`);
    this.now = opts.now ?? (() => new Date());
    const base = {
      carrierCode: profile.code,
      baseUrl: settings.baseUrl,
      timeoutMs: opts.timeoutMs ?? 15_000,
      rateWindowSeconds: trackingLimitsOf(profile.code).windowSeconds,
      failedBody: xpressbeesFailure,
      meter: opts.meter,
      fetch: tokenRefusalAs401(opts.fetch ?? globalThis.fetch),
    };
    const login = new CourierHttp({ ...base, auth: { kind: 'none' } });
    const credentials = { email: settings.email, password: settings.password };
    this.session = new TokenSession(async () => {
      const answer = await login.call<XbLoginAnswer>({
        operation: 'login',
        path: '/api/users/login',
        json: credentials,
      });
      if (!answer.data)
        throw new CourierError(profile.code, 'UNAUTHORISED', 'Xpressbees answered the login without a token');
      return { token: answer.data, expiresInSeconds: TOKEN_LIFE_SECONDS };
    });
    this.http = new CourierHttp({ ...base, auth: { kind: 'session', session: this.session } });
  }

  /** A local decision from the rate card and profile: Xpressbees' price list is asked at booking. */
  serviceability(lane: Lane): string | null {
    return unserviceable(this.profile, lane);
  }

  async createShipment(req: ShipmentRequest): Promise<BookedShipment> {
    if (req.reverse)
      throw this.refusal('Xpressbees reverse pickups are not booked through this connection; choose another courier');
    const orderNumber = req.clientReference ?? req.orderNumber;
    const cod = req.paymentMethod === 'COD';
    const amount = cod ? rupeesOf(req.codAmountPaise) : 0;
    const grams = Math.max(1, Math.round(req.weightKg * 1000));
    const service = await this.serviceFor(req, grams, amount);
    const body: XbShipmentRequest = {
      order_number: orderNumber,
      unique_order_number: 'yes',
      shipping_charges: 0,
      discount: 0,
      cod_charges: 0,
      payment_type: cod ? 'cod' : 'prepaid',
      order_amount: amount,
      package_weight: grams,
      package_length: BOX_CM,
      package_breadth: BOX_CM,
      package_height: BOX_CM,
      request_auto_pickup: 'yes',
      consignee: addressOf(req.to),
      pickup: { ...addressOf(req.from), warehouse_name: req.from.name },
      order_items: [{ name: `Order ${req.orderNumber}`, qty: 1, price: amount, sku: req.orderNumber }],
      courier_id: service.id,
      collectable_amount: amount,
    };
    let awb: string;
    try {
      const answer = await this.http.call<XbEnvelope<XbBooked>>({
        operation: 'create',
        path: '/api/shipments2',
        json: body,
      });
      awb = answer.data?.awb_number ?? '';
      if (!awb) throw this.refusal('Xpressbees answered the booking without an AWB', 'UNAVAILABLE');
    } catch (e) {
      // the order number was used before: that booking is this one
      if (e instanceof CourierError && e.kind === 'REFUSED' && /already (exists|used|booked)/i.test(e.remark)) {
        const found = await this.findBooking(orderNumber);
        if (found && !found.cancelled)
          return { awb: found.awb, routingCode: found.routingCode, pickupAt: found.pickupAt };
      }
      throw e;
    }
    return { awb, routingCode: await this.routingOf(awb, req.to.pincode), pickupAt: this.pickupAfter(req.bookedAt) };
  }

  async findBooking(clientReference: string): Promise<FoundBooking | null> {
    const answer = await this.http.call<XbEnvelope<XbListed[]>>({
      operation: 'find',
      path: '/api/shipments2',
      query: { order_number: clientReference },
    });
    const listed = (answer.data ?? []).find((b) => b.order_number === clientReference);
    if (!listed) return null;
    const created = listed.created ? new Date(listed.created) : this.now();
    return {
      awb: listed.awb_number,
      routingCode: listed.shipment_info?.trim() || (await this.routingOf(listed.awb_number, '')),
      pickupAt: this.pickupAfter(created),
      cancelled: /cancel/i.test(listed.status),
    };
  }

  async cancel(awb: string): Promise<void> {
    await this.http.call({ operation: 'cancel', path: '/api/shipments2/cancel', json: { awb } });
  }

  /** Xpressbees schedules each booking's pickup itself (request_auto_pickup): nothing to ask. */
  async requestPickup(request: PickupRequest): Promise<{ pickupId: string }> {
    return { pickupId: `XB-AUTO-${request.date}-${request.locationName}`.slice(0, 120) };
  }

  async track(awb: string): Promise<CourierScan[]> {
    const tracked = await this.tracked(awb);
    return tracked ? scansOf(tracked) : [];
  }

  async ndrAction(awb: string, instruction: NdrInstruction): Promise<NdrRequestResult> {
    const date = instruction.date ?? nextIstDay(this.now());
    let item: XbNdrItem;
    switch (instruction.action) {
      case 'REATTEMPT':
      case 'FAKE_ATTEMPT':
        item = { awb, action: 're-attempt', action_data: { re_attempt_date: date } };
        break;
      case 'CHANGE_ADDRESS': {
        const a = instruction.address;
        if (!a) return { accepted: false, reason: 'A new address is needed to change it' };
        const line2 = [a.line2, a.landmark].filter(Boolean).join(', ');
        item = { awb, action: 'change_address', action_data: { name: '', address_1: a.line1, address_2: line2 } };
        break;
      }
      case 'CHANGE_PHONE':
        if (!instruction.phone) return { accepted: false, reason: 'A new phone number is needed to change it' };
        item = { awb, action: 'change_phone', action_data: { phone: tenDigitPhone(instruction.phone) } };
        break;
      case 'RTO':
        return {
          accepted: false,
          reason:
            'Xpressbees takes no return instruction through its API: the parcel returns once its attempts run out',
        };
    }
    const [answer] = await this.http.call<XbNdrAnswer>({ operation: 'ndr', path: '/api/ndr/create', json: [item] });
    if (!answer?.status) return { accepted: false, reason: answer?.message || 'Xpressbees refused the instruction' };
    return { accepted: true, reference: `${awb}-${item.action}-${date}` };
  }

  async fileClaim(_claim: CourierClaim): Promise<{ claimRef: string }> {
    throw this.refusal('Xpressbees takes claims through its seller panel, not through its API');
  }

  /** Its self-serve API keeps no doorstep photos. */
  async qcPhotos(): Promise<{ name: string; bytes: Uint8Array }[]> {
    return [];
  }

  /** Its self-serve API gives no hub photos. */
  async hubPhoto(): Promise<{ name: string; bytes: Uint8Array } | null> {
    return null;
  }

  /** Its self-serve API gives no proof of delivery; the delivered scan is what there is. */
  async proofOfDelivery(): Promise<ProofOfDelivery | null> {
    return null;
  }

  /** It delivers without an OTP the product must show. */
  async deliveryOtp(): Promise<string | null> {
    return null;
  }

  private async serviceFor(req: ShipmentRequest, grams: number, amount: number): Promise<XbCourierOption> {
    const answer = await this.http.call<XbEnvelope<XbCourierOption[]>>({
      operation: 'serviceability',
      path: '/api/courier/serviceability',
      json: {
        origin: req.from.pincode,
        destination: req.to.pincode,
        payment_type: req.paymentMethod === 'COD' ? 'cod' : 'prepaid',
        order_amount: amount,
        weight: grams,
        length: BOX_CM,
        breadth: BOX_CM,
        height: BOX_CM,
      },
    });
    const sameDay = this.profile.localOnly;
    const service = pickService(answer.data ?? [], sameDay);
    if (!service)
      throw this.refusal(
        `Xpressbees offers no ${sameDay ? 'same-day' : 'standard'} service from ${req.from.pincode} to ${req.to.pincode}`,
      );
    return service;
  }

  private async tracked(awb: string): Promise<XbTracked | null> {
    try {
      const answer = await this.http.call<XbEnvelope<XbTracked>>({
        operation: 'track',
        path: `/api/shipments2/track/${encodeURIComponent(awb)}`,
      });
      return answer.data ?? null;
    } catch (e) {
      // an AWB Xpressbees does not know has no scans
      if (e instanceof CourierError && e.kind === 'REFUSED' && /not found|no record|invalid awb/i.test(e.remark))
        return null;
      throw e;
    }
  }

  /** The hub codes the label prints, from the tracking answer; the destination pincode without them. */
  private async routingOf(awb: string, fallback: string): Promise<string> {
    const tracked = await this.tracked(awb);
    return tracked?.shipment_info?.trim() || fallback || awb.slice(0, 4);
  }

  private pickupAfter(at: Date): Date {
    return new Date(at.getTime() + this.profile.behaviour.pickupDelayHours * 3_600_000);
  }

  private refusal(remark: string, kind: CourierError['kind'] = 'REFUSED'): CourierError {
    return new CourierError(this.profile.code, kind, remark);
  }
}

function addressOf(p: ShipmentRequest['to']): XbAddress {
  return {
    name: p.name,
    address: p.address || `${p.city}, ${p.state}`,
    address_2: '',
    city: p.city,
    state: p.state,
    pincode: p.pincode,
    phone: tenDigitPhone(p.phone),
  };
}

/** Xpressbees' registration line in ADAPTER_KINDS: one login serves both codes. */
export const XPRESSBEES_KIND: AdapterKind = {
  kind: 'xpressbees',
  codes: ['XB', 'XBSDD'],
  defaultBaseUrl: 'https://shipment.xpressbees.com',
  build: (settings) => (profile, deps) => new XpressbeesCourier(profile, settings, { now: () => deps.now() }),
};
