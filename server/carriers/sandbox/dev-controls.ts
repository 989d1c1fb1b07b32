import { eq } from 'drizzle-orm';
import type { Hono } from 'hono';
import type { AppDeps } from '../../deps';
import { sandboxParcels, type PlannedScan } from '../../db/schema';
import { clientIp, isLoopback } from '../../http/client-ip';
import { ApiError, badRequest, conflict, forbidden, notFound } from '../../http/errors';
import { DELIVERY_OTP_PATTERN, HYPERLOCAL_BY_CODE } from '../../../src/domain/shipping/hyperlocal';
import { SandboxHyperlocalPartner } from './hyperlocal-partner';

// Development only (mounted with the mailbox, loopback clients only): steer one sandbox parcel so
// that its next delivery attempt fails now with a given courier reason code, and the courier
// then holds it for instructions; or bring a parcel on its way back home now (return delivered);
// or move a parcel along its happy road now (a forward parcel to Delivered, a reverse pickup to
// Picked Up, In Transit or Delivered back), whatever its drawn life held. End-to-end tests use them
// to reach a state on cue instead of waiting for a parcel whose random life happens to get there.

const SECOND = 1_000;
const BEFORE_DELIVERY = new Set(['MANIFESTED', 'PICKED_UP', 'IN_TRANSIT']);
/** the return's last leg: delivered to the seller, or failed there (then held) */
const HOME = new Set(['RTO_DELIVERED', 'RTO_UNDELIVERED', 'RTO_HELD']);

export const SANDBOX_FAIL_PATH = '/api/dev/sandbox-courier/:awb/fail-delivery';
export const SANDBOX_RETURN_PATH = '/api/dev/sandbox-courier/:awb/deliver-return';

/** The plan with every scan still to come before delivery brought forward to now, then a failed attempt. */
export function failNextAttempt(
  plan: PlannedScan[],
  nowMs: number,
  failure: { reasonCode: string; remark: string; location: string },
): PlannedScan[] | null {
  const due = plan.filter((s) => s.afterMs <= nowMs).length;
  const kept = plan.slice(0, due);
  const last = kept.at(-1);
  if (last && !BEFORE_DELIVERY.has(last.courierStatus) && last.courierStatus !== 'UNDELIVERED') return null;
  const road = plan.slice(due).filter((s) => BEFORE_DELIVERY.has(s.courierStatus));
  let at = Math.max(nowMs, last?.afterMs ?? 0);
  const next = () => (at += SECOND);
  return [
    ...kept,
    ...road.map((s) => ({ ...s, afterMs: next() })),
    { afterMs: next(), courierStatus: 'OUT_FOR_DELIVERY', location: failure.location, remark: 'Out for delivery' },
    {
      afterMs: next(),
      courierStatus: 'UNDELIVERED',
      location: failure.location,
      remark: failure.remark,
      reasonCode: failure.reasonCode,
    },
  ];
}

/**
 * The plan of a parcel whose return to origin is planned (or under way) with every scan still to
 * come brought forward to now, ending on the return delivered to the seller (a failed return
 * delivery or a hold on the way is skipped). Null when no return is planned or it is already home.
 */
export function deliverReturnNow(plan: PlannedScan[], nowMs: number): PlannedScan[] | null {
  const due = plan.filter((s) => s.afterMs <= nowMs).length;
  const kept = plan.slice(0, due);
  const rest = plan.slice(due);
  const start = rest.findIndex((s) => s.courierStatus === 'RTO_INITIATED');
  const under = kept.some((s) => s.courierStatus === 'RTO_INITIATED');
  if (kept.some((s) => s.courierStatus === 'RTO_DELIVERED') || (!under && start < 0)) return null;
  const home = plan.find((s) => HOME.has(s.courierStatus));
  let at = Math.max(nowMs, kept.at(-1)?.afterMs ?? 0);
  const next = () => (at += SECOND);
  const homeward = rest.findIndex((s) => HOME.has(s.courierStatus));
  const road = rest.slice(0, homeward < 0 ? rest.length : homeward);
  return [
    ...kept,
    ...road.map((s) => ({ ...s, afterMs: next() })),
    {
      afterMs: next(),
      courierStatus: 'RTO_DELIVERED',
      location: home?.location ?? kept[0]?.location ?? '',
      remark: 'Returned to the seller',
    },
  ];
}

