import type { IncomingMessage, ServerResponse } from 'node:http';

// What every courier's protocol stand-in lets a test do besides speaking the courier's API: move
// its clock and its parcels' lives, and steer its failures. The conformance kit calls these in
// process; a browser test, whose product runs in another process, calls the same controls over
// HTTP under /__standin/ on the stand-in's own port (never part of the courier's API).

/** One booking as the stand-in holds it. */
export interface StandinBooking {
  awb: string;
  orderNumber: string;
  payment: 'PPD' | 'COD' | 'REVERSE';
  codAmountPaise: number;
  cancelled: boolean;
  /** the courier's current status word for the parcel, in its own vocabulary */
  status: string;
}

export interface CourierStandinControls {
  /** the stand-in's base URL: what `<COURIER>_BASE_URL` is set to */
  readonly url: string;
  now(): Date;
  /** moves the courier's clock on (settling what was due: NDR requests, pushes) */
  advance(ms: number): void;
  /** the courier picks the parcel up now */
  pickUp(awb: string): void;
  /** the parcel leaves the origin and is out for delivery */
  outForDelivery(awb: string): void;
  /** the delivery attempt fails now with a reason in the courier's own codes (its usual one when absent) */
  failAttempt(awb: string, reason?: string): void;
  /** the parcel is delivered now */
  deliver(awb: string): void;
  /** the courier gives up and returns the parcel to origin */
  returnToOrigin(awb: string): void;
  bookings(): StandinBooking[];
  /** the NDR instructions the courier received, in order */
  ndrRequests(): { awb: string; action: string }[];
  /** pickup requests the courier received */
  pickupRequests(): { location: string; date: string; count: number }[];
  logins(): number;
  expireTokens(): void;
  exhaustRateLimit(): void;
  hangNext(): void;
  refuseNext(remark: string): void;
  close(): Promise<void>;
}

type Body = { awb?: string; ms?: number; reason?: string; remark?: string };

async function readJson(req: IncomingMessage): Promise<Body> {
  const chunks: Buffer[] = [];
  for await (const c of req) chunks.push(c as Buffer);
  const text = Buffer.concat(chunks).toString('utf8');
  return text ? (JSON.parse(text) as Body) : {};
}

/**
 * Answers a /__standin/ request from the controls; false when the path is not a control (the
 * stand-in then answers it as the courier would).
 */
export async function answerStandinControl(
  controls: CourierStandinControls,
  req: IncomingMessage,
  res: ServerResponse,
): Promise<boolean> {
  const path = (req.url ?? '').split('?')[0];
  if (!path.startsWith('/__standin/')) return false;
  const op = path.slice('/__standin/'.length);
  const send = (status: number, body: unknown) => {
    res.writeHead(status, { 'content-type': 'application/json' });
    res.end(JSON.stringify(body));
  };
  try {
    if (req.method === 'GET' && op === 'bookings') return (send(200, controls.bookings()), true);
    if (req.method === 'GET' && op === 'ndr-requests') return (send(200, controls.ndrRequests()), true);
    if (req.method === 'GET' && op === 'pickup-requests') return (send(200, controls.pickupRequests()), true);
    if (req.method !== 'POST') return (send(405, { error: 'controls are POST' }), true);
    const b = await readJson(req);
    const awb = b.awb ?? '';
    switch (op) {
      case 'advance':
        controls.advance(Number(b.ms ?? 0));
        break;
      case 'pick-up':
        controls.pickUp(awb);
        break;
      case 'out-for-delivery':
        controls.outForDelivery(awb);
        break;
      case 'fail-attempt':
        controls.failAttempt(awb, b.reason);
        break;
      case 'deliver':
        controls.deliver(awb);
        break;
      case 'return-to-origin':
        controls.returnToOrigin(awb);
        break;
      case 'refuse-next':
        controls.refuseNext(b.remark ?? 'refused');
        break;
      default:
        return (send(404, { error: `no control ${op}` }), true);
    }
    send(200, { ok: true, now: controls.now().toISOString() });
  } catch (e) {
    send(400, { error: e instanceof Error ? e.message : String(e) });
  }
  return true;
}
