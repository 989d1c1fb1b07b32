import { CourierError } from '../courier-error';
import {
  consignmentGrams,
  eachBox,
  freightRefusal,
  invoicesPaise,
  type ConsignmentRequest,
  type ConsignmentTracking,
  type FreightBooking,
  type FreightCarrier,
  type FreightInvoice,
  type FreightPickupRequest,
} from '../freight';
import type { CallMeter } from '../http/call-meter';
import { CourierHttp, type CourierRequest } from '../http/courier-http';
import { rupeesOf, tenDigitPhone } from '../indian-formats';
import type { FreightKind } from '../providers';
import type { CourierSettings } from '../settings';
import { GATI_KEY_REFUSED, GATI_UNKNOWN_DOCKET, gatiDate, gatiFailure, gatiScansOf, gatiStatusOf } from './answers';
import type {
  GtBookingAnswer,
  GtBookingRequest,
  GtDocketAnswer,
  GtDocketDetails,
  GtPackageSeriesAnswer,
  GtTrackAnswer,
} from './shapes';

// Gati (GT) surface freight through its public web services, in three calls a booking
// (couriers.md A11): a new docket number (the LR), a range of package numbers (one a box) for that
// docket and the consignee's pincode, then the booking, which carries the boxes, the invoices'
// value and the e-way bill, and is Gati's pickup request too. Tracking is by docket. The
// customer is known by its code (custCode) and the encrypted form of it that Gati issues for its
// URLs; tracking takes a key of its own. Gati publishes no cancel or e-way bill update call: a
// docket is cancelled, or its bill changed, through Gati's desk.

/** ⚠ The booking's coded fields as public integrations send them; Gati's account guide gives each customer's. */
export const GATI_CODES = {
  /** ⚠ how the freight is paid: the public code books "2" for a contract (paid) customer; to-pay is assumed "3" */
  bookingBasis: { PAID: '2', TO_PAY: '3' },
  /** ⚠ surface express, as public integrations send it */
  prodServCode: '1',
  /** ⚠ general goods */
  goodsCode: '206',
  /** ⚠ a receiver without a Gati code */
  receiverCode: '99999',
  /** cash on delivery in favour of Gati (none is collected on B2B freight here) */
  codInFavourOf: 'G',
  /**
   * ⚠ the dimensions' unit: public code sends "I" with centimetre-looking values; the booking here
   * sends centimetres and names them so. Confirm with the account guide before going live.
   */
  dimensionUnit: 'CM',
} as const;

/** Gati's answers take a few seconds (JSP pages behind its gateway). */
const DEFAULT_TIMEOUT_MS = 30_000;
/** ⚠ Gati states no rate limit; a 429 without Retry-After is waited out for a minute. */
const RATE_WINDOW_SECONDS = 60;

export interface GatiOptions {
  timeoutMs?: number;
  meter?: CallMeter;
  fetch?: typeof fetch;
  now?: () => Date;
}

export class GatiFreight implements FreightCarrier {
  readonly code = 'GT';
  readonly name = 'Gati';
  readonly http: CourierHttp;
  private readonly customerCode: string;
  private readonly encodedCustomerCode: string;
  private readonly trackingKey: string;
  private readonly now: () => Date;

  constructor(settings: CourierSettings, opts: GatiOptions = {}) {
    if (!settings.baseUrl || !settings.customerCode || !settings.encodedCustomerCode)
      throw new Error('GT needs GATI_CUST_CODE and GATI_ENC_CUST_CODE');
    this.customerCode = settings.customerCode;
    this.encodedCustomerCode = settings.encodedCustomerCode;
    // ⚠ an account without a separate tracking key tracks with its encoded customer code
    this.trackingKey = settings.apiKey ?? settings.encodedCustomerCode;
    this.now = opts.now ?? (() => new Date());
    this.http = new CourierHttp({
      carrierCode: this.code,
      baseUrl: settings.baseUrl,
      // newer Gati calls take a token header beside the keys in the URL
      auth: settings.apiToken ? { kind: 'header', name: 'token', value: settings.apiToken } : { kind: 'none' },
      timeoutMs: opts.timeoutMs ?? DEFAULT_TIMEOUT_MS,
      rateWindowSeconds: RATE_WINDOW_SECONDS,
      failedBody: gatiFailure,
      meter: opts.meter,
      fetch: opts.fetch,
      now: this.now,
    });
  }

