import type {
  BookedShipment,
  CarrierAdapter,
  CourierClaim,
  CourierOperationStatus,
  CourierScan,
  FoundBooking,
  NdrInstruction,
  NdrRequestResult,
  PickupRequest,
  ProofOfDelivery,
  ShipmentRequest,
} from '../../../server/carriers/adapter';
import { CourierError } from '../../../server/carriers/courier-error';
import type { CallMeter } from '../../../server/carriers/http/call-meter';
import { CourierHttp } from '../../../server/carriers/http/courier-http';
import { TokenSession } from '../../../server/carriers/http/token-session';
import type { AdapterKind } from '../../../server/carriers/providers';
import type { CourierSettings } from '../../../server/carriers/settings';
import { trackingLimitsOf } from '../../../server/carriers/tracking-limits';
import { unserviceable, type CarrierProfile, type Lane } from '../../../src/domain/shipping/carriers';

// A courier adapter written with the HTTP toolkit against the protocol stand-in
// (tests/carriers/standin/): how small a real one is when the toolkit carries the transport. It
// logs in with a username and password, books with a form post, reads failures the courier
// answers as HTTP 200 with a remark, turns a duplicate order id into the booking made before,
// tracks up to 50 waybills a call, and answers NDR instructions as requests settled later.

interface StandinScan {
  ScanDetail: {
    ScanType: string;
    Scan: string;
    ScanDateTime: string;
    ScannedLocation: string;
    Instructions: string;
    StatusCode?: string;
  };
}
interface StandinShipment {
  Shipment: {
    AWB: string;
    SortCode: string;
    PickUpDate: string;
    Status: { Status: string };
    Scans: StandinScan[];
  };
}

/** Delhivery-shaped failures answered with HTTP 200: `{success:false, rmk}`, `packages[].remarks`, `{status:false, remark}`. */
export function failedRemark(body: unknown): string | null {
  if (!body || typeof body !== 'object') return null;
  const b = body as { success?: boolean; status?: boolean; rmk?: string; remark?: string; packages?: unknown };
  if (b.success !== false && b.status !== false) return null;
  const packages = Array.isArray(b.packages) ? (b.packages as { remarks?: string[] }[]) : [];
  const remarks = packages.flatMap((p) => p.remarks ?? []).join('; ');
  return b.rmk || remarks || b.remark || 'The courier refused the call without a remark';
}

export class ReferenceCourier implements CarrierAdapter {
  readonly http: CourierHttp;
  readonly session: TokenSession;

  constructor(
    readonly profile: CarrierProfile,
    settings: CourierSettings,
    opts: { timeoutMs?: number; meter?: CallMeter } = {},
  ) {
    if (!settings.baseUrl || !settings.username || !settings.password)
      throw new Error(`${profile.code} needs a base URL, a username and a password`);
    const base = { carrierCode: profile.code, baseUrl: settings.baseUrl, timeoutMs: opts.timeoutMs ?? 10_000 };
    const window = trackingLimitsOf(profile.code).windowSeconds;
    const login = new CourierHttp({ ...base, auth: { kind: 'none' }, rateWindowSeconds: window, meter: opts.meter });
    const credentials = { username: settings.username, password: settings.password };
    this.session = new TokenSession(async () => {
      const t = await login.call<{ access_token: string; expires_in: number }>({
        operation: 'login',
        path: '/auth/login',
        json: credentials,
      });
      return { token: t.access_token, expiresInSeconds: t.expires_in };
    });
    this.http = new CourierHttp({
      ...base,
      auth: { kind: 'session', session: this.session },
      rateWindowSeconds: window,
      failedBody: failedRemark,
      meter: opts.meter,
    });
  }

  serviceability(lane: Lane): string | null {
    return unserviceable(this.profile, lane);
  }

  async createShipment(req: ShipmentRequest): Promise<BookedShipment> {
    const order = req.clientReference ?? req.orderNumber;
    const shipment = {
      order,
      name: req.to.name,
      phone: req.to.phone.replace(/^\+91/, ''),
      pin: req.to.pincode,
      city: req.to.city,
      state: req.to.state,
      payment_mode: req.paymentMethod === 'COD' ? 'COD' : 'Prepaid',
      cod_amount: req.paymentMethod === 'COD' ? (req.codAmountPaise / 100).toFixed(2) : '0',
      weight: Math.round(req.weightKg * 1000),
      pickup_location: { name: req.from.name, pin: req.from.pincode },
    };
    try {
      const answer = await this.http.call<{ packages: { waybill: string; sort_code: string }[] }>({
        operation: 'create',
        path: '/api/cmu/create.json',
        form: { format: 'json', data: JSON.stringify({ shipments: [shipment] }) },
      });
      const [p] = answer.packages;
      return { awb: p.waybill, routingCode: p.sort_code, pickupAt: new Date(req.bookedAt.getTime() + 4 * 3_600_000) };
    } catch (e) {
      // the courier keeps one booking per order id: a repeat is answered with the first booking
      if (e instanceof CourierError && e.kind === 'REFUSED' && /duplicate order id/i.test(e.remark)) {
        const found = await this.findBooking(order);
        if (found) return { awb: found.awb, routingCode: found.routingCode, pickupAt: found.pickupAt };
      }
      throw e;
    }
  }

