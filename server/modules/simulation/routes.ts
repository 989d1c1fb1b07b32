import type { ApiRouter } from '../../http/router';
import type { AppDeps } from '../../deps';
import { API_SIMULATION } from '../../../src/domain/simulation-contract';
import * as simulation from './service';
import { createTestOrder } from './test-order';

const STAFF = { kind: 'user', accountTypes: ['DAKIYA'] } as const;
const SIMULATE = { access: STAFF, staffPermission: 'orders.simulate' } as const;

export function registerSimulationRoutes(router: ApiRouter, deps: AppDeps) {
  router.route(API_SIMULATION.orderByAwb, {
    ...SIMULATE,
    handler: ({ params }) => simulation.orderOfAwb(deps, params.awb),
  });
  router.route(API_SIMULATION.order, {
    ...SIMULATE,
    handler: ({ params }) => simulation.simulationOrder(deps, params.orderId),
  });
  router.route(API_SIMULATION.step, {
    ...SIMULATE,
    handler: ({ params, body }) => simulation.takeStep(deps, params.orderId, body.step),
  });
  router.route(API_SIMULATION.run, {
    ...SIMULATE,
    handler: ({ caller, params, body }) =>
      simulation.startRun(deps, caller.accountId, params.orderId, body.steps, body.intervalSeconds),
  });
  router.route(API_SIMULATION.stop, {
    ...SIMULATE,
    handler: ({ params }) => simulation.stopRun(deps, params.orderId),
  });
  router.route(API_SIMULATION.testOrder, {
    ...SIMULATE,
    handler: ({ body }) => createTestOrder(deps, body.accountId),
  });
}