export const SANDBOX_ADVANCE_PATH = '/api/dev/sandbox-courier/:awb/advance';

const FORWARD_ROAD = ['MANIFESTED', 'PICKED_UP', 'IN_TRANSIT', 'OUT_FOR_DELIVERY', 'DELIVERED'];
const REVERSE_ROAD = ['REV_MANIFESTED', 'REV_PICKED_UP', 'REV_IN_TRANSIT', 'REV_DELIVERED'];
const ROAD_WORDS: Record<string, string> = {
  PICKED_UP: 'Picked up',
  IN_TRANSIT: 'In transit',
  OUT_FOR_DELIVERY: 'Out for delivery',
  DELIVERED: 'Delivered',
  REV_PICKED_UP: 'Picked up from the buyer',
  REV_IN_TRANSIT: 'Departed for the seller',
  REV_DELIVERED: 'Delivered to the seller',
};
const DAY = 86_400 * SECOND;

/**
 * The plan with the scans already due kept, then the road's scans up to `to` one second apart
 * from now, then the rest of the road a day apart (failures and losses left out); null when `to`
 * is not on a road or the parcel is already there or past it.
 */
export function advanceTo(
  plan: PlannedScan[],
  nowMs: number,
  to: string,
  lane: { from: string; to: string },
): PlannedScan[] | null {
  const road = FORWARD_ROAD.includes(to) ? FORWARD_ROAD : REVERSE_ROAD.includes(to) ? REVERSE_ROAD : null;
  if (!road) return null;
  const kept = plan.filter((s) => s.afterMs <= nowMs);
  const reached = Math.max(0, ...kept.map((s) => road.indexOf(s.courierStatus)));
  const target = road.indexOf(to);
  if (target <= reached) return null;
  let at = Math.max(nowMs, kept.at(-1)?.afterMs ?? 0);
  const where = (status: string) =>
    road === REVERSE_ROAD
      ? status === 'REV_DELIVERED'
        ? lane.to
        : lane.from
      : status === 'PICKED_UP'
        ? lane.from
        : lane.to;
  const scanAt = (afterMs: number, courierStatus: string): PlannedScan =>
    ({
      afterMs,
      courierStatus,
      location: where(courierStatus),
      remark: ROAD_WORDS[courierStatus] ?? courierStatus,
    }) as PlannedScan;
  const now = road.slice(reached + 1, target + 1).map((st) => scanAt((at += SECOND), st));
  const later = road.slice(target + 1).map((st, i) => scanAt(at + (i + 1) * DAY, st));
  return [...kept, ...now, ...later];
}

export const SANDBOX_RIDER_STEP_PATH = '/api/dev/sandbox-courier/:awb/rider-step';
export const SANDBOX_RIDER_OTP_PATH = '/api/dev/sandbox-courier/:awb/deliver-with-otp';

/** The hyperlocal partner that carries a sandbox parcel, or a 404. */
async function partnerOf(deps: AppDeps, awb: string): Promise<SandboxHyperlocalPartner> {
  const [p] = await deps.db.select().from(sandboxParcels).where(eq(sandboxParcels.awb, awb));
  const partner = p && !p.cancelled ? HYPERLOCAL_BY_CODE.get(p.carrierCode) : undefined;
  if (!partner) throw notFound('No such hyperlocal parcel');
  return new SandboxHyperlocalPartner(partner, deps);
}

