import { randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { admitCall, baseUrlOf, closeServer, jsonOf, listenLocally, send, StandinGate } from './standin-http';
import { istParts, type FreightStandinControls, type StandinConsignment } from './freight-standin-controls';
import { drawPng } from '../../../server/carriers/sandbox/png-drawing';

// Delhivery's LTL API on a local port, as strict as its document (couriers.md A2): a login by
// username and password issuing JWTs that lapse after 24 hours on the stand-in's clock (then
// "Token Decode Error", 401); three wrong passwords lock the user for 30 minutes (403, the right
// password refused too); a password can be made to expire (403). The manifest is a multipart form
// with its structured fields as JSON, checked field by field ("Validation Error: [...]", HTTP 400,
// plain text), and answers a job id that resolves a few seconds later into an LR number and one
// waybill a box plus the document envelope's; appointments only from tomorrow on a 30-minute grid
// with at most five PO numbers; pickup requests for its registered warehouse; an LR update (the
// e-way bill) as another job, refused once the LR is out for delivery; cancel refused once picked
// up; tracking of the latest status only, with each box's status, by the LR or ⚠ by the order id
// the manifest carried (a settled manifest's LR is found even when its job was never asked about);
// the last-mile proof of delivery of a delivered LR (doc_type LM_POD) as a link to the scan, served
// without a token as Delhivery's storage links are; 429 past its rate window. A test can lose the
// next manifest's answer: the LR is made, and the connection dropped or left unanswered.

export const DELHIVERY_LTL_STANDIN_LOGIN = { username: 'MEERATEXTILESB2B', password: 'Ltl-Secret-2026' } as const;
export const DELHIVERY_LTL_STANDIN_WAREHOUSE = 'Meera Textiles Jaipur WH';
/** how long a manifest or LR update job takes to settle on the stand-in's clock */
export const LTL_JOB_SETTLES_MS = 3_000;
/** wrong passwords before the user is locked, and for how long */
export const LTL_LOCK = { after: 3, forMs: 30 * 60_000 } as const;
/** the LR statuses it reports (all in its document's list) */
export const DELHIVERY_LTL_STANDIN_STATUSES = ['MANIFESTED', 'PICKED_UP', 'LEFT_ORIGIN', 'OFD', 'DELIVERED'] as const;

const TERMINAL_OR_LAST_MILE = new Set(['OFD', 'DELIVERED', 'CANCELLED']);
const GSTIN = /^\d{2}[A-Z]{5}\d{4}[A-Z][1-9A-Z]Z[0-9A-Z]$/;

interface Lr {
  booking: StandinConsignment;
  origin: string;
  destination: string;
  events: { at: number; status: string; location: string }[];
}

interface Job {
  kind: 'manifest' | 'update';
  at: number;
  /** the LR it makes or changes, once it settles; the refusal's words when it fails */
  outcome: { lr: Lr; document: string } | { lr: Lr } | { error: string };
}

/** A pickup request as the stand-in keeps it: withdrawn ones stay, marked cancelled. */
export interface DelhiveryLtlPickupRequest {
  id: number;
  warehouse: string;
  date: string;
  count: number;
  startTime: string;
  cancelled: boolean;
}

export async function startDelhiveryLtlStandin(
  opts: { start?: Date; rateWindow?: { calls: number; windowSeconds: number } } = {},
): Promise<
  Omit<FreightStandinControls, 'pickupRequests'> & {
    expirePassword(): void;
    loseNextManifestAnswer(how: 'drop' | 'hang' | 'drop-unmade'): void;
    podDownloads(): number;
    pickupRequests(): DelhiveryLtlPickupRequest[];
    /** the carrier closes a pickup request on its side: withdrawing it is then a 404 */
    closePickup(id: number): void;
  }
> {
  const gate = new StandinGate(opts.start, opts.rateWindow ?? { calls: 500, windowSeconds: 300 });
  const tokens = new Map<string, number>();
  const lrs = new Map<string, Lr>();
  const jobs = new Map<string, Job>();
  const pickups: DelhiveryLtlPickupRequest[] = [];
  let serial = 0;
  let logins = 0;
  let refused = 0;
  let wrongInARow = 0;
  let lockedUntil = 0;
  let passwordExpired = false;
  let loseManifest: 'drop' | 'hang' | 'drop-unmade' | null = null;
  let podDownloads = 0;

  const lrOf = (lrNumber: string) => {
    const lr = lrs.get(lrNumber);
    if (!lr) throw new Error(`the Delhivery LTL stand-in has no LR ${lrNumber}`);
    return lr;
  };
  const status = (lr: Lr) =>
    lr.booking.cancelled ? 'CANCELLED' : lr.events.filter((e) => e.at <= gate.now).at(-1)!.status;
  const move = (lr: Lr, s: string, location: string) => lr.events.push({ at: gate.now, status: s, location });

  const controls = {
    get url() {
      return baseUrlOf(server, 'Delhivery LTL');
    },
    now: () => new Date(gate.now),
    advance: (ms: number) => gate.advance(ms),
    pickUp(lrNumber: string) {
      const lr = lrOf(lrNumber);
      if (status(lr) !== 'MANIFESTED') return;
      move(lr, 'PICKED_UP', lr.origin);
      lr.events.push({ at: gate.now + 60 * 60_000, status: 'LEFT_ORIGIN', location: lr.origin });
    },
    deliver(lrNumber: string) {
      const lr = lrOf(lrNumber);
      controls.pickUp(lrNumber);
      lr.events = lr.events.filter((e) => e.at <= gate.now);
      move(lr, 'OFD', lr.destination);
      move(lr, 'DELIVERED', lr.destination);
    },
    consignments: () => [...lrs.values()].map((lr) => ({ ...lr.booking, status: status(lr) })),
    pickupRequests: () => [...pickups],
    logins: () => logins,
    refusedLogins: () => refused,
    expireTokens() {
      for (const t of tokens.keys()) tokens.set(t, gate.now);
    },
    expirePassword() {
      passwordExpired = true;
    },
    /** the next manifest's answer is lost: after the LR is made (dropped or never sent), or before it is taken */
    loseNextManifestAnswer(how: 'drop' | 'hang' | 'drop-unmade') {
      loseManifest = how;
    },
    podDownloads: () => podDownloads,
    exhaustRateLimit: () => gate.exhaustRateLimit(),
    hangNext: () => gate.hangNext(),
    refuseNext: (remark: string) => gate.refuseNext(remark),
    closePickup: (id: number) =>
      void pickups.splice(
        pickups.findIndex((p) => p.id === id),
        1,
      ),
    close: () => closeServer(server),
  };

  const text = (res: ServerResponse, code: number, words: string) => {
    res.writeHead(code, { 'content-type': 'text/plain' });
    res.end(words);
  };
  const invalid = (res: ServerResponse, problems: string[]) =>
    text(res, 400, `Validation Error: [${problems.map((p) => `'${p}'`).join(', ')}]`);

  async function handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const call = await admitCall(gate, req, res, { message: 'Request was throttled.' });
    if (!call) return;
    const { url, raw } = call;
    if (req.method === 'POST' && url.pathname === '/ums/login') return login(res, jsonOf(raw));
    // a document link, as Delhivery's storage serves it: no token, the link is the key
    const linked = /^\/files\/pod\/(\d+)\.png$/.exec(url.pathname);
    if (req.method === 'GET' && linked) return podFile(res, linked[1]);
    const bearer = /^Bearer (.+)$/.exec(req.headers.authorization ?? '')?.[1];
    if (!bearer) return text(res, 401, 'Token Decode Error: Not enough segments');
    const expiresAt = tokens.get(bearer);
    if (expiresAt === undefined || expiresAt <= gate.now)
      return text(res, 401, 'Token Decode Error: Signature has expired');
    const refusal = gate.takeRefusal();
    if (refusal) return invalid(res, [refusal]);
    const path = url.pathname;
    const q = url.searchParams;
    if (req.method === 'POST' && path === '/manifest') return manifest(res, await formOf(req, raw));
    if (req.method === 'GET' && path === '/manifest') return jobStatus(res, q.get('job_id') ?? '', 'manifest');
    if (req.method === 'GET' && path === '/lrn/track' && q.has('order_id'))
      return trackByOrder(res, q.get('order_id') ?? '');
    if (req.method === 'GET' && path === '/lrn/track') return track(res, q.get('lrnum') ?? '');
    if (req.method === 'GET' && path === '/document/download') return podLink(res, q);
    if (req.method === 'POST' && path === '/appointments/lm') return appointment(res, jsonOf(raw));
    if (req.method === 'POST' && path === '/pickup_requests') return pickup(res, jsonOf(raw));
    if (req.method === 'GET' && path === '/lrn/update/status') return jobStatus(res, q.get('job_id') ?? '', 'update');
    if (req.method === 'PUT' && path.startsWith('/lrn/update/'))
      return update(res, decodeURIComponent(path.slice('/lrn/update/'.length)), await formOf(req, raw));
    if (req.method === 'DELETE' && path.startsWith('/pickup_requests/'))
      return cancelPickup(res, decodeURIComponent(path.slice('/pickup_requests/'.length)));
    if (req.method === 'DELETE' && path.startsWith('/lrn/cancel/'))
      return cancel(res, decodeURIComponent(path.slice('/lrn/cancel/'.length)));
    send(res, 404, { message: `No route ${req.method} ${path}` });
  }

  function login(res: ServerResponse, body: Record<string, unknown>): void {
    if (gate.now < lockedUntil) {
      refused++;
      const minutes = Math.ceil((lockedUntil - gate.now) / 60_000);
      return send(res, 403, { message: `User is locked. Try again after ${minutes} minutes` });
    }
    if (
      body.username !== DELHIVERY_LTL_STANDIN_LOGIN.username ||
      body.password !== DELHIVERY_LTL_STANDIN_LOGIN.password
    ) {
      refused++;
      if (++wrongInARow >= LTL_LOCK.after) lockedUntil = gate.now + LTL_LOCK.forMs;
      return send(res, 401, { message: 'Invalid credentials' });
    }
    if (passwordExpired) {
      refused++;
      return send(res, 403, { message: 'Password expired, please reset your password' });
    }
    wrongInARow = 0;
    const jwt = `eyJ.${randomBytes(12).toString('hex')}.sig`;
    tokens.set(jwt, gate.now + 24 * 3_600_000);
    logins++;
    send(res, 200, { data: { jwt } });
  }

  function manifest(res: ServerResponse, form: Map<string, string> | null): void {
    if (loseManifest === 'drop-unmade') {
      loseManifest = null;
      return void res.socket?.destroy();
    }
    if (!form) return invalid(res, ['the manifest must be multipart/form-data']);
    const problems: string[] = [];
    const json = <T>(name: string): T | null => {
      const v = form.get(name);
      if (v === undefined) return (problems.push(`${name} is required`), null);
      try {
        return JSON.parse(v) as T;
      } catch {
        return (problems.push(`${name} must be JSON`), null);
      }
    };
    if (form.get('pickup_location_name') !== DELHIVERY_LTL_STANDIN_WAREHOUSE)
      problems.push('pickup_location_name: ClientWarehouse matching query does not exist');
    if (!['cod', 'prepaid'].includes(form.get('payment_mode') ?? ''))
      problems.push('payment_mode must be cod or prepaid');
    const grams = Number(form.get('weight'));
    if (!Number.isInteger(grams) || grams <= 0) problems.push('weight must be grams, a whole number');
    for (const flag of ['rov_insurance', 'fm_pickup', 'enable_paperless_movement'])
      if (!['true', 'false'].includes((form.get(flag) ?? '').toLowerCase()))
        problems.push(`${flag} must be true or false`);
    if (!['fop', 'fod'].includes(form.get('freight_mode') ?? '')) problems.push('freight_mode must be fop or fod');
    const drop = json<Record<string, string>>('dropoff_location');
    if (drop) {
      for (const f of ['consignee_name', 'address', 'city', 'state', 'zip', 'phone'])
        if (!drop[f]) problems.push(`dropoff_location.${f} is required`);
      if (drop.phone && !/^\d{10}$/.test(drop.phone)) problems.push('dropoff_location.phone must be 10 digits');
      if (drop.zip && !/^\d{6}$/.test(drop.zip)) problems.push(`pin: ${drop.zip} is not serviceable`);
    }
    const shipments = json<{ order_id?: string; box_count?: number; weight?: number }[]>('shipment_details') ?? [];
    const boxes = shipments.reduce((n, s) => n + Number(s.box_count ?? 0), 0);
    if (shipments.length === 0 || !(boxes > 0)) problems.push('shipment_details must list the boxes');
    const dims =
      json<{ length_cm: number; width_cm: number; height_cm: number; box_count: number }[]>('dimensions') ?? [];
    if (dims.reduce((n, d) => n + Number(d.box_count ?? 0), 0) !== boxes)
      problems.push('dimensions must cover every box of shipment_details');
    if (dims.some((d) => !(d.length_cm > 0 && d.width_cm > 0 && d.height_cm > 0)))
      problems.push('dimensions must be positive centimetres');
    const invoices = json<{ inv_num?: string; inv_amt?: number; ewaybill?: string }[]>('invoices') ?? [];
    if (invoices.length === 0) problems.push('invoices are required');
    for (const i of invoices) {
      if (!i.inv_num || !(Number(i.inv_amt) > 0)) problems.push('each invoice needs inv_num and inv_amt');
      if (i.ewaybill && !/^\d{12}$/.test(i.ewaybill)) problems.push(`invoice ${i.inv_num}: ewaybill must be 12 digits`);
      if (!i.ewaybill && Number(i.inv_amt) > 50_000)
        problems.push(`invoice ${i.inv_num}: ewaybill is required for invoice amount above 50000`);
    }
    const billing = json<Record<string, string>>('billing_address');
    if (billing?.gst_number && !GSTIN.test(billing.gst_number))
      problems.push('billing_address.gst_number is not a valid GSTIN');
    if (problems.length) return invalid(res, problems);
    const lrNumber = `${220_000_000 + ++serial}`;
    const paperless = form.get('enable_paperless_movement') === 'true';
    const boxNumbers = Array.from({ length: boxes }, (_, i) => `${lrNumber}${String(i + 1).padStart(4, '0')}`);
    const lr: Lr = {
      origin: 'Jaipur_Sitapura_H (Rajasthan)',
      destination: `${drop!.city}_Hub`,
      events: [{ at: gate.now + LTL_JOB_SETTLES_MS, status: 'MANIFESTED', location: 'Jaipur_Sitapura_H (Rajasthan)' }],
      booking: {
        lrNumber,
        reference: String(shipments[0].order_id ?? ''),
        boxNumbers,
        ewayBills: invoices.map((i) => i.ewaybill ?? '').filter(Boolean),
        freight: form.get('freight_mode')!,
        risk: form.get('rov_insurance') === 'true' ? 'CARRIER' : 'OWNER',
        pickup: form.get('fm_pickup') === 'true',
        appointment: null,
        cancelled: false,
        status: 'MANIFESTED',
      },
    };
    const jobId = randomBytes(8).toString('hex');
    jobs.set(jobId, {
      kind: 'manifest',
      at: gate.now,
      outcome: { lr, document: paperless ? '' : `${lrNumber}0000` },
    });
    const lost = loseManifest;
    loseManifest = null;
    if (lost === 'drop') return void res.socket?.destroy();
    if (lost === 'hang') return;
    send(res, 200, { data: { job_id: jobId } });
  }

  /** ⚠ The LR a settled manifest made for this order id (the latest), asked about or not. */
  function trackByOrder(res: ServerResponse, orderId: string): void {
    const settled = [...jobs.values()].filter(
      (j) => j.kind === 'manifest' && gate.now - j.at >= LTL_JOB_SETTLES_MS && 'document' in j.outcome,
    );
    const made = settled
      .map((j) => (j.outcome as { lr: Lr }).lr)
      .filter((lr) => lr.booking.reference === orderId)
      .at(-1);
    if (!made) return text(res, 404, `LRN not found for order_id ${orderId}`);
    lrs.set(made.booking.lrNumber, made);
    track(res, made.booking.lrNumber);
  }

  /** The last-mile POD of a delivered LR, as a link to its scan. */
  function podLink(res: ServerResponse, q: URLSearchParams): void {
    const lrNumber = q.get('lrn') ?? '';
    if (!['LM_POD', 'RETURN_DSP_POD'].includes(q.get('doc_type') ?? ''))
      return invalid(res, ['doc_type must be LM_POD or RETURN_DSP_POD']);
    if (q.get('version') !== 'latest') return invalid(res, ['version must be latest']);
    const lr = lrs.get(lrNumber);
    if (!lr) return text(res, 404, `LRN ${lrNumber} not found`);
    if (status(lr) !== 'DELIVERED' || q.get('doc_type') !== 'LM_POD')
      return text(res, 404, `Document not found for LRN ${lrNumber}`);
    send(res, 200, { data: { files: [{ url: `${baseUrlOf(server, 'Delhivery LTL')}/files/pod/${lrNumber}.png` }] } });
  }

  /** The signed and stamped LR copy: a blue stamp on white. */
  function podFile(res: ServerResponse, lrNumber: string): void {
    const lr = lrs.get(lrNumber);
    if (!lr || status(lr) !== 'DELIVERED') return text(res, 404, 'NoSuchKey');
    podDownloads++;
    const png = drawPng(120, 60, (x, y) => ((x - 60) ** 2 + (y - 30) ** 2 < 25 ** 2 ? [40, 60, 170] : [255, 255, 255]));
    res.writeHead(200, { 'content-type': 'image/png' });
    res.end(Buffer.from(png));
  }

  function jobStatus(res: ServerResponse, jobId: string, kind: Job['kind']): void {
    const job = jobs.get(jobId);
    if (!job || job.kind !== kind) return text(res, 404, `job_id ${jobId} not found`);
    if (gate.now - job.at < LTL_JOB_SETTLES_MS) return send(res, 200, { status: { type: 'In Progress' } });
    if ('error' in job.outcome) return send(res, 200, { status: { type: 'Failed', message: job.outcome.error } });
    const { lr } = job.outcome;
    if (kind === 'manifest') {
      lrs.set(lr.booking.lrNumber, lr);
      const document = 'document' in job.outcome ? job.outcome.document : '';
      return send(res, 200, {
        status: { type: 'Complete' },
        data: {
          lrnum: lr.booking.lrNumber,
          waybills: [...(document ? [document] : []), ...lr.booking.boxNumbers],
          ...(document ? { document_waybill: document } : {}),
        },
      });
    }
    send(res, 200, { status: { type: 'Complete' }, data: { lrnum: lr.booking.lrNumber } });
  }

  function track(res: ServerResponse, lrNumber: string): void {
    const lr = lrs.get(lrNumber);
    if (!lr) return text(res, 404, `LRN ${lrNumber} not found`);
    const latest = lr.events.filter((e) => e.at <= gate.now).at(-1)!;
    const s = status(lr);
    send(res, 200, {
      data: {
        lrnum: lrNumber,
        status: s,
        status_time: istParts(latest.at).iso,
        location: latest.location,
        remark: s,
        wbns: lr.booking.boxNumbers.map((wbn) => ({ wbn, status: s === 'DELIVERED' ? 'DELIVERED' : s })),
      },
    });
  }

  function appointment(res: ServerResponse, b: Record<string, unknown>): void {
    const lr = lrs.get(String(b.lrn ?? ''));
    if (!lr) return invalid(res, ['lrn: LR not found']);
    if (TERMINAL_OR_LAST_MILE.has(status(lr)))
      return invalid(res, ['appointment must be booked before out for delivery']);
    const date = /^(\d{2})\/(\d{2})\/(\d{4})$/.exec(String(b.date ?? ''));
    if (!date) return invalid(res, ['date must be DD/MM/YYYY']);
    const day = `${date[3]}-${date[2]}-${date[1]}`;
    if (day <= istParts(gate.now).day) return invalid(res, ['date must be from tomorrow']);
    const grid = /^([01]\d|2[0-3]):(00|30)$/;
    const start = String(b.start_time ?? '');
    const end = String(b.end_time ?? '');
    if (!grid.test(start) || !grid.test(end))
      return invalid(res, ['start_time and end_time must be on a 30-minute grid']);
    const minutes = (t: string) => Number(t.slice(0, 2)) * 60 + Number(t.slice(3));
    if (minutes(end) - minutes(start) !== 30) return invalid(res, ['an appointment slot is 30 minutes']);
    const po = b.po_number;
    if (!Array.isArray(po) || po.length === 0 || po.length > 5)
      return invalid(res, ['po_number takes 1 to 5 numbers or NotApplicable']);
    if (!b.appointment_id) return invalid(res, ['appointment_id is required']);
    lr.booking.appointment = { date: day, startTime: start, poNumbers: po.map(String) };
    send(res, 200, { success: true, message: 'Appointment booked' });
  }

  /** POST /pickup_requests {client_warehouse, pickup_date YYYY-MM-DD, start_time HH:MM:SS, expected_package_count} */
  function pickup(res: ServerResponse, b: Record<string, unknown>): void {
    const missing = ['client_warehouse', 'pickup_date', 'start_time', 'expected_package_count'].filter(
      (k) => b[k] === undefined || b[k] === null || b[k] === '',
    );
    if (missing.length)
      return invalid(
        res,
        missing.map((k) => `${k}: This field is required.`),
      );
    const unknown = Object.keys(b).filter(
      (k) => !['client_warehouse', 'pickup_date', 'start_time', 'expected_package_count'].includes(k),
    );
    if (unknown.length)
      return invalid(
        res,
        unknown.map((k) => `${k}: unexpected field`),
      );
    if (b.client_warehouse !== DELHIVERY_LTL_STANDIN_WAREHOUSE)
      return invalid(res, ['client_warehouse: ClientWarehouse matching query does not exist']);
    const date = String(b.pickup_date);
    if (!/^\d{4}-\d{2}-\d{2}$/.test(date) || Number.isNaN(Date.parse(`${date}T00:00:00Z`)))
      return invalid(res, ['pickup_date must use YYYY-MM-DD format']);
    if (date < istParts(gate.now).day) return invalid(res, ['pickup_date cannot be in the past']);
    const time = /^(\d{2}):(\d{2}):(\d{2})$/.exec(String(b.start_time));
    if (!time || Number(time[1]) > 23 || Number(time[2]) > 59 || Number(time[3]) > 59)
      return invalid(res, ['start_time must use HH:MM:SS format']);
    const count = b.expected_package_count;
    if (typeof count !== 'number' || !Number.isInteger(count) || count <= 0)
      return invalid(res, ['expected_package_count must be a positive integer']);
    const id = 7_000_000 + pickups.length + 1;
    pickups.push({
      id,
      warehouse: String(b.client_warehouse),
      date,
      count,
      startTime: String(b.start_time),
      cancelled: false,
    });
    send(res, 200, { data: { pickup_id: id } });
  }

  /** DELETE /pickup_requests/{id}: an unknown id is a 404; a withdrawn one is withdrawn already. */
  function cancelPickup(res: ServerResponse, id: string): void {
    const request = /^\d+$/.test(id) ? pickups.find((p) => p.id === Number(id)) : undefined;
    if (!request) return send(res, 404, { message: `Pickup request ${id} not found` });
    if (request.cancelled) return send(res, 200, { success: true, message: 'Pickup request already cancelled' });
    request.cancelled = true;
    send(res, 200, { success: true, message: 'Pickup request cancelled' });
  }

  function update(res: ServerResponse, lrNumber: string, form: Map<string, string> | null): void {
    const lr = lrs.get(lrNumber);
    if (!lr) return text(res, 404, `LRN ${lrNumber} not found`);
    if (!form) return invalid(res, ['the LR update must be multipart/form-data']);
    let invoices: { inv_num?: string; ewaybill?: string }[] = [];
    try {
      invoices = JSON.parse(form.get('invoices') ?? '[]') as typeof invoices;
    } catch {
      return invalid(res, ['invoices must be JSON']);
    }
    if (invoices.length === 0) return invalid(res, ['invoices are required']);
    if (invoices.some((i) => !i.ewaybill || !/^\d{12}$/.test(i.ewaybill)))
      return invalid(res, ['ewaybill must be 12 digits']);
    const jobId = randomBytes(8).toString('hex');
    if (TERMINAL_OR_LAST_MILE.has(status(lr)))
      jobs.set(jobId, {
        kind: 'update',
        at: gate.now,
        outcome: { error: `LR ${lrNumber} can no longer be updated (${status(lr)})` },
      });
    else {
      lr.booking.ewayBills = [...new Set([...lr.booking.ewayBills, ...invoices.map((i) => i.ewaybill!)])];
      jobs.set(jobId, { kind: 'update', at: gate.now, outcome: { lr } });
    }
    send(res, 200, { data: { job_id: jobId } });
  }

  function cancel(res: ServerResponse, lrNumber: string): void {
    const lr = lrs.get(lrNumber);
    if (!lr) return text(res, 404, `LRN ${lrNumber} not found`);
    if (lr.booking.cancelled) return send(res, 200, { success: true, message: 'LR already cancelled' });
    if (status(lr) !== 'MANIFESTED')
      return invalid(res, [`LR ${lrNumber} is already picked up and cannot be cancelled`]);
    lr.booking.cancelled = true;
    send(res, 200, { success: true, message: 'LR cancelled' });
  }

  const server: Server = createServer((req, res) => void handle(req, res));
  await listenLocally(server);
  return controls;
}

/** A multipart body's text fields, or null when the body is not multipart. */
async function formOf(req: IncomingMessage, raw: string): Promise<Map<string, string> | null> {
  const type = req.headers['content-type'] ?? '';
  if (!type.startsWith('multipart/form-data')) return null;
  const form = await new Response(raw, { headers: { 'content-type': type } }).formData();
  const fields = new Map<string, string>();
  for (const [k, v] of form) if (typeof v === 'string') fields.set(k, v);
  return fields;
}
