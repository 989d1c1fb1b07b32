import { CourierError } from '../courier-error';
import {
  consignmentGrams,
  eachBox,
  freightRefusal,
  type BookedConsignment,
  type ConsignmentRequest,
  type ConsignmentTracking,
  type FreightAppointment,
  type FreightBooking,
  type FreightCarrier,
  type FreightInvoice,
  type FreightPickupRequest,
  type FreightProof,
} from '../freight';
import type { CallMeter } from '../http/call-meter';
import { CourierHttp } from '../http/courier-http';
import { TokenSession, type IssuedToken } from '../http/token-session';
import { rupeesOf, tenDigitPhone } from '../indian-formats';
import type { FreightKind } from '../providers';
import type { CourierSettings } from '../settings';
import { ddmmyyyy, LOGIN_REFUSED, ltlScanOf, UNKNOWN_LR } from './answers';
import type {
  LtlAppointment,
  LtlBillingAddress,
  LtlDimension,
  LtlDocumentAnswer,
  LtlDropoff,
  LtlInvoice,
  LtlJobAnswer,
  LtlLoginAnswer,
  LtlManifestStatus,
  LtlPickupAnswer,
  LtlShipmentDetail,
  LtlTrackAnswer,
} from './shapes';

// Delhivery's LTL (B2B part-truck) API (couriers.md A2), a separate host and account from its
// parcel API: a login (username and password → a bearer JWT valid 24 hours, renewed a minute
// before it lapses and once on a 401). A wrong password is not tried again in a loop: Delhivery
// locks the user for minutes after a few, so a refused login is held for LOGIN_HOLD_MS and every
// call in that time fails at once with the same clear words (a password that expired says so).
// The manifest is asynchronous: it answers a job id, polled with backoff until it resolves into
// the LR number and one waybill a box (the document envelope's waybill set aside); a booking
// still unresolved after the polls is answered PENDING with its job id, for bookingStatus later.
// The delivery appointment is its own call once the LR exists; an e-way bill reaches a booked LR
// through the LR update (another job).

/** Delhivery's JWT lasts 24 hours. */
const TOKEN_LIFE_SECONDS = 24 * 3600;
/**
 * ⚠ Delhivery says a user is locked "for minutes" after wrong passwords and gives no figure: after
 * a refused login no other is tried for this long, so a wrong password never locks the user.
 */
export const LOGIN_HOLD_MS = 15 * 60_000;
/** Backoff between polls of a job (manifest, LR update): its p99 is under 2 s, most settle in a few. */
export const JOB_POLL_DELAYS_MS = [1_000, 2_000, 4_000, 8_000] as const;
/** Its limits are per 5 minutes per IP (100 to 500 calls by endpoint). */
const RATE_WINDOW_SECONDS = 300;

export interface DelhiveryLtlOptions {
  timeoutMs?: number;
  meter?: CallMeter;
  fetch?: typeof fetch;
  now?: () => Date;
  /** waits between a job's polls (the test's clock in tests) */
  sleep?: (ms: number) => Promise<void>;
}

export class DelhiveryLtlFreight implements FreightCarrier {
  readonly code = 'DE-LTL';
  readonly name = 'Delhivery LTL';
  readonly http: CourierHttp;
  readonly session: TokenSession;
  private readonly loginHttp: CourierHttp;
  private readonly credentials: { username: string; password: string };
  private readonly now: () => Date;
  private readonly sleep: (ms: number) => Promise<void>;
  private readonly fetchFile: typeof fetch;
  private loginRefusal: { until: number; error: CourierError } | null = null;
  /** what a manifest job still owes once it resolves: its box count and the appointment to book */
  private readonly jobs = new Map<string, { boxes: number; reference: string; appointment?: FreightAppointment }>();