  async book(req: ConsignmentRequest): Promise<FreightBooking> {
    // refused before a docket is taken from Gati's series for nothing
    const refused = freightRefusal(req);
    if (refused) throw this.refusal(refused);
    const boxes = eachBox(req.boxes);
    const docket = await this.call<GtDocketAnswer>({
      operation: 'docket',
      path: '/GKEdktdownloadjson.jsp',
      query: { p1: this.encodedCustomerCode },
    });
    const docketNo = String(docket.docketNo ?? '').trim();
    if (!docketNo) throw this.refusal('Gati answered without a docket number', 'UNAVAILABLE');
    const series = await this.call<GtPackageSeriesAnswer>({
      operation: 'package-series',
      path: '/Custpkgseries.jsp',
      query: { p1: docketNo, p2: boxes.length, p3: this.encodedCustomerCode, p4: req.consignee.pincode },
    });
    const from = Number(series.frmNo);
    const to = Number(series.toNo);
    if (!Number.isInteger(from) || !Number.isInteger(to) || to - from + 1 !== boxes.length)
      throw this.refusal(
        `Gati gave package numbers ${series.frmNo ?? '?'}–${series.toNo ?? '?'} for ${boxes.length} boxes`,
        'UNAVAILABLE',
      );
    const boxNumbers = boxes.map((_, i) => String(from + i));
    const answer = await this.call<GtBookingAnswer>({
      operation: 'book',
      path: '/GATIKWEJPICKUPLBH.jsp',
      json: this.bookingBody(req, docketNo, boxNumbers),
    });
    const failed = answer.details?.find((d) => /^fail/i.test(d.result));
    if (failed) throw this.refusal(failed.errmsg?.trim() || 'Gati refused the docket');
    return { state: 'BOOKED', lrNumber: docketNo, boxNumbers };
  }

  /** Gati books at once: there is no job to ask about. */
  async bookingStatus(jobId: string): Promise<FreightBooking> {
    return { state: 'FAILED', reason: `Gati books at once; it has no booking job ${jobId}` };
  }

  async track(lrNumber: string): Promise<ConsignmentTracking | null> {
    let answer: GtTrackAnswer;
    try {
      answer = await this.call<GtTrackAnswer>({
        operation: 'track',
        path: '/GatiKWEDktJTrack.jsp',
        query: { p1: lrNumber, p2: this.trackingKey },
      });
    } catch (e) {
      if (e instanceof CourierError && e.kind === 'REFUSED' && GATI_UNKNOWN_DOCKET.test(e.remark)) return null;
      throw e;
    }
    const info = answer.Gatiresponse?.dktinfo?.find((d) => String(d.dktno) === lrNumber);
    if (!info || /^fail/i.test(info.result)) {
      const words = info?.errmsg ?? '';
      if (!info || GATI_UNKNOWN_DOCKET.test(words)) return null;
      throw this.refusal(words || 'Gati refused the tracking call');
    }
    const scans = gatiScansOf(lrNumber, info);
    const boxCount = Number(info.NO_OF_PKGS ?? 0);
    const delivered = gatiStatusOf(scans.at(-1)?.carrierStatus ?? '', info.DOCKET_STATUS ?? '') === 'DELIVERED';
    const part = Number(info.NO_OF_PKGS_DELIVERED);
    return {
      lrNumber,
      boxCount,
      boxesDelivered: delivered ? boxCount : Number.isFinite(part) ? part : 0,
      scans,
    };
  }

  /**
   * Gati's booking call is its pickup request (GATIKWEJPICKUPLBH carries the pickup date): each
   * docket booked is already on a pickup, so nothing more is asked; the answer names the dockets.
   */
  async requestPickup(request: FreightPickupRequest): Promise<{ pickupId: string }> {
    if (request.lrNumbers.length === 0) throw this.refusal('A pickup needs at least one booked docket');
    return { pickupId: `GT-${request.date}-${request.lrNumbers.join('-')}`.slice(0, 120) };
  }

  async updateEwaybill(lrNumber: string, _bill: FreightInvoice): Promise<void> {
    throw this.refusal(
      `Gati takes the e-way bill with the booking and has no call to change it: ask Gati's desk to update docket ${lrNumber}`,
    );
  }

  async cancel(lrNumber: string): Promise<void> {
    throw this.refusal(`Gati has no cancellation call: ask Gati's desk to cancel docket ${lrNumber}`);
  }

