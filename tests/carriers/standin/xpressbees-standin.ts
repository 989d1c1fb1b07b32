import { randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { admitCall, baseUrlOf, closeServer, listenLocally, send, StandinGate } from './standin-http';
import { answerStandinControl, type CourierStandinControls, type StandinBooking } from './standin-controls';

// Xpressbees' self-serve shipping API on a local port, as strict as its public document: a login
// by email and password that issues bearer tokens expiring on its own gate.now (answered HTTP 200
// `{status:false, message:"Invalid token"}` after, as Xpressbees answers), a rate window (429 with
// Retry-After), a price list per lane naming its services (same-day only within a city), bookings
// with required fields checked and a repeated order number refused, cancel refused once picked
// up, tracking one AWB a call with IST times to the minute, NDR instructions taken only after a
// failed attempt, and failures answered HTTP 200 with `status:false`.

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const IST_MS = 330 * MINUTE;

export const XPRESSBEES_STANDIN_LOGIN = { email: 'ops@meera-textiles.in', password: 'xb-Secret-2026' };
/** its services: ids as its price list answers them */
export const XB_SERVICES = { surface: 1, air: 6, sameDay: 12298 } as const;
/** the status codes it reports (all in the XB table of courier-codes.ts) */
export const XPRESSBEES_STANDIN_CODES = ['PP', 'PU', 'IT', 'OFD', 'EX', 'DL', 'RT', 'RT-IT', 'RT-DL'] as const;
export const XB_DEFAULT_FAILURE = 'CONSIGNEE NOT AVAILABLE';

interface XbEvent {
  at: number;
  code: string;
  location: string;
  message: string;
}

interface XbParcel {
  awb: string;
  orderNumber: string;
  payment: 'PPD' | 'COD';
  codRupees: number;
  courierId: number;
  origin: string;
  destination: string;
  cancelled: boolean;
  pickedUp: boolean;
  createdAt: number;
  events: XbEvent[];
}

export interface XpressbeesStandinOptions {
  port?: number;
  tokenLifeSeconds?: number;
  rateWindow?: { calls: number; windowSeconds: number };
  start?: Date;
}

const hubOf = (pincode: string) =>
  ({ '30': 'JAI', '56': 'BLR', '11': 'DEL', '40': 'BOM', '60': 'MAA', '70': 'CCU' })[pincode.slice(0, 2)] ??
  `H${pincode.slice(0, 3)}`;

/** IST wall time to the minute, as Xpressbees writes event_time. */
const istMinute = (ms: number) => new Date(ms + IST_MS).toISOString().slice(0, 16).replace('T', ' ');

export async function startXpressbeesStandin(opts: XpressbeesStandinOptions = {}): Promise<CourierStandinControls> {
  const gate = new StandinGate(opts.start, opts.rateWindow);
  const tokens = new Map<string, number>();
  const parcels = new Map<string, XbParcel>();
  const byOrder = new Map<string, string>();
  const ndr: { awb: string; action: string }[] = [];
  let serial = 0;
  let logins = 0;

  const parcel = (awb: string) => {
    const p = parcels.get(awb);
    if (!p) throw new Error(`the Xpressbees stand-in has no parcel ${awb}`);
    return p;
  };
  const visible = (p: XbParcel) => p.events.filter((e) => e.at <= gate.now);
  const last = (p: XbParcel) => visible(p).at(-1)!;
  const event = (p: XbParcel, code: string, message: string, at = gate.now, where?: string) =>
    p.events.push({ at, code, message, location: where ?? `${hubOf(p.origin)} HUB (${hubOf(p.origin)})` });
  const atDestination = (p: XbParcel) => `${hubOf(p.destination)} ETAIL (${hubOf(p.destination)}D)`;

  /** a test steering the parcel overrides what the courier had planned for it */
  const steer = (awb: string) => {
    const p = parcel(awb);
    p.events = p.events.filter((e) => e.at <= gate.now);
    return p;
  };

  const controls: CourierStandinControls = {
    get url() {
      return baseUrlOf(server, 'Xpressbees');
    },
    now: () => new Date(gate.now),
    advance: (ms) => gate.advance(ms),
    pickUp(awb) {
      const p = steer(awb);
      if (p.pickedUp) return;
      p.pickedUp = true;
      event(p, 'PU', 'SHIPMENT PICKED UP');
      // it leaves the origin hub within the hour
      event(p, 'IT', 'SHIPMENT FURTHER CONNECTED', gate.now + 30 * MINUTE);
    },
    outForDelivery(awb) {
      const p = steer(awb);
      if (!p.pickedUp) controls.pickUp(awb);
      event(p, 'IT', 'SHIPMENT ARRIVED', gate.now, atDestination(p));
      event(p, 'OFD', 'SHIPMENT OUT FOR DELIVERY', gate.now, atDestination(p));
    },
    failAttempt(awb, reason = XB_DEFAULT_FAILURE) {
      const p = steer(awb);
      if (last(p).code !== 'OFD') controls.outForDelivery(awb);
      event(p, 'EX', reason, gate.now, atDestination(p));
    },
    deliver(awb) {
      const p = steer(awb);
      if (last(p).code !== 'OFD') controls.outForDelivery(awb);
      event(p, 'DL', 'SHIPMENT DELIVERED', gate.now, atDestination(p));
    },
    returnToOrigin(awb) {
      const p = steer(awb);
      event(p, 'RT', "RETURNED TO ORIGIN AT SHIPPER'S REQUEST", gate.now, atDestination(p));
      event(p, 'RT-IT', 'SHIPMENT IN TRANSIT', gate.now, atDestination(p));
      event(p, 'RT-DL', 'SHIPMENT DELIVERED', gate.now + 48 * HOUR);
    },
    bookings: (): StandinBooking[] =>
      [...parcels.values()].map((p) => ({
        awb: p.awb,
        orderNumber: p.orderNumber,
        payment: p.payment,
        codAmountPaise: Math.round(p.codRupees * 100),
        cancelled: p.cancelled,
        status: p.cancelled ? 'cancelled' : last(p).code,
      })),
    ndrRequests: () => [...ndr],
    // Xpressbees schedules a booking's pickup itself (request_auto_pickup): no pickup requests
    pickupRequests: () => [],
    logins: () => logins,
    expireTokens() {
      for (const t of tokens.keys()) tokens.set(t, gate.now);
    },
    exhaustRateLimit: () => gate.exhaustRateLimit(),
    hangNext: () => gate.hangNext(),
    refuseNext: (remark) => gate.refuseNext(remark),
    close: () => closeServer(server),
  };

  async function handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    if (await answerStandinControl(controls, req, res)) return;
    const call = await admitCall(gate, req, res, { status: false, message: 'Too Many Attempts.' });
    if (!call) return;
    const { url, raw } = call;
    const body = jsonOf(raw);
    if (body === INVALID) return send(res, 400, { status: false, message: 'The request body is not valid JSON' });
    if (req.method === 'POST' && url.pathname === '/api/users/login') return login(res, body);
    const token = /^Bearer (.+)$/.exec(req.headers.authorization ?? '')?.[1];
    const expiresAt = token ? tokens.get(token) : undefined;
    if (expiresAt === undefined || expiresAt <= gate.now)
      return send(res, 200, { status: false, message: 'Invalid token' });
    const refusal = gate.takeRefusal();
    if (refusal) return send(res, 200, { status: false, message: refusal });
    const route = `${req.method} ${url.pathname}`;
    if (req.method === 'GET' && url.pathname.startsWith('/api/shipments2/track/'))
      return track(res, decodeURIComponent(url.pathname.slice('/api/shipments2/track/'.length)));
    switch (route) {
      case 'POST /api/courier/serviceability':
        return serviceability(res, body);
      case 'POST /api/shipments2':
        return create(res, body);
      case 'GET /api/shipments2':
        return list(res, url.searchParams.get('order_number') ?? '');
      case 'POST /api/shipments2/cancel':
        return cancel(res, body);
      case 'POST /api/ndr/create':
        return ndrCreate(res, body);
      default:
        return send(res, 404, { status: false, message: `No route ${route}` });
    }
  }

  function login(res: ServerResponse, body: Json): void {
    const b = body as { email?: unknown; password?: unknown };
    if (b.email !== XPRESSBEES_STANDIN_LOGIN.email || b.password !== XPRESSBEES_STANDIN_LOGIN.password)
      return send(res, 200, { status: false, message: 'Invalid email or password' });
    const token = randomBytes(16).toString('hex');
    tokens.set(token, gate.now + (opts.tokenLifeSeconds ?? 86_400) * 1000);
    logins++;
    send(res, 200, { status: true, data: token });
  }

  function serviceability(res: ServerResponse, body: Json): void {
    const b = body as Record<string, unknown>;
    for (const f of ['origin', 'destination', 'payment_type', 'order_amount', 'weight'])
      if (b[f] === undefined || b[f] === '')
        return send(res, 200, { status: false, message: `The ${f} field is required.` });
    const origin = String(b.origin);
    const destination = String(b.destination);
    if (!/^\d{6}$/.test(origin) || !/^\d{6}$/.test(destination))
      return send(res, 200, { status: false, message: 'Origin and destination must be 6-digit pincodes.' });
    if (b.payment_type !== 'cod' && b.payment_type !== 'prepaid')
      return send(res, 200, { status: false, message: 'The selected payment type is invalid.' });
    const kg = Math.max(0.5, Math.ceil(Number(b.weight) / 500) / 2);
    const codCharge = b.payment_type === 'cod' ? Math.max(32, Math.round(Number(b.order_amount) * 0.017)) : 0;
    const option = (id: number, name: string, perHalfKg: number) => ({
      id,
      name,
      freight_charges: perHalfKg * kg * 2,
      cod_charges: codCharge,
      total_charges: perHalfKg * kg * 2 + codCharge,
    });
    const data = [option(XB_SERVICES.surface, 'Xpressbees Surface', 33), option(XB_SERVICES.air, 'Xpressbees Air', 46)];
    if (origin.slice(0, 3) === destination.slice(0, 3))
      data.push(option(XB_SERVICES.sameDay, 'Xpressbees Same Day', 55));
    send(res, 200, { status: true, data });
  }

  function create(res: ServerResponse, body: Json): void {
    const b = body as Record<string, unknown>;
    for (const f of [
      'order_number',
      'payment_type',
      'order_amount',
      'package_weight',
      'consignee',
      'pickup',
      'order_items',
      'courier_id',
    ])
      if (b[f] === undefined || b[f] === '' || b[f] === null)
        return send(res, 200, { status: false, message: `The ${f} field is required.` });
    const consignee = b.consignee as Record<string, unknown>;
    const pickup = b.pickup as Record<string, unknown>;
    for (const [who, a] of [
      ['consignee', consignee],
      ['pickup', pickup],
    ] as const) {
      for (const f of ['name', 'address', 'city', 'state', 'pincode', 'phone'])
        if (!a?.[f]) return send(res, 200, { status: false, message: `The ${who}.${f} field is required.` });
      if (!/^\d{10}$/.test(String(a.phone)))
        return send(res, 200, { status: false, message: `The ${who}.phone must be 10 digits.` });
      if (!/^\d{6}$/.test(String(a.pincode)))
        return send(res, 200, { status: false, message: `The ${who}.pincode must be 6 digits.` });
    }
    if (!pickup.warehouse_name)
      return send(res, 200, { status: false, message: 'The pickup.warehouse_name field is required.' });
    const payment = b.payment_type;
    if (payment !== 'cod' && payment !== 'prepaid')
      return send(res, 200, { status: false, message: 'The selected payment type is invalid.' });
    const collectable = Number(b.collectable_amount ?? 0);
    if (payment === 'cod' && !(collectable > 0))
      return send(res, 200, { status: false, message: 'The collectable amount is required for COD shipments.' });
    if (payment === 'prepaid' && collectable !== 0)
      return send(res, 200, { status: false, message: 'Prepaid shipments collect no amount.' });
    if (!(Number(b.package_weight) > 0))
      return send(res, 200, { status: false, message: 'The package weight must be in grams.' });
    const courierId = Number(b.courier_id);
    if (!(Object.values(XB_SERVICES) as number[]).includes(courierId))
      return send(res, 200, { status: false, message: 'The selected courier id is invalid.' });
    const sameCity = String(pickup.pincode).slice(0, 3) === String(consignee.pincode).slice(0, 3);
    if (courierId === XB_SERVICES.sameDay && !sameCity)
      return send(res, 200, { status: false, message: 'Same day delivery is not available for this pincode pair.' });
    const orderNumber = String(b.order_number);
    if (b.unique_order_number === 'yes' && byOrder.has(orderNumber))
      return send(res, 200, { status: false, message: `Order number ${orderNumber} already exists.` });
    const awb = `${courierId === XB_SERVICES.sameDay ? '1351' : '1341'}${String(++serial).padStart(10, '0')}`;
    const p: XbParcel = {
      awb,
      orderNumber,
      payment: payment === 'cod' ? 'COD' : 'PPD',
      codRupees: collectable,
      courierId,
      origin: String(pickup.pincode),
      destination: String(consignee.pincode),
      cancelled: false,
      pickedUp: false,
      createdAt: gate.now,
      events: [],
    };
    event(p, 'PP', 'SHIPMENT BOOKED, PICKUP PENDING');
    parcels.set(awb, p);
    byOrder.set(orderNumber, awb);
    send(res, 200, {
      status: true,
      message: 'Shipment created successfully',
      data: {
        awb_number: awb,
        order_id: serial,
        shipment_id: serial,
        courier_id: courierId,
        courier_name: courierId === XB_SERVICES.sameDay ? 'Xpressbees Same Day' : 'Xpressbees Surface',
        status: 'booked',
        label: `https://shipment.xpressbees.com/label/${awb}.pdf`,
      },
    });
  }

  const statusWord = (p: XbParcel) => {
    if (p.cancelled) return 'cancelled';
    const code = last(p).code;
    return (
      {
        PP: 'pending pickup',
        PU: 'in transit',
        IT: 'in transit',
        OFD: 'out for delivery',
        EX: 'exception',
        DL: 'delivered',
      }[code] ?? 'rto'
    );
  };
  const shipmentInfo = (p: XbParcel) => `${hubOf(p.origin)} / ${hubOf(p.destination)}`;

  function track(res: ServerResponse, awb: string): void {
    const p = parcels.get(awb);
    if (!p) return send(res, 200, { status: false, message: 'No record found' });
    send(res, 200, {
      status: true,
      data: {
        awb_number: p.awb,
        order_number: p.orderNumber,
        status: statusWord(p),
        shipment_info: shipmentInfo(p),
        history: visible(p).map((e) => ({
          status_code: e.code,
          location: e.location,
          event_time: istMinute(e.at),
          message: e.message,
        })),
      },
    });
  }

  function list(res: ServerResponse, orderNumber: string): void {
    if (!orderNumber) return send(res, 200, { status: false, message: 'The order number field is required.' });
    const p = parcels.get(byOrder.get(orderNumber) ?? '');
    send(res, 200, {
      status: true,
      data: p
        ? [
            {
              awb_number: p.awb,
              order_number: p.orderNumber,
              status: statusWord(p),
              shipment_info: shipmentInfo(p),
              created: new Date(p.createdAt).toISOString(),
            },
          ]
        : [],
    });
  }

  function cancel(res: ServerResponse, body: Json): void {
    const p = parcels.get(String((body as { awb?: unknown }).awb ?? ''));
    if (!p) return send(res, 200, { status: false, message: 'Invalid AWB number' });
    if (p.cancelled) return send(res, 200, { status: false, message: 'Shipment is already cancelled' });
    if (p.pickedUp)
      return send(res, 200, { status: false, message: 'Shipment already picked up, it cannot be cancelled' });
    p.cancelled = true;
    send(res, 200, { status: true, message: 'Shipment cancelled successfully' });
  }

  function ndrCreate(res: ServerResponse, body: Json): void {
    if (!Array.isArray(body) || body.length === 0)
      return send(res, 200, { status: false, message: 'A list of NDR actions is required.' });
    const answers = body.map((raw) => {
      const item = raw as { awb?: string; action?: string; action_data?: Record<string, string> };
      const p = parcels.get(item.awb ?? '');
      if (!p) return { status: false, message: 'Invalid AWB number' };
      if (last(p).code !== 'EX') return { status: false, message: 'AWB is not in NDR state' };
      const data = item.action_data ?? {};
      let when = gate.now + HOUR;
      if (item.action === 're-attempt') {
        if (!/^\d{4}-\d{2}-\d{2}$/.test(data.re_attempt_date ?? ''))
          return { status: false, message: 're_attempt_date must be a date (YYYY-MM-DD)' };
        // the asked day, from 10:00 IST, never earlier than an hour from now
        when = Math.max(when, new Date(`${data.re_attempt_date}T10:00:00+05:30`).getTime());
      } else if (item.action === 'change_address') {
        if (!data.address_1) return { status: false, message: 'address_1 is required' };
      } else if (item.action === 'change_phone') {
        if (!/^\d{10}$/.test(data.phone ?? '')) return { status: false, message: 'phone must be 10 digits' };
      } else return { status: false, message: 'action must be re-attempt, change_address or change_phone' };
      ndr.push({ awb: p.awb, action: item.action });
      event(p, 'IT', 'UNDELIVERED SHIPMENT HELD AT LOCATION', gate.now, atDestination(p));
      event(p, 'OFD', 'SHIPMENT OUT FOR DELIVERY', when, atDestination(p));
      return { status: true, message: 'NDR action submitted successfully' };
    });
    send(res, 200, answers);
  }

  const server: Server = createServer((req, res) => void handle(req, res));
  await listenLocally(server, opts.port);
  return controls;
}

type Json = unknown;
const INVALID = Symbol('invalid json');

function jsonOf(raw: string): Json | typeof INVALID {
  if (!raw) return {};
  try {
    return JSON.parse(raw) as Json;
  } catch {
    return INVALID;
  }
}