  constructor(settings: CourierSettings, opts: DelhiveryLtlOptions = {}) {
    if (!settings.baseUrl || !settings.username || !settings.password)
      throw new Error('DE-LTL needs DELHIVERY_LTL_USERNAME and DELHIVERY_LTL_PASSWORD');
    this.credentials = { username: settings.username, password: settings.password };
    this.now = opts.now ?? (() => new Date());
    this.sleep = opts.sleep ?? ((ms) => new Promise((resolve) => setTimeout(resolve, ms)));
    this.fetchFile = opts.fetch ?? fetch;
    const base = {
      carrierCode: this.code,
      baseUrl: settings.baseUrl,
      timeoutMs: opts.timeoutMs ?? 15_000,
      rateWindowSeconds: RATE_WINDOW_SECONDS,
      meter: opts.meter,
      fetch: opts.fetch,
      now: this.now,
    };
    this.loginHttp = new CourierHttp({ ...base, auth: { kind: 'none' } });
    this.session = new TokenSession(() => this.login(), this.now);
    this.http = new CourierHttp({ ...base, auth: { kind: 'session', session: this.session } });
  }

  async book(req: ConsignmentRequest): Promise<FreightBooking> {
    const refused = freightRefusal(req);
    if (refused) throw this.refusal(refused);
    const answer = await this.http.call<LtlJobAnswer>({
      operation: 'manifest',
      method: 'POST',
      path: '/manifest',
      multipart: manifestForm(req),
    });
    const jobId = answer.data?.job_id ?? answer.job_id;
    if (!jobId) throw this.refusal('Delhivery LTL answered the manifest without a job id', 'UNAVAILABLE');
    this.jobs.set(jobId, {
      boxes: eachBox(req.boxes).length,
      reference: req.reference,
      ...(req.appointment ? { appointment: req.appointment } : {}),
    });
    for (const delay of JOB_POLL_DELAYS_MS) {
      await this.sleep(delay);
      let booking: FreightBooking;
      try {
        booking = await this.bookingStatus(jobId);
      } catch (e) {
        // the job id is in hand: a poll that fails leaves the booking to be asked about later
        if (e instanceof CourierError && e.kind !== 'REFUSED') return { state: 'PENDING', jobId };
        throw e;
      }
      if (booking.state !== 'PENDING') return booking;
    }
    return { state: 'PENDING', jobId };
  }

  /**
   * ⚠ The LR manifested under the shipper's order id (the manifest's shipment_details.order_id),
   * by the tracking call asked with `order_id` in place of `lrnum`; a cancelled LR is none.
   */
  async findBooking(reference: string): Promise<BookedConsignment | null> {
    const answer = await this.unlessUnknown(
      this.http.call<LtlTrackAnswer>({
        operation: 'track-by-reference',
        path: '/lrn/track',
        query: { order_id: reference, all_wbns: 'true' },
      }),
    );
    const data = answer?.data;
    if (!data?.lrnum || /cancel/i.test(data.status)) return null;
    return { lrNumber: data.lrnum, boxNumbers: (data.wbns ?? []).map((w) => w.wbn) };
  }

  /**
   * The LR's last-mile proof of delivery (doc_type LM_POD, the latest version): the document
   * itself, or ⚠ a JSON answer naming where to fetch it (data.files[].url, a link that lapses in
   * days). Null while Delhivery has none for the LR.
   */
  async proofOfDelivery(lrNumber: string): Promise<FreightProof | null> {
    const answer = await this.unlessUnknown(
      this.http.call<Uint8Array | LtlDocumentAnswer>({
        operation: 'pod',
        path: '/document/download',
        query: { lrn: lrNumber, doc_type: 'LM_POD', version: 'latest' },
        binary: true,
      }),
    );
    if (!answer) return null;
    const bytes = answer instanceof Uint8Array ? answer : await this.fetchLinked(answer);
    if (!bytes) return null;
    const contentType = documentTypeOf(bytes);
    if (!contentType)
      throw this.refusal(`Delhivery LTL's POD of LR ${lrNumber} is not a PDF or an image`, 'UNAVAILABLE');
    return { receiverName: '', image: null, document: { contentType, bytes } };
  }

