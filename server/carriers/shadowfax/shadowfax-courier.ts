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
import { rupeesOf, tenDigitPhone } from '../indian-formats';
import type { AdapterKind } from '../providers';
import type { CourierSettings } from '../settings';
import { trackingLimitsOf } from '../tracking-limits';
import { unserviceable, type CarrierProfile, type Lane } from '../../../src/domain/shipping/carriers';
import { repeatedAwb, scansOf, shadowfaxFailure, shadowfaxRemark } from './answers';
import type {
  SfxAnswer,
  SfxBulkTrackAnswer,
  SfxCancelAnswer,
  SfxOrder,
  SfxOrderRequest,
  SfxOrderUpdate,
  SfxParty,
  SfxPodAnswer,
  SfxReverseRequest,
  SfxTrackAnswer,
  SfxTrackingEvent,
} from './shapes';

// Shadowfax's Unified API: a static token, forward orders from the seller's warehouse
// (marketplace), a return's reverse pickup with the doorstep quality check, tracking one AWB or
// fifty a call, cancel, and NDR instructions as forced states of the order (reopen_ndr for another
// attempt, rts to return it), which Shadowfax takes only for a parcel on hold or refused at the
// door. Shadowfax plans its pickups from the orders themselves: there is no pickup call.

export interface ShadowfaxOptions {
  timeoutMs?: number;
  meter?: CallMeter;
  fetch?: typeof fetch;
}

/** Reverse pickups are tracked as requests; their statuses are read through the table as `rev:<status_id>`. */
export const REVERSE_PREFIX = 'rev:';

export class ShadowfaxCourier implements CarrierAdapter {
  readonly http: CourierHttp;

  constructor(
    readonly profile: CarrierProfile,
    settings: CourierSettings,
    opts: ShadowfaxOptions = {},
  ) {
    if (!settings.baseUrl || !settings.apiToken) throw new Error(`${profile.code} needs SHADOWFAX_TOKEN`);
    this.http = new CourierHttp({
      carrierCode: profile.code,
      baseUrl: settings.baseUrl,
      auth: { kind: 'header', name: 'authorization', value: `Token ${settings.apiToken}` },
      timeoutMs: opts.timeoutMs ?? 15_000,
      rateWindowSeconds: trackingLimitsOf(profile.code).windowSeconds,
      failedBody: shadowfaxFailure,
      remarkOf: shadowfaxRemark,
      meter: opts.meter,
      fetch: opts.fetch,
    });
  }

  /** A local decision from the rate card and profile (Shadowfax's pincode list is not asked per quote). */
  serviceability(lane: Lane): string | null {
    return unserviceable(this.profile, lane);
  }

  async createShipment(req: ShipmentRequest): Promise<BookedShipment> {
    if (req.reverse) return this.createReverse(req);
    const reference = req.clientReference ?? req.orderNumber;
    const cod = req.paymentMethod === 'COD';
    const amount = rupeesOf(req.codAmountPaise);
    const grams = Math.max(1, Math.round(req.weightKg * 1000));
    const seller = partyOf(req.from, req.from.name);
    const body: SfxOrderRequest = {
      order_type: 'marketplace',
      order_details: {
        client_order_id: reference,
        actual_weight: grams,
        volumetric_weight: grams,
        product_value: amount,
        payment_mode: cod ? 'COD' : 'Prepaid',
        cod_amount: cod ? amount : 0,
        total_amount: amount,
      },
      customer_details: partyOf(req.to),
      pickup_details: seller,
      rts_details: seller,
      product_details: [
        { sku_id: req.orderNumber, sku_name: `Order ${req.orderNumber}`, price: amount, category: 'General' },
      ],
    };
    const pickupAt = this.pickupAfter(req.bookedAt);
    try {
      const answer = await this.http.call<SfxAnswer<SfxOrder>>({
        operation: 'create',
        path: '/api/v3/clients/orders/',
        json: body,
      });
      const awb = answer.data?.awb_number;
      if (!awb) throw new CourierError(this.profile.code, 'UNAVAILABLE', 'Shadowfax answered the order without an AWB');
      return { awb, routingCode: req.to.pincode, pickupAt };
    } catch (e) {
      // Shadowfax names the AWB of the order it made before with this reference
      const awb = e instanceof CourierError && e.kind === 'REFUSED' ? repeatedAwb(e.remark) : null;
      if (awb) return { awb, routingCode: req.to.pincode, pickupAt };
      throw e;
    }
  }

  async findBooking(clientReference: string): Promise<FoundBooking | null> {
    const answer = await this.http.call<SfxAnswer<SfxOrder[]>>({
      operation: 'find',
      path: '/api/v3/clients/orders/',
      query: { client_order_id: clientReference },
    });
    const order = (answer.data ?? []).find((o) => o.client_order_id === clientReference);
    if (!order) return null;
    return {
      awb: order.awb_number,
      routingCode: String(order.customer_pincode ?? ''),
      pickupAt: this.pickupAfter(order.created ? new Date(order.created) : new Date()),
      cancelled: /^cancelled_by_seller$|^cancelled$/.test(order.status),
    };
  }