  async findBooking(clientReference: string): Promise<FoundBooking | null> {
    const answer = await this.http.call<{ ShipmentData: StandinShipment[] }>({
      operation: 'find',
      path: '/api/v1/packages/json',
      query: { ref_ids: clientReference },
    });
    const s = answer.ShipmentData[0]?.Shipment;
    if (!s) return null;
    return {
      awb: s.AWB,
      routingCode: s.SortCode,
      pickupAt: new Date(s.PickUpDate),
      cancelled: s.Status.Status === 'Cancelled',
    };
  }

  async cancel(awb: string): Promise<void> {
    await this.http.call({ operation: 'cancel', path: '/api/p/cancel', json: { waybill: awb, cancellation: 'true' } });
  }

  async requestPickup(request: PickupRequest): Promise<{ pickupId: string }> {
    const answer = await this.http.call<{ pickup_id: string }>({
      operation: 'pickup',
      path: '/fm/request/new',
      json: {
        pickup_location: request.locationName,
        pickup_date: request.date,
        pickup_time: '11:00:00',
        expected_package_count: request.expectedCount,
      },
    });
    return { pickupId: answer.pickup_id };
  }

  track(awb: string): Promise<CourierScan[]> {
    return this.trackMany([awb]);
  }

  async trackMany(awbs: string[]): Promise<CourierScan[]> {
    const answer = await this.http.call<{ ShipmentData: StandinShipment[] }>({
      operation: 'track',
      path: '/api/v1/packages/json',
      query: { waybill: awbs.join(',') },
    });
    return answer.ShipmentData.flatMap(({ Shipment: s }) =>
      s.Scans.map(({ ScanDetail: d }) => ({
        awb: s.AWB,
        at: new Date(d.ScanDateTime),
        courierStatus: `${d.ScanType}-${d.Scan}`,
        location: d.ScannedLocation,
        remark: d.Instructions,
        ...(d.StatusCode ? { reasonCode: d.StatusCode } : {}),
      })),
    );
  }

  async ndrAction(awb: string, instruction: NdrInstruction): Promise<NdrRequestResult> {
    try {
      const answer = await this.http.call<{ request_id: string }>({
        operation: 'ndr',
        path: '/api/p/update',
        json: { data: [{ waybill: awb, act: instruction.action === 'RTO' ? 'RTO' : 'RE-ATTEMPT' }] },
      });
      return { accepted: 'PENDING', requestId: answer.request_id };
    } catch (e) {
      if (e instanceof CourierError && e.kind === 'REFUSED') return { accepted: false, reason: e.remark };
      throw e;
    }
  }

  async operationStatus(requestIds: string[]): Promise<Map<string, CourierOperationStatus>> {
    const answer = await this.http.call<{
      results: { request_id: string; status: string; remark?: string; settled_at?: string }[];
    }>({ operation: 'ndr-status', path: '/api/cmu/get_bulk_upl', query: { ids: requestIds.join(',') } });
    const out = new Map<string, CourierOperationStatus>();
    for (const r of answer.results) {
      const at = new Date(r.settled_at ?? 0);
      if (r.status === 'Pending') out.set(r.request_id, { state: 'PENDING' });
      else if (r.status === 'Success') out.set(r.request_id, { state: 'DONE', reference: r.request_id, at });
      else out.set(r.request_id, { state: 'FAILED', reason: r.remark ?? 'Refused by the courier', at });
    }
    return out;
  }

  async fileClaim(claim: CourierClaim): Promise<{ claimRef: string }> {
    const answer = await this.http.call<{ claim_id: string }>({
      operation: 'claim',
      path: '/api/claims',
      json: {
        reference: claim.reference,
        waybill: claim.awb,
        category: claim.category,
        description: claim.description,
      },
    });
    return { claimRef: answer.claim_id };
  }

  /** This courier's API keeps no doorstep photos. */
  async qcPhotos(): Promise<{ name: string; bytes: Uint8Array }[]> {
    return [];
  }

  /** This courier's API gives no hub photos. */
  async hubPhoto(): Promise<{ name: string; bytes: Uint8Array } | null> {
    return null;
  }

  async proofOfDelivery(awb: string): Promise<ProofOfDelivery | null> {
    const answer = await this.http.call<{ pod: { delivered_at: string; received_by: string } | null }>({
      operation: 'pod',
      path: '/api/pod',
      query: { waybill: awb },
    });
    if (!answer.pod) return null;
    return {
      deliveredAt: new Date(answer.pod.delivered_at),
      receiverName: answer.pod.received_by,
      otpVerified: false,
      image: null,
    };
  }

  /** It delivers without an OTP. */
  async deliveryOtp(): Promise<string | null> {
    return null;
  }
}

/** Its registration line, as a product courier's would be in ADAPTER_KINDS. */
export const REFERENCE_KIND: AdapterKind = {
  kind: 'reference',
  codes: ['DE'],
  defaultBaseUrl: 'https://courier.example.in',
  build: (settings) => (profile) => new ReferenceCourier(profile, settings),
};