  /** The call's answer, or null when Delhivery says it knows no such LR (or document). */
  private async unlessUnknown<T>(call: Promise<T>): Promise<T | null> {
    try {
      return await call;
    } catch (e) {
      if (e instanceof CourierError && e.kind === 'REFUSED' && UNKNOWN_LR.test(e.remark)) return null;
      throw e;
    }
  }

  private async fetchLinked(answer: LtlDocumentAnswer): Promise<Uint8Array | null> {
    const url = answer.data?.files?.[0]?.url ?? answer.data?.url;
    if (!url) return null;
    const res = await this.fetchFile(url).catch(() => null);
    if (!res?.ok)
      throw this.refusal(`Delhivery LTL's POD link did not answer (${res?.status ?? 'no answer'})`, 'UNAVAILABLE');
    return new Uint8Array(await res.arrayBuffer());
  }

  async bookingStatus(jobId: string): Promise<FreightBooking> {
    const status = await this.http.call<LtlManifestStatus>({
      operation: 'manifest-status',
      path: '/manifest',
      query: { job_id: jobId },
    });
    const type = status.status?.type ?? '';
    if (/fail|error/i.test(type)) {
      this.jobs.delete(jobId);
      return {
        state: 'FAILED',
        reason: status.status?.message || status.data?.error || 'Delhivery LTL refused the manifest',
      };
    }
    const lrNumber = status.data?.lrnum;
    if (!/complete|success/i.test(type) || !lrNumber) return { state: 'PENDING', jobId };
    const job = this.jobs.get(jobId);
    const document = status.data?.document_waybill;
    const waybills = (status.data?.waybills ?? []).filter((w) => w !== document);
    const boxNumbers = job ? waybills.slice(0, job.boxes) : waybills;
    if (job && boxNumbers.length !== job.boxes)
      throw this.refusal(
        `Delhivery LTL gave ${boxNumbers.length} waybills for ${job.boxes} boxes on LR ${lrNumber}`,
        'UNAVAILABLE',
      );
    this.jobs.delete(jobId);
    const booked: BookedConsignment = { lrNumber, boxNumbers };
    if (job?.appointment) booked.appointment = await this.bookAppointment(lrNumber, job.reference, job.appointment);
    return { state: 'BOOKED', ...booked };
  }

  async track(lrNumber: string): Promise<ConsignmentTracking | null> {
    const answer = await this.unlessUnknown(
      this.http.call<LtlTrackAnswer>({
        operation: 'track',
        path: '/lrn/track',
        query: { lrnum: lrNumber, all_wbns: 'true' },
      }),
    );
    const data = answer?.data;
    if (!data || data.lrnum !== lrNumber) return null;
    const boxes = data.wbns ?? [];
    return {
      lrNumber,
      boxCount: boxes.length,
      boxesDelivered: boxes.filter((b) => b.status === 'DELIVERED').length,
      scans: [ltlScanOf(data)],
    };
  }

  async requestPickup(request: FreightPickupRequest): Promise<{ pickupId: string }> {
    const answer = await this.http.call<LtlPickupAnswer>({
      operation: 'pickup',
      method: 'POST',
      path: '/pickup_requests',
      json: {
        client_warehouse: request.warehouseName,
        pickup_date: request.date,
        start_time: `${request.readyAt}:00`,
        expected_package_count: request.expectedBoxes,
      },
    });
    const id = answer.data?.pickup_id ?? answer.pickup_id;
    if (id === undefined || id === '')
      throw this.refusal('Delhivery LTL answered the pickup request without an id', 'UNAVAILABLE');
    return { pickupId: String(id) };
  }

