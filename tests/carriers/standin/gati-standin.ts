import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { admitCall, baseUrlOf, closeServer, jsonOf, listenLocally, send, StandinGate } from './standin-http';
import { istParts, type FreightStandinControls, type StandinConsignment } from './freight-standin-controls';

// Gati's public web services on a local port, as strict as the public integrations show them
// (couriers.md A11): a docket number from the encoded customer code, a package-number range for
// that docket (the box count and the consignee's pincode checked), then the booking that must
// quote that docket and range exactly, the customer code, a pickup time as dd-mm-yyyy HH:MM:SS,
// ten-digit phones, six-digit pincodes, GSTINs of 15 characters, and an e-way bill (12 digits,
// with its expiry as dd-mm-yyyy) above a declared value of ₹50,000. Failures are HTTP 200 with
// `result:"failed"` and `errmsg`; a wrong customer key is "Invalid Customer"; tracking answers a
// docket's events newest first with IST dates like 26-NOV-2026. A rate window answers 429.

export const GATI_STANDIN_KEYS = {
  customerCode: '54300101',
  encodedCustomerCode: 'A1B2C3D4E5F60718293A4B5C6D7E8F90',
  apiKey: '5F2E9A7C1B3D4E60',
} as const;

/** the status codes it reports, with its words */
export const GATI_STANDIN_CODES = {
  DCRE: 'Docket Creation',
  PKUP: 'Picked Up',
  TCSOU: 'Out From Origin',
  ARDST: 'Arrived At Destination',
  OFD: 'Out For Delivery',
  DLVD: 'Delivered',
} as const;

const MONTHS = ['JAN', 'FEB', 'MAR', 'APR', 'MAY', 'JUN', 'JUL', 'AUG', 'SEP', 'OCT', 'NOV', 'DEC'];
const GSTIN = /^\d{2}[A-Z]{5}\d{4}[A-Z][1-9A-Z]Z[0-9A-Z]$/;

interface GtEvent {
  at: number;
  code: keyof typeof GATI_STANDIN_CODES;
  location: string;
}

interface Docket {
  docketNo: string;
  range: { from: number; to: number; pincode: string } | null;
  booking: StandinConsignment | null;
  origin: string;
  destination: string;
  events: GtEvent[];
}

