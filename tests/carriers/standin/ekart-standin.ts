import { createHmac, randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { istDay } from '../../../src/domain/format';
import { StandinFaults } from './standin-faults';
import { readBody, send } from './standin-http';
import { answerStandinControl, type CourierStandinControls, type StandinBooking } from './standin-controls';

// Ekart's Elite API (v3.8.8) on a local port, as strict as its published document: a login per
// client id that hands out the same bearer token for its day (expires_in counting down; 401 once
// it lapses), create as a PUT of JSON with every required field checked and failures in Ekart's
// error shape {statusCode, code, message, description, severity}, one shipment per order number,
// cancel refused after pickup (inside its `data[]`), the open track API (by tracking id, or by the
// order number booked with), raw tracking, labels as a PDF, manifests, NDR actions (a re-attempt
// only after a failed attempt, on a day from tomorrow to seven days ahead), estimates, pincode
// serviceability, addresses and webhooks. On every parcel move it POSTs a track_updated to the
// registered webhook, signed with an HMAC-SHA256 of the body (hex, X-Ekart-Signature). Ekart
// publishes no rate limit; this one allows 300 calls in 5 minutes and answers 429 with
// Retry-After past them. It keeps its own clock; tests steer it through CourierStandinControls.

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;
export const EKART_STANDIN_SIGNATURE_HEADER = 'x-ekart-signature';
export const EKART_STANDIN_VENDOR = 'EKART';

interface Detail {
  status: string;
  ctime: number;
  desc: string;
  location: string;
  ndrStatus?: string;
  pushed: boolean;
}

interface Parcel {
  trackingId: string;
  vendorWaybill: string;
  orderNumber: string;
  payment: 'COD' | 'Prepaid' | 'Pickup';
  codRupees: number;
  pickupName: string;
  consignee: string;
  cancelled: boolean;
  pickupTime: number | null;
  attempts: number;
  details: Detail[];
}

interface Webhook {
  id: string;
  url: string;
  secret: string;
  topics: string[];
  active: boolean;
}

export interface EkartStandinOptions {
  port?: number;
  clientId?: string;
  username?: string;
  password?: string;
  tokenLifeSeconds?: number;
  rateWindow?: { calls: number; windowSeconds: number };
  start?: Date;
  /** how a push reaches the webhook's URL (fetch by default; a test may route it into its app) */
  deliver?: (url: string, init: RequestInit) => Promise<Response>;
}

export const EKART_STANDIN_CREDENTIALS = {
  clientId: 'EKART_DAKIYA01',
  username: 'ops@dakiya.in',
  password: 'ek-s3cret',
};

const REQUIRED_SHIPMENT_FIELDS = [
  'seller_name',
  'seller_address',
  'seller_gst_tin',
  'consignee_gst_amount',
  'order_number',
  'invoice_number',
  'invoice_date',
  'consignee_name',
  'consignee_alternate_phone',
  'products_desc',
  'payment_mode',
  'category_of_goods',
  'total_amount',
  'tax_value',
  'taxable_amount',
  'commodity_value',
  'cod_amount',
  'return_reason',
  'quantity',
  'weight',
  'length',
  'height',
  'width',
  'drop_location',
  'pickup_location',
  'return_location',
] as const;

const TOPICS = ['track_updated', 'shipment_created', 'shipment_recreated'];

class Refusal extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    readonly description = '',
    readonly headers: Record<string, string> = {},
  ) {
    super(message);
  }
}

const invalid = (message: string) => new Refusal(400, 'SWIFT_VALIDATION_EXCEPTION', message);

export class EkartStandin implements CourierStandinControls {
  private server: Server | null = null;
  private clock: number;
  private readonly creds: { clientId: string; username: string; password: string };
  private readonly tokens = new Map<string, number>();
  private current: string | null = null;
  private readonly parcels = new Map<string, Parcel>();
  private readonly byOrder = new Map<string, string>();
  private readonly webhooks: Webhook[] = [];
  private readonly addresses: Record<string, unknown>[] = [];
  private readonly ndrLog: { awb: string; action: string }[] = [];
  private readonly manifests: { location: string; date: string; count: number }[] = [];
  private readonly pushLog: { id: string; status: string; httpStatus: number }[] = [];
  private pushChain: Promise<void> = Promise.resolve();
  private readonly faults: StandinFaults;
  private serial = 0;
  private loginCount = 0;
  private pushesLost = false;

