import { API_TRACKING } from '../domain/tracking-contract';
import { LIVE_API, type SimulationOrder, type SimulationStep } from '../domain/live-events-contract';
import { parseOrderRef, SIMULATION_TEXT } from '../domain/live/simulation';
import { dataOf } from './answer';
import type { ApiFailure, Http } from './types';

// Staff order simulation (src/domain/live-events-contract.ts): read an order, move it one step,
// run it on at a speed or stop the run, make a test order on a seller's account.

export const fetchSimulationOrder = (http: Http, orderId: number): Promise<SimulationOrder> =>
  dataOf(http.get(LIVE_API.simulationOrder(orderId)));

export const stepSimulation = (http: Http, orderId: number, step: SimulationStep): Promise<SimulationOrder> =>
  dataOf(http.post(LIVE_API.simulationStep(orderId), { step }));

export const runSimulation = (
  http: Http,
  orderId: number,
  steps: SimulationStep[],
  intervalSeconds: number,
): Promise<SimulationOrder> => dataOf(http.post(LIVE_API.simulationRun(orderId), { steps, intervalSeconds }));

export const stopSimulation = (http: Http, orderId: number): Promise<SimulationOrder> =>
  dataOf(http.delete(LIVE_API.simulationRun(orderId)));

export const createTestOrder = (http: Http, accountId: number): Promise<SimulationOrder> =>
  dataOf(http.post(LIVE_API.simulationTestOrder, { accountId }));

/** The order id behind what staff typed: the id itself, or the order an AWB belongs to. */
export async function findSimulationOrderId(http: Http, ref: string): Promise<number> {
  const parsed = parseOrderRef(ref);
  if (!parsed) throw { status: 400, message: SIMULATION_TEXT.ref } satisfies ApiFailure;
  if ('orderId' in parsed) return parsed.orderId;
  const found = await dataOf<{ orderId: number }>(http.get(API_TRACKING.lookup.path, { trackingNumber: parsed.awb }));
  if (!found?.orderId) throw { status: 404, message: SIMULATION_TEXT.awbUnknown } satisfies ApiFailure;
  return found.orderId;
}
