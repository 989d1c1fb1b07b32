import { randomUUID } from 'node:crypto';
import { and, desc, eq, sql } from 'drizzle-orm';
import type { AppDeps } from '../../deps';
import { liveOrderEvents, orders, organisations, shipments, simulationRuns } from '../../db/schema';
import { badRequest, conflict, notFound } from '../../http/errors';
import type { SimulationOrder, SimulationStep } from '../../../src/domain/live-events-contract';
import { carrierName } from '../../../src/domain/shipping/carriers';
import { ndrReasonCodes } from '../../../src/domain/shipping/courier-codes';
import { receiveScans } from '../courier-inlet/receive-scans';
import { toStatusEvent } from '../live/hub';
import { statusText } from '../live/record';
import { firstImpossible, nextSteps, STEP_SCAN } from './steps';
import { isSandboxOrg, SIMULATION_SANDBOX_ONLY } from './sandbox';
import { SIMULATION_TEXT } from '../../../src/domain/live/simulation';

// Staff drive a test order's courier life (only the simulation sandbox's: sandbox.ts): one step
// now, or a run of steps at an interval. A step is
// the courier scan that would bring it, through the same ingestion as real scans. A run is one
// row (the steps still to come) and one job per step, so it survives a restart; a retried job
// repeats the same scan (same time), which ingestion stores once.

export const SIMULATION_STEP_QUEUE = 'simulation-step';
const SHOWN_EVENTS = 50;

async function shipped(deps: AppDeps, orderId: number) {
  const [row] = await deps.db
    .select({ o: orders, sellerName: organisations.companyName })
    .from(orders)
    .innerJoin(organisations, eq(organisations.id, orders.orgId))
    .where(eq(orders.id, orderId));
  if (!row) throw notFound('No such order');
  const [s] = await deps.db
    .select()
    .from(shipments)
    .where(and(eq(shipments.orderId, orderId), eq(shipments.state, 'BOOKED')))
    .orderBy(desc(shipments.id))
    .limit(1);
  return { ...row, s: s ?? null };
}

/** The order of the shipment booked with this AWB (any seller's: staff simulate across accounts). */
export async function orderOfAwb(deps: AppDeps, awb: string): Promise<{ orderId: number }> {
  const [row] = await deps.db
    .select({ orderId: shipments.orderId })
    .from(shipments)
    .where(sql`upper(${shipments.awb}) = upper(${awb})`)
    .orderBy(desc(shipments.id))
    .limit(1);
  if (!row) throw notFound(SIMULATION_TEXT.awbUnknown);
  return row;
}

export async function simulationOrder(deps: AppDeps, orderId: number): Promise<SimulationOrder> {
  const { o, sellerName, s } = await shipped(deps, orderId);
  const [run] = await deps.db.select().from(simulationRuns).where(eq(simulationRuns.orderId, orderId));
  const events = await deps.db
    .select()
    .from(liveOrderEvents)
    .where(eq(liveOrderEvents.orderId, orderId))
    .orderBy(desc(liveOrderEvents.id))
    .limit(SHOWN_EVENTS);
  return {
    orderId: o.id,
    orderNumber: o.orderNumber,
    sellerName,
    trackingNumber: s?.awb ?? null,
    courierName: s ? carrierName(s.carrierCode) : null,
    status: o.status,
    statusText: statusText(o.status),
    // a step is a courier's scan: only an order with a booked shipment can take one
    nextSteps: s ? nextSteps(o.status) : [],
    running: run ? { remaining: run.remaining, intervalSeconds: run.intervalSeconds } : null,
    events: events.reverse().map(toStatusEvent),
  };
}

/** A simulated scan moves money (charges, COD, RTO) as a real one does: only the sandbox's test orders take one. */
async function assertSandboxOrder(deps: AppDeps, orgId: number): Promise<void> {
  if (!(await isSandboxOrg(deps.db, orgId))) throw conflict(SIMULATION_SANDBOX_ONLY);
}