  constructor(private readonly o: EkartStandinOptions = {}) {
    this.clock = (o.start ?? new Date()).getTime();
    this.faults = new StandinFaults(o.rateWindow ?? { calls: 300, windowSeconds: 300 }, () => this.clock);
    this.creds = {
      clientId: o.clientId ?? EKART_STANDIN_CREDENTIALS.clientId,
      username: o.username ?? EKART_STANDIN_CREDENTIALS.username,
      password: o.password ?? EKART_STANDIN_CREDENTIALS.password,
    };
  }

  get url(): string {
    const a = this.server?.address() as AddressInfo | null;
    if (!a) throw new Error('the Ekart stand-in is not listening');
    return `http://127.0.0.1:${a.port}`;
  }

  async listen(): Promise<this> {
    this.server = createServer((req, res) => void this.handle(req, res));
    await new Promise<void>((resolve) => this.server!.listen(this.o.port ?? 0, '127.0.0.1', resolve));
    return this;
  }

  async close(): Promise<void> {
    await this.pushesSettled();
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
    this.flushPushes();
  }

  pickUp(awb: string): void {
    const p = this.parcel(awb);
    if (p.pickupTime !== null) return;
    p.pickupTime = this.clock;
    this.add(p, 'Picked Up', 'Shipment picked up from the seller', 'Jaipur_Hub');
    // it leaves the origin hub half an hour later
    this.add(p, 'In Transit', 'Shipment left the origin hub', 'Jaipur_Hub', { at: this.clock + 30 * MINUTE });
  }

  outForDelivery(awb: string): void {
    const p = this.parcel(awb);
    this.pickUp(awb);
    this.clock = Math.max(this.clock, ...p.details.map((d) => d.ctime)) + 1000;
    this.add(p, 'Out for Delivery', 'Shipment out for delivery', 'Bengaluru_Indiranagar_DH');
  }

  failAttempt(awb: string, reason = 'Customer Unavailable'): void {
    const p = this.parcel(awb);
    this.outForDelivery(awb);
    this.clock += 1000;
    p.attempts++;
    this.add(p, 'Undelivered', `Delivery attempt failed: ${reason}`, 'Bengaluru_Indiranagar_DH', { ndrStatus: reason });
  }

  deliver(awb: string): void {
    const p = this.parcel(awb);
    if (p.details.at(-1)?.status !== 'Out for Delivery') this.outForDelivery(awb);
    this.clock += 1000;
    this.add(p, 'Delivered', 'Delivered Successfully', 'Bengaluru_Indiranagar_DH');
  }

  returnToOrigin(awb: string): void {
    const p = this.parcel(awb);
    this.pickUp(awb);
    this.add(p, 'RTO Requested', 'Return to origin requested', 'Bengaluru_Indiranagar_DH');
    this.add(p, 'RTO In Transit', 'Returning to the seller', 'Bengaluru_Hub', { at: this.clock + HOUR });
  }

  bookings(): StandinBooking[] {
    return [...this.parcels.values()].map((p) => ({
      awb: p.trackingId,
      orderNumber: p.orderNumber,
      payment: p.payment === 'Pickup' ? 'REVERSE' : p.payment === 'COD' ? 'COD' : 'PPD',
      codAmountPaise: Math.round(p.codRupees * 100),
      cancelled: p.cancelled,
      status: this.visible(p).at(-1)?.status ?? 'Order Placed',
    }));
  }

  ndrRequests(): { awb: string; action: string }[] {
    return [...this.ndrLog];
  }

  /** Ekart takes no pickup request: the manifests it generated stand for the day's pickups. */
  pickupRequests(): { location: string; date: string; count: number }[] {
    return [...this.manifests];
  }

  logins(): number {
    return this.loginCount;
  }

  expireTokens(): void {
    for (const t of this.tokens.keys()) this.tokens.set(t, this.clock);
    this.current = null;
  }

  exhaustRateLimit(): void {
    this.faults.exhaustRateLimit();
  }

  hangNext(): void {
    this.faults.hangNext();
  }

  refuseNext(remark: string): void {
    this.faults.refuseNext(remark);
  }

  /** While on, pushes are sent nowhere (the product's endpoint unreachable): polling must catch up. */
  losePushes(on: boolean): void {
    this.pushesLost = on;
  }

