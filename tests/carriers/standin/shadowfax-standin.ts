import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { admitCall, baseUrlOf, closeServer, listenLocally, send, StandinGate } from './standin-http';
import { answerStandinControl, type CourierStandinControls, type StandinBooking } from './standin-controls';

// Shadowfax's Unified API on a local port, as strict as its document: a static
// `Authorization: Token <key>` (401 without it), a rate window (429 with Retry-After), marketplace
// orders with required fields, numeric pincodes and 10–13 digit contacts checked, business
// failures answered HTTP 200 `{message:"Failure", errors}` (a repeated client order id names the
// AWB made before), a return's reverse pickup with its doorstep check, tracking by AWB or fifty a
// call, cancel answered in the body (304 once the parcel moves, 400 once delivered), and NDR
// instructions as forced states (reopen_ndr, rts) taken only for a parcel on hold or refused.

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const IST_MS = 330 * MINUTE;

export const SHADOWFAX_STANDIN_TOKEN = 'sfx-6c1f0e9a2b7d4c31';
export const SF_DEFAULT_FAILURE = 'cancelled_by_customer';
/** the status_ids it reports on forward orders (all in the SF table of courier-codes.ts) */
export const SHADOWFAX_STANDIN_CODES = [
  'new',
  'picked',
  'recd_at_rev_hub',
  'bag_in_transit',
  'recd_at_fwd_hub',
  'assigned_for_delivery',
  'ofd',
  'delivered',
  'nc',
  'na',
  'cid',
  'cancelled_by_customer',
  'on_hold',
  'reopen_ndr',
  'rts',
  'rts_in_process',
  'rts_d',
] as const;

const DISPLAY: Record<string, string> = {
  new: 'New',
  picked: 'Picked',
  recd_at_rev_hub: 'Received At Reverse Hub',
  bag_in_transit: 'Bag In Transit',
  recd_at_fwd_hub: 'Received At Forward Hub',
  assigned_for_delivery: 'Assigned for Customer Delivery',
  ofd: 'Out For Delivery',
  delivered: 'Delivered',
  nc: 'Not Contactable',
  na: 'Not attempted',
  cid: 'Cid',
  cancelled_by_customer: 'Cancelled',
  on_hold: 'On Hold',
  reopen_ndr: 'Require Delivery - NDR',
  rts: 'Return to Seller initiated',
  rts_in_process: 'RTS In Progress',
  rts_d: 'Returned To Client',
  cancelled_by_seller: 'Cancelled By Seller',
  ofp: 'Out For Pickup',
};
/** states in which a cancel is only queued until the next scan */
const MOVING = new Set([
  'ofp',
  'picked',
  'recd_at_rev_hub',
  'ofd',
  'bag_in_transit',
  'bag_received_at_via',
  'recd_at_fwd_hub',
  'assigned_for_delivery',
]);
const FAILED = new Set(['nc', 'na', 'cid', 'cancelled_by_customer']);

interface SfxEvent {
  at: number;
  statusId: string;
  remarks: string;
  location: string;
}

interface SfxParcel {
  awb: string;
  clientOrderId: string;
  kind: 'forward' | 'reverse';
  payment: 'PPD' | 'COD' | 'REVERSE';
  codRupees: number;
  customerPincode: number;
  customerName: string;
  pickedUp: boolean;
  cancelled: boolean;
  cancelQueued: boolean;
  createdAt: number;
  qcRules: unknown[];
  events: SfxEvent[];
}

export interface ShadowfaxStandinOptions {
  port?: number;
  rateWindow?: { calls: number; windowSeconds: number };
  start?: Date;
}

