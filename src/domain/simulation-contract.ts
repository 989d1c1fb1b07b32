import * as v from 'valibot';

import { operation } from './operation';
import { numericId } from './params';
import { SIMULATION_STEPS, SimulationOrderSchema, type SimulationStep } from './live-events-contract';
import { SIMULATION_TEXT } from './live/simulation';
import { oneOf } from './schemas/choice';

// Staff order simulation: read an order, move it one step, run it on at a speed or stop the run,
// make a test order on a seller's account. Its live updates are the staff event stream
// (src/domain/live-events-contract.ts).

const TAG = 'simulation';
const STEP_CODES = Object.keys(SIMULATION_STEPS) as SimulationStep[];
const OrderParam = v.object({ orderId: numericId('orderId') });
const step = oneOf(STEP_CODES, 'Step');

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

const ORDER = '/api/v1/corporate/simulation/orders/:orderId';

const AwbParam = v.object({
  awb: v.pipe(v.string(), v.trim(), v.nonEmpty('AWB is required'), v.maxLength(40, 'AWB can be at most 40 characters')),
});

export const API_SIMULATION = {
  orderByAwb: operation({
    method: 'get',
    path: '/api/v1/corporate/simulation/awbs/:awb',
    tag: TAG,
    params: AwbParam,
    summary: 'The order a booked AWB belongs to, whichever seller it is, so staff can open it by its AWB',
    errors: { 404: SIMULATION_TEXT.awbUnknown },
    response: v.object({ orderId: v.number() }),
  }),
  order: operation({
    method: 'get',
    path: ORDER,
    tag: TAG,
    params: OrderParam,
    summary: 'An order as the simulation screen shows it: its courier, the steps it can take, a run in progress',
    errors: { 404: 'no such order' },
    response: SimulationOrderSchema,
  }),
  step: operation({
    method: 'post',
    path: `${ORDER}/steps`,
    tag: TAG,
    params: OrderParam,
    body: v.object({ step }),
    summary: 'One courier step now, through the same scan ingestion as a real courier’s',
    errors: {
      404: 'no such order',
      409: 'not a test order of the simulation sandbox, or it cannot take this step now',
    },
    response: SimulationOrderSchema,
  }),
  run: operation({
    method: 'post',
    path: `${ORDER}/run`,
    tag: TAG,
    params: OrderParam,
    body: RunBody,
    summary: 'Courier steps one after another at an interval (a job per step; replaces a run in progress)',
    errors: { 404: 'no such order', 409: 'not a test order of the simulation sandbox, or it has no shipment' },
    response: SimulationOrderSchema,
  }),
  stop: operation({
    method: 'delete',
    path: `${ORDER}/run`,
    tag: TAG,
    params: OrderParam,
    summary: 'Stops a run in progress (steps already taken stay)',
    errors: { 404: 'no such order' },
    response: SimulationOrderSchema,
  }),
  testOrder: operation({
    method: 'post',
    path: '/api/v1/corporate/simulation/test-orders',
    tag: TAG,
    body: v.object({
      accountId: v.pipe(v.number('Seller account must be a number'), v.integer('Seller account must be a number')),
    }),
    summary:
      'A test order from a seller’s pickup address, made and charged on the platform’s simulation sandbox (never on the seller’s account), shipped with the cheapest courier through the real services',
    errors: { 404: 'no such seller account', 409: 'no verified pickup address, or no courier serves it' },
    response: SimulationOrderSchema,
  }),
};