  /** The webhooks registered with it, as Ekart lists them. */
  registeredWebhooks(): Webhook[] {
    return this.webhooks.map((w) => ({ ...w, topics: [...w.topics] }));
  }

  /** The pushes it sent and how the receiver answered, in order. */
  pushes(): { id: string; status: string; httpStatus: number }[] {
    return [...this.pushLog];
  }

  /** Resolves once every push due so far has been answered. */
  async pushesSettled(): Promise<void> {
    let seen: Promise<void>;
    do {
      seen = this.pushChain;
      await seen;
    } while (seen !== this.pushChain);
  }

  // ---- parcels ----

  private parcel(awb: string): Parcel {
    const p = this.parcels.get(awb);
    if (!p) throw new Error(`the Ekart stand-in has no shipment ${awb}`);
    return p;
  }

  private visible(p: Parcel): Detail[] {
    return p.details.filter((d) => d.ctime <= this.clock);
  }

  private add(
    p: Parcel,
    status: string,
    desc: string,
    location: string,
    extra: { at?: number; ndrStatus?: string } = {},
  ): void {
    const d: Detail = {
      status,
      ctime: extra.at ?? this.clock,
      desc,
      location,
      pushed: false,
      ...(extra.ndrStatus ? { ndrStatus: extra.ndrStatus } : {}),
    };
    p.details.push(d);
    p.details.sort((a, b) => a.ctime - b.ctime);
    this.flushPushes();
  }

  private trackOf(p: Parcel) {
    const seen = this.visible(p);
    const last = seen.at(-1)!;
    const ndr = last.status === 'Undelivered';
    return {
      _id: p.trackingId,
      track: {
        status: last.status,
        ctime: last.ctime,
        desc: last.desc,
        location: last.location,
        attempts: p.attempts,
        ...(p.pickupTime !== null ? { pickupTime: p.pickupTime } : {}),
        ...(ndr ? { ndrStatus: last.ndrStatus, ndrActions: ['Re-Attempt', 'RTO'] } : {}),
        details: seen.map((d) => ({
          status: d.status,
          ctime: d.ctime,
          desc: d.desc,
          location: d.location,
          ...(d.ndrStatus ? { ndrStatus: d.ndrStatus } : {}),
        })),
      },
      ...(p.pickupTime !== null ? { edd: p.pickupTime + 3 * DAY } : {}),
      order_number: p.orderNumber,
    };
  }

  // ---- pushes ----

  private flushPushes(): void {
    const hooks = this.webhooks.filter((w) => w.active && w.topics.includes('track_updated'));
    for (const p of this.parcels.values())
      for (const d of this.visible(p)) {
        if (d.pushed) continue;
        d.pushed = true;
        if (!this.pushesLost) for (const hook of hooks) this.queuePush(hook, p, d);
      }
  }

  private queuePush(hook: Webhook, p: Parcel, d: Detail): void {
    const body = JSON.stringify({
      ctime: d.ctime,
      status: d.status,
      location: d.location,
      desc: d.desc,
      attempts: String(p.attempts),
      ...(p.pickupTime !== null ? { pickupTime: p.pickupTime, edd: p.pickupTime + 3 * DAY } : {}),
      wbn: p.vendorWaybill,
      id: p.trackingId,
      orderNumber: p.orderNumber,
    });
    const signature = createHmac('sha256', hook.secret).update(body).digest('hex');
    const deliver = this.o.deliver ?? ((url: string, init: RequestInit) => fetch(url, init));
    this.pushChain = this.pushChain.then(async () => {
      let httpStatus = 0;
      try {
        const res = await deliver(hook.url, {
          method: 'POST',
          headers: { 'content-type': 'application/json', [EKART_STANDIN_SIGNATURE_HEADER]: signature },
          body,
          signal: AbortSignal.timeout(10_000),
        });
        httpStatus = res.status;
        await res.arrayBuffer();
      } catch {
        // unreachable: recorded as status 0
      }
      this.pushLog.push({ id: p.trackingId, status: d.status, httpStatus });
    });
  }

  // ---- the API ----