  /** The LR update with the invoice's e-way bill: a job, polled as the manifest is. */
  async updateEwaybill(lrNumber: string, bill: FreightInvoice): Promise<void> {
    const answer = await this.http.call<LtlJobAnswer>({
      operation: 'ewaybill-update',
      method: 'PUT',
      path: `/lrn/update/${encodeURIComponent(lrNumber)}`,
      multipart: { invoices: JSON.stringify([invoiceOf(bill)]) },
    });
    const jobId = answer.data?.job_id ?? answer.job_id;
    if (!jobId) throw this.refusal('Delhivery LTL answered the LR update without a job id', 'UNAVAILABLE');
    for (const delay of JOB_POLL_DELAYS_MS) {
      await this.sleep(delay);
      const status = await this.http.call<LtlManifestStatus>({
        operation: 'ewaybill-update-status',
        path: '/lrn/update/status',
        query: { job_id: jobId },
      });
      const type = status.status?.type ?? '';
      if (/fail|error/i.test(type))
        throw this.refusal(status.status?.message || status.data?.error || 'Delhivery LTL refused the LR update');
      if (/complete|success/i.test(type)) return;
    }
    // still settling: Delhivery took it; the LR's next tracking shows the outcome
  }

  /** DELETE /pickup_requests/{id}: the truck is not sent. */
  async cancelPickup(pickupId: string): Promise<void> {
    await this.http.call({
      operation: 'pickup-cancel',
      method: 'DELETE',
      path: `/pickup_requests/${encodeURIComponent(pickupId)}`,
    });
  }

  async cancel(lrNumber: string): Promise<void> {
    await this.http.call({
      operation: 'cancel',
      method: 'DELETE',
      path: `/lrn/cancel/${encodeURIComponent(lrNumber)}`,
    });
  }

  private async bookAppointment(
    lrNumber: string,
    reference: string,
    appointment: FreightAppointment,
  ): Promise<BookedConsignment['appointment']> {
    const body: LtlAppointment = {
      lrn: lrNumber,
      date: ddmmyyyy(appointment.date),
      start_time: appointment.startTime,
      end_time: appointment.endTime,
      po_number: appointment.poNumbers.length ? appointment.poNumbers : ['NotApplicable'],
      appointment_id: reference,
    };
    try {
      await this.http.call({ operation: 'appointment', method: 'POST', path: '/appointments/lm', json: body });
      return { booked: true };
    } catch (e) {
      // the LR stands without its appointment: the seller asks for it again
      if (e instanceof CourierError && e.kind === 'REFUSED') return { booked: false, reason: e.remark };
      throw e;
    }
  }

  /** One login, unless one was refused within LOGIN_HOLD_MS: then the same refusal, without asking. */
  private async login(): Promise<IssuedToken> {
    const held = this.loginRefusal;
    if (held && this.now().getTime() < held.until) throw held.error;
    let answer: LtlLoginAnswer;
    try {
      answer = await this.loginHttp.call<LtlLoginAnswer>({
        operation: 'login',
        method: 'POST',
        path: '/ums/login',
        json: this.credentials,
      });
    } catch (e) {
      if (e instanceof CourierError && (e.kind === 'UNAUTHORISED' || LOGIN_REFUSED.test(e.remark))) {
        const error = new CourierError(this.code, 'UNAUTHORISED', loginRefusalWords(e.remark), e.httpStatus);
        this.loginRefusal = { until: this.now().getTime() + LOGIN_HOLD_MS, error };
        throw error;
      }
      throw e;
    }
    const jwt = answer.data?.jwt ?? answer.jwt;
    if (!jwt) throw this.refusal('Delhivery LTL answered the login without a token', 'UNAVAILABLE');
    this.loginRefusal = null;
    return { token: jwt, expiresInSeconds: TOKEN_LIFE_SECONDS };
  }

  private refusal(remark: string, kind: CourierError['kind'] = 'REFUSED'): CourierError {
    return new CourierError(this.code, kind, remark);
  }
}

/** What staff read when the login is refused: why, and what to change. */
function loginRefusalWords(remark: string): string {
  const hold = `no login is tried for ${LOGIN_HOLD_MS / 60_000} minutes`;
  if (/expired/i.test(remark))
    return `Delhivery LTL says the password has expired (${remark}): reset it with Delhivery and set DELHIVERY_LTL_PASSWORD; ${hold}`;
  if (/locked/i.test(remark))
    return `Delhivery LTL has locked the user after wrong passwords (${remark}): wait for the lock to lift and check DELHIVERY_LTL_PASSWORD; ${hold}`;
  return `Delhivery LTL refused DELHIVERY_LTL_USERNAME and DELHIVERY_LTL_PASSWORD (${remark}); more wrong passwords lock the user, so ${hold}`;
}