/** The courier's scan of one step, through the scan inlet; 409 when the order cannot take it now. */
export async function applyStep(deps: AppDeps, orderId: number, step: SimulationStep, at: Date): Promise<void> {
  const { o, s } = await shipped(deps, orderId);
  await assertSandboxOrder(deps, o.orgId);
  if (!s) throw conflict('This order has no shipment with a courier: ship it first');
  if (!nextSteps(o.status).includes(step))
    throw conflict(`An order that is ${statusText(o.status)} cannot take the step "${STEP_SCAN[step].remark}"`);
  const scan = STEP_SCAN[step];
  await receiveScans(deps, s.carrierCode, [
    {
      awb: s.awb,
      at,
      courierStatus: scan.courierStatus,
      location: step === 'RTO_DLV' || step === 'PKD' ? o.pickup.city : o.shipping.city,
      remark: scan.remark,
      ...(step === 'NDR' ? { reasonCode: ndrReasonCodes(s.carrierCode)[0] } : {}),
    },
  ]);
}

export async function takeStep(deps: AppDeps, orderId: number, step: SimulationStep): Promise<SimulationOrder> {
  await applyStep(deps, orderId, step, deps.now());
  return simulationOrder(deps, orderId);
}

export async function startRun(
  deps: AppDeps,
  staffId: number,
  orderId: number,
  steps: SimulationStep[],
  intervalSeconds: number,
): Promise<SimulationOrder> {
  const { o, s } = await shipped(deps, orderId);
  await assertSandboxOrder(deps, o.orgId);
  if (!s) throw conflict('This order has no shipment with a courier: ship it first');
  const bad = firstImpossible(o.status, steps);
  if (bad >= 0)
    throw badRequest(`Steps: "${steps[bad]}" cannot come after ${bad ? `"${steps[bad - 1]}"` : statusText(o.status)}`);
  const runId = randomUUID();
  const row = { runId, remaining: steps, intervalSeconds, startedBy: staffId, updatedAt: deps.now() };
  // a new run replaces one in progress: the old run's next job finds another run id and stops
  await deps.db
    .insert(simulationRuns)
    .values({ orderId, ...row })
    .onConflictDoUpdate({ target: simulationRuns.orderId, set: row });
  await deps.jobs.send(SIMULATION_STEP_QUEUE, { orderId, runId }, { startAfterSeconds: intervalSeconds });
  return simulationOrder(deps, orderId);
}

export async function stopRun(deps: AppDeps, orderId: number): Promise<SimulationOrder> {
  await deps.db.delete(simulationRuns).where(eq(simulationRuns.orderId, orderId));
  return simulationOrder(deps, orderId);
}

/**
 * One step of a run (the job). The scan's time is fixed by the run's row (its last step's time
 * plus the interval), so a job retried after a crash repeats the very same scan, which
 * ingestion stores once; then the row moves on and the next job is sent.
 */
export async function runSimulationStep(deps: AppDeps, job: { orderId: number; runId: string }): Promise<void> {
  const [run] = await deps.db
    .select()
    .from(simulationRuns)
    .where(and(eq(simulationRuns.orderId, job.orderId), eq(simulationRuns.runId, job.runId)));
  if (!run || !run.remaining.length) return;
  const [step, ...rest] = run.remaining as SimulationStep[];
  const at = new Date(run.updatedAt.getTime() + run.intervalSeconds * 1000);
  try {
    // a retry after a crash between the scan and the row's move finds the step taken already
    const [o] = await deps.db.select({ status: orders.status }).from(orders).where(eq(orders.id, job.orderId));
    if (o?.status !== step) await applyStep(deps, job.orderId, step, at);
  } catch (e) {
    // the order went its own way meanwhile (a real scan, a cancel): the run ends
    if ((e as { status?: number }).status === 409) {
      await deps.db.delete(simulationRuns).where(eq(simulationRuns.runId, job.runId));
      return;
    }
    throw e;
  }
  if (!rest.length) {
    await deps.db.delete(simulationRuns).where(eq(simulationRuns.runId, job.runId));
    return;
  }
  const moved = await deps.db
    .update(simulationRuns)
    .set({ remaining: rest, updatedAt: at })
    .where(and(eq(simulationRuns.runId, job.runId), sql`${simulationRuns.remaining}[1] = ${step}`))
    .returning({ runId: simulationRuns.runId });
  if (moved.length) await deps.jobs.send(SIMULATION_STEP_QUEUE, job, { startAfterSeconds: run.intervalSeconds });
}