  private async handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    if (await answerStandinControl(this, req, res)) return;
    const url = new URL(req.url ?? '/', 'http://standin');
    const raw = await readBody(req);
    if (this.faults.takeHang()) return; // never answered: the client's time limit has to cut it
    try {
      const left = this.faults.retryAfter();
      if (left !== null)
        throw new Refusal(429, 'TOO_MANY_REQUESTS', 'Rate limit exceeded', '', { 'retry-after': String(left) });
      const route = `${req.method} ${url.pathname}`;
      const login = /^POST \/integrations\/v2\/auth\/token\/([^/]+)$/.exec(route);
      if (login) return send(res, 200, this.login(decodeURIComponent(login[1]), jsonOf(raw)));
      const open = /^GET \/api\/v1\/track\/([^/]+)$/.exec(route);
      this.authorise(req, !open);
      const refusal = this.faults.takeRefusal();
      if (refusal) return send(res, 200, { status: false, remark: refusal, tracking_id: '' });
      if (open) return send(res, 200, this.track(decodeURIComponent(open[1])));
      return await this.route(req, res, route, url, raw);
    } catch (e) {
      if (!(e instanceof Refusal)) return send(res, 500, { statusCode: 500, code: 'INTERNAL', message: String(e) });
      const body = {
        statusCode: e.status,
        code: e.code,
        message: e.message,
        description: e.description || e.message,
        severity: e.status >= 500 ? 'CRITICAL' : 'ERROR',
      };
      send(res, e.status, body, e.headers);
    }
  }

  private async route(req: IncomingMessage, res: ServerResponse, route: string, url: URL, raw: string) {
    if (
      req.method !== 'GET' &&
      req.method !== 'DELETE' &&
      !/^application\/json/.test(req.headers['content-type'] ?? '')
    )
      throw new Refusal(415, 'UNSUPPORTED_MEDIA_TYPE', 'Content-Type must be application/json');
    const webhook = /^PUT \/api\/v2\/webhook\/([^/]+)$/.exec(route);
    if (webhook) return send(res, 200, this.editWebhook(decodeURIComponent(webhook[1]), jsonOf(raw)));
    const rawTrack = /^GET \/data\/v1\/elite\/track\/([^/]+)$/.exec(route);
    if (rawTrack) return send(res, 200, this.rawTrack(decodeURIComponent(rawTrack[1])));
    const pincode = /^GET \/api\/v2\/serviceability\/([^/]+)$/.exec(route);
    if (pincode) return send(res, 200, this.pincode(decodeURIComponent(pincode[1])));
    switch (route) {
      case 'PUT /api/v1/package/create':
        return send(res, 200, this.create(jsonOf(raw)));
      case 'DELETE /api/v1/package/cancel':
        return send(res, 200, this.cancel(url.searchParams.get('tracking_id') ?? ''));
      case 'POST /api/v1/package/label':
        return this.label(res, jsonOf(raw), url.searchParams.get('json_only'));
      case 'POST /data/v2/generate/manifest':
        return send(res, 200, this.manifest(jsonOf(raw)));
      case 'POST /api/v2/package/ndr':
        return send(res, 200, this.ndr(jsonOf(raw)));
      case 'POST /data/pricing/estimate':
        return send(res, 200, this.estimate(jsonOf(raw)));
      case 'POST /api/v2/address':
        return send(res, 200, this.addAddress(jsonOf(raw)));
      case 'GET /api/v2/addresses':
        return send(res, 200, this.addresses);
      case 'GET /api/v2/webhook':
        return send(res, 200, this.registeredWebhooks());
      case 'POST /api/v2/webhook':
        return send(res, 200, this.addWebhook(jsonOf(raw)));
      default:
        throw new Refusal(
          404,
          'PATH_NOT_IMPLEMENTED',
          `No handler defined for path '${route.split(' ')[1]}' and method ${req.method}`,
        );
    }
  }

  private login(clientId: string, body: Record<string, unknown>) {
    if (typeof body.username !== 'string' || typeof body.password !== 'string')
      throw invalid('username and password are required');
    if (
      clientId !== this.creds.clientId ||
      body.username !== this.creds.username ||
      body.password !== this.creds.password
    )
      throw new Refusal(401, 'UNAUTHORIZED', 'Invalid client id, username or password');
    // a caching API: the same token for its day, with the seconds it has left
    const kept = this.current && this.tokens.get(this.current);
    if (!this.current || !kept || kept <= this.clock) {
      this.current = randomBytes(16).toString('hex');
      this.tokens.set(this.current, this.clock + (this.o.tokenLifeSeconds ?? 86_400) * 1000);
      this.loginCount++;
    }
    const left = Math.ceil((this.tokens.get(this.current)! - this.clock) / 1000);
    return { access_token: this.current, scope: 'core:all', expires_in: left, token_type: 'Bearer' };
  }

  /** A token shown is checked even on the open track API; protected calls need one. */
  private authorise(req: IncomingMessage, required: boolean): void {
    const header = req.headers.authorization;
    if (!header) {
      if (required) throw new Refusal(401, 'UNAUTHORIZED', 'Authorization header is missing');
      return;
    }
    const token = /^Bearer (.+)$/.exec(header)?.[1];
    const expiresAt = token ? this.tokens.get(token) : undefined;
    if (expiresAt === undefined) throw new Refusal(401, 'UNAUTHORIZED', 'Invalid access token');
    if (expiresAt <= this.clock) throw new Refusal(401, 'TOKEN_EXPIRED', 'Access token has expired');
  }

  private create(s: Record<string, unknown>) {
    for (const field of REQUIRED_SHIPMENT_FIELDS)
      if (s[field] === undefined || s[field] === null) throw invalid(`${field} cannot be null or empty`);
    for (const field of [
      'seller_name',
      'seller_address',
      'seller_gst_tin',
      'order_number',
      'invoice_number',
      'invoice_date',
      'consignee_name',
      'products_desc',
      'category_of_goods',
    ])
      if (typeof s[field] !== 'string' || !(s[field] as string).trim())
        throw invalid(`${field} cannot be null or empty`);
    const phone = String(s.consignee_alternate_phone);
    if (phone.length < 10 || !/^\d+$/.test(phone))
      throw invalid('consignee_alternate_phone must be a phone number of at least 10 digits');
    if (!['COD', 'Prepaid', 'Pickup'].includes(String(s.payment_mode)))
      throw invalid('payment_mode must be one of COD, Prepaid, Pickup');
    if (s.payment_mode === 'Pickup' && !String(s.return_reason).trim())
      throw invalid('return_reason is required for Pickup shipments');
    const num = (field: string, min: number, integer = false) => {
      const n = s[field];
      if (typeof n !== 'number' || !Number.isFinite(n) || n < min || (integer && !Number.isInteger(n)))
        throw invalid(`${field} must be ${integer ? 'an integer' : 'a number'} of at least ${min}`);
      return n;
    };
    const total = num('total_amount', 1);
    const tax = num('tax_value', 0);
    const taxable = num('taxable_amount', 1);
    if (Math.abs(total - taxable - tax) > 0.01)
      throw invalid('total_amount must be the sum of taxable_amount and tax_value');
    if (typeof s.commodity_value !== 'string') throw invalid('commodity_value must be a string');
    const cod = num('cod_amount', 0);
    if (cod > 49_999) throw invalid('cod_amount must be at most 49999');
    if (s.payment_mode === 'COD' && cod <= 0) throw invalid('cod_amount is required for COD shipments');
    num('consignee_gst_amount', 0);
    num('quantity', 1, true);
    for (const f of ['weight', 'length', 'height', 'width']) num(f, 1, true);
    if (s.templateName !== undefined) throw invalid('Only one of templateName or length, width, height is accepted');
    if (s.ewbn !== undefined && !/^\d{12}$/.test(String(s.ewbn))) throw invalid('ewbn must be 12 digits');
    for (const name of ['drop_location', 'pickup_location', 'return_location'] as const) location(s[name], name);
    const order = String(s.order_number);
    if (this.byOrder.has(order)) throw invalid(`Shipment for order_number ${order} already exists`);
    this.serial++;
    const trackingId = `500999EK${String(this.serial).padStart(7, '0')}`;
    const p: Parcel = {
      trackingId,
      vendorWaybill: String(318019000000 + this.serial),
      orderNumber: order,
      payment: s.payment_mode as Parcel['payment'],
      codRupees: cod,
      pickupName: String((s.pickup_location as { name: string }).name),
      consignee: String(s.consignee_name),
      cancelled: false,
      pickupTime: null,
      attempts: 0,
      details: [],
    };
    this.parcels.set(trackingId, p);
    this.byOrder.set(order, trackingId);
    this.add(p, 'Order Placed', 'Shipment created', 'Jaipur_Hub');
    return {
      status: true,
      remark: 'Successfully created shipment',
      tracking_id: trackingId,
      vendor: EKART_STANDIN_VENDOR,
      barcodes: { wbn: p.vendorWaybill, order, ...(p.payment === 'COD' ? { cod: `C${p.vendorWaybill}` } : {}) },
    };
  }

  private known(id: string): Parcel {
    const p = this.parcels.get(id) ?? this.parcels.get(this.byOrder.get(id) ?? '');
    if (!p) throw new Refusal(404, 'SHIPMENT_NOT_FOUND', `No shipment found for id ${id}`);
    return p;
  }

  private cancel(trackingId: string) {
    if (!trackingId) throw invalid('tracking_id cannot be null or empty');
    const p = this.known(trackingId);
    if (p.cancelled) return { data: [{ status: true, remark: 'Shipment already cancelled', tracking_id: trackingId }] };
    if (p.pickupTime !== null)
      return {
        data: [
          { status: false, remark: 'Shipment already picked up; it cannot be cancelled', tracking_id: trackingId },
        ],
      };
    p.cancelled = true;
    this.add(p, 'Cancelled', 'Shipment cancelled by the seller', 'Jaipur_Hub');
    return { data: [{ status: true, remark: 'Shipment cancelled', tracking_id: trackingId }] };
  }

  private track(id: string) {
    return this.trackOf(this.known(id));
  }

  private rawTrack(wbn: string) {
    const p = this.known(wbn);
    const seen = this.visible(p);
    const delivered = seen.some((d) => d.status === 'Delivered');
    return {
      [p.trackingId]: {
        shipment_type: p.payment === 'COD' ? 'COD' : 'PREPAID',
        cod_amount: p.codRupees.toFixed(1),
        shipment_id: p.trackingId,
        order_id: p.orderNumber,
        external_tracking_id: p.trackingId,
        delivery_type: 'small',
        delivered,
        merchant_name: p.pickupName,
        vendor: EKART_STANDIN_VENDOR,
        rto: seen.some((d) => d.status.startsWith('RTO')),
        receiver: delivered ? { name: p.consignee, relation: 'Self' } : {},
        history: seen.map((d) => ({
          status: d.status.toLowerCase(),
          event_date_iso8601: new Date(d.ctime).toISOString(),
          hub_name: d.location,
          public_description: d.desc,
        })),
      },
    };
  }

  private ids(body: Record<string, unknown>): Parcel[] {
    const ids = body.ids;
    if (!Array.isArray(ids) || ids.length < 1 || ids.length > 100 || !ids.every((i) => typeof i === 'string'))
      throw invalid('ids must be a list of 1 to 100 tracking ids');
    return [...new Set(ids as string[])].map((id) => this.known(id));
  }

  private label(res: ServerResponse, body: Record<string, unknown>, jsonOnly: string | null): void {
    const parcels = this.ids(body);
    if (jsonOnly === 'true')
      return send(
        res,
        200,
        parcels.map((p) => ({ tracking_id: p.trackingId, wbn: p.vendorWaybill, order: p.orderNumber })),
      );
    const pdf = labelPdf(parcels.map((p) => `Ekart ${p.trackingId} / ${p.vendorWaybill} / order ${p.orderNumber}`));
    res.writeHead(200, { 'content-type': 'application/pdf', 'content-length': String(pdf.length) });
    res.end(pdf);
  }

  private manifest(body: Record<string, unknown>) {
    const parcels = this.ids(body);
    const live = parcels.filter((p) => !p.cancelled);
    if (!live.length) throw invalid('No shipment to manifest: all are cancelled');
    this.manifests.push({ location: live[0].pickupName, date: istDay(this.now()), count: live.length });
    const manifestNumber = 880000 + this.manifests.length;
    return {
      ctime: this.clock,
      manifestNumber,
      manifestDownloadUrl: `${this.url}/manifests/${manifestNumber}.pdf`,
    };
  }

  private ndr(body: Record<string, unknown>) {
    if (body.action !== 'Re-Attempt' && body.action !== 'RTO') throw invalid('action must be one of Re-Attempt, RTO');
    if (typeof body.wbn !== 'string' || !body.wbn) throw invalid('wbn cannot be null or empty');
    if (body.phone !== undefined && !/^\d{10}$/.test(String(body.phone))) throw invalid('phone must be 10 digits');
    const p = this.known(body.wbn);
    let day = '';
    if (body.action === 'Re-Attempt') {
      if (typeof body.date !== 'number' || !Number.isInteger(body.date))
        throw invalid('date is required for Re-Attempt (milliseconds since epoch)');
      day = istDay(new Date(body.date));
      const first = istDay(new Date(this.clock + DAY));
      const last = istDay(new Date(this.clock + 7 * DAY));
      if (day < first || day > last)
        throw invalid('date should be within seven days of the current day, excluding today');
    }
    const last = this.visible(p).at(-1);
    if (last?.status !== 'Undelivered')
      return { status: false, remark: 'Shipment is not in NDR; no action can be taken', tracking_id: p.trackingId };
    this.ndrLog.push({ awb: p.trackingId, action: String(body.action) });
    if (body.action === 'RTO') {
      this.add(p, 'RTO Requested', 'Seller asked to return the shipment', last.location);
      this.add(p, 'RTO In Transit', 'Returning to the seller', 'Bengaluru_Hub', { at: this.clock + HOUR });
    } else {
      // out again at 10:00 IST on the day asked
      const at = Math.max(Date.parse(`${day}T10:00:00+05:30`), this.clock + MINUTE);
      this.add(p, 'Out for Delivery', 'Shipment out for delivery (re-attempt)', last.location, { at });
    }
    return { status: true, remark: `${body.action} request accepted`, tracking_id: p.trackingId };
  }

  private estimate(b: Record<string, unknown>) {
    for (const f of ['pickupPincode', 'dropPincode', 'weight', 'length', 'height', 'width'])
      if (typeof b[f] !== 'number' || !((b[f] as number) > 0)) throw invalid(`${f} cannot be null or empty`);
    if (b.serviceType !== 'SURFACE' && b.serviceType !== 'EXPRESS')
      throw invalid('serviceType must be SURFACE or EXPRESS');
    if (typeof b.shippingDirection !== 'string' || !b.shippingDirection)
      throw invalid('shippingDirection cannot be null or empty');
    const volumetric = ((b.length as number) * (b.height as number) * (b.width as number)) / 5;
    const billing = Math.ceil(Math.max(b.weight as number, volumetric) / 500) * 500;
    const zone = String(b.pickupPincode).slice(0, 2) === String(b.dropPincode).slice(0, 2) ? 'B' : 'D';
    const shipping = (billing / 500) * (zone === 'B' ? 34 : 47);
    const cod = Number(b.codAmount ?? 0) > 0 ? Math.max(34, Number(b.codAmount) * 0.0175) : 0;
    const fuel = shipping * 0.1;
    const taxes = (shipping + cod + fuel) * 0.18;
    const s = (n: number) => n.toFixed(2);
    return {
      type: 'WEIGHT_BASED',
      zone,
      volumetricWeight: s(volumetric),
      billingWeight: String(billing),
      shippingCharge: s(shipping),
      rtoCharge: s(shipping),
      fuelSurcharge: s(fuel),
      codCharge: s(cod),
      qcCharge: '0.00',
      taxes: s(taxes),
      total: s(shipping + cod + fuel + taxes),
    };
  }

  private pincode(pin: string) {
    if (!/^\d{6}$/.test(pin)) throw invalid('pincode must be a 6-digit number');
    // the army post office's 9xxxxx pincodes are outside its network
    if (pin.startsWith('9')) return { status: false, pincode: Number(pin), remark: 'Pincode is not serviceable' };
    return {
      status: true,
      pincode: Number(pin),
      remark: 'Serviceable',
      details: {
        cod: true,
        max_cod_amount: 49_999,
        forward_pickup: true,
        forward_drop: true,
        reverse_pickup: true,
        reverse_drop: true,
        city: 'Bengaluru',
        state: 'KA',
      },
    };
  }

  private addAddress(b: Record<string, unknown>) {
    if (typeof b.alias !== 'string' || !b.alias.trim()) throw invalid('alias cannot be null or empty');
    if (typeof b.phone !== 'number' || b.phone < 1_000_000_000 || b.phone > 9_999_999_999)
      throw invalid('phone must be a 10-digit number');
    if (typeof b.address_line1 !== 'string' || !b.address_line1.trim())
      throw invalid('address_line1 cannot be null or empty');
    if (typeof b.pincode !== 'number' || !/^\d{6}$/.test(String(b.pincode)))
      throw invalid('pincode must be a 6-digit number');
    if (b.country !== undefined && b.country !== 'India' && b.country !== 'IN')
      throw invalid('country must be India or IN');
    this.addresses.push(b);
    return {
      status: true,
      alias: b.alias,
      remark: `Successful operation on Address ${randomBytes(6).toString('hex')}`,
    };
  }

  private webhookFields(b: Record<string, unknown>, required: boolean): Partial<Webhook> {
    const out: Partial<Webhook> = {};
    if (b.url !== undefined || required) {
      if (typeof b.url !== 'string' || !URL.canParse(b.url)) throw invalid('url must be a valid uri');
      out.url = b.url;
    }
    if (b.secret !== undefined || required) {
      if (typeof b.secret !== 'string' || b.secret.length < 6 || b.secret.length > 30)
        throw invalid('secret must be 6 to 30 characters');
      out.secret = b.secret;
    }
    if (b.topics !== undefined || required) {
      if (!Array.isArray(b.topics) || !b.topics.length || !b.topics.every((t) => TOPICS.includes(String(t))))
        throw invalid(`topics must be a non-empty list of ${TOPICS.join(', ')}`);
      out.topics = b.topics as string[];
    }
    if (b.active !== undefined) {
      if (typeof b.active !== 'boolean') throw invalid('active must be true or false');
      out.active = b.active;
    }
    return out;
  }

  private addWebhook(b: Record<string, unknown>) {
    const hook = {
      id: `wh_${randomBytes(6).toString('hex')}`,
      active: true,
      ...this.webhookFields(b, true),
    } as Webhook;
    this.webhooks.push(hook);
    return { ...hook };
  }

  private editWebhook(id: string, b: Record<string, unknown>) {
    const hook = this.webhooks.find((w) => w.id === id);
    if (!hook) throw new Refusal(404, 'WEBHOOK_NOT_FOUND', `No webhook ${id}`);
    Object.assign(hook, this.webhookFields(b, false));
    return { ...hook };
  }
}

