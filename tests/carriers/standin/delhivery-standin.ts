import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { jsonOf, readBody, send } from './standin-http';
import type { AddressInfo } from 'node:net';
import { answerStandinControl, type CourierStandinControls, type StandinBooking } from './standin-controls';

// Delhivery B2C's API on a local port, as strict as its public documentation: a static
// `Authorization: Token …` key, rate windows of 5 minutes per endpoint (429 with Retry-After),
// create as the form `format=json&data=…` refusing the characters & # % ; \, an unknown warehouse,
// a wrong phone, a non-serviceable pincode, a waybill not of its series, a short wallet and a
// repeated order (same order id, amount, description, payment mode and consignee) — each answered
// HTTP 200 with `success:false` and its remark. Parcels live on its own clock: manifested, picked
// up, in transit, out for delivery, delivered; or a failed attempt (NSL EOD-xx) re-attempted
// through a UPL request settled two minutes later. Cancel keeps a parcel not yet picked up
// Manifested, turns one in transit into a return (RT), and is refused once out for delivery.

const MINUTE = 60_000;
const WINDOW_MS = 5 * MINUTE;
export const DELHIVERY_UPL_SETTLES_MS = 2 * MINUTE;
const TRACK_BATCH = 50;
/** calls per 5 minutes per IP, by endpoint, from the documentation (absent: none stated) */
const LIMITS: Record<string, number> = {
  track: 750,
  label: 3000,
  pickup: 4000,
  'bulk-waybill': 5,
  'single-waybill': 750,
  pincode: 4500,
  'pincode-heavy': 3000,
};
/** pincodes Delhivery does not serve, and those under a temporary embargo */
const NSZ_PINCODES = new Set(['999999', '744301']);
const EMBARGOED_PINCODES = new Set(['190001']);
const REATTEMPTABLE = ['EOD-74', 'EOD-15', 'EOD-104', 'EOD-43', 'EOD-86', 'EOD-11', 'EOD-69', 'EOD-6'];
const REFUSED_CHARACTERS = /[&#%;\\]/;
const HUB = 'Bengaluru_Bomsndra_PC (Karnataka)';
const DESTINATION_DC = 'Delhi_Okhla_DC (Delhi)';

interface Scan {
  at: number;
  type: string;
  scan: string;
  code: string;
  location: string;
  instructions: string;
}

interface Parcel {
  waybill: string;
  master: string | null;
  order: string;
  fingerprint: string;
  payment: 'Prepaid' | 'COD' | 'Pickup';
  codAmountPaise: number;
  sortCode: string;
  pin: string;
  pickupAt: number;
  cancelled: boolean;
  attempts: number;
  ewaybill: string | null;
  scans: Scan[];
}

interface Upl {
  id: string;
  waybill: string;
  act: string;
  askedAt: number;
  refusal: string | null;
}

export class DelhiveryStandin implements CourierStandinControls {
  private server: Server | null = null;
  private clock: number;
  private token: string;
  private readonly parcels = new Map<string, Parcel>();
  private readonly upls = new Map<string, Upl>();
  private readonly warehouses = new Map<string, { pin: string }>();
  private readonly pickups: { id: number; location: string; date: string; count: number }[] = [];
  private readonly issuedWaybills = new Set<string>();
  private readonly windows = new Map<string, { start: number; calls: number }>();
  private readonly ndrLog: { awb: string; action: string }[] = [];
  private exhaustedUntil = 0;
  private hang = 0;
  private refusals: string[] = [];
  private serial = 0;
  /** rupees in the account's wallet: below ₹500 Delhivery refuses to manifest */
  walletRupees = 10_000;
  /** API calls received, by operation */
  readonly calls: Record<string, number> = {};
  /** the last create body it took, as it arrived */
  lastCreate: Record<string, unknown> | null = null;

  constructor(o: { token?: string; start?: Date } = {}) {
    this.token = o.token ?? 'delhivery-test-token';
    this.clock = (o.start ?? new Date('2026-11-20T06:30:00.000Z')).getTime();
  }

  get url(): string {
    const a = this.server?.address() as AddressInfo | null;
    if (!a) throw new Error('the stand-in is not listening');
    return `http://127.0.0.1:${a.port}`;
  }

  async start(port = 0): Promise<void> {
    this.server = createServer((req, res) => void this.handle(req, res));
    await new Promise<void>((resolve) => this.server!.listen(port, '127.0.0.1', resolve));
  }

  async close(): Promise<void> {
    const server = this.server;
    if (!server) return;
    server.closeAllConnections();
    await new Promise<void>((resolve) => server.close(() => resolve()));
    this.server = null;
  }

  // ---- controls ----

  now(): Date {
    return new Date(this.clock);
  }

  advance(ms: number): void {
    this.clock += ms;
  }

  /** Delhivery's key is static: it never logs in */
  logins(): number {
    return 0;
  }

  /** the account's key is regenerated in Delhivery One: the old one is refused from now on */
  expireTokens(): void {
    this.token = `${this.token}-regenerated`;
  }

  exhaustRateLimit(): void {
    this.exhaustedUntil = this.clock + WINDOW_MS;
  }

  hangNext(): void {
    this.hang++;
  }

  refuseNext(remark: string): void {
    this.refusals.push(remark);
  }

  /** a warehouse registered in Delhivery One (outside the API) */
  registerWarehouse(name: string, pin: string): void {
    this.warehouses.set(name, { pin });
  }

  warehouseNames(): string[] {
    return [...this.warehouses.keys()];
  }

  parcel(waybill: string): Parcel & { status: string } {
    const p = this.parcels.get(waybill);
    if (!p) throw new Error(`Delhivery has no parcel ${waybill}`);
    const last = this.visible(p).at(-1)!;
    return { ...p, status: `${last.type}-${last.scan}` };
  }

  pickUp(awb: string): void {
    const p = this.own(awb);
    if (p.payment === 'Pickup') {
      this.push(p, 'PU', 'In Transit', 'X-PPOM', 'Shipment picked up from the customer');
      return;
    }
    this.push(p, 'UD', 'In Transit', 'X-PPOM', 'Shipment picked up', HUB);
  }

  /** the parcel leaves the origin hub on its way to the delivery centre */
  depart(awb: string): void {
    const p = this.own(awb);
    if (this.last(p).type === 'UD' && this.last(p).scan === 'Manifested') this.pickUp(awb);
    this.push(p, 'UD', 'In Transit', 'X-DLL2F', 'Shipment left the origin hub', HUB);
  }

  outForDelivery(awb: string): void {
    const p = this.own(awb);
    if (this.last(p).type === 'UD' && ['Manifested', 'In Transit'].includes(this.last(p).scan) && !this.departed(p))
      this.depart(awb);
    if (this.last(p).type === 'RT') {
      this.push(p, 'RT', 'Dispatched', 'X-DDO3F', 'Out for delivery to the seller', HUB);
      return;
    }
    this.push(p, 'UD', 'Pending', 'X-DDD3FD', 'Shipment reached the delivery centre', DESTINATION_DC);
    this.push(p, 'UD', 'Dispatched', 'X-DDO3F', 'Out for delivery', DESTINATION_DC);
  }

  failAttempt(awb: string, reason = 'EOD-11'): void {
    const p = this.own(awb);
    if (this.last(p).scan !== 'Dispatched') this.outForDelivery(awb);
    p.attempts++;
    this.push(p, 'UD', 'Pending', reason, nslWords(reason), DESTINATION_DC);
  }

  deliver(awb: string): void {
    const p = this.own(awb);
    if (this.last(p).type === 'RT') return this.push(p, 'DL', 'RTO', 'RT-110', 'Returned to the seller', HUB);
    if (this.last(p).scan !== 'Dispatched') this.outForDelivery(awb);
    this.push(p, 'DL', 'Delivered', 'EOD-38', 'Delivered to the consignee', DESTINATION_DC);
  }

  returnToOrigin(awb: string): void {
    this.push(this.own(awb), 'RT', 'In Transit', 'RT-101', 'Returned as per the client instruction', DESTINATION_DC);
  }

  bookings(): StandinBooking[] {
    return [...this.parcels.values()].map((p) => ({
      awb: p.waybill,
      orderNumber: p.order,
      payment: p.payment === 'Pickup' ? 'REVERSE' : p.payment === 'COD' ? 'COD' : 'PPD',
      codAmountPaise: p.codAmountPaise,
      cancelled: p.cancelled,
      status: `${this.last(p).type}-${this.last(p).scan}`,
    }));
  }

  ndrRequests(): { awb: string; action: string }[] {
    return [...this.ndrLog];
  }

  pickupRequests(): { location: string; date: string; count: number }[] {
    return this.pickups.map(({ location, date, count }) => ({ location, date, count }));
  }

  // ---- the API ----

  private async handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    if (await answerStandinControl(this, req, res)) return;
    const url = new URL(req.url ?? '/', 'http://standin');
    const raw = await readBody(req);
    if (this.hang > 0) {
      this.hang--;
      return; // never answered: the client's time limit has to cut it
    }
    const route = routeOf(req.method ?? 'GET', url.pathname);
    if (!route) return send(res, 404, { detail: 'Not found.' });
    this.calls[route.op] = (this.calls[route.op] ?? 0) + 1;
    const auth = req.headers.authorization;
    if (!auth) return send(res, 401, { detail: 'Authentication credentials were not provided.' });
    if (auth !== `Token ${this.token}`) return send(res, 401, { detail: 'Invalid token' });
    const limited = this.spend(route.op);
    if (limited) return send(res, 429, { detail: 'Request was throttled.' }, { 'retry-after': String(limited) });
    const refusal = this.refusals.shift();
    if (refusal) return send(res, 200, { success: false, rmk: refusal });
    const q = url.searchParams;
    switch (route.op) {
      case 'create':
        return this.create(res, req.headers['content-type'] ?? '', raw);
      case 'track':
        return this.track(res, q);
      case 'edit':
        return this.edit(res, jsonOf(raw));
      case 'ndr':
        return this.ndr(res, jsonOf(raw));
      case 'upl':
        return this.uplStatus(res, route.id!);
      case 'pickup':
        return this.pickupRequest(res, jsonOf(raw));
      case 'warehouse':
        return this.warehouse(res, jsonOf(raw));
      case 'label':
        return this.label(res, q);
      case 'bulk-waybill':
        return this.waybills(res, Number(q.get('count')));
      case 'single-waybill':
        return this.waybills(res, 1);
      case 'ewaybill':
        return this.ewaybill(res, route.id!, jsonOf(raw));
      case 'pincode':
        return this.pincode(res, q.get('filter_codes') ?? '');
      case 'pincode-heavy':
        return this.heavyPincode(res, q);
    }
  }

  /** seconds to wait when this call is over its endpoint's window, else 0 */
  private spend(op: string): number {
    if (this.clock < this.exhaustedUntil) return Math.ceil((this.exhaustedUntil - this.clock) / 1000);
    const limit = LIMITS[op];
    if (!limit) return 0;
    let w = this.windows.get(op);
    if (!w || this.clock - w.start >= WINDOW_MS) this.windows.set(op, (w = { start: this.clock, calls: 0 }));
    if (w.calls >= limit) return Math.ceil((w.start + WINDOW_MS - this.clock) / 1000);
    w.calls++;
    return 0;
  }

  private create(res: ServerResponse, contentType: string, raw: string): void {
    const fail = (rmk: string) => send(res, 200, { success: false, rmk, packages: [] });
    const form = contentType.startsWith('application/x-www-form-urlencoded') ? new URLSearchParams(raw) : null;
    if (!form?.has('format') || form.get('format') !== 'json') return fail('format key missing in the POST');
    const data = form.get('data') ?? '';
    const refused = REFUSED_CHARACTERS.exec(data);
    if (refused)
      return fail(`Unterminated string starting at: line 1 column ${refused.index + 1} (char ${refused.index})`);
    let body: { shipments?: unknown; pickup_location?: { name?: unknown } };
    try {
      body = JSON.parse(data) as typeof body;
    } catch {
      return fail('Expecting value: line 1 column 1 (char 0)');
    }
    this.lastCreate = body as Record<string, unknown>;
    if (!Array.isArray(body.shipments)) return fail("Error message is 'unicode' object has no attribute 'get'");
    if (body.shipments.length === 0) return fail('shipment list contains no data');
    const warehouse = String(body.pickup_location?.name ?? '');
    if (!this.warehouses.has(warehouse)) return fail('ClientWarehouse matching query does not exist.');
    if (this.walletRupees < 500)
      return fail(
        "Crashing while saving package due to exception 'client manifest charge API failed due to insufficient balance'. Package might have been partially saved.",
      );
    const shipments = body.shipments as Record<string, unknown>[];
    const mps = shipments.some((s) => s.shipment_type === 'MPS');
    const packages: { status: string; waybill: string; refnum: string; sort_code: string; remarks: string[] }[] = [];
    const failed = (s: Record<string, unknown>, remark: string) => ({
      status: 'Fail',
      waybill: String(s.waybill ?? ''),
      refnum: String(s.order ?? ''),
      sort_code: '',
      remarks: [remark],
    });
    // validated as a whole first: an MPS order is manifested whole or not at all
    const refusals = shipments.map((s) => this.refusalOf(s, mps, shipments));
    if (refusals.some(Boolean)) {
      shipments.forEach((s, i) => packages.push(failed(s, refusals[i] ?? 'Another box of the order was refused')));
      return send(res, 200, { success: false, packages, rmk: refusals.find(Boolean) });
    }
    for (const s of shipments) {
      const waybill = String(s.waybill || '') || this.newWaybill();
      this.issuedWaybills.delete(waybill);
      const pin = String(s.pin);
      const payment = s.payment_mode as Parcel['payment'];
      const p: Parcel = {
        waybill,
        master: mps ? String(s.master_id) : null,
        order: String(s.order),
        fingerprint: fingerprintOf(s),
        payment,
        codAmountPaise: payment === 'COD' ? Math.round(Number(s.cod_amount) * 100) : 0,
        sortCode: `DEL/${pin.slice(0, 3)}`,
        pin,
        pickupAt: this.clock + 4 * 60 * MINUTE,
        cancelled: false,
        attempts: 0,
        ewaybill: null,
        scans: [],
      };
      this.parcels.set(waybill, p);
      if (payment === 'Pickup') this.push(p, 'PP', 'Open', 'X-UCI', 'Pickup request created');
      else this.push(p, 'UD', 'Manifested', 'X-UCI', 'Manifest uploaded', HUB);
      packages.push({ status: 'Success', waybill, refnum: p.order, sort_code: p.sortCode, remarks: [] });
    }
    send(res, 200, { success: true, upload_wbn: `UPL${++this.serial}`, package_count: packages.length, packages });
  }

  private refusalOf(s: Record<string, unknown>, mps: boolean, all: Record<string, unknown>[]): string | null {
    for (const field of ['name', 'order', 'phone', 'add', 'pin', 'payment_mode'])
      if (s[field] === undefined || s[field] === '') return `${field} is required`;
    const order = String(s.order);
    if (order.length > 50)
      return 'oid does not pass the validator <lambda>.check if there any extra character or dots in column';
    const phone = String(s.phone).replace(/^(\+91-?|91-?|0)/, '');
    if (!/^\d{10}$/.test(phone)) return `Incorrect phone number(s) for order ${order}`;
    const pin = String(s.pin);
    if (!/^[1-8]\d{5}$/.test(pin))
      return `Crashing while saving package due to exception '${pin} is non serviceable pincode'. Package might have been partially saved.`;
    if (!['Prepaid', 'COD', 'Pickup', 'REPL'].includes(String(s.payment_mode)))
      return `Crashing while saving package due to exception 'Package type ${String(s.payment_mode)} not serviceable for this account'. Package might have been partially saved.`;
    if (s.payment_mode === 'COD' && !(Number(s.cod_amount) > 0)) return 'cod_amount is required for COD';
    if (!(Number(s.weight) > 0)) return 'weight must be given in grams';
    const waybill = String(s.waybill ?? '');
    if (mps) {
      if (!waybill) return 'Prefetched waybills are mandatory for MPS shipments';
      const masters = new Set(all.map((x) => String(x.master_id)));
      if (masters.size !== 1 || !all.some((x) => String(x.waybill) === String(s.master_id)))
        return 'master_id must be the waybill of one box, the same on every box';
      if (Number(s.mps_children) !== all.length) return 'mps_children must count every box';
    }
    if (waybill && this.parcels.has(waybill)) return 'Duplicate waybill';
    if (waybill && !this.issuedWaybills.has(waybill)) return `Unable to consume waybill ${waybill}`;
    const fingerprint = fingerprintOf(s);
    if (!mps && [...this.parcels.values()].some((p) => p.order === order && p.fingerprint === fingerprint))
      return 'Duplicate Order Id';
    if (mps && [...this.parcels.values()].some((p) => p.order === order && p.master)) return 'Duplicate Order Id';
    return null;
  }

  private track(res: ServerResponse, q: URLSearchParams): void {
    const waybills = (q.get('waybill') ?? '').split(',').filter(Boolean);
    const refs = (q.get('ref_ids') ?? '').split(',').filter(Boolean);
    if (waybills.length === 0 && refs.length === 0) return send(res, 400, { Error: 'waybill or ref_ids is required' });
    if (waybills.length > TRACK_BATCH || refs.length > TRACK_BATCH)
      return send(res, 400, { Error: `Maximum ${TRACK_BATCH} waybills allowed per request` });
    const found = [
      ...waybills.map((w) => this.parcels.get(w)),
      ...[...this.parcels.values()].filter((p) => refs.includes(p.order)),
    ].filter((p, i, all): p is Parcel => !!p && all.indexOf(p) === i);
    if (found.length === 0) return send(res, 200, { Error: 'No such waybill or Order Id found' });
    send(res, 200, {
      ShipmentData: found.map((p) => {
        const scans = this.visible(p);
        const last = scans.at(-1)!;
        return {
          Shipment: {
            AWB: p.waybill,
            ReferenceNo: p.order,
            PickUpDate: ist(p.pickupAt),
            ...(p.master ? { MasterWaybill: p.master } : {}),
            Status: {
              Status: last.scan,
              StatusType: last.type,
              StatusDateTime: ist(last.at),
              StatusLocation: last.location,
              Instructions: last.instructions,
              StatusCode: last.code,
            },
            Scans: scans.map((x) => ({
              ScanDetail: {
                ScanType: x.type,
                Scan: x.scan,
                ScanDateTime: ist(x.at),
                ScannedLocation: x.location,
                Instructions: x.instructions,
                StatusCode: x.code,
              },
            })),
          },
        };
      }),
    });
  }

  private edit(res: ServerResponse, body: Record<string, unknown>): void {
    const p = this.parcels.get(String(body.waybill ?? ''));
    if (!p) return send(res, 200, { status: false, remark: 'Waybill not found for this client' });
    const last = this.last(p);
    const word = `${last.type}-${last.scan}`;
    const open =
      p.payment === 'Pickup' ? ['PP-Open', 'PP-Scheduled'] : ['UD-Manifested', 'UD-In Transit', 'UD-Pending'];
    if (!open.includes(word) || p.cancelled)
      return send(res, 200, {
        status: false,
        waybill: p.waybill,
        remark: `Shipment cannot be edited or cancelled in status ${last.scan}`,
      });
    if ('cancellation' in body) {
      if (body.cancellation !== 'true') return send(res, 200, { status: false, remark: 'cancellation must be "true"' });
      if (p.payment === 'Pickup') this.push(p, 'CN', 'Canceled', 'X-CAN', 'Seller cancelled the order');
      else if (word === 'UD-Manifested') this.push(p, 'UD', 'Manifested', 'X-CAN', 'Seller cancelled the order');
      else this.push(p, 'RT', 'In Transit', 'RT-113', 'Seller cancelled the order', last.location);
      p.cancelled = word === 'UD-Manifested' || p.payment === 'Pickup';
      return send(res, 200, {
        status: true,
        waybill: p.waybill,
        order_id: p.order,
        remark: 'Shipment has been cancelled.',
      });
    }
    if (body.phone !== undefined && !/^\d{10}$/.test(String(body.phone)))
      return send(res, 200, { status: false, remark: `Incorrect phone number(s) for waybill ${p.waybill}` });
    send(res, 200, { status: true, waybill: p.waybill, remark: 'Shipment details updated' });
  }

  private ndr(res: ServerResponse, body: Record<string, unknown>): void {
    const items = body.data;
    if (!Array.isArray(items) || items.length === 0)
      return send(res, 400, { error: 'data must be a list of {waybill, act}' });
    const [item] = items as { waybill?: string; act?: string }[];
    if (item.act !== 'RE-ATTEMPT' && item.act !== 'PICKUP_RESCHEDULE')
      return send(res, 400, { error: 'act must be RE-ATTEMPT or PICKUP_RESCHEDULE' });
    const p = this.parcels.get(String(item.waybill ?? ''));
    const last = p ? this.last(p) : null;
    let refusal: string | null = null;
    if (!p || !last) refusal = 'Waybill not found';
    else if (item.act === 'RE-ATTEMPT' && !(last.scan === 'Pending' && REATTEMPTABLE.includes(last.code)))
      refusal = `RE-ATTEMPT is not allowed for the current NSL code ${last.code}`;
    else if (p.attempts > 2) refusal = 'Attempt count must be 1 or 2';
    const id = `UPL${Date.now().toString().slice(-6)}${++this.serial}`;
    this.upls.set(id, { id, waybill: String(item.waybill), act: item.act, askedAt: this.clock, refusal });
    this.ndrLog.push({ awb: String(item.waybill), action: item.act });
    if (p && !refusal) {
      // carried out when the UPL settles; the next attempt goes out an hour later
      const out = this.clock + DELHIVERY_UPL_SETTLES_MS + 60 * MINUTE;
      p.scans.push({
        ...this.scanAt(out, 'UD', 'Dispatched', 'X-DDO3F', 'Out for delivery (re-attempt)'),
        location: DESTINATION_DC,
      });
    }
    send(res, 200, { request_id: id, success: true });
  }

  private uplStatus(res: ServerResponse, id: string): void {
    const upl = this.upls.get(id);
    if (!upl) return send(res, 200, { success: false, rmk: `No data found for UPL id ${id}` });
    const settledAt = upl.askedAt + DELHIVERY_UPL_SETTLES_MS;
    if (this.clock < settledAt) return send(res, 200, { request_id: id, status: 'Pending', result: [] });
    send(res, 200, {
      request_id: id,
      status: 'Complete',
      result: [
        {
          waybill: upl.waybill,
          status: upl.refusal ? 'Fail' : 'Success',
          remark: upl.refusal ?? `${upl.act} applied`,
          updated_at: new Date(settledAt).toISOString(),
        },
      ],
    });
  }

  private pickupRequest(res: ServerResponse, body: Record<string, unknown>): void {
    const missing = ['pickup_time', 'pickup_date', 'pickup_location', 'expected_package_count'].filter(
      (f) => body[f] === undefined || body[f] === '',
    );
    if (missing.length) return send(res, 400, { error: { message: `${missing.join(', ')} required` } });
    if (!/^\d{2}:\d{2}:\d{2}$/.test(String(body.pickup_time)) || !/^\d{4}-\d{2}-\d{2}$/.test(String(body.pickup_date)))
      return send(res, 400, { error: { message: 'pickup_time must be hh:mm:ss and pickup_date YYYY-MM-DD' } });
    const location = String(body.pickup_location);
    if (!this.warehouses.has(location))
      return send(res, 400, { error: { message: 'ClientWarehouse matching query does not exist.' } });
    if (this.walletRupees < 500)
      return send(res, 200, { success: false, rmk: 'client manifest charge API failed due to insufficient balance' });
    const date = String(body.pickup_date);
    const open = this.pickups.find((p) => p.location === location && p.date === date);
    if (open)
      return send(res, 200, { pr_exist: true, pickup_id: open.id, pickup_date: date, pickup_location_name: location });
    const request = { id: 40_000_000 + ++this.serial, location, date, count: Number(body.expected_package_count) };
    this.pickups.push(request);
    send(res, 201, {
      pickup_id: request.id,
      pickup_date: date,
      pickup_time: body.pickup_time,
      pickup_location_name: location,
      expected_package_count: request.count,
      incoming_center_name: 'Bengaluru_Bomsndra_PC',
    });
  }

  private warehouse(res: ServerResponse, body: Record<string, unknown>): void {
    const missing = ['name', 'phone', 'pin', 'return_address'].filter((f) => !body[f]);
    if (missing.length) return send(res, 200, { success: false, error: `${missing.join(', ')} required` });
    const name = String(body.name);
    if (this.warehouses.has(name))
      return send(res, 200, { success: false, error: `Client warehouse with name ${name} already exists` });
    if (!/^\d{10}$/.test(String(body.phone))) return send(res, 200, { success: false, error: 'Invalid phone number' });
    this.warehouses.set(name, { pin: String(body.pin) });
    send(res, 200, { success: true, data: { name, pincode: String(body.pin), active: true }, error: '' });
  }

  private label(res: ServerResponse, q: URLSearchParams): void {
    const wbns = (q.get('wbns') ?? '').split(',').filter(Boolean);
    if (!wbns.length) return send(res, 400, { error: 'wbns is required' });
    const pdf = q.get('pdf') === 'true';
    const found = wbns.map((w) => this.parcels.get(w)).filter((p): p is Parcel => !!p);
    send(res, 200, {
      packages_found: found.length,
      packages: found.map((p) => ({
        wbn: p.waybill,
        oid: p.order,
        sort_code: p.sortCode,
        pin: p.pin,
        ...(pdf ? { pdf_download_link: `${this.url}/labels/${p.waybill}.pdf` } : { barcode: `data:image/png;base64,` }),
      })),
    });
  }

  private waybills(res: ServerResponse, count: number): void {
    if (!(count >= 1 && count <= 10_000)) return send(res, 400, { error: 'count must be between 1 and 10000' });
    const list = Array.from({ length: count }, () => this.newWaybill());
    for (const w of list) this.issuedWaybills.add(w);
    // the bulk call answers them as one comma-separated string
    send(res, 200, count === 1 ? list[0] : list.join(','));
  }

  private ewaybill(res: ServerResponse, waybill: string, body: Record<string, unknown>): void {
    const p = this.parcels.get(waybill);
    if (!p) return send(res, 200, { success: false, rmk: 'Waybill not found' });
    const [item] = (Array.isArray(body.data) ? body.data : []) as { dcn?: string; ewbn?: string }[];
    if (!item?.dcn || !/^\d{12}$/.test(String(item.ewbn ?? '')))
      return send(res, 200, { success: false, rmk: 'dcn and a 12 digit ewbn are required' });
    p.ewaybill = String(item.ewbn);
    send(res, 200, { success: true, waybill, ewbn: p.ewaybill });
  }

  private pincode(res: ServerResponse, pin: string): void {
    if (!/^\d{6}$/.test(pin) || NSZ_PINCODES.has(pin)) return send(res, 200, { delivery_codes: [] });
    const remarks = EMBARGOED_PINCODES.has(pin) ? 'Embargo' : '';
    send(res, 200, {
      delivery_codes: [
        {
          postal_code: {
            pin: Number(pin),
            cod: 'Y',
            pre_paid: 'Y',
            cash: 'Y',
            pickup: 'Y',
            repl: 'Y',
            is_oda: 'N',
            remarks,
          },
        },
      ],
    });
  }

  private heavyPincode(res: ServerResponse, q: URLSearchParams): void {
    const pin = q.get('pincode') ?? '';
    const answer = (success: boolean, error: string) =>
      send(res, 200, { b2b_fail_on_demand_pincodes: [], data: [], success, error });
    if (q.get('product_type') !== 'Heavy') return answer(false, 'product_type must be Heavy');
    if (!/^\d{6}$/.test(pin)) return answer(false, `${pin} is not valid pin`);
    if (NSZ_PINCODES.has(pin)) return answer(false, 'NSZ');
    answer(true, '');
  }

  // ---- parcels ----

  private newWaybill(): string {
    return `1490${String(Date.now()).slice(-4)}${String(++this.serial).padStart(6, '0')}`;
  }

  private departed(p: Parcel): boolean {
    return this.visible(p).some((s) => s.code === 'X-DLL2F');
  }

  private own(awb: string): Parcel {
    const p = this.parcels.get(awb);
    if (!p) throw new Error(`Delhivery has no parcel ${awb}`);
    return p;
  }

  private visible(p: Parcel): Scan[] {
    return p.scans.filter((s) => s.at <= this.clock).sort((a, b) => a.at - b.at);
  }

  private last(p: Parcel): Scan {
    return this.visible(p).at(-1)!;
  }

  private scanAt(at: number, type: string, scan: string, code: string, instructions: string): Scan {
    return { at, type, scan, code, instructions, location: HUB };
  }

  /** a scan now, a second after the parcel's latest so each step keeps its order */
  private push(p: Parcel, type: string, scan: string, code: string, instructions: string, location = HUB): void {
    const latest = Math.max(...p.scans.filter((s) => s.at <= this.clock).map((s) => s.at), 0);
    const at = latest >= this.clock ? latest + 1000 : this.clock;
    if (at > this.clock) this.clock = at;
    p.scans.push({ ...this.scanAt(at, type, scan, code, instructions), location });
  }
}