function invoiceOf(i: FreightInvoice): LtlInvoice {
  return { inv_num: i.number, inv_amt: rupeesOf(i.valuePaise), ewaybill: i.ewayBillNumber ?? '', inv_qr_code: '' };
}

/** A PDF, JPEG or PNG by its first bytes; null for anything else. */
function documentTypeOf(bytes: Uint8Array): NonNullable<FreightProof['document']>['contentType'] | null {
  const head = Buffer.from(bytes.subarray(0, 8));
  if (head.subarray(0, 5).toString('latin1') === '%PDF-') return 'application/pdf';
  if (head[0] === 0xff && head[1] === 0xd8) return 'image/jpeg';
  if (head.subarray(1, 4).toString('latin1') === 'PNG') return 'image/png';
  return null;
}

/** The manifest's multipart fields: structured ones as JSON text, flags as true/false. */
export function manifestForm(req: ConsignmentRequest): Record<string, string> {
  const grams = consignmentGrams(req.boxes);
  const boxCount = eachBox(req.boxes).length;
  const to = req.consignee;
  const from = req.consignor;
  const dropoff: LtlDropoff = {
    consignee_name: to.businessName,
    address: to.address,
    city: to.city,
    state: to.state,
    zip: to.pincode,
    phone: tenDigitPhone(to.phone),
    ...(to.email ? { email: to.email } : {}),
  };
  const shipment: LtlShipmentDetail = {
    order_id: req.reference,
    box_count: boxCount,
    description: req.goodsDescription,
    weight: grams,
    waybills: [],
    master: true,
  };
  const dimensions: LtlDimension[] = req.boxes.map((b) => ({
    length_cm: b.lengthCm,
    width_cm: b.breadthCm,
    height_cm: b.heightCm,
    box_count: b.count,
  }));
  const billing: LtlBillingAddress = {
    name: from.businessName,
    company: from.businessName,
    consignor: from.businessName,
    address: from.address,
    city: from.city,
    state: from.state,
    pin: from.pincode,
    phone: tenDigitPhone(from.phone),
    ...(from.gstin ? { gst_number: from.gstin } : {}),
  };
  return {
    pickup_location_name: from.warehouseName,
    payment_mode: 'prepaid',
    cod_amount: '0',
    weight: String(grams),
    dropoff_location: JSON.stringify(dropoff),
    shipment_details: JSON.stringify([shipment]),
    dimensions: JSON.stringify(dimensions),
    invoices: JSON.stringify(req.invoices.map(invoiceOf)),
    // carrier's risk is Delhivery's ROV cover; owner's risk goes without
    rov_insurance: String(req.risk === 'CARRIER'),
    enable_paperless_movement: 'false',
    // freight on pickup (the consignor pays) or on delivery (to-pay)
    freight_mode: req.freightPayment === 'PAID' ? 'fop' : 'fod',
    billing_address: JSON.stringify(billing),
    fm_pickup: String(req.handover === 'PICKUP'),
  };
}

/** Delhivery LTL's registration line in FREIGHT_KINDS. */
export const DELHIVERY_LTL_KIND: FreightKind = {
  kind: 'delhivery-ltl',
  code: 'DE-LTL',
  defaultBaseUrl: 'https://ltl-clients-api.delhivery.com',
  needs: [
    { variable: 'DELHIVERY_LTL_USERNAME', has: (s) => !!s.username },
    { variable: 'DELHIVERY_LTL_PASSWORD', has: (s) => !!s.password },
  ],
  build: (settings) => (deps) =>
    new DelhiveryLtlFreight(settings, { now: () => deps.now(), sleep: (ms) => deps.wait(ms) }),
};