  private bookingBody(req: ConsignmentRequest, docketNo: string, boxNumbers: string[]): GtBookingRequest {
    const kg = consignmentGrams(req.boxes) / 1000;
    const bills = req.invoices.filter((i) => i.ewayBillNumber);
    const firstExpiry = bills
      .map((i) => i.ewayBillValidUntil)
      .filter((d): d is Date => !!d)
      .sort((a, b) => a.getTime() - b.getTime())[0];
    const to = req.consignee;
    const lines = splitAddress(to.address);
    const details: GtDocketDetails = {
      docketNo,
      orderNo: req.reference,
      actualWt: kg,
      chargedWt: kg,
      bookingBasis: GATI_CODES.bookingBasis[req.freightPayment],
      prodServCode: GATI_CODES.prodServCode,
      goodsCode: GATI_CODES.goodsCode,
      goodsDesc: req.goodsDescription,
      declCargoVal: rupeesOf(invoicesPaise(req.invoices)),
      noOfPkgs: String(boxNumbers.length),
      fromPkgNo: boxNumbers[0],
      toPkgNo: boxNumbers.at(-1)!,
      pkgDetails: {
        pkginfo: eachBox(req.boxes).map((b, i) => ({
          pkgNo: boxNumbers[i],
          pkgLn: b.lengthCm,
          pkgBr: b.breadthCm,
          pkgHt: b.heightCm,
          pkgWt: b.weightKg,
          custPkgNo: `${req.reference}-${i + 1}`,
        })),
      },
      shipperCode: this.customerCode,
      custVendCode: req.consignor.warehouseName,
      receiverCode: GATI_CODES.receiverCode,
      receiverName: to.businessName,
      receiverAdd1: lines[0],
      receiverAdd2: lines[1],
      receiverAdd3: lines[2],
      receiverAdd4: to.state,
      receiverCity: to.city,
      receiverPinCode: to.pincode,
      receiverMobileNo: tenDigitPhone(to.phone),
      receiverEmail: to.email ?? '',
      codAmt: '0',
      codInFavourOf: GATI_CODES.codInFavourOf,
      consignorGSTINNo: req.consignor.gstin ?? '',
      ReceiverGSTINNo: to.gstin ?? '',
      CustDeliveyDate: req.appointment ? gatiDate(new Date(`${req.appointment.date}T12:00:00+05:30`)) : '',
      // ⚠ one docket, several invoices: their bills comma-separated, the earliest expiry
      EWAYBILL: bills.map((i) => i.ewayBillNumber).join(','),
      EWB_EXP_DT: firstExpiry ? gatiDate(firstExpiry) : '',
      UOM: GATI_CODES.dimensionUnit,
    };
    return { custCode: this.customerCode, pickupRequest: gatiDate(this.now(), true), details: [details] };
  }

  /** A call whose refusal of our customer key is read as the credentials refused. */
  private async call<T>(req: CourierRequest): Promise<T> {
    try {
      return await this.http.call<T>(req);
    } catch (e) {
      if (e instanceof CourierError && e.kind === 'REFUSED' && GATI_KEY_REFUSED.test(e.remark))
        throw new CourierError(
          this.code,
          'UNAUTHORISED',
          `Gati refused the customer code or key (${e.remark}): check GATI_CUST_CODE, GATI_ENC_CUST_CODE and GATI_API_KEY`,
          e.httpStatus,
        );
      throw e;
    }
  }

  private refusal(remark: string, kind: CourierError['kind'] = 'REFUSED'): CourierError {
    return new CourierError(this.code, kind, remark);
  }
}

/** Street lines in Gati's three address fields (at most 50 characters each ⚠). */
function splitAddress(address: string): [string, string, string] {
  const parts = address
    .split(/,\s*|\n/)
    .map((p) => p.trim())
    .filter(Boolean);
  const lines: string[] = ['', '', ''];
  let i = 0;
  for (const part of parts) {
    if (lines[i] && `${lines[i]}, ${part}`.length > 50 && i < 2) i++;
    lines[i] = lines[i] ? `${lines[i]}, ${part}` : part;
  }
  return [lines[0].slice(0, 50), lines[1].slice(0, 50), lines[2].slice(0, 50)];
}

/** Gati's registration line in FREIGHT_KINDS. */
export const GATI_KIND: FreightKind = {
  kind: 'gati',
  code: 'GT',
  defaultBaseUrl: 'https://justi.gati.com/webservices',
  needs: [
    { variable: 'GATI_CUST_CODE', has: (s) => !!s.customerCode },
    { variable: 'GATI_ENC_CUST_CODE', has: (s) => !!s.encodedCustomerCode },
  ],
  build: (settings) => (deps) => new GatiFreight(settings, { now: () => deps.now() }),
};