export function registerSandboxCourierControls(app: Hono, deps: AppDeps) {
  app.use('/api/dev/sandbox-courier/*', async (c, next) => {
    if (!isLoopback(clientIp(c, deps.config)))
      throw forbidden('The sandbox courier controls answer loopback clients only');
    await next();
  });
  app.post(SANDBOX_FAIL_PATH, async (c) => {
    const awb = c.req.param('awb');
    const body = (await c.req.json().catch(() => ({}))) as { reasonCode?: unknown; remark?: unknown };
    if (typeof body.reasonCode !== 'string' || !/^[A-Z0-9-]{2,20}$/.test(body.reasonCode))
      throw badRequest('Reason code must be a courier reason code such as EOD-74');
    const [p] = await deps.db.select().from(sandboxParcels).where(eq(sandboxParcels.awb, awb));
    if (!p || p.cancelled) throw notFound('No such sandbox parcel');
    const nowMs = (deps.now().getTime() - p.bookedAt.getTime()) * deps.config.sandboxCourier.speed;
    const plan = failNextAttempt(p.plan, nowMs, {
      reasonCode: body.reasonCode,
      remark: typeof body.remark === 'string' && body.remark ? body.remark.slice(0, 200) : 'Delivery attempt failed',
      location: p.lane.to,
    });
    if (!plan) throw conflict('The parcel is past its delivery attempts');
    await deps.db.update(sandboxParcels).set({ plan }).where(eq(sandboxParcels.awb, awb));
    return c.json({ data: { awb, scans: plan.length } });
  });
  app.post(SANDBOX_RETURN_PATH, async (c) => {
    const awb = c.req.param('awb');
    const [p] = await deps.db.select().from(sandboxParcels).where(eq(sandboxParcels.awb, awb));
    if (!p || p.cancelled) throw notFound('No such sandbox parcel');
    const nowMs = (deps.now().getTime() - p.bookedAt.getTime()) * deps.config.sandboxCourier.speed;
    const plan = deliverReturnNow(p.plan, nowMs);
    if (!plan) throw conflict('The parcel has no return to origin under way');
    await deps.db.update(sandboxParcels).set({ plan }).where(eq(sandboxParcels.awb, awb));
    return c.json({ data: { awb, scans: plan.length } });
  });
  app.post(SANDBOX_ADVANCE_PATH, async (c) => {
    const awb = c.req.param('awb');
    const body = (await c.req.json().catch(() => ({}))) as { to?: unknown };
    if (typeof body.to !== 'string') throw badRequest('To must be a courier status such as DELIVERED');
    const [p] = await deps.db.select().from(sandboxParcels).where(eq(sandboxParcels.awb, awb));
    if (!p || p.cancelled) throw notFound('No such sandbox parcel');
    const nowMs = (deps.now().getTime() - p.bookedAt.getTime()) * deps.config.sandboxCourier.speed;
    const plan = advanceTo(p.plan, nowMs, body.to, p.lane);
    if (!plan) throw conflict(`The parcel cannot be moved to ${body.to}`);
    await deps.db.update(sandboxParcels).set({ plan }).where(eq(sandboxParcels.awb, awb));
    return c.json({ data: { awb, scans: plan.length } });
  });
  // a hyperlocal rider: the next step (picked up, on the way) now; the handover against the buyer's OTP
  app.post(SANDBOX_RIDER_STEP_PATH, async (c) => {
    const awb = c.req.param('awb');
    if (!(await (await partnerOf(deps, awb)).nextRiderStep(awb)))
      throw conflict('The rider is already at the drop, waiting for the OTP');
    return c.json({ data: { awb } });
  });
  app.post(SANDBOX_RIDER_OTP_PATH, async (c) => {
    const awb = c.req.param('awb');
    const body = (await c.req.json().catch(() => ({}))) as { otp?: unknown; receiverName?: unknown };
    if (typeof body.otp !== 'string' || !DELIVERY_OTP_PATTERN.test(body.otp))
      throw badRequest('OTP must be the 4 digits the buyer received');
    const receiver = typeof body.receiverName === 'string' ? body.receiverName.slice(0, 80) : undefined;
    const entry = await (await partnerOf(deps, awb)).deliverWithOtp(awb, body.otp, receiver);
    if (entry.delivered) return c.json({ data: { awb, delivered: true } });
    if (entry.reason === 'NOT_OUT_FOR_DELIVERY') throw conflict('The rider is not at the drop yet');
    if (entry.reason === 'LOCKED') throw conflict('Too many wrong OTPs: the partner has locked this handover');
    throw new ApiError(422, `Wrong OTP: ${entry.attemptsLeft} attempts left`);
  });
}