/** Delhivery's answers for a failed attempt's NSL code. */
function nslWords(code: string): string {
  const words: Record<string, string> = {
    'EOD-11': 'Consignee unavailable',
    'EOD-74': 'Bad or incomplete address',
    'EOD-15': 'Consignee not reachable on phone',
    'EOD-6': 'Consignee refused to accept',
    'EOD-86': 'Not attempted',
  };
  return words[code] ?? 'Delivery attempt failed';
}

/** the six fields whose repeat Delhivery refuses as a duplicate order (the client is the account) */
const fingerprintOf = (s: Record<string, unknown>) =>
  JSON.stringify([s.order, s.total_amount, s.products_desc, s.payment_mode, s.name]);

/** Delhivery's times: IST without an offset */
const ist = (ms: number) => new Date(ms + 330 * MINUTE).toISOString().replace('Z', '');

function routeOf(method: string, path: string): { op: string; id?: string } | null {
  const fixed: Record<string, string> = {
    'POST /api/cmu/create.json': 'create',
    'GET /api/v1/packages/json/': 'track',
    'POST /api/p/edit': 'edit',
    'POST /api/p/update': 'ndr',
    'POST /fm/request/new/': 'pickup',
    'POST /api/backend/clientwarehouse/create/': 'warehouse',
    'GET /api/p/packing_slip': 'label',
    'GET /waybill/api/bulk/json/': 'bulk-waybill',
    'GET /waybill/api/fetch/json/': 'single-waybill',
    'GET /c/api/pin-codes/json/': 'pincode',
    'GET /api/dc/fetch/serviceability/pincode': 'pincode-heavy',
  };
  const op = fixed[`${method} ${path}`];
  if (op) return { op };
  const upl = /^\/api\/cmu\/get_bulk_upl\/([A-Za-z0-9]+)$/.exec(path);
  if (method === 'GET' && upl) return { op: 'upl', id: upl[1] };
  const ewb = /^\/api\/rest\/ewaybill\/(\d+)\/$/.exec(path);
  if (method === 'PUT' && ewb) return { op: 'ewaybill', id: ewb[1] };
  return null;
}

/** Starts Delhivery's stand-in on 127.0.0.1 (a free port unless given). */
export async function startDelhiveryStandin(
  opts: { port?: number; token?: string; start?: Date } = {},
): Promise<DelhiveryStandin> {
  const standin = new DelhiveryStandin(opts);
  await standin.start(opts.port ?? 0);
  return standin;
}