  /** Refused once picked up: Shadowfax then only queues the cancellation, which returns the parcel. */
  async cancel(awb: string): Promise<void> {
    const answer = await this.http.call<SfxCancelAnswer>({
      operation: 'cancel',
      path: '/api/v3/clients/orders/cancel/',
      json: { request_id: awb, cancel_remarks: 'Cancelled by the seller' },
    });
    if (answer.responseCode === 200 || /already in its cancellation phase/i.test(answer.responseMsg)) return;
    if (answer.responseCode === 304)
      throw new CourierError(
        this.profile.code,
        'REFUSED',
        `Shadowfax has already picked up the parcel: it queued the cancellation, which returns the parcel to the seller (${answer.responseMsg})`,
      );
    throw new CourierError(this.profile.code, 'REFUSED', answer.responseMsg || 'Shadowfax did not cancel the order');
  }

  /** Shadowfax plans each order's pickup itself: nothing to ask. */
  async requestPickup(request: PickupRequest): Promise<{ pickupId: string }> {
    return { pickupId: `SF-AUTO-${request.date}-${request.locationName}`.slice(0, 120) };
  }

  async track(awb: string): Promise<CourierScan[]> {
    try {
      const answer = await this.http.call<SfxTrackAnswer>({
        operation: 'track',
        path: `/api/v4/clients/orders/${encodeURIComponent(awb)}/track/`,
      });
      return scansOf(answer.order_details.awb_number, answer.tracking_details);
    } catch (e) {
      // not a forward order: a reverse pickup's AWB, or none Shadowfax knows
      if (e instanceof CourierError && e.kind === 'REFUSED' && /invalid awb/i.test(e.remark))
        return this.trackReverse(awb);
      throw e;
    }
  }

  async trackMany(awbs: string[]): Promise<CourierScan[]> {
    const answer = await this.http.call<SfxBulkTrackAnswer>({
      operation: 'track',
      path: '/api/v2/clients/bulk_track/',
      json: { awb_numbers: awbs },
    });
    const found = new Set(answer.data.map((d) => d.awb_number));
    const reverse = awbs.filter((a) => !found.has(a));
    return [
      ...answer.data.flatMap((d) => scansOf(d.awb_number, d.tracking_details)),
      ...(reverse.length ? await this.trackReverse(...reverse) : []),
    ];
  }

  async ndrAction(awb: string, instruction: NdrInstruction): Promise<NdrRequestResult> {
    const update: SfxOrderUpdate = { awb_number: awb, status_update: { status: 'reopen_ndr' } };
    switch (instruction.action) {
      case 'RTO':
        update.status_update.status = 'rts';
        break;
      case 'CHANGE_ADDRESS': {
        const a = instruction.address;
        if (!a) return { accepted: false, reason: 'A new address is needed to change it' };
        const address = [a.line1, a.line2, a.landmark].filter(Boolean).join(', ');
        update.delivery_details = { customer_address: address, pincode: Number(a.pincode) };
        break;
      }
      case 'CHANGE_PHONE':
        if (!instruction.phone) return { accepted: false, reason: 'A new phone number is needed to change it' };
        update.delivery_details = { contact: tenDigitPhone(instruction.phone) };
        break;
      case 'REATTEMPT':
      case 'FAKE_ATTEMPT':
        break;
    }
    try {
      await this.http.call({ operation: 'ndr', path: '/api/v3/clients/order_update/', json: update });
    } catch (e) {
      if (!(e instanceof CourierError) || e.kind !== 'REFUSED') throw e;
      const reason = /invalid state|on_hold|cancelled_by_customer/i.test(e.remark)
        ? 'Shadowfax takes this instruction only for a parcel on hold or refused at the door; after other failed attempts it tries again on its own'
        : e.remark;
      return { accepted: false, reason };
    }
    return { accepted: true, reference: `${awb}-${update.status_update.status}` };
  }

  async fileClaim(_claim: CourierClaim): Promise<{ claimRef: string }> {
    throw new CourierError(
      this.profile.code,
      'REFUSED',
      'Shadowfax takes claims through its escalation desk, not through this connection',
    );
  }

  /** Its API keeps the doorstep check's answers, not its photos. */
  async qcPhotos(): Promise<{ name: string; bytes: Uint8Array }[]> {
    return [];
  }

  /** Its API gives no hub photos. */
  async hubPhoto(): Promise<{ name: string; bytes: Uint8Array } | null> {
    return null;
  }