export async function startShadowfaxStandin(opts: ShadowfaxStandinOptions = {}): Promise<CourierStandinControls> {
  const gate = new StandinGate(opts.start, opts.rateWindow);
  const parcels = new Map<string, SfxParcel>();
  const byReference = new Map<string, string>();
  const ndr: { awb: string; action: string }[] = [];
  let serial = 0;

  const parcel = (awb: string) => {
    const p = parcels.get(awb);
    if (!p) throw new Error(`the Shadowfax stand-in has no parcel ${awb}`);
    return p;
  };
  const visible = (p: SfxParcel) => p.events.filter((e) => e.at <= gate.now);
  const current = (p: SfxParcel) => visible(p).at(-1)!.statusId;
  const hub = (p: SfxParcel) => (p.pickedUp ? `BLR_Indiranagar_EXP` : `JPR_Johari_PUH`);
  const event = (p: SfxParcel, statusId: string, remarks?: string, at = gate.now) =>
    p.events.push({
      at,
      statusId,
      location: hub(p),
      remarks: remarks ?? `Item ${DISPLAY[statusId] ?? statusId} at ${hub(p)}`,
    });
  /** the next attempt: the next IST day from 10:00, never sooner than an hour from now */
  const nextRun = () => {
    const tomorrow = new Date(gate.now + IST_MS + 24 * HOUR).toISOString().slice(0, 10);
    return Math.max(gate.now + HOUR, new Date(`${tomorrow}T10:00:00+05:30`).getTime());
  };
  const goOutAgain = (p: SfxParcel) => {
    const at = nextRun();
    event(p, 'assigned_for_delivery', undefined, at);
    event(p, 'ofd', undefined, at + MINUTE);
  };

  /** a test steering the parcel overrides what the courier had planned for it */
  const steer = (awb: string) => {
    const p = parcel(awb);
    p.events = p.events.filter((e) => e.at <= gate.now);
    return p;
  };

  const controls: CourierStandinControls = {
    get url() {
      return baseUrlOf(server, 'Shadowfax');
    },
    now: () => new Date(gate.now),
    advance: (ms) => gate.advance(ms),
    pickUp(awb) {
      const p = steer(awb);
      if (p.pickedUp) return;
      event(p, 'picked', 'Picked');
      p.pickedUp = true;
      event(p, 'recd_at_rev_hub', 'Received at hub Successfully');
    },
    outForDelivery(awb) {
      const p = steer(awb);
      if (!p.pickedUp) controls.pickUp(awb);
      for (const s of ['bag_in_transit', 'recd_at_fwd_hub', 'assigned_for_delivery', 'ofd']) event(p, s);
    },
    failAttempt(awb, reason = SF_DEFAULT_FAILURE) {
      const p = steer(awb);
      if (current(p) !== 'ofd') controls.outForDelivery(awb);
      if (FAILED.has(reason)) {
        event(p, reason, reason === 'cancelled_by_customer' ? 'Cancelled by customer' : undefined);
        // after these Shadowfax goes out again on its own; a refusal waits for the seller
        if (reason !== 'cancelled_by_customer') goOutAgain(p);
      } else event(p, 'on_hold', reason);
    },
    deliver(awb) {
      const p = steer(awb);
      if (current(p) !== 'ofd') controls.outForDelivery(awb);
      event(p, 'delivered');
    },
    returnToOrigin(awb) {
      const p = steer(awb);
      event(p, 'rts');
      event(p, 'rts_in_process');
      event(p, 'rts_d', undefined, gate.now + 48 * HOUR);
    },
    bookings: (): StandinBooking[] =>
      [...parcels.values()].map((p) => ({
        awb: p.awb,
        orderNumber: p.clientOrderId,
        payment: p.payment,
        codAmountPaise: Math.round(p.codRupees * 100),
        cancelled: p.cancelled,
        status: current(p),
      })),
    ndrRequests: () => [...ndr],
    // Shadowfax plans pickups from the orders themselves
    pickupRequests: () => [],
    // a static key: no logins, nothing expires
    logins: () => 0,
    expireTokens() {},
    exhaustRateLimit: () => gate.exhaustRateLimit(),
    hangNext: () => gate.hangNext(),
    refuseNext: (remark) => gate.refuseNext(remark),
    close: () => closeServer(server),
  };

  const failure = (res: ServerResponse, errors: unknown) => send(res, 200, { message: 'Failure', errors, data: null });

  async function handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    if (await answerStandinControl(controls, req, res)) return;
    const call = await admitCall(gate, req, res, { message: 'Request was throttled.' });
    if (!call) return;
    const { url, raw } = call;
    if (req.headers.authorization !== `Token ${SHADOWFAX_STANDIN_TOKEN}`)
      return send(res, 401, {
        status: 'FAILED',
        errorCode: 'Authentication credentials not provided',
        message: 'Authentication credentials not provided',
      });
    let body: Record<string, unknown> = {};
    if (raw) {
      if (!String(req.headers['content-type']).startsWith('application/json'))
        return send(res, 400, { message: 'Invalid Request' });
      try {
        body = JSON.parse(raw) as Record<string, unknown>;
      } catch {
        return send(res, 400, { message: 'Invalid Request' });
      }
    }
    const refusal = gate.takeRefusal();
    if (refusal) return failure(res, refusal);
    const track = /^\/api\/v4\/clients\/orders\/([^/]+)\/track\/$/.exec(url.pathname);
    if (req.method === 'GET' && track) return trackOne(res, decodeURIComponent(track[1]));
    const route = `${req.method} ${url.pathname}`;
    switch (route) {
      case 'POST /api/v3/clients/orders/':
        return createOrder(res, body);
      case 'GET /api/v3/clients/orders/':
        return lookup(res, url.searchParams.get('client_order_id') ?? '');
      case 'POST /api/v3/clients/requests':
        return createReverse(res, body);
      case 'POST /api/v2/clients/bulk_track/':
        return bulkTrack(res, body);
      case 'POST /api/v4/clients/requests/bulk_query':
        return reverseQuery(res, body);
      case 'POST /api/v3/clients/orders/cancel/':
        return cancel(res, body);
      case 'POST /api/v3/clients/order_update/':
        return orderUpdate(res, body);
      case 'POST /api/v1/clients/pod_details/':
        return podDetails(res, body);
      default:
        return send(res, 404, { message: `No route ${route}` });
    }
  }

  function partyErrors(who: string, a: unknown): Record<string, string[]> | null {
    const p = (a ?? {}) as Record<string, unknown>;
    const errors: Record<string, string[]> = {};
    for (const f of ['name', 'contact', 'address_line_1', 'city', 'state', 'pincode'])
      if (p[f] === undefined || p[f] === '') errors[`${who}.${f}`] = ['This field is required.'];
    if (p.contact !== undefined && !/^\d{10,13}$/.test(String(p.contact)))
      errors[`${who}.contact`] = ['contact must have 10 to 13 digits'];
    if (p.pincode !== undefined && (typeof p.pincode !== 'number' || !/^\d{6}$/.test(String(p.pincode))))
      errors[`${who}.pincode`] = ['A valid integer pincode is required.'];
    return Object.keys(errors).length ? errors : null;
  }

  function book(
    p: Omit<SfxParcel, 'awb' | 'events' | 'pickedUp' | 'cancelled' | 'cancelQueued' | 'createdAt'>,
  ): SfxParcel {
    const awb = `SF${String(1_360_594_400 + ++serial)}${p.kind === 'reverse' ? 'REV' : 'TES'}`;
    const parcel: SfxParcel = {
      ...p,
      awb,
      pickedUp: false,
      cancelled: false,
      cancelQueued: false,
      createdAt: gate.now,
      events: [],
    };
    event(parcel, 'new');
    parcels.set(awb, parcel);
    byReference.set(p.clientOrderId, awb);
    return parcel;
  }

  function createOrder(res: ServerResponse, b: Record<string, unknown>): void {
    if (b.order_type !== 'marketplace' && b.order_type !== 'warehouse')
      return failure(res, { order_type: ['order_type must be marketplace or warehouse'] });
    const o = (b.order_details ?? {}) as Record<string, unknown>;
    const errors: Record<string, string[]> = {};
    for (const f of ['client_order_id', 'actual_weight', 'product_value', 'payment_mode', 'total_amount'])
      if (o[f] === undefined || o[f] === '') errors[`order_details.${f}`] = ['This field is required.'];
    if (o.payment_mode !== undefined && o.payment_mode !== 'COD' && o.payment_mode !== 'Prepaid')
      errors['order_details.payment_mode'] = ['payment_mode must be COD or Prepaid'];
    if (String(o.client_order_id ?? '').length > 100)
      errors['order_details.client_order_id'] = ['At most 100 characters.'];
    const returnKey = b.order_type === 'marketplace' ? 'rts_details' : 'rto_details';
    Object.assign(
      errors,
      partyErrors('customer_details', b.customer_details),
      partyErrors('pickup_details', b.pickup_details),
      partyErrors(returnKey, b[returnKey]),
    );
    if (!Array.isArray(b.product_details) || b.product_details.length === 0)
      errors.product_details = ['At least one product is required.'];
    if (Object.keys(errors).length) return failure(res, errors);
    const cod = o.payment_mode === 'COD';
    if (cod && !(Number(o.cod_amount) > 0)) return failure(res, 'cod_amount must be more than 0 for COD orders');
    if (Number(o.product_value) > 50_000 && !o.gstin_number)
      return failure(res, 'GSTIN Number is mandatory for product value more than 50000');
    const reference = String(o.client_order_id);
    const made = byReference.get(reference);
    if (made) return failure(res, `Order for COID ${reference} already created with AWB ${made}`);
    const customer = b.customer_details as { pincode: number; name: string };
    const p = book({
      clientOrderId: reference,
      kind: 'forward',
      payment: cod ? 'COD' : 'PPD',
      codRupees: cod ? Number(o.cod_amount) : 0,
      customerPincode: customer.pincode,
      customerName: customer.name,
      qcRules: [],
    });
    send(res, 200, {
      message: 'Success',
      errors: null,
      data: { id: serial, client_order_id: reference, awb_number: p.awb, status: 'new' },
    });
  }

  function createReverse(res: ServerResponse, b: Record<string, unknown>): void {
    const errors: Record<string, string[]> = {};
    for (const f of [
      'client_order_number',
      'warehouse_name',
      'warehouse_address',
      'destination_pincode',
      'total_amount',
    ])
      if (b[f] === undefined || b[f] === '') errors[f] = ['This field is required.'];
    const a = (b.address_attributes ?? {}) as Record<string, unknown>;
    for (const f of ['address_line', 'city', 'pincode', 'name', 'phone_number'])
      if (a[f] === undefined || a[f] === '') errors[`address_attributes.${f}`] = ['This field is required.'];
    if (a.phone_number !== undefined && !/^\d{10}$/.test(String(a.phone_number)))
      errors['address_attributes.phone_number'] = ['phone_number must have 10 digits'];
    const skus = Array.isArray(b.skus_attributes) ? (b.skus_attributes as Record<string, unknown>[]) : [];
    if (skus.length === 0) errors.skus_attributes = ['At least one SKU is required.'];
    for (const s of skus)
      if (s.qc_required === true && !(Array.isArray(s.qc_rules) && s.qc_rules.length > 0))
        errors['skus_attributes.qc_rules'] = ['qc_rules are required when qc_required is true'];
    if (Number(b.total_amount) > 50_000 && !b.eway_bill) errors.eway_bill = ['eway_bill is required above 50000'];
    if (Object.keys(errors).length) return failure(res, errors);
    const reference = String(b.client_order_number);
    const made = byReference.get(reference);
    if (made) return failure(res, `Order for COID ${reference} already created with AWB ${made}`);
    const p = book({
      clientOrderId: reference,
      kind: 'reverse',
      payment: 'REVERSE',
      codRupees: 0,
      customerPincode: Number(a.pincode),
      customerName: String(b.warehouse_name),
      qcRules: skus.flatMap((s) => (s.qc_rules as unknown[]) ?? []),
    });
    send(res, 200, {
      message: 'Success',
      errors: null,
      data: { client_order_id: reference, awb_number: p.awb, status: 'new' },
    });
  }

  function lookup(res: ServerResponse, reference: string): void {
    if (!reference) return send(res, 400, { message: 'client_order_id is required' });
    const p = parcels.get(byReference.get(reference) ?? '');
    send(res, 200, {
      message: 'Success',
      data: p
        ? [
            {
              id: serial,
              client_order_id: p.clientOrderId,
              awb_number: p.awb,
              status: p.cancelled ? 'cancelled_by_seller' : current(p),
              customer_pincode: p.customerPincode,
              created: new Date(p.createdAt).toISOString(),
            },
          ]
        : [],
    });
  }

  const details = (p: SfxParcel) =>
    visible(p).map((e) => ({
      created: new Date(Math.floor(e.at / 1000) * 1000).toISOString().replace('.000Z', 'Z'),
      location: e.location,
      status_id: e.statusId,
      status: DISPLAY[e.statusId] ?? e.statusId,
      remarks: e.remarks,
    }));

  function trackOne(res: ServerResponse, awb: string): void {
    const p = parcels.get(awb);
    if (!p || p.kind !== 'forward') return send(res, 400, { message: 'Invalid AWB' });
    send(res, 200, {
      message: 'Success',
      order_details: {
        client_order_id: p.clientOrderId,
        awb_number: p.awb,
        status: current(p),
        customer_track_url: `https://exp.shadowfax.in/${p.awb.slice(-6)}`,
      },
      tracking_details: details(p),
    });
  }

  function bulkTrack(res: ServerResponse, b: Record<string, unknown>): void {
    const awbs = Array.isArray(b.awb_numbers) ? (b.awb_numbers as string[]) : null;
    if (!awbs || awbs.length === 0) return send(res, 400, { message: 'awb_numbers is required' });
    if (awbs.length > 50) return send(res, 400, { message: 'Number of AWBs exceeded. Max count allowed is 50' });
    const found = awbs.map((a) => parcels.get(a)).filter((p): p is SfxParcel => !!p && p.kind === 'forward');
    send(res, 200, {
      message: 'Success',
      data: found.map((p) => ({ awb_number: p.awb, status: current(p), tracking_details: details(p) })),
    });
  }

  function reverseQuery(res: ServerResponse, b: Record<string, unknown>): void {
    const ids = Array.isArray(b.request_ids) ? (b.request_ids as string[]) : null;
    if (!ids || ids.length === 0) return send(res, 400, { message: 'request_ids is required' });
    const found = ids.map((a) => parcels.get(a)).filter((p): p is SfxParcel => !!p && p.kind === 'reverse');
    send(res, 200, {
      message: 'Success',
      data: found.map((p) => ({ awb_number: p.awb, status: current(p), tracking_details: details(p) })),
    });
  }

  function cancel(res: ServerResponse, b: Record<string, unknown>): void {
    const p = parcels.get(String(b.request_id ?? ''));
    if (!p) return send(res, 200, { responseCode: 400, responseMsg: 'Invalid AWB' });
    if (p.cancelled || p.cancelQueued)
      return send(res, 200, { responseCode: 200, responseMsg: 'Request is already in its cancellation phase' });
    const state = current(p);
    if (state === 'delivered' || state.startsWith('rts'))
      return send(res, 400, { responseCode: 400, responseMsg: 'Order cannot be cancelled. Invalid state.' });
    if (MOVING.has(state) || p.pickedUp) {
      p.cancelQueued = true;
      return send(res, 200, { responseCode: 304, responseMsg: 'Request is queued for cancellation.' });
    }
    p.cancelled = true;
    event(p, 'cancelled_by_seller');
    send(res, 200, { responseCode: 200, responseMsg: 'Request has been marked as cancelled' });
  }

  function podDetails(res: ServerResponse, b: Record<string, unknown>): void {
    const awbs = Array.isArray(b.awb_numbers) ? (b.awb_numbers as string[]) : null;
    if (!awbs || awbs.length === 0) return send(res, 400, { message: 'awb_numbers is required' });
    if (awbs.length > 100) return send(res, 400, { message: 'Number of AWBs exceeded. Max count allowed is 100' });
    const done = awbs
      .map((a) => parcels.get(a))
      .filter((p): p is SfxParcel => !!p && (current(p) === 'delivered' || current(p) === 'rts_d'));
    send(res, 200, {
      message: 'Success',
      pod_details: Object.fromEntries(
        done.map((p) => [
          p.awb,
          {
            recipient: current(p) === 'delivered' ? 'CUSTOMER' : 'SELLER',
            recipient_signature: `['https://s3-us-west-2.amazonaws.com/sfxdocs/seller/delivery_report/${p.awb}.pdf']`,
            recipient_name: p.customerName,
          },
        ]),
      ),
    });
  }

  function orderUpdate(res: ServerResponse, b: Record<string, unknown>): void {
    const p = parcels.get(String(b.awb_number ?? ''));
    if (!p) return failure(res, 'Invalid AWB');
    const state = current(p);
    const status = ((b.status_update ?? {}) as { status?: string | null }).status ?? null;
    const delivery = b.delivery_details as
      { contact?: string; customer_address?: string; pincode?: number } | undefined;
    if (status !== null && status !== 'reopen_ndr' && status !== 'rts' && status !== 'rto')
      return failure(res, 'status_update.status must be rts, rto or reopen_ndr');
    if (status && state !== 'on_hold' && state !== 'cancelled_by_customer')
      return failure(res, `Invalid state: ${status} is allowed only from on_hold or cancelled_by_customer`);
    if (delivery) {
      if (state === 'ofd' || state === 'delivered') return failure(res, 'Delivery details cannot be edited now');
      if (delivery.contact !== undefined && !/^\d{10,13}$/.test(delivery.contact))
        return failure(res, { 'delivery_details.contact': ['contact must have 10 to 13 digits'] });
      if (
        delivery.pincode !== undefined &&
        String(delivery.pincode).slice(0, 3) !== String(p.customerPincode).slice(0, 3)
      )
        return failure(res, 'Pincode can be updated only within the same city');
    }
    if (!status && !delivery) return failure(res, 'Nothing to update');
    const action = status ?? 'update_details';
    ndr.push({ awb: p.awb, action });
    if (status === 'reopen_ndr') {
      event(p, 'reopen_ndr', 'Require Delivery As Per NDR Instructions');
      goOutAgain(p);
    } else if (status) controls.returnToOrigin(p.awb);
    send(res, 200, { message: 'Success', errors: null, data: { awb_number: p.awb, status: current(p) } });
  }

  const server: Server = createServer((req, res) => void handle(req, res));
  await listenLocally(server, opts.port);
  return controls;
}
