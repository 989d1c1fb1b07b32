import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { jsonOf, readBody, send } from './standin-http';
import type { AddressInfo } from 'node:net';
import { randomBytes } from 'node:crypto';
import { StandinFaults } from './standin-faults';

// A courier's API as strict as a real one, on a local port, for adapters built with the HTTP
// toolkit (server/carriers/http/). It speaks a Delhivery-like protocol: a login that issues bearer
// tokens which expire on the courier's own clock (401 after), a rate window (429 with Retry-After
// past it), create as a form post of `format=json&data=…` that answers failures as HTTP 200 with
// `success:false` and a remark (`rmk`, or `packages[].remarks`), required fields checked, a
// duplicate order id refused, cancel refused once the parcel is picked up, tracking of at most 50
// waybills a call, NDR instructions answered with a request id settled two minutes later.
// Tests steer it: move its clock, pick a parcel up, fail a delivery attempt, expire tokens,
// spend the rate window, hang the next call, refuse the next call with a remark.

const MINUTE = 60_000;
export const STANDIN_NDR_SETTLES_MS = 2 * MINUTE;
export const STANDIN_TRACK_BATCH = 50;
/** the status words it reports, as `<ScanType>-<Scan>` (the DE table of courier-codes.ts maps them) */
export const STANDIN_STATUS_WORDS = [
  'UD-Manifested',
  'UD-In Transit',
  'UD-Dispatched',
  'UD-Pending',
  'DL-Delivered',
  'RT-In Transit',
  'DL-RTO',
] as const;

interface Scan {
  at: number;
  type: string;
  scan: string;
  location: string;
  instructions: string;
  code?: string;
}

interface Parcel {
  waybill: string;
  order: string;
  sortCode: string;
  pickupAt: number;
  consignee: string;
  pickedUp: boolean;
  cancelled: boolean;
  scans: Scan[];
}

interface NdrRequest {
  id: string;
  waybill: string;
  act: string;
  askedAt: number;
  /** null while it may still be carried out; the refusal's words when it cannot */
  refusal: string | null;
}

export interface StandinOptions {
  username: string;
  password: string;
  tokenLifeSeconds?: number;
  rateWindow?: { calls: number; windowSeconds: number };
  start?: Date;
}

export class CourierStandin {
  private server: Server | null = null;
  private clock: number;
  private readonly tokens = new Map<string, number>();
  private readonly parcels = new Map<string, Parcel>();
  private readonly byOrder = new Map<string, string>();
  private readonly ndr = new Map<string, NdrRequest>();
  private readonly claims = new Map<string, string>();
  private readonly faults: StandinFaults;
  private serial = 0;
  /** logins it has answered with a token */
  logins = 0;
  /** API calls it received (logins included) */
  calls = 0;

  constructor(private readonly o: StandinOptions) {
    this.clock = (o.start ?? new Date('2026-11-20T06:30:00.000Z')).getTime();
    this.faults = new StandinFaults(o.rateWindow ?? { calls: 750, windowSeconds: 300 }, () => this.clock);
  }

  get url(): string {
    const a = this.server?.address() as AddressInfo | null;
    if (!a) throw new Error('the stand-in is not listening');
    return `http://127.0.0.1:${a.port}`;
  }

  now(): Date {
    return new Date(this.clock);
  }

  async start(): Promise<void> {
    this.server = createServer((req, res) => void this.handle(req, res));
    await new Promise<void>((resolve) => this.server!.listen(0, '127.0.0.1', resolve));
  }

  async close(): Promise<void> {
    const server = this.server;
    if (!server) return;
    server.closeAllConnections();
    await new Promise<void>((resolve) => server.close(() => resolve()));
    this.server = null;
  }

  // ---- controls ----

  advance(ms: number): void {
    this.clock += ms;
  }

  /** every token issued so far lapses now (the courier's 24 h passed) */
  expireTokens(): void {
    for (const t of this.tokens.keys()) this.tokens.set(t, this.clock);
  }

