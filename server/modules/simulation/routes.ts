import * as v from 'valibot';
import type { ApiRouter } from '../../http/router';
import type { AppDeps } from '../../deps';
import { numericId } from '../../../src/domain/params';
import {
  LIVE_API,
  SIMULATION_STEPS,
  SimulationOrderSchema,
  type SimulationStep,
} from '../../../src/domain/live-events-contract';
import * as simulation from './service';
import { createTestOrder } from './test-order';

const TAG = 'simulation';
const STAFF = { kind: 'user', accountTypes: ['DAKIYA'] } as const;
const STEP_CODES = Object.keys(SIMULATION_STEPS) as SimulationStep[];
const orderParam = v.object({ orderId: numericId('orderId') });
const step = v.picklist(STEP_CODES, `Step must be one of ${STEP_CODES.join(', ')}`);

export const MAX_RUN_STEPS = 20;

const RunBody = v.object({
  steps: v.pipe(
    v.array(step, 'Steps must be a list of steps'),
    v.minLength(1, 'Steps must name at least one step'),
    v.maxLength(MAX_RUN_STEPS, `Steps can name at most ${MAX_RUN_STEPS} steps`),
  ),
  intervalSeconds: v.pipe(
    v.number('Interval (seconds) must be a number'),
    v.integer('Interval (seconds) must be a whole number'),
    v.minValue(1, 'Interval (seconds) must be at least 1'),
    v.maxValue(3600, 'Interval (seconds) can be at most 3600'),
  ),
});

export function registerSimulationRoutes(router: ApiRouter, deps: AppDeps) {
  router.add({
    method: 'get',
    path: LIVE_API.simulationOrder(':orderId'),
    tag: TAG,
    access: STAFF,
    staffPermission: 'orders.simulate',
    params: orderParam,
    summary: 'An order as the simulation screen shows it: its courier, the steps it can take, a run in progress',
    errors: { 404: 'no such order' },
    response: SimulationOrderSchema,
    handler: ({ params }) => simulation.simulationOrder(deps, params.orderId),
  });
  router.add({
    method: 'post',
    path: LIVE_API.simulationStep(':orderId'),
    tag: TAG,
    access: STAFF,
    staffPermission: 'orders.simulate',
    params: orderParam,
    body: v.object({ step }),
    summary: 'One courier step now, through the same scan ingestion as a real courier’s',
    errors: {
      404: 'no such order',
      409: 'not a test order of the simulation sandbox, or it cannot take this step now',
    },
    response: SimulationOrderSchema,
    handler: ({ params, body }) => simulation.takeStep(deps, params.orderId, body.step),
  });
  router.add({
    method: 'post',
    path: LIVE_API.simulationRun(':orderId'),
    tag: TAG,
    access: STAFF,
    staffPermission: 'orders.simulate',
    params: orderParam,
    body: RunBody,
    summary: 'Courier steps one after another at an interval (a job per step; replaces a run in progress)',
    errors: { 404: 'no such order', 409: 'not a test order of the simulation sandbox, or it has no shipment' },
    response: SimulationOrderSchema,
    handler: ({ caller, params, body }) =>
      simulation.startRun(deps, caller.accountId, params.orderId, body.steps, body.intervalSeconds),
  });
  router.add({
    method: 'delete',
    path: LIVE_API.simulationRun(':orderId'),
    tag: TAG,
    access: STAFF,
    staffPermission: 'orders.simulate',
    params: orderParam,
    summary: 'Stops a run in progress (steps already taken stay)',
    errors: { 404: 'no such order' },
    response: SimulationOrderSchema,
    handler: ({ params }) => simulation.stopRun(deps, params.orderId),
  });
  router.add({
    method: 'post',
    path: LIVE_API.simulationTestOrder,
    tag: TAG,
    access: STAFF,
    staffPermission: 'orders.simulate',
    body: v.object({
      accountId: v.pipe(v.number('Seller account must be a number'), v.integer('Seller account must be a number')),
    }),
    summary:
      'A test order from a seller’s pickup address, made and charged on the platform’s simulation sandbox (never on the seller’s account), shipped with the cheapest courier through the real services',
    errors: { 404: 'no such seller account', 409: 'no verified pickup address, or no courier serves it' },
    response: SimulationOrderSchema,
    handler: ({ body }) => createTestOrder(deps, body.accountId),
  });
}