/** Ekart's locationV1: address, country, name, a 10-digit phone and a 6-digit pin are required. */
function location(v: unknown, name: string): void {
  if (!v || typeof v !== 'object') throw invalid(`${name} cannot be null or empty`);
  const l = v as Record<string, unknown>;
  for (const f of ['address', 'country', 'name'])
    if (typeof l[f] !== 'string' || !(l[f] as string).trim()) throw invalid(`${name}.${f} cannot be null or empty`);
  if (typeof l.phone !== 'number' || l.phone < 1_000_000_000 || l.phone > 9_999_999_999)
    throw invalid(`${name}.phone must be a 10-digit number`);
  if (typeof l.pin !== 'number' || !/^\d{6}$/.test(String(l.pin)))
    throw invalid(`${name}.pin must be a 6-digit pincode`);
  if (l.location_type !== undefined && l.location_type !== 'Office' && l.location_type !== 'Home')
    throw invalid(`${name}.location_type must be Office or Home`);
}

/** A one-page PDF listing the labels' lines (enough for a reader to find each tracking id). */
export function labelPdf(lines: string[]): Buffer {
  const text = lines.map((l, i) => `BT /F1 11 Tf 40 ${800 - i * 16} Td (${l.replace(/[()\\]/g, '')}) Tj ET`).join('\n');
  const objects = [
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 595 842] /Contents 4 0 R /Resources << /Font << /F1 5 0 R >> >> >>',
    `<< /Length ${Buffer.byteLength(text)} >>\nstream\n${text}\nendstream`,
    '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>',
  ];
  let out = '%PDF-1.4\n';
  const offsets: number[] = [];
  objects.forEach((o, i) => {
    offsets.push(Buffer.byteLength(out));
    out += `${i + 1} 0 obj\n${o}\nendobj\n`;
  });
  const xref = Buffer.byteLength(out);
  out += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`;
  out += offsets.map((o) => `${String(o).padStart(10, '0')} 00000 n \n`).join('');
  out += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return Buffer.from(out, 'latin1');
}

/** Starts the stand-in on 127.0.0.1 (a free port unless one is given) and answers its controls. */
export function startEkartStandin(opts: EkartStandinOptions = {}): Promise<EkartStandin> {
  return new EkartStandin(opts).listen();
}

function jsonOf(raw: string): Record<string, unknown> {
  try {
    const v = JSON.parse(raw) as unknown;
    return v && typeof v === 'object' && !Array.isArray(v) ? (v as Record<string, unknown>) : {};
  } catch {
    throw invalid('Body must be valid JSON');
  }
}