export async function startGatiStandin(
  opts: { start?: Date; rateWindow?: { calls: number; windowSeconds: number } } = {},
): Promise<FreightStandinControls> {
  const gate = new StandinGate(opts.start, opts.rateWindow);
  const dockets = new Map<string, Docket>();
  let docketSerial = 370_000_000;
  let packageSerial = 9_100_000_000;

  const docket = (lr: string) => {
    const d = dockets.get(lr);
    if (!d?.booking) throw new Error(`the Gati stand-in has no booked docket ${lr}`);
    return d;
  };
  const last = (d: Docket) => d.events.filter((e) => e.at <= gate.now).at(-1)!;

  const controls: FreightStandinControls = {
    get url() {
      return baseUrlOf(server, 'Gati');
    },
    now: () => new Date(gate.now),
    advance: (ms) => gate.advance(ms),
    pickUp(lr) {
      const d = docket(lr);
      if (last(d).code !== 'DCRE') return;
      d.events.push({ at: gate.now, code: 'PKUP', location: d.origin });
      d.events.push({ at: gate.now + 30 * 60_000, code: 'TCSOU', location: `${d.origin} Outbound` });
    },
    deliver(lr) {
      const d = docket(lr);
      if (last(d).code === 'DCRE') controls.pickUp(lr);
      d.events = d.events.filter((e) => e.at <= gate.now);
      d.events.push({ at: gate.now, code: 'ARDST', location: d.destination });
      d.events.push({ at: gate.now, code: 'OFD', location: d.destination });
      d.events.push({ at: gate.now, code: 'DLVD', location: d.destination });
    },
    consignments: () =>
      [...dockets.values()].flatMap((d) => (d.booking ? [{ ...d.booking, status: last(d).code }] : [])),
    // the booking is Gati's pickup request: there is no call of its own
    pickupRequests: () => [],
    logins: () => 0,
    refusedLogins: () => 0,
    expireTokens: () => {},
    exhaustRateLimit: () => gate.exhaustRateLimit(),
    hangNext: () => gate.hangNext(),
    refuseNext: (remark) => gate.refuseNext(remark),
    close: () => closeServer(server),
  };

  const failed = (res: ServerResponse, errmsg: string) => send(res, 200, { result: 'failed', errmsg });

  async function handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const call = await admitCall(gate, req, res, { result: 'failed', errmsg: 'Too many requests' });
    if (!call) return;
    const { url, raw } = call;
    const q = url.searchParams;
    const refusal = gate.takeRefusal();
    if (refusal) return failed(res, refusal);
    switch (`${req.method} ${url.pathname}`) {
      case 'GET /GKEdktdownloadjson.jsp':
        return docketDownload(res, q.get('p1') ?? '');
      case 'GET /Custpkgseries.jsp':
        return packageSeries(res, q);
      case 'POST /GATIKWEJPICKUPLBH.jsp':
        return book(res, jsonOf(raw));
      case 'GET /GatiKWEDktJTrack.jsp':
        return track(res, q.get('p1') ?? '', q.get('p2') ?? '');
      default:
        return send(res, 404, { result: 'failed', errmsg: `No page ${url.pathname}` });
    }
  }

  function docketDownload(res: ServerResponse, p1: string): void {
    if (p1 !== GATI_STANDIN_KEYS.encodedCustomerCode) return failed(res, 'Invalid Customer');
    const docketNo = String(++docketSerial);
    dockets.set(docketNo, { docketNo, range: null, booking: null, origin: '', destination: '', events: [] });
    send(res, 200, { docketNo });
  }

  function packageSeries(res: ServerResponse, q: URLSearchParams): void {
    if (q.get('p3') !== GATI_STANDIN_KEYS.encodedCustomerCode) return failed(res, 'Invalid Customer');
    const d = dockets.get(q.get('p1') ?? '');
    if (!d || d.booking) return send(res, 200, { result: 'failed', sErrMsg: 'Invalid Docket Number' });
    const count = Number(q.get('p2'));
    if (!Number.isInteger(count) || count < 1 || count > 999)
      return send(res, 200, { result: 'failed', sErrMsg: 'No of packages must be 1 to 999' });
    const pincode = q.get('p4') ?? '';
    if (!/^\d{6}$/.test(pincode)) return send(res, 200, { result: 'failed', sErrMsg: 'Invalid Pincode' });
    const from = packageSerial + 1;
    packageSerial += count;
    d.range = { from, to: packageSerial, pincode };
    send(res, 200, { result: 'successful', docketNo: d.docketNo, frmNo: String(from), toNo: String(packageSerial) });
  }

  function book(res: ServerResponse, body: Record<string, unknown>): void {
    if (body.custCode !== GATI_STANDIN_KEYS.customerCode) return failed(res, 'Invalid Customer');
    if (!/^\d{2}-\d{2}-\d{4} \d{2}:\d{2}:\d{2}$/.test(String(body.pickupRequest ?? '')))
      return failed(res, 'pickupRequest must be dd-mm-yyyy HH:MM:SS');
    const details = body.details;
    if (!Array.isArray(details) || details.length === 0) return failed(res, 'details are required');
    const answers = details.map((raw) => {
      const t = raw as Record<string, unknown>;
      const docketNo = String(t.docketNo ?? '');
      const words = checkDocket(t);
      return words ? { docketNo, result: 'failed', errmsg: words } : { docketNo, result: 'successful' };
    });
    if (answers.some((a) => a.result === 'failed'))
      return send(res, 200, { requid: String(gate.now), result: 'failed', details: answers });
    for (const raw of details) {
      const t = raw as Record<string, unknown>;
      const d = dockets.get(String(t.docketNo))!;
      const pkgs = (t.pkgDetails as { pkginfo: { pkgNo: string }[] }).pkginfo;
      d.origin = `Station ${String(t.shipperCode)}`;
      d.destination = String(t.receiverCity);
      d.events = [{ at: gate.now, code: 'DCRE', location: d.origin }];
      d.booking = {
        lrNumber: d.docketNo,
        reference: String(t.orderNo),
        boxNumbers: pkgs.map((p) => String(p.pkgNo)),
        ewayBills: String(t.EWAYBILL ?? '')
          .split(',')
          .filter(Boolean),
        freight: String(t.bookingBasis),
        risk: 'OWNER',
        pickup: true,
        appointment: null,
        cancelled: false,
        status: 'DCRE',
      };
    }
    send(res, 200, { requid: String(gate.now), result: 'successful', details: answers });
  }

  /** Why Gati refuses a docket's details, or null. */
  function checkDocket(t: Record<string, unknown>): string | null {
    const d = dockets.get(String(t.docketNo ?? ''));
    if (!d || !d.range) return 'Invalid Docket Number';
    if (d.booking) return 'Docket already booked';
    for (const f of ['orderNo', 'goodsDesc', 'receiverName', 'receiverAdd1', 'receiverCity', 'shipperCode', 'UOM'])
      if (!String(t[f] ?? '').trim()) return `${f} is mandatory`;
    if (!['2', '3'].includes(String(t.bookingBasis))) return 'Invalid bookingBasis';
    if (String(t.receiverPinCode) !== d.range.pincode) return 'receiverPinCode does not match the package series';
    if (!/^\d{10}$/.test(String(t.receiverMobileNo ?? ''))) return 'receiverMobileNo must be 10 digits';
    const count = d.range.to - d.range.from + 1;
    if (Number(t.noOfPkgs) !== count) return `noOfPkgs must be ${count} for this package series`;
    if (String(t.fromPkgNo) !== String(d.range.from) || String(t.toPkgNo) !== String(d.range.to))
      return 'fromPkgNo and toPkgNo must be the package series issued for the docket';
    const pkgs = (t.pkgDetails as { pkginfo?: Record<string, unknown>[] } | undefined)?.pkginfo ?? [];
    if (pkgs.length !== count) return 'pkginfo must list every package';
    for (const p of pkgs) {
      const no = Number(p.pkgNo);
      if (!(no >= d.range.from && no <= d.range.to)) return `pkgNo ${String(p.pkgNo)} is not in the series`;
      if (!(Number(p.pkgWt) > 0) || !(Number(p.pkgLn) > 0) || !(Number(p.pkgBr) > 0) || !(Number(p.pkgHt) > 0))
        return `pkgNo ${String(p.pkgNo)}: weight and dimensions are mandatory`;
    }
    if (!(Number(t.actualWt) > 0)) return 'actualWt is mandatory';
    for (const f of ['consignorGSTINNo', 'ReceiverGSTINNo'])
      if (t[f] && !GSTIN.test(String(t[f]))) return `${f} is not a valid GSTIN`;
    const value = Number(t.declCargoVal);
    if (!(value > 0)) return 'declCargoVal is mandatory';
    const bills = String(t.EWAYBILL ?? '')
      .split(',')
      .filter(Boolean);
    if (bills.some((b) => !/^\d{12}$/.test(b))) return 'EWAYBILL must be 12 digits';
    if (value > 50_000 && bills.length === 0) return 'EWAYBILL is mandatory for declared value above 50000';
    if (bills.length && !/^\d{2}-\d{2}-\d{4}$/.test(String(t.EWB_EXP_DT ?? ''))) return 'EWB_EXP_DT must be dd-mm-yyyy';
    return null;
  }

  function track(res: ServerResponse, p1: string, p2: string): void {
    if (p2 !== GATI_STANDIN_KEYS.apiKey) return failed(res, 'Invalid Customer');
    const d = dockets.get(p1);
    const requid = String(gate.now);
    if (!d?.booking)
      return send(res, 200, {
        Gatiresponse: { requid, dktinfo: [{ dktno: p1, result: 'failed', errmsg: 'Invalid Docket Number' }] },
      });
    const seen = d.events.filter((e) => e.at <= gate.now);
    const events = [...seen].reverse().map((e) => {
      const t = istParts(e.at);
      return {
        INTRANSIT_DATE: `${t.dd}-${MONTHS[Number(t.mm) - 1]}-${t.yyyy}`,
        INTRANSIT_TIME: t.hhmm,
        INTRANSIT_LOCATION: e.location,
        INTRANSIT_STATUS: GATI_STANDIN_CODES[e.code],
        INTRANSIT_STATUS_CODE: e.code,
        REASON_CODE: '',
        REASON_DESC: '',
      };
    });
    send(res, 200, {
      Gatiresponse: {
        requid,
        dktinfo: [
          {
            dktno: d.docketNo,
            result: 'successful',
            DOCKET_NUMBER: d.docketNo,
            DOCKET_STATUS: GATI_STANDIN_CODES[seen.at(-1)!.code],
            ORDER_NO: d.booking.reference,
            NO_OF_PKGS: String(d.booking.boxNumbers.length),
            TRANSIT_DTLS: events,
            errmsg: '',
          },
        ],
      },
    });
  }

  const server: Server = createServer((req, res) => void handle(req, res));
  await listenLocally(server);
  return controls;
}