  /** the rest of this rate window's calls are spent: the next call is answered 429 */
  exhaustRateLimit(): void {
    this.faults.exhaustRateLimit();
  }

  /** the next API call is never answered */
  hangNext(): void {
    this.faults.hangNext();
  }

  /** the next API call is answered HTTP 200 `{success:false, rmk}` */
  refuseNext(remark: string): void {
    this.faults.refuseNext(remark);
  }

  pickUp(waybill: string): void {
    const p = this.parcel(waybill);
    p.pickedUp = true;
    p.scans.push(this.scan('UD', 'In Transit', 'Picked up from the seller'));
  }

  failAttempt(waybill: string, code = 'EOD-11'): void {
    const p = this.parcel(waybill);
    if (!p.pickedUp) this.pickUp(waybill);
    p.scans.push(this.scan('UD', 'Dispatched', 'Out for delivery'));
    this.clock += 1000;
    p.scans.push({ ...this.scan('UD', 'Pending', 'Consignee unavailable'), code });
  }

  // ---- the API ----

  private async handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const url = new URL(req.url ?? '/', 'http://standin');
    const raw = await readBody(req);
    this.calls++;
    if (this.faults.takeHang()) return; // never answered: the client's time limit has to cut it
    const left = this.faults.retryAfter();
    if (left !== null) return send(res, 429, { detail: 'Too many requests' }, { 'retry-after': String(left) });
    if (req.method === 'POST' && url.pathname === '/auth/login') return this.login(res, raw);
    const token = /^Bearer (.+)$/.exec(req.headers.authorization ?? '')?.[1];
    const expiresAt = token ? this.tokens.get(token) : undefined;
    if (expiresAt === undefined) return send(res, 401, { detail: 'Authentication credentials were not provided' });
    if (expiresAt <= this.clock) return send(res, 401, { detail: 'Token expired' });
    const refusal = this.faults.takeRefusal();
    if (refusal) return send(res, 200, { success: false, rmk: refusal });
    const route = `${req.method} ${url.pathname}`;
    switch (route) {
      case 'POST /api/cmu/create.json':
        return this.create(res, req.headers['content-type'] ?? '', raw);
      case 'GET /api/v1/packages/json':
        return this.track(res, url.searchParams);
      case 'POST /api/p/cancel':
        return this.cancel(res, jsonOf(raw));
      case 'POST /api/p/update':
        return this.ndrAction(res, jsonOf(raw));
      case 'GET /api/cmu/get_bulk_upl':
        return this.ndrStatus(res, url.searchParams);
      case 'POST /fm/request/new':
        return this.pickupRequest(res, jsonOf(raw));
      case 'POST /api/claims':
        return this.claim(res, jsonOf(raw));
      case 'GET /api/pod':
        return this.pod(res, url.searchParams);
      default:
        return send(res, 404, { detail: `No route ${route}` });
    }
  }

  private login(res: ServerResponse, raw: string): void {
    const body = jsonOf(raw);
    if (body.username !== this.o.username || body.password !== this.o.password)
      return send(res, 401, { detail: 'Invalid username or password' });
    const token = randomBytes(12).toString('hex');
    const life = this.o.tokenLifeSeconds ?? 86_400;
    this.tokens.set(token, this.clock + life * 1000);
    this.logins++;
    send(res, 200, { access_token: token, token_type: 'Bearer', expires_in: life });
  }

  private create(res: ServerResponse, contentType: string, raw: string): void {
    if (!contentType.startsWith('application/x-www-form-urlencoded'))
      return send(res, 200, { success: false, rmk: 'format=json&data=… is expected as a form' });
    const form = new URLSearchParams(raw);
    if (form.get('format') !== 'json') return send(res, 200, { success: false, rmk: 'format must be json' });
    let data: { shipments?: Record<string, unknown>[] };
    try {
      data = JSON.parse(form.get('data') ?? '') as typeof data;
    } catch {
      return send(res, 200, { success: false, rmk: 'data is not valid JSON' });
    }
    const s = data.shipments?.[0];
    if (!s) return send(res, 200, { success: false, rmk: 'No shipments in data' });
    for (const field of ['order', 'name', 'phone', 'pin', 'city', 'state', 'payment_mode', 'weight'])
      if (s[field] === undefined || s[field] === '')
        return send(res, 200, { success: false, rmk: `Required field ${field} is missing` });
    const order = String(s.order);
    if (!/^\d{10}$/.test(String(s.phone)))
      return send(res, 200, failedPackage(order, 'Consignee phone must have 10 digits'));
    if (!/^\d{6}$/.test(String(s.pin))) return send(res, 200, failedPackage(order, 'Pincode is not serviceable'));
    if (s.payment_mode !== 'Prepaid' && s.payment_mode !== 'COD')
      return send(res, 200, failedPackage(order, 'payment_mode must be Prepaid or COD'));
    if (s.payment_mode === 'COD' && !(Number(s.cod_amount) > 0))
      return send(res, 200, failedPackage(order, 'cod_amount is required for COD'));
    if (this.byOrder.has(order)) return send(res, 200, failedPackage(order, 'Duplicate order id'));
    const waybill = `1490${String(++this.serial).padStart(10, '0')}`;
    const sortCode = `${String(s.state).slice(0, 3).toUpperCase()}/${String(s.pin).slice(0, 3)}`;
    const p: Parcel = {
      waybill,
      order,
      sortCode,
      pickupAt: this.clock + 4 * 3_600_000,
      consignee: String(s.name),
      pickedUp: false,
      cancelled: false,
      scans: [],
    };
    p.scans.push(this.scan('UD', 'Manifested', 'Shipment manifested'));
    this.parcels.set(waybill, p);
    this.byOrder.set(order, waybill);
    send(res, 200, {
      success: true,
      packages: [{ status: 'Success', waybill, refnum: order, sort_code: sortCode, remarks: [] }],
    });
  }

  private track(res: ServerResponse, q: URLSearchParams): void {
    const waybills = (q.get('waybill') ?? '').split(',').filter(Boolean);
    const refs = (q.get('ref_ids') ?? '').split(',').filter(Boolean);
    const asked = [...waybills, ...refs.map((r) => this.byOrder.get(r)).filter((w): w is string => !!w)];
    if (asked.length === 0 && refs.length === 0) return send(res, 400, { error: 'waybill or ref_ids is required' });
    if (asked.length > STANDIN_TRACK_BATCH)
      return send(res, 400, { error: `At most ${STANDIN_TRACK_BATCH} waybills per call` });
    const found = asked.map((w) => this.parcels.get(w)).filter((p): p is Parcel => !!p);
    send(res, 200, {
      ShipmentData: found.map((p) => ({
        Shipment: {
          AWB: p.waybill,
          ReferenceNo: p.order,
          SortCode: p.sortCode,
          PickUpDate: new Date(p.pickupAt).toISOString(),
          Status: { Status: p.cancelled ? 'Cancelled' : p.scans.at(-1)!.scan },
          Scans: p.scans
            .filter((x) => x.at <= this.clock)
            .map((x) => ({
              ScanDetail: {
                ScanType: x.type,
                Scan: x.scan,
                ScanDateTime: new Date(x.at).toISOString(),
                ScannedLocation: x.location,
                Instructions: x.instructions,
                ...(x.code ? { StatusCode: x.code } : {}),
              },
            })),
        },
      })),
    });
  }

  private cancel(res: ServerResponse, body: Record<string, unknown>): void {
    const p = this.parcels.get(String(body.waybill));
    if (!p) return send(res, 200, { status: false, remark: 'Waybill not found' });
    if (body.cancellation !== 'true') return send(res, 200, { status: false, remark: 'cancellation must be "true"' });
    if (p.pickedUp)
      return send(res, 200, { status: false, remark: 'Shipment already picked up; it cannot be cancelled' });
    p.cancelled = true;
    send(res, 200, { status: true, remark: 'Shipment has been cancelled' });
  }

  private ndrAction(res: ServerResponse, body: Record<string, unknown>): void {
    const item = (body.data as { waybill?: string; act?: string }[] | undefined)?.[0];
    const p = item?.waybill ? this.parcels.get(item.waybill) : undefined;
    if (!item || !p) return send(res, 200, { status: false, remark: 'Waybill not found' });
    if (item.act !== 'RE-ATTEMPT' && item.act !== 'RTO')
      return send(res, 200, { status: false, remark: 'act must be RE-ATTEMPT or RTO' });
    const last = p.scans.filter((x) => x.at <= this.clock).at(-1);
    const refusal = last?.scan === 'Pending' ? null : 'Shipment is not pending after a failed attempt';
    const id = `UPL${++this.serial}`;
    this.ndr.set(id, { id, waybill: p.waybill, act: item.act, askedAt: this.clock, refusal });
    if (!refusal) {
      const settles = this.clock + STANDIN_NDR_SETTLES_MS;
      // the next attempt goes out an hour after the request is carried out
      p.scans.push({ ...this.scan('UD', 'Dispatched', 'Out for delivery (re-attempt)'), at: settles + 60 * MINUTE });
      if (item.act === 'RTO')
        p.scans[p.scans.length - 1] = { ...p.scans.at(-1)!, type: 'RT', scan: 'In Transit', instructions: 'Returning' };
    }
    send(res, 200, { request_id: id, status: true });
  }

  private ndrStatus(res: ServerResponse, q: URLSearchParams): void {
    const ids = (q.get('ids') ?? '').split(',').filter(Boolean);
    const results = ids
      .map((id) => this.ndr.get(id))
      .filter((r): r is NdrRequest => !!r)
      .map((r) => {
        const settledAt = r.askedAt + STANDIN_NDR_SETTLES_MS;
        if (this.clock < settledAt) return { request_id: r.id, status: 'Pending' };
        return {
          request_id: r.id,
          status: r.refusal ? 'Failure' : 'Success',
          remark: r.refusal ?? `${r.act} scheduled`,
          settled_at: new Date(settledAt).toISOString(),
        };
      });
    send(res, 200, { results });
  }

  private pickupRequest(res: ServerResponse, body: Record<string, unknown>): void {
    if (!body.pickup_date || !(Number(body.expected_package_count) > 0))
      return send(res, 400, { error: { pickup_date: ['required'], expected_package_count: ['must be positive'] } });
    send(res, 200, { pickup_id: `PK${++this.serial}`, pickup_date: body.pickup_date });
  }

  private claim(res: ServerResponse, body: Record<string, unknown>): void {
    const ref = String(body.reference ?? '');
    if (!ref || !this.parcels.has(String(body.waybill)))
      return send(res, 200, { success: false, rmk: 'reference and a known waybill are required' });
    if (!this.claims.has(ref)) this.claims.set(ref, `CLM${++this.serial}`);
    send(res, 200, { success: true, claim_id: this.claims.get(ref) });
  }

  private pod(res: ServerResponse, q: URLSearchParams): void {
    const p = this.parcels.get(q.get('waybill') ?? '');
    const delivered = p?.scans.find((x) => x.at <= this.clock && x.type === 'DL' && x.scan === 'Delivered');
    if (!p || !delivered) return send(res, 200, { pod: null });
    send(res, 200, { pod: { delivered_at: new Date(delivered.at).toISOString(), received_by: p.consignee } });
  }

  private parcel(waybill: string): Parcel {
    const p = this.parcels.get(waybill);
    if (!p) throw new Error(`the stand-in has no parcel ${waybill}`);
    return p;
  }

  private scan(type: string, scan: string, instructions: string): Scan {
    return { at: this.clock, type, scan, location: 'Bengaluru_Hub (Karnataka)', instructions };
  }
}

function failedPackage(order: string, remark: string) {
  return { success: false, packages: [{ status: 'Fail', refnum: order, remarks: [remark] }] };
}