  /**
   * Who received it (pod_details) and when (its delivered scan). The signature sheet is a PDF link,
   * not an image the product prints, and the OTP check is not in the answer.
   */
  async proofOfDelivery(awb: string): Promise<ProofOfDelivery | null> {
    const answer = await this.http.call<SfxPodAnswer>({
      operation: 'pod',
      path: '/api/v1/clients/pod_details/',
      json: { awb_numbers: [awb] },
    });
    const pod = answer.pod_details?.[awb];
    if (!pod) return null;
    const delivered = (await this.track(awb)).filter((s) => s.courierStatus === 'delivered').at(-1);
    if (!delivered) return null;
    return {
      deliveredAt: delivered.at,
      receiverName: pod.recipient_name || pod.recipient,
      otpVerified: false,
      image: null,
    };
  }

  /** The OTP Shadowfax checks at the door is its own; the product shows none. */
  async deliveryOtp(): Promise<string | null> {
    return null;
  }

  private async createReverse(req: ShipmentRequest): Promise<BookedShipment> {
    const reference = req.clientReference ?? req.orderNumber;
    const checks = req.reverse!.qcChecks;
    // a return is picked up at the buyer's door (`to`) and taken to the seller's warehouse (`from`)
    const body: SfxReverseRequest = {
      client_order_number: reference,
      warehouse_name: req.from.name,
      warehouse_address: req.from.address || `${req.from.city}, ${req.from.state}`,
      destination_pincode: Number(req.from.pincode),
      unique_code: req.from.name,
      pickup_type: 'regular',
      total_amount: rupeesOf(req.codAmountPaise),
      price: rupeesOf(req.codAmountPaise),
      address_attributes: {
        address_line: req.to.address || `${req.to.city}, ${req.to.state}`,
        city: req.to.city,
        state: req.to.state,
        country: 'India',
        pincode: Number(req.to.pincode),
        name: req.to.name,
        phone_number: tenDigitPhone(req.to.phone),
      },
      skus_attributes: [
        {
          name: `Return of ${req.orderNumber}`,
          price: rupeesOf(req.codAmountPaise),
          client_sku_id: req.orderNumber,
          return_reason: 'Customer return',
          qc_required: checks.length > 0,
          qc_rules: checks.map((c) => ({ question: c.kind, is_mandatory: true, value: c.expected })),
        },
      ],
    };
    const pickupAt = this.pickupAfter(req.bookedAt);
    try {
      const answer = await this.http.call<SfxAnswer<SfxOrder>>({
        operation: 'create-reverse',
        path: '/api/v3/clients/requests',
        json: body,
      });
      const awb = answer.data?.awb_number;
      if (!awb)
        throw new CourierError(
          this.profile.code,
          'UNAVAILABLE',
          'Shadowfax answered the pickup request without an AWB',
        );
      return { awb, routingCode: req.from.pincode, pickupAt };
    } catch (e) {
      const awb = e instanceof CourierError && e.kind === 'REFUSED' ? repeatedAwb(e.remark) : null;
      if (awb) return { awb, routingCode: req.from.pincode, pickupAt };
      throw e;
    }
  }

  /** Reverse pickups' scans, their statuses marked as the reverse journey's. */
  private async trackReverse(...awbs: string[]): Promise<CourierScan[]> {
    const answer = await this.http.call<SfxAnswer<{ awb_number: string; tracking_details: SfxTrackingEvent[] }[]>>({
      operation: 'track-reverse',
      path: '/api/v4/clients/requests/bulk_query',
      json: { request_ids: awbs },
    });
    return (answer.data ?? []).flatMap((d) =>
      scansOf(d.awb_number, d.tracking_details).map(({ reasonCode: _forwardOnly, ...s }) => ({
        ...s,
        // a pickup held because the doorstep check failed is a failed pickup, not another attempt
        courierStatus:
          s.courierStatus === 'pickup_on_hold' && /DOORSTEP_QC/i.test(s.remark)
            ? `${REVERSE_PREFIX}pickup_on_hold:qc`
            : `${REVERSE_PREFIX}${s.courierStatus}`,
      })),
    );
  }

  private pickupAfter(at: Date): Date {
    return new Date(at.getTime() + this.profile.behaviour.pickupDelayHours * 3_600_000);
  }
}

function partyOf(p: ShipmentRequest['to'], uniqueCode?: string): SfxParty {
  return {
    name: p.name,
    contact: tenDigitPhone(p.phone),
    address_line_1: p.address || `${p.city}, ${p.state}`,
    city: p.city,
    state: p.state,
    pincode: Number(p.pincode),
    ...(uniqueCode ? { unique_code: uniqueCode } : {}),
  };
}

/** Shadowfax's registration line in ADAPTER_KINDS. */
export const SHADOWFAX_KIND: AdapterKind = {
  kind: 'shadowfax',
  codes: ['SF'],
  defaultBaseUrl: 'https://dale.shadowfax.in',
  build: (settings) => (profile) => new ShadowfaxCourier(profile, settings),
};
